// What an error report may carry (docs/decisions/0041): the error, where it happened and the request's id, never a
// person's data. Every SDK (Node, the Worker, the browser) runs its events through here in `beforeSend`, on top of
// `sendDefaultPii: false`, because an error's message or a URL can still hold an e-mail, a token or an address.
// Plain data in, plain data out: no SDK types, so the three SDKs share it.

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const IPV4 = /\b(?:\d{1,3}\.){3}\d{1,3}\b/g;
// An IPv6 address has at least two colons between hex groups; times ("10:30:00") have no hex letters and 2 colons,
// so a group of hex with letters or a '::' is required to count.
const IPV6 = /\b(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}\b/gi;
// A path segment or value long and random enough to be a secret: the newsletter's, the report link's, recovery and
// confirmation tokens are all 20+ characters of base64url or hex; a story's UUID is not secret and stays.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SECRET_LIKE = /^[A-Za-z0-9_-]{20,}$/;

function looksLikeIpv6(match: string): boolean {
  return match.includes('::') || (/[a-f]/i.test(match) && match.split(':').length >= 3);
}

/** The text with every e-mail, JWT, credential and IP address replaced by a placeholder. */
export function scrubText(text: string): string {
  return text
    .replace(EMAIL, '[e-mail]')
    .replace(JWT, '[jwt]')
    .replace(BEARER, '$1 [redacted]')
    .replace(IPV4, '[ip]')
    .replace(IPV6, (match) => (looksLikeIpv6(match) ? '[ip]' : match));
}

/**
 * The segments after which a path carries a secret (src/lib/paths.ts, edge/newsletter): the digest's confirmation and
 * unsubscribe tokens and an advertiser's report link. Those tokens are UUIDs, which elsewhere (a story's id) stay.
 */
const TOKEN_AFTER = new Set(['confirmar', 'cancelar', 'relatorio', 'unsubscribe']);

/** A path with its secrets replaced; a story's slug or id stays readable. */
function scrubPath(path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, index) => {
      if (segment !== '' && TOKEN_AFTER.has(segments[index - 1] ?? '')) return '[token]';
      if (SECRET_LIKE.test(segment) && !UUID.test(segment) && /\d/.test(segment)) return '[token]';
      return scrubText(segment);
    })
    .join('/');
}

/** An address without its query string or fragment (where tokens travel), credentials or secret-looking segments. */
export function scrubUrl(raw: string): string {
  const cut = raw.split(/[?#]/, 1)[0] ?? '';
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(cut)?.[0] ?? '';
  // The host is the site's own (even when it is an IP address): kept, without any user or password before it.
  return origin.replace(/\/\/[^/@]*@/, '//') + scrubPath(cut.slice(origin.length));
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = scrubValue(item, depth + 1);
  return copy;
}

/** The parts of an event this module understands; everything else passes through `scrubValue`. */
interface ScrubbableEvent {
  request?: { url?: unknown; method?: unknown };
  user?: unknown;
  breadcrumbs?: unknown;
  [key: string]: unknown;
}

/**
 * The event without personal data: the request keeps only its method and its scrubbed address (no headers, cookies,
 * body, query string or environment), the user keeps only an id if one was set, breadcrumbs (the console, the
 * network) are dropped, and every remaining string has e-mails, JWTs, credentials and IP addresses replaced.
 */
export function scrubErrorEvent<T extends object>(event: T): T {
  const { request, user, breadcrumbs: _breadcrumbs, ...rest } = event as ScrubbableEvent;
  const scrubbed = scrubValue(rest, 0) as Record<string, Json>;
  const out: ScrubbableEvent = { ...scrubbed };
  if (request) {
    out.request = {
      ...(typeof request.method === 'string' ? { method: request.method } : {}),
      ...(typeof request.url === 'string' ? { url: scrubUrl(request.url) } : {}),
    };
  }
  const id = user && typeof user === 'object' && 'id' in user && typeof user.id === 'string' ? user.id : null;
  if (id) out.user = { id };
  return out as T;
}

/**
 * The SDKs' `dataCollection` (Sentry 11's replacement for `sendDefaultPii: false`): no user fields, cookies, headers,
 * query parameters, bodies, local variables or query data, in every SDK. `scrubErrorEvent` still runs after it, since
 * an error's own message can carry what no option governs.
 */
export const NO_PERSONAL_DATA = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [],
  urlQueryParams: false,
  graphQL: { document: false, variables: false },
  genAI: { inputs: false, outputs: false },
  databaseQueryData: false,
  queues: false,
  stackFrameVariables: false,
} as const satisfies Record<string, unknown>;
