import { jwtVerify } from 'jose';
import type { Queryable } from '../db/database.ts';
import { runAsCaller, type CallerContext } from '../db/request-context.ts';
import { signJwt } from '../jwt.ts';
import type { ObjectServiceDeps } from './object-service.ts';
import { storageErrors } from './storage-error.ts';

// Signed URLs, as Storage makes them (docs/architecture.md §5): a caller who may SELECT an object's row gets an
// address of it that works without a key until it expires. The token is a JWT signed with the project's secret whose
// `url` claim is `<bucket>/<name>`; it carries no role, so as a bearer token it is worth no more than anon's.

/** Storage's answer for a path the caller may not read or that is not stored, in createSignedUrls' list. */
export const NOT_SIGNABLE = 'Either the object does not exist or you do not have access to it';

/** Storage refuses no expiry either; a week is the hosted dashboard's longest choice. */
const MAX_EXPIRES_IN_SECONDS = 7 * 24 * 60 * 60;

export interface SignedPath {
  error: string | null;
  path: string;
  signedURL: string | null;
}

export function parseExpiresIn(value: unknown): number {
  const seconds = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isInteger(seconds) || seconds < 1) throw storageErrors.invalidRequest('expiresIn must be a positive integer');
  return Math.min(seconds, MAX_EXPIRES_IN_SECONDS);
}

/** The names among `names` whose rows the caller's SELECT policies show. */
async function visibleNames(tx: Queryable, bucket: string, names: string[]): Promise<Set<string>> {
  const { rows } = await tx.query<{ name: string }>(
    `select name from storage.objects where bucket_id = $1 and name = any($2::text[])`,
    [bucket, names],
  );
  return new Set(rows.map((row) => String(row.name)));
}

function signedPathOf(bucket: string, name: string, token: string): string {
  return `/object/sign/${bucket}/${name.split('/').map(encodeURIComponent).join('/')}?token=${token}`;
}

/** One signed address per name, in order; a name the caller may not read (or that is not stored) gets an error. */
export async function signObjectUrls(
  deps: ObjectServiceDeps,
  caller: CallerContext,
  jwtSecret: string,
  request: { bucket: string; names: string[]; expiresIn: number },
): Promise<SignedPath[]> {
  let visible: Set<string>;
  try {
    visible = await runAsCaller(deps.db, { ...caller, readOnly: true }, (tx) => visibleNames(tx, request.bucket, request.names));
  } catch (error) {
    const code = error !== null && typeof error === 'object' && 'code' in error ? error.code : undefined;
    if (code === '42501' || code === '22023' || code === '42704') throw storageErrors.accessDenied();
    throw error;
  }
  const issuedAt = Math.floor(Date.now() / 1000);
  return Promise.all(
    request.names.map(async (name) => {
      if (!visible.has(name)) return { error: NOT_SIGNABLE, path: name, signedURL: null };
      const token = await signJwt({ url: `${request.bucket}/${name}`, iat: issuedAt, exp: issuedAt + request.expiresIn }, jwtSecret);
      return { error: null, path: name, signedURL: signedPathOf(request.bucket, name, token) };
    }),
  );
}

/** Refuses a token that is not ours, has expired, or names another object than the one asked for. */
export async function verifySignedUrlToken(token: string | undefined, jwtSecret: string, bucket: string, name: string): Promise<void> {
  if (!token) throw storageErrors.invalidJwt('Missing token');
  let url: unknown;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(jwtSecret), { algorithms: ['HS256'] });
    url = payload.url;
  } catch (error) {
    throw storageErrors.invalidJwt(error instanceof Error ? error.message : 'Invalid token');
  }
  if (url !== `${bucket}/${name}`) throw storageErrors.invalidSignature();
}
