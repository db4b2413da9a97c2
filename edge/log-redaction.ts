import { paths } from '../src/lib/paths.ts';

// What a request log line may say about an address (docs/decisions/0040): the route, never a secret. Shared by every
// host (npm start's pino lines, the Worker's JSON lines) so the rules cannot drift apart. Web APIs only.

/** What a replaced segment or query value reads as. */
export const REDACTED = ':token';

/** Addresses whose `:token` segment is a secret: every route of the app's registry that has one, and the API's. */
function tokenRoutes(): string[][] {
  const patterns: string[] = ['/api/newsletter/cancelar/:token'];
  const visit = (entry: unknown): void => {
    if (typeof entry === 'function' && 'pattern' in entry && typeof entry.pattern === 'string') {
      if (entry.pattern.includes(':token')) patterns.push(entry.pattern);
    } else if (entry && typeof entry === 'object') {
      for (const value of Object.values(entry)) visit(value);
    }
  };
  visit(paths);
  return patterns.map((pattern) => pattern.split('/'));
}

const TOKEN_ROUTES = tokenRoutes();

const JWT = /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/;
const LONG_HEX = /[0-9a-f]{32,}/i;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const RANDOM_RUN = /[\w-]{20,}/g;
/** Query keys whose value is a secret whatever it looks like (GoTrue's `token`, `code`, an `apikey`, a filter on a token column). */
const SECRET_KEY = /token|code|key|secret|passw|email|jwt|sig|otp|nonce|hash/i;

/**
 * Text that looks like a credential or personal datum: an e-mail address, a JWT, a long hex string, or a run of 20
 * or more characters mixing upper case, lower case and digits (random tokens do; the site's slugs are lower case).
 */
export function looksSecret(text: string): boolean {
  if (text.includes('@') || JWT.test(text) || LONG_HEX.test(text)) return true;
  for (const run of text.match(RANDOM_RUN) ?? []) {
    if (/[A-Z]/.test(run) && /[a-z]/.test(run) && /\d/.test(run)) return true;
  }
  return false;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

function redactSegments(pathname: string): string {
  const segments = pathname.split('/');
  const route = TOKEN_ROUTES.find(
    (pattern) => pattern.length === segments.length && pattern.every((part, i) => part.startsWith(':') || part === segments[i]),
  );
  return segments
    .map((segment, i) => (route?.[i] === ':token' || looksSecret(decoded(segment)) ? REDACTED : segment))
    .join('/');
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      const key = at < 0 ? pair : pair.slice(0, at);
      const value = at < 0 ? '' : pair.slice(at + 1);
      if (looksSecret(decoded(key))) return REDACTED;
      if (at < 0) return key;
      const plain = decoded(value);
      // A UUID is a row's public id under `id` or `<table>_id`; under any other name it may be a token.
      const name = decoded(key);
      const secret = SECRET_KEY.test(name) || looksSecret(plain) || (UUID.test(plain) && !/(?:^|_)id$/.test(name));
      return `${key}=${secret && value !== '' ? REDACTED : value}`;
    })
    .join('&');
}

/** Longest address a line keeps: a request cannot make the log's lines arbitrarily long. */
const MAX_LENGTH = 300;

/**
 * The request target (path and query, as the request line sent it) for a log line: each secret segment (the
 * newsletter's confirm and unsubscribe tokens, an advertiser's report-link token, anything token-like) and each
 * secret query value (recovery and confirmation tokens, codes, keys) replaced with `:token`. A fragment never reaches
 * a server; one in the target is dropped.
 */
export function redactTarget(target: string): string {
  const withoutFragment = target.split('#')[0] ?? '';
  const at = withoutFragment.indexOf('?');
  const path = redactSegments(at < 0 ? withoutFragment : withoutFragment.slice(0, at));
  const line = at < 0 ? path : `${path}?${redactQuery(withoutFragment.slice(at + 1))}`;
  return line.length > MAX_LENGTH ? `${line.slice(0, MAX_LENGTH)}…` : line;
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const JWT_ANYWHERE = /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g;
const IPV4 = /(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?![\w.])/g;
const IPV6 = /(?<![\w:])(?:[0-9a-f]{0,4}:){2,7}(?:(?:\d{1,3}\.){3}\d{1,3}|[0-9a-f]{1,4})?(?![\w:.])/gi;

/**
 * The last guard on a finished log line: e-mail addresses, JWTs and IP addresses in any message (a database error
 * quoting a row, a library's error naming a peer) are replaced. The fields written on purpose never hold one.
 */
export function scrubSecrets(line: string): string {
  return line
    .replace(JWT_ANYWHERE, '[jwt]')
    .replace(EMAIL, '[email]')
    // IPv6 first: one may end in an IPv4 address (::ffff:10.0.0.2).
    .replace(IPV6, (match) => (match.includes('::') || match.split(':').length >= 6 ? '[ip]' : match))
    .replace(IPV4, '[ip]');
}
