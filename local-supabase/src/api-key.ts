import type { MiddlewareHandler } from 'hono';
import { resolveBearer } from './jwt.ts';

// The hosted API gateway's `apikey` check, which sits in front of PostgREST, GoTrue and Storage. Without it the
// local backend would accept requests that a hosted project refuses, and a harness that forgets the key would
// pass here and fail there.

/** The gateway's answers, byte for byte (bodies seen from hosted projects; see docs/decisions/0004). */
export const API_KEY_ERRORS = {
  missing: { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' },
  invalid: { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
} as const;

export type ApiKeyError = (typeof API_KEY_ERRORS)[keyof typeof API_KEY_ERRORS];

/** The services the gateway guards; any other path is not its business (404s stay 404s). */
const GUARDED_PREFIXES = ['/rest/v1', '/auth/v1', '/storage/v1'] as const;

/** Browser redirects land on these, so the gateway lets them through with no key (self-hosted kong.yml). */
const OPEN_AUTH_PREFIXES = ['/auth/v1/verify', '/auth/v1/callback', '/auth/v1/authorize', '/auth/v1/.well-known/jwks.json'];

/**
 * `<img src>` loads public objects, and signed URLs, with no headers at all; hosted serves both without a key (a
 * signed URL's token is its key).
 */
const KEYLESS_OBJECT_PREFIXES = ['/storage/v1/object/public', '/storage/v1/object/sign'];

/** The roles an API key may carry: the project's anon and service_role keys, nothing a user could obtain. */
const API_KEY_ROLES: ReadonlySet<string> = new Set(['anon', 'service_role']);

const QUERY_PARAM = 'apikey';

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Whether the gateway wants a key for this request. Preflights never carry one, so they never need it. */
export function requiresApiKey(method: string, path: string): boolean {
  if (method === 'OPTIONS') return false;
  if (!GUARDED_PREFIXES.some((prefix) => isUnder(path, prefix))) return false;
  if (OPEN_AUTH_PREFIXES.some((prefix) => isUnder(path, prefix))) return false;
  if ((method === 'GET' || method === 'HEAD') && KEYLESS_OBJECT_PREFIXES.some((prefix) => isUnder(path, prefix))) return false;
  return true;
}

/** The key as the gateway finds it: the `apikey` header, else the `apikey` query parameter; blank counts as none. */
export function apiKeyOf(headers: Headers, url: URL): string | null {
  const key = (headers.get(QUERY_PARAM) ?? url.searchParams.get(QUERY_PARAM) ?? '').trim();
  return key === '' ? null : key;
}

/**
 * A key is accepted when it is a JWT signed with this backend's secret, unexpired, whose `role` claim is spelled
 * out as anon or service_role. Hosted compares against its two issued keys; any key this backend could have
 * issued is the nearest local equivalent. A user's access token (role authenticated) is not an API key.
 */
export async function isAcceptedApiKey(key: string, jwtSecret: string): Promise<boolean> {
  const verified = await resolveBearer(`Bearer ${key}`, jwtSecret);
  return verified.ok && typeof verified.claims.role === 'string' && API_KEY_ROLES.has(verified.claims.role);
}

/** Null when the request may pass, else the gateway's 401 body. */
export async function checkApiKey(method: string, url: URL, headers: Headers, jwtSecret: string): Promise<ApiKeyError | null> {
  if (!requiresApiKey(method, url.pathname)) return null;
  const key = apiKeyOf(headers, url);
  if (key === null) return API_KEY_ERRORS.missing;
  return (await isAcceptedApiKey(key, jwtSecret)) ? null : API_KEY_ERRORS.invalid;
}

/**
 * The same request without `?apikey=`. Hosted strips it before the service sees it; PostgREST would otherwise
 * read it as a filter on a column named `apikey` and answer 400 PGRST100. The rest of the query is kept as sent.
 */
export function withoutApiKeyParam(request: Request): Request {
  const url = new URL(request.url);
  if (!url.searchParams.has(QUERY_PARAM)) return request;
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && new URLSearchParams(pair).keys().next().value !== QUERY_PARAM);
  url.search = kept.length > 0 ? `?${kept.join('&')}` : '';
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
  // A streamed body can only be handed on half-duplex (fetch's rule for stream bodies).
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    ...(hasBody ? { body: request.body, duplex: 'half' } : {}),
  };
  return new Request(url, init);
}

/** The gateway as Hono middleware: mount it after CORS, so refusals still carry the CORS headers. */
export function apiKeyGate(jwtSecret: string): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const refusal = await checkApiKey(c.req.method, url, c.req.raw.headers, jwtSecret);
    if (refusal) return c.json(refusal, 401);
    if (requiresApiKey(c.req.method, url.pathname)) c.req.raw = withoutApiKeyParam(c.req.raw);
    await next();
  };
}
