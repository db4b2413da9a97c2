import sharp from 'sharp';
import { vi } from 'vitest';

// Real image files for the campaign form's tests, made with sharp, and a decoder for jsdom, which has none: the form
// reads a chosen file's pixels with the browser's createImageBitmap (read-image-size.ts), which these tests supply
// by decoding the file's bytes with sharp, as a browser would.

/** A PNG of exactly these pixels: one flat colour, a few hundred bytes. */
export async function pngFile(width: number, height: number, name = `criativo-${width}x${height}.png`): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#b91c1c' } }).png().toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

/** A PNG of these pixels made of noise, which no compression shrinks: far above the 150 KB a creative may weigh. */
export async function heavyPngFile(width: number, height: number): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], 'pesado.png', { type: 'image/png' });
}

/** A blob's bytes: jsdom's Blob has no arrayBuffer(), its FileReader does the reading. */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsArrayBuffer(blob);
  });
}

/** Gives jsdom a createImageBitmap that decodes with sharp (undone by vi.unstubAllGlobals). */
export function installImageDecoder(): void {
  vi.stubGlobal('createImageBitmap', async (blob: Blob) => {
    const { width, height } = await sharp(new Uint8Array(await bytesOf(blob))).metadata();
    if (!width || !height) throw new Error('Not an image');
    return { width, height, close: () => undefined };
  });
}
