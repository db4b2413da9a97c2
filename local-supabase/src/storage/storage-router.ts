import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Database } from '../db/database.ts';
import type { CallerContext } from '../db/request-context.ts';
import { requestHeadersOf } from '../db/request-headers.ts';
import { resolveBearer } from '../jwt.ts';
import type { BlobStore } from './blob-store.ts';
import { servedCacheControl } from './cache-control.ts';
import { normalizeObjectName } from './object-name.ts';
import { parseListRequest } from './list-request.ts';
import {
  GLOBAL_FILE_SIZE_LIMIT,
  listFolder,
  readPublicObject,
  readStoredObject,
  removeObjects,
  requireBucket,
  sizeLimitOf,
  uploadObject,
  type PublicObject,
  type UploadMode,
} from './object-service.ts';
import { parseExpiresIn, signObjectUrls, verifySignedUrlToken } from './signed-urls.ts';
import { StorageApiError, storageErrorResponse, storageErrors } from './storage-error.ts';
import { readUploadBody } from './upload-body.ts';
import { unavailableAnswer } from '../db/unavailable-response.ts';

export interface StorageRouterOptions {
  db: Database;
  jwtSecret: string;
  blobs: BlobStore;
}

/**
 * The rest of the path, whatever it holds: `.+` would stop at a decoded line break, and the request would fall
 * through to "Route not found" instead of being refused as an invalid key (normalizeObjectName).
 */
const OBJECT_NAME = ':name{[\\s\\S]+}';

/** Room for multipart boundaries and fields when judging a body by its Content-Length alone. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The caller's database role and claims from Authorization, as PostgREST and Storage take them. */
async function callerOf(c: Context, jwtSecret: string): Promise<CallerContext> {
  const bearer = await resolveBearer(c.req.header('authorization'), jwtSecret);
  if (!bearer.ok) throw storageErrors.invalidJwt(bearer.message);
  return { role: bearer.role, claims: bearer.claims, method: c.req.method, path: c.req.path, headers: requestHeadersOf(c) };
}

function objectNameOf(c: Context): string {
  const raw = c.req.param('name') ?? '';
  const name = normalizeObjectName(raw);
  if (!name) throw storageErrors.invalidKey(raw);
  return name;
}

/** Refuses a body that is plainly too large before reading it into memory. */
function refuseOversizedBody(c: Context, limit: number): void {
  const length = Number(c.req.header('content-length'));
  if (Number.isFinite(length) && length > limit + MULTIPART_OVERHEAD_BYTES) throw storageErrors.entityTooLarge();
}

async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw storageErrors.invalidRequest('Body is not valid JSON');
  }
}

