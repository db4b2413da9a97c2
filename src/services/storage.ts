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

/** SPEC §3: a random unique name plus the original extension (or the type's, when the name has none). */
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
