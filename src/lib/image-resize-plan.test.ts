import { describe, expect, it, vi } from 'vitest';
import { coverCrop, encodeWithinBudget, heightAtWidth, OG_QUALITIES } from './image-resize-plan';

describe('coverCrop', () => {
  it('takes the centre band of a wider source', () => {
    // 2400×1000 is wider than 1200:630, so the full height is kept and the sides are cut evenly.
    expect(coverCrop(2400, 1000, 1200, 630)).toEqual({ x: 247, y: 0, width: 1905, height: 1000 });
  });

  it('takes the centre band of a taller source', () => {
    expect(coverCrop(1200, 1600, 1200, 630)).toEqual({ x: 0, y: 485, width: 1200, height: 630 });
    expect(coverCrop(800, 450, 1200, 630)).toEqual({ x: 0, y: 15, width: 800, height: 420 });
  });

  it('keeps a source of the same shape whole', () => {
    expect(coverCrop(2400, 1260, 1200, 630)).toEqual({ x: 0, y: 0, width: 2400, height: 1260 });
  });

  it('never gives an empty rectangle', () => {
    expect(coverCrop(1, 1000, 1200, 630).height).toBeGreaterThanOrEqual(1);
    expect(coverCrop(1000, 1, 1200, 630).width).toBeGreaterThanOrEqual(1);
  });
});

describe('heightAtWidth', () => {
  it('keeps the aspect ratio, rounded, at least one pixel', () => {
    expect(heightAtWidth(4000, 3000, 480)).toBe(360);
    expect(heightAtWidth(1000, 333, 480)).toBe(160);
    expect(heightAtWidth(5000, 1, 480)).toBe(1);
  });
});

describe('encodeWithinBudget', () => {
  it('steps the quality down until the result fits, and stops there', async () => {
    const sizes: Record<number, number> = { 0.85: 420_000, 0.75: 330_000, 0.65: 290_000 };
    const encode = vi.fn((quality: number) => Promise.resolve({ size: sizes[quality] ?? 100, quality }));
    const fitted = await encodeWithinBudget(encode, 300 * 1024);
    expect(fitted).toEqual({ result: { size: 290_000, quality: 0.65 }, quality: 0.65 });
    expect(encode.mock.calls.map(([quality]) => quality)).toEqual([0.85, 0.75, 0.65]);
  });

  it('takes the best quality when it already fits, the budget itself included', async () => {
    const fitted = await encodeWithinBudget((quality) => Promise.resolve({ size: 1000, quality }), 1000);
    expect(fitted?.quality).toBe(OG_QUALITIES[0]);
  });

  it('gives null when even the lowest quality is too big', async () => {
    const encode = vi.fn(() => Promise.resolve({ size: 400_000 }));
    expect(await encodeWithinBudget(encode, 300 * 1024)).toBeNull();
    expect(encode).toHaveBeenCalledTimes(OG_QUALITIES.length);
  });
});
