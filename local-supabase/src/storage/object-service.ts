import { createHash, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import { runAsCaller, type CallerContext } from '../db/request-context.ts';
import type { BlobStore } from './blob-store.ts';
import { canonicalImageType, detectImageType, isRasterImageType } from './image-signature.ts';
import {
  deleteObjects,
  findBucket,
  findObjectMetadata,
  insertObject,
  listObjects,
  replaceObject,
  upsertObject,
  type BucketRules,
  type ListedEntry,
  type ListQuery,
  type ObjectMetadata,
  type ObjectRowJson,
} from './object-store.ts';
import { isMimeTypeAllowed } from './object-name.ts';
import { storageErrors, StorageApiError } from './storage-error.ts';
import type { UploadBody } from './upload-body.ts';

/** Supabase's default global upload limit (FILE_SIZE_LIMIT, 50 MiB); a bucket may set a lower one. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ObjectServiceDeps {
  db: Database;
  blobs: BlobStore;
}

export type UploadMode = 'create' | 'upsert' | 'replace';

export function sizeLimitOf(bucket: BucketRules): number {
  return bucket.fileSizeLimit && bucket.fileSizeLimit > 0
    ? Math.min(bucket.fileSizeLimit, GLOBAL_FILE_SIZE_LIMIT)
    : GLOBAL_FILE_SIZE_LIMIT;
}

export async function requireBucket(db: Database, bucketId: string): Promise<BucketRules> {
  const bucket = await findBucket(db, bucketId);
  if (!bucket) throw storageErrors.noSuchBucket();
  return bucket;
}

/**
 * The checks Storage makes before storing anything, plus one of this harness's own: only raster images whose
 * bytes really are the declared type. The backend shares the app's origin, so an HTML or SVG file served from
 * it, whatever its claimed type, would run as the site.
 */
export function checkUpload(bucket: BucketRules, body: UploadBody): void {
  if (body.bytes.byteLength > sizeLimitOf(bucket)) throw storageErrors.entityTooLarge();
  if (!isMimeTypeAllowed(body.mimeType, bucket.allowedMimeTypes)) throw storageErrors.invalidMimeType(body.mimeType);
  const declared = canonicalImageType(body.mimeType);
  if (!isRasterImageType(declared)) throw storageErrors.invalidMimeType(body.mimeType);
  if (detectImageType(body.bytes) !== declared) throw storageErrors.contentMismatch(body.mimeType);
}

/** Postgres errors from the caller's transaction, in Storage's words. */
function translateDatabaseError(error: unknown): unknown {
  const code = error !== null && typeof error === 'object' && 'code' in error ? error.code : undefined;
  if (code === '42501') return storageErrors.accessDenied();
  if (code === '23505') return storageErrors.duplicate();
  if (code === '23503') return storageErrors.noSuchBucket();
  // The JWT names a role the database does not have.
  if (code === '22023' || code === '42704') return storageErrors.accessDenied('role not allowed');
  return error;
}

async function asCaller<T>(db: Database, caller: CallerContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await runAsCaller(db, caller, fn);
  } catch (error) {
    throw translateDatabaseError(error);
  }
}

export interface UploadResult {
  Key: string;
  Id: string;
}

export async function uploadObject(
  deps: ObjectServiceDeps,
  caller: CallerContext,
  target: { bucket: BucketRules; name: string; mode: UploadMode },
  body: UploadBody,
): Promise<UploadResult> {
  checkUpload(target.bucket, body);
  const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
  const now = new Date().toISOString();
  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(body.bytes).digest('hex')}"`,
    size: body.bytes.byteLength,
    mimetype: canonicalImageType(body.mimeType),
    cacheControl: body.cacheControl,
    lastModified: now,
    contentLength: body.bytes.byteLength,
    httpStatusCode: 200,
  };
  const object = {
    id: randomUUID(),
    bucket: target.bucket.id,
    name: target.name,
    owner: sub && UUID.test(sub) ? sub : null,
    ownerId: sub,
    version: randomUUID(),
    metadata,
    userMetadata: body.userMetadata,
  };

  const id = await asCaller(deps.db, caller, async (tx) => {
    const stored =
      target.mode === 'create'
        ? await insertObject(tx, object)
        : target.mode === 'upsert'
          ? await upsertObject(tx, object)
          : await replaceObject(tx, object);
    if (!stored) throw storageErrors.noSuchKey();
    // Inside the transaction: if the bytes cannot be written, the row is rolled back with them.
    await deps.blobs.put(object.bucket, object.name, body.bytes);
    return stored;
  });
  return { Key: `${object.bucket}/${object.name}`, Id: id };
}

export async function removeObjects(
  deps: ObjectServiceDeps,
  caller: CallerContext,
  bucket: BucketRules,
  names: string[],
): Promise<ObjectRowJson[]> {
  const deleted = await asCaller(deps.db, caller, (tx) => deleteObjects(tx, bucket.id, names));
  // After the commit: a failed file removal leaves an orphan file, never a row without its bytes.
  await Promise.all(deleted.map((row) => deps.blobs.delete(bucket.id, row.name)));
  return deleted;
}

/** A folder listing under the caller's role: RLS on storage.objects decides what, if anything, is listed. */
export function listFolder(deps: ObjectServiceDeps, caller: CallerContext, bucketId: string, query: ListQuery): Promise<ListedEntry[]> {
  return asCaller(deps.db, { ...caller, readOnly: true }, (tx) => listObjects(tx, bucketId, query));
}

export interface PublicObject {
  bytes: Uint8Array<ArrayBuffer>;
  mimeType: string;
  cacheControl: string;
  eTag: string | null;
  lastModified: string;
  /** Replaced by an upsert or update since it was first stored (an insert sets updated_at = created_at). */
  overwritten: boolean;
}

/**
 * The type an object is served with: its stored type when that is an allow-listed raster image, else opaque
 * bytes. Uploads through this backend always store such a type; a row written any other way (by SQL, by an
 * older version) must still never reach a browser as HTML or SVG from the app's origin.
 */
export function servedMimeType(stored: string | null): string {
  const type = canonicalImageType(stored ?? '');
  return isRasterImageType(type) ? type : 'application/octet-stream';
}

export async function readPublicObject(deps: ObjectServiceDeps, bucketId: string, name: string): Promise<PublicObject> {
  const bucket = await findBucket(deps.db, bucketId);
  // A private bucket is indistinguishable from a missing one on the public route, as in Storage.
  if (!bucket || !bucket.public) throw storageErrors.noSuchBucket();
  return readStoredObject(deps, bucketId, name);
}

/**
 * An object's bytes and what it is served with, public bucket or not: for the public route once it has checked the
 * bucket, and for a signed URL once its token has named this very object.
 */
export async function readStoredObject(deps: ObjectServiceDeps, bucketId: string, name: string): Promise<PublicObject> {
  const row = await findObjectMetadata(deps.db, bucketId, name);
  if (!row) throw storageErrors.noSuchKey();
  const bytes = await deps.blobs.get(bucketId, name);
  if (!bytes) throw storageErrors.noSuchKey();
  const metadata = row.metadata ?? {};
  const text = (key: string) => {
    const value = metadata[key];
    return typeof value === 'string' ? value : null;
  };
  return {
    bytes,
    mimeType: servedMimeType(text('mimetype')),
    cacheControl: text('cacheControl') ?? 'no-cache',
    eTag: text('eTag'),
    lastModified: text('lastModified') ?? row.updatedAt,
    overwritten: row.overwritten,
  };
}

export function isStorageError(error: unknown): error is StorageApiError {
  return error instanceof StorageApiError;
}
