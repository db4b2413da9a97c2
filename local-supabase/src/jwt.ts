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
 * Resolves the database role of a request from its Authorization header, as PostgREST does:
 * no header means anon; otherwise the HS256 JWT must verify, and its `role` claim (default anon) is the role.
 */
export async function resolveBearer(authorization: string | undefined, secret: string): Promise<BearerResult> {
  const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (!token) return { ok: true, role: 'anon', claims: { role: 'anon' }, token: null };
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] });
    const claims = payload as JwtClaims;
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