/** Supabase Storage's object routes under /storage/v1 (docs/architecture.md §5). */
export function createStorageRouter(options: StorageRouterOptions): Hono {
  const deps = { db: options.db, blobs: options.blobs };
  const router = new Hono();

  /** A stored object as the browser gets it: its bytes under headers that never let it run as a page. */
  const objectResponse = (c: Context, object: PublicObject, cacheControl: string) => {
    const headers = new Headers({
      'content-type': object.mimeType,
      'cache-control': cacheControl,
      'content-length': String(object.bytes.byteLength),
      'last-modified': new Date(object.lastModified).toUTCString(),
      // Uploads share the app's origin: never let a browser guess a type, never run anything as a document, and
      // never show a stored file inside another site's frame (X-Frame-Options for browsers older than
      // frame-ancestors).
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
      'x-frame-options': 'DENY',
    });
    if (object.eTag) headers.set('etag', object.eTag);
    const download = c.req.query('download');
    if (download !== undefined) {
      const filename = download || c.req.param('name')?.split('/').pop() || 'download';
      headers.set('content-disposition', `attachment; filename="${encodeURIComponent(filename)}"`);
    }
    return new Response(c.req.method === 'HEAD' ? null : object.bytes, { status: 200, headers });
  };

  router.get(`/object/public/:bucket/${OBJECT_NAME}`, async (c) => {
    const object = await readPublicObject(deps, c.req.param('bucket'), objectNameOf(c));
    return objectResponse(c, object, servedCacheControl(object.cacheControl, object));
  });

  // Signed URLs (signed-urls.ts): made for what the caller may SELECT, then read with the token alone. Before the
  // upload routes, which would otherwise take `sign` for a bucket.
  router.get(`/object/sign/:bucket/${OBJECT_NAME}`, async (c) => {
    const bucket = c.req.param('bucket');
    const name = objectNameOf(c);
    await verifySignedUrlToken(c.req.query('token'), options.jwtSecret, bucket, name);
    // Private: a signed address is one person's, for a while; no shared cache keeps it.
    return objectResponse(c, await readStoredObject(deps, bucket, name), 'private, max-age=300');
  });

  router.post(`/object/sign/:bucket/${OBJECT_NAME}`, async (c) => {
    const caller = await callerOf(c, options.jwtSecret);
    const body = await readJson(c);
    const expiresIn = parseExpiresIn(body !== null && typeof body === 'object' && 'expiresIn' in body ? body.expiresIn : undefined);
    const [signed] = await signObjectUrls(deps, caller, options.jwtSecret, { bucket: c.req.param('bucket'), names: [objectNameOf(c)], expiresIn });
    if (!signed?.signedURL) throw storageErrors.noSuchKey();
    return c.json({ signedURL: signed.signedURL });
  });

  router.post('/object/sign/:bucket', async (c) => {
    const caller = await callerOf(c, options.jwtSecret);
    const body = await readJson(c);
    const fields = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const paths = fields.paths;
    if (!Array.isArray(paths) || paths.length === 0 || paths.length > 1000 || !paths.every((p) => typeof p === 'string')) {
      throw storageErrors.invalidRequest('body must have required property paths with 1 to 1000 names');
    }
    const names = paths.map((path) => normalizeObjectName(path) ?? path);
    return c.json(await signObjectUrls(deps, caller, options.jwtSecret, { bucket: c.req.param('bucket'), names, expiresIn: parseExpiresIn(fields.expiresIn) }));
  });

  // Before the upload route, which would otherwise take `list` for a bucket. A bucket that does not exist lists
  // nothing, as Storage's search does: no query can tell a missing bucket from one whose objects RLS hides.
  router.post('/object/list/:bucket', async (c) => {
    const caller = await callerOf(c, options.jwtSecret);
    const request = parseListRequest(await readJson(c));
    return c.json(await listFolder(deps, caller, c.req.param('bucket'), request));
  });

  // A body sent without Content-Length (chunked) is counted as it arrives, never held whole past the global limit.
  const uploadBodyLimit = bodyLimit({
    maxSize: GLOBAL_FILE_SIZE_LIMIT + MULTIPART_OVERHEAD_BYTES,
    onError: () => storageErrorResponse(storageErrors.entityTooLarge()),
  });

  const upload = (mode: (c: Context) => UploadMode) => async (c: Context) => {
    const caller = await callerOf(c, options.jwtSecret);
    const name = objectNameOf(c);
    const bucket = await requireBucket(options.db, c.req.param('bucket') ?? '');
    refuseOversizedBody(c, sizeLimitOf(bucket));
    const body = await readUploadBody(c.req.raw);
    return c.json(await uploadObject(deps, caller, { bucket, name, mode: mode(c) }, body));
  };

  router.post(
    `/object/:bucket/${OBJECT_NAME}`,
    uploadBodyLimit,
    upload((c) => (c.req.header('x-upsert') === 'true' ? 'upsert' : 'create')),
  );
  router.put(
    `/object/:bucket/${OBJECT_NAME}`,
    uploadBodyLimit,
    upload((c) => (c.req.header('x-upsert') === 'true' ? 'upsert' : 'replace')),
  );

  router.delete('/object/:bucket', async (c) => {
    const caller = await callerOf(c, options.jwtSecret);
    const body = await readJson(c);
    const prefixes = body !== null && typeof body === 'object' && 'prefixes' in body ? body.prefixes : undefined;
    if (!Array.isArray(prefixes) || prefixes.length === 0 || !prefixes.every((p) => typeof p === 'string')) {
      throw storageErrors.invalidRequest('body must have required property prefixes with at least one name');
    }
    const bucket = await requireBucket(options.db, c.req.param('bucket'));
    return c.json(await removeObjects(deps, caller, bucket, prefixes));
  });

  // A sub-app's notFound is not consulted once it is mounted with app.route(), so the catch-all is a route.
  router.all('*', () => storageErrorResponse(storageErrors.notFound()));

  router.onError((error) => {
    if (error instanceof StorageApiError) return storageErrorResponse(error);
    const unavailable = unavailableAnswer(error, 'storage');
    if (unavailable) return unavailable;
    console.error('[local-supabase] storage: unexpected failure', error);
    return storageErrorResponse(storageErrors.internal());
  });

  return router;
}
