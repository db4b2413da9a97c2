// The arithmetic of making renditions, apart from any canvas or image library so that it can be tested anywhere
// (the browser's encoder in features/admin and the seed script share it).

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The centre of the source that fills a target of another shape without distortion (CSS object-fit: cover): the
 * largest rectangle of the target's aspect ratio, centred, in whole source pixels.
 */
export function coverCrop(sourceWidth: number, sourceHeight: number, targetWidth: number, targetHeight: number): Rectangle {
  const targetRatio = targetWidth / targetHeight;
  if (sourceWidth / sourceHeight > targetRatio) {
    const width = Math.max(1, Math.round(sourceHeight * targetRatio));
    return { x: Math.floor((sourceWidth - width) / 2), y: 0, width, height: sourceHeight };
  }
  const height = Math.max(1, Math.round(sourceWidth / targetRatio));
  return { x: 0, y: Math.floor((sourceHeight - height) / 2), width: sourceWidth, height };
}

/** The height that keeps the source's aspect ratio at `width` (at least one pixel). */
export function heightAtWidth(sourceWidth: number, sourceHeight: number, width: number): number {
  return Math.max(1, Math.round((sourceHeight * width) / sourceWidth));
}

/** JPEG qualities tried for the link-preview image, best first; 1200×630 photos land under 300 KB by 0.6 or so. */
export const OG_QUALITIES = [0.85, 0.75, 0.65, 0.55, 0.45, 0.35] as const;

/**
 * Encodes at each quality in turn until the result fits `maxBytes`; null when even the last does not (the caller
 * then makes no preview image rather than one that link previews would drop).
 */
export async function encodeWithinBudget<T extends { size: number }>(
  encode: (quality: number) => Promise<T>,
  maxBytes: number,
  qualities: readonly number[] = OG_QUALITIES,
): Promise<{ result: T; quality: number } | null> {
  for (const quality of qualities) {
    const result = await encode(quality);
    if (result.size <= maxBytes) return { result, quality };
  }
  return null;
}
