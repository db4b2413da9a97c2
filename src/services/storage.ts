import { renditionNames, type RenditionFormat } from '../lib/image-renditions';
import type { Client } from './client';
import { StorageError } from './errors';
import { checkImageFile, EXTENSION_BY_TYPE } from '../lib/image-files';

/** The site's public image buckets: stories' images, obituaries' photos, advertising creatives. */
export type ImageBucket = 'publications' | 'obituaries' | 'ads';

/** The original's extension, from its name (lower case) or else from its type. */
function extensionOf(file: { name: string; type: string }): string {
  const fromName = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1]?.toLowerCase();
  return fromName ?? EXTENSION_BY_TYPE[file.type] ?? 'bin';
}

/** docs/product.md §16: a random unique name plus the original extension (or the type's, when the name has none). */
export function storageObjectName(file: { name: string; type: string }, randomId: string = crypto.randomUUID()): string {
  return `${randomId}.${extensionOf(file)}`;
}

/** Uploads an image to a bucket and returns its public URL (stored as image_url / photo_url). */
export async function uploadImage(client: Client, bucket: ImageBucket, file: File | Blob & { name: string }): Promise<string> {
  const problem = checkImageFile(file);
  if (problem) throw new StorageError(problem, { code: problem === 'too-large' ? '413' : '415' });
  const name = storageObjectName(file);
  const { error } = await client.storage.from(bucket).upload(name, file, { cacheControl: '31536000', upsert: false });
  if (error) {
    const statusCode = 'statusCode' in error && typeof error.statusCode === 'string' ? error.statusCode : undefined;
    throw new StorageError(error.message, { code: statusCode, cause: error });
  }
  return client.storage.from(bucket).getPublicUrl(name).data.publicUrl;
}

/** Bytes sent so far of one upload, for a progress bar. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** Renditions made in the browser before an upload; src/lib/image-renditions.ts says what they are called. */
export interface PreparedRenditions {
  /** The original's displayed width in pixels: its object name carries it, so readers know which renditions exist. */
  originalWidth: number;
  format: RenditionFormat;
  /** One encoded file per width of renditionWidths(originalWidth), in that order. */
  files: readonly Blob[];
  /** The 1200×630 JPEG for link previews. */
  og: Blob;
}

interface ObjectToSend {
  name: string;
  blob: Blob;
}

/** What goes up, in order: renditions first and the original last, so a stored URL never promises a missing file. */
function objectsToSend(file: File | (Blob & { name: string }), renditions: PreparedRenditions | null | undefined): ObjectToSend[] {
  if (!renditions) return [{ name: storageObjectName(file), blob: file }];
  const names = renditionNames(crypto.randomUUID(), renditions.originalWidth, extensionOf(file), renditions.format);
  if (names.renditions.length !== renditions.files.length) {
    throw new RangeError(`Expected ${names.renditions.length} renditions for ${renditions.originalWidth} px, got ${renditions.files.length}`);
  }
  return [
    ...names.renditions.map(({ name }, index) => ({ name, blob: renditions.files[index]! })),
    { name: names.og, blob: renditions.og },
    { name: names.original, blob: file },
  ];
}

/**
 * uploadImage with upload progress, and with the image's renditions when the caller made them (they go into one
 * folder beside the original). supabase-js uploads through fetch, which reports no upload progress in browsers, so
 * this sends the very request storage-js sends (docs/architecture.md §5: multipart with a `cacheControl` field and
 * an unnamed file part, `x-upsert: false`, the session's bearer token and the apikey) through XMLHttpRequest, whose
 * `upload.onprogress` does, one object after the other; progress counts the bytes of all of them. The address comes
 * from the client's own public-URL builder, so it follows the client's configuration (hosted project or local
 * backend). Errors are the storage API's (§3.4), as StorageError. Returns the original's public URL.
 */
export async function uploadImageWithProgress(
  client: Client,
  bucket: ImageBucket,
  file: File | (Blob & { name: string }),
  onProgress: (progress: UploadProgress) => void,
  options: { signal?: AbortSignal; renditions?: PreparedRenditions | null } = {},
): Promise<string> {
  const problem = checkImageFile(file);
  if (problem) throw new StorageError(problem, { code: problem === 'too-large' ? '413' : '415' });
  const { data } = await client.auth.getSession();
  const accessToken = data.session?.access_token;
  if (!accessToken) throw new StorageError('User not authenticated', { code: 'not_authenticated' });
  // The anon (or publishable) key the client was created with: hosted projects' gateway requires it as `apikey`.
  // SupabaseClient keeps it as a protected field; element access is TypeScript's sanctioned way to read it.
  const apiKey = client['supabaseKey'];
  const publicUrlOf = (name: string) => client.storage.from(bucket).getPublicUrl(name).data.publicUrl;

  const objects = objectsToSend(file, options.renditions);
  const total = objects.reduce((sum, object) => sum + object.blob.size, 0);
  let sent = 0;
  for (const object of objects) {
    const uploadUrl = publicUrlOf(object.name).replace('/storage/v1/object/public/', '/storage/v1/object/');
    await sendObject({ uploadUrl, apiKey, accessToken, object, signal: options.signal }, (fraction) =>
      onProgress({ loaded: Math.round(sent + fraction * object.blob.size), total }),
    );
    sent += object.blob.size;
    onProgress({ loaded: sent, total });
  }
  return publicUrlOf(objects[objects.length - 1]!.name);
}

/** One object, as storage-js would upload it; `onFraction` gets the share of its request body sent so far. */
function sendObject(
  request: { uploadUrl: string; apiKey: string; accessToken: string; object: ObjectToSend; signal: AbortSignal | undefined },
  onFraction: (fraction: number) => void,
): Promise<void> {
  const { uploadUrl, apiKey, accessToken, object, signal } = request;
  if (signal?.aborted) return Promise.reject(new StorageError('Upload aborted', { code: 'aborted' }));
  const body = new FormData();
  body.append('cacheControl', '31536000');
  body.append('', object.blob, object.name.split('/').pop() ?? object.name);

  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', uploadUrl);
    xhr.setRequestHeader('apikey', apiKey);
    xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    xhr.setRequestHeader('x-upsert', 'false');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onFraction(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(storageErrorFromResponse(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new StorageError('Network error during upload', { code: 'network' }));
    xhr.onabort = () => reject(new StorageError('Upload aborted', { code: 'aborted' }));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** The storage API answers 400 with the real status as a string in the body (docs/architecture.md §5). */
function storageErrorFromResponse(status: number, text: string): StorageError {
  let message = text || `HTTP ${status}`;
  let code = String(status);
  try {
    const parsed = JSON.parse(text) as { statusCode?: unknown; message?: unknown; error?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
    else if (typeof parsed.error === 'string') message = parsed.error;
    if (typeof parsed.statusCode === 'string' || typeof parsed.statusCode === 'number') code = String(parsed.statusCode);
  } catch {
    // A non-JSON body (a proxy's HTML page, say): keep the raw text and the HTTP status.
  }
  return new StorageError(message, { code, status });
}
