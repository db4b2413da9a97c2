import type { Client } from './client';
import { StorageError } from './errors';

export type ImageBucket = 'publications' | 'obituaries';

/** Raster images only, as the buckets enforce: never SVG or HTML, which a browser would run as a page. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export type ImageProblem = 'not-an-image' | 'too-large';

/** Checks a chosen file before any upload, so the form can say what is wrong next to the field. */
export function checkImageFile(file: { type: string; size: number }): ImageProblem | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'not-an-image';
  if (file.size > MAX_IMAGE_BYTES) return 'too-large';
  return null;
}

const EXTENSION_BY_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/** docs/product.md §16: a random unique name plus the original extension (or the type's, when the name has none). */
export function storageObjectName(file: { name: string; type: string }, randomId: string = crypto.randomUUID()): string {
  const fromName = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1]?.toLowerCase();
  const extension = fromName ?? EXTENSION_BY_TYPE[file.type] ?? 'bin';
  return `${randomId}.${extension}`;
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

/**
 * uploadImage with upload progress. supabase-js uploads through fetch, which reports no upload progress in
 * browsers, so this sends the very request storage-js sends (docs/architecture.md §4: multipart with a `cacheControl` field
 * and an unnamed file part, `x-upsert: false`, the session's bearer token and the apikey) through XMLHttpRequest,
 * whose `upload.onprogress` does. The address comes from the client's own public-URL builder, so it follows the
 * client's configuration (hosted project or local backend). Errors are the storage API's (§3.4), as StorageError.
 */
export async function uploadImageWithProgress(
  client: Client,
  bucket: ImageBucket,
  file: File | (Blob & { name: string }),
  onProgress: (progress: UploadProgress) => void,
  options: { signal?: AbortSignal } = {},
): Promise<string> {
  const problem = checkImageFile(file);
  if (problem) throw new StorageError(problem, { code: problem === 'too-large' ? '413' : '415' });
  const { data } = await client.auth.getSession();
  const accessToken = data.session?.access_token;
  if (!accessToken) throw new StorageError('User not authenticated', { code: 'not_authenticated' });

  const name = storageObjectName(file);
  const publicUrl = client.storage.from(bucket).getPublicUrl(name).data.publicUrl;
  const uploadUrl = publicUrl.replace('/storage/v1/object/public/', '/storage/v1/object/');
  // The anon (or publishable) key the client was created with: hosted projects' gateway requires it as `apikey`.
  // SupabaseClient keeps it as a protected field; element access is TypeScript's sanctioned way to read it.
  const apiKey = client['supabaseKey'];

  const body = new FormData();
  body.append('cacheControl', '31536000');
  body.append('', file, file.name);

  await new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', uploadUrl);
    request.setRequestHeader('apikey', apiKey);
    request.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    request.setRequestHeader('x-upsert', 'false');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress({ loaded: file.size, total: file.size });
        resolve();
        return;
      }
      reject(storageErrorFromResponse(request.status, request.responseText));
    };
    request.onerror = () => reject(new StorageError('Network error during upload', { code: 'network' }));
    request.onabort = () => reject(new StorageError('Upload aborted', { code: 'aborted' }));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
  return publicUrl;
}

/** The storage API answers 400 with the real status as a string in the body (docs/architecture.md §4). */
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
