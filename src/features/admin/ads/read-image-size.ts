import type { PixelSize } from './creative-rules';

/**
 * An image file's pixels, as the browser decodes it (and as it will draw it: createImageBitmap follows a JPEG's
 * orientation as an <img> does). Throws when the file is no image the browser can decode.
 */
export async function readImageSize(file: Blob): Promise<PixelSize> {
  const bitmap = await createImageBitmap(file);
  try {
    return { width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
}
