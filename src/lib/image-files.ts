// What an image file must be before it is uploaded (the buckets enforce the same): kept apart from the Storage calls
// (services/storage.ts) so that a form checking a chosen photo, such as the tip line's, loads no upload code.

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

/** The extension each accepted image type is stored under (the database accepts these only). */
export const EXTENSION_BY_TYPE: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};
