import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export type JwtClaims = Record<string, unknown> & { role?: string; sub?: string; exp?: number };

const encoder = new TextEncoder();

export async function signJwt(claims: JwtClaims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(encoder.encode(secret));
}

export type BearerResult =
  | { ok: true; role: string; claims: JwtClaims; token: string | null }
  | { ok: false; reason: 'expired' | 'invalid'; message: string };

/**
 * The roles a token may act as. On PostgreSQL the API's connection is `authenticator`, whose grants give the same
 * limit (decision 0044); on PGlite the connection is a superuser, so a token naming any other role (`postgres`,
 * `supabase_auth_admin`, say) must never reach `set role`.
 */
export const API_ROLES: ReadonlySet<string> = new Set(['anon', 'authenticated', 'service_role']);

/**
 * Tokens this process has verified, with the secret that verified them: every request of a crowd carries the same
 * anon key twice (apikey and Authorization), and a signed-in editor's token comes with each of the panel's requests.
 * Verifying one is an HMAC through WebCrypto, a key import included, which a profile of `npm start` under load found
 * spending more than either the route's matching or React's render (docs/decisions/0051). Only what does not change
 * with time is remembered: a token's signature and claims; its expiry is checked again on every use, exactly as jose
 * checks it, and a token with `nbf` is never kept. Bounded: the oldest entry goes first.
 */
const verified = new Map<string, { secret: string; claims: JwtClaims }>();
const VERIFIED_KEPT = 512;

/** jose's own rule: expired once the current second reaches `exp` (no clock tolerance). */
function expired(claims: JwtClaims, now = Math.floor(Date.now() / 1000)): boolean {
  return typeof claims.exp === 'number' && claims.exp <= now;
}

async function verifiedClaims(token: string, secret: string): Promise<JwtClaims> {
  const kept = verified.get(token);
  if (kept && kept.secret === secret) {
    if (expired(kept.claims)) {
      verified.delete(token);
      throw new joseErrors.JWTExpired('"exp" claim timestamp check failed', kept.claims, 'exp', 'check_failed');
    }
    return { ...kept.claims };
  }
  const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] });
  const claims = payload as JwtClaims;
  if (payload.nbf === undefined) {
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, { secret, claims: { ...claims } });
  }
  return claims;
}

/**
 * Resolves the database role of a request from its Authorization header, as PostgREST does:
 * no header means anon; otherwise the HS256 JWT must verify, and its `role` claim (default anon) is the role.
 */
export async function resolveBearer(authorization: string | undefined, secret: string): Promise<BearerResult> {
  const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (!token) return { ok: true, role: 'anon', claims: { role: 'anon' }, token: null };
  try {
    const claims = await verifiedClaims(token, secret);
    const role = typeof claims.role === 'string' ? claims.role : 'anon';
    if (!API_ROLES.has(role)) return { ok: false, reason: 'invalid', message: `role "${role}" is not allowed` };
    return { ok: true, role, claims, token };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' };
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: 'invalid', message: detail };
  }
}

/** The anon key: the Supabase CLI demo claims signed with the local secret. */
export function anonKeyFor(secret: string): Promise<string> {
  return signJwt({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 }, secret);
}

export function serviceRoleKeyFor(secret: string): Promise<string> {
  return signJwt({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 }, secret);
}
