import { OG_HEIGHT, OG_MAX_BYTES, OG_WIDTH, renditionWidths, type RenditionFormat } from '../../../lib/image-renditions';
import { coverCrop, encodeWithinBudget, heightAtWidth, type Rectangle } from '../../../lib/image-resize-plan';
import type { PreparedRenditions } from '../../../services/storage';

// Browser-only (canvas): the admin imports this lazily with the rest of the panel, so it never reaches reader pages.
// The arithmetic lives in src/lib (image-renditions, image-resize-plan) where jsdom tests reach it; the e2e
// journey e2e/admin/image-renditions.e2e.ts proves this file in Chromium.

const QUALITY: Record<RenditionFormat, number> = { webp: 0.8, jpeg: 0.82 };
const MIME: Record<RenditionFormat, string> = { webp: 'image/webp', jpeg: 'image/jpeg' };

/** GIFs are kept as they are: a canvas keeps only the first frame of an animation. */
const KEPT_AS_IS = new Set(['image/gif']);

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(`The canvas gave no ${type}`))), type, quality);
  });
}

/** Draws `source` (or its `crop`) onto a new canvas of the given size; opaque formats get white under transparency. */
function draw(bitmap: ImageBitmap, width: number, height: number, opaque: boolean, crop?: Rectangle): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas context');
  if (opaque) {
    // JPEG has no alpha: a transparent PNG would turn black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
  }
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  const area = crop ?? { x: 0, y: 0, width: bitmap.width, height: bitmap.height };
  context.drawImage(bitmap, area.x, area.y, area.width, area.height, 0, 0, width, height);
  return canvas;
}

/** Whether this browser's canvas encodes WebP: one that cannot (Safari) quietly returns a PNG instead. */
async function canEncodeWebp(): Promise<boolean> {
  const probe = document.createElement('canvas');
  probe.width = 1;
  probe.height = 1;
  const blob = await toBlob(probe, MIME.webp, QUALITY.webp).catch(() => null);
  return blob?.type === MIME.webp;
}

async function encode(canvas: HTMLCanvasElement, format: RenditionFormat, quality = QUALITY[format]): Promise<Blob> {
  const blob = await toBlob(canvas, MIME[format], quality);
  // Names promise a type (480.webp): a blob of any other type must not be stored under one.
  if (blob.type !== MIME[format]) throw new Error(`The canvas gave ${blob.type || 'nothing'} for ${MIME[format]}`);
  return blob;
}

/**
 * The renditions of an image the editor chose (src/lib/image-renditions.ts): WebP (JPEG where the browser cannot
 * encode WebP) at renditionWidths of its width, and the 1200×630 preview JPEG, at most 300 KB. Null when the image
 * is stored as it is: a GIF, an image narrower than the narrowest rendition, one this browser cannot decode, or any
 * failure to encode (the upload then goes ahead without renditions, as before).
 */
export async function makeRenditions(file: Blob): Promise<PreparedRenditions | null> {
  if (KEPT_AS_IS.has(file.type)) return null;
  let bitmap: ImageBitmap;
  try {
    // from-image: a phone photo's EXIF rotation applies, as it does when the browser shows the original.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const widths = renditionWidths(bitmap.width);
    if (widths.length === 0) return null;
    const format: RenditionFormat = (await canEncodeWebp()) ? 'webp' : 'jpeg';
    const files: Blob[] = [];
    for (const width of widths) {
      const canvas = draw(bitmap, width, heightAtWidth(bitmap.width, bitmap.height, width), format === 'jpeg');
      files.push(await encode(canvas, format));
    }
    const ogCanvas = draw(bitmap, OG_WIDTH, OG_HEIGHT, true, coverCrop(bitmap.width, bitmap.height, OG_WIDTH, OG_HEIGHT));
    const og = await encodeWithinBudget((quality) => encode(ogCanvas, 'jpeg', quality), OG_MAX_BYTES);
    if (!og) return null;
    return { originalWidth: bitmap.width, format, files, og: og.result };
  } catch (error) {
    console.warn('Image renditions could not be made; uploading the original alone.', error);
    return null;
  } finally {
    bitmap.close();
  }
}
