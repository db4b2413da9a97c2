import { describe, expect, it } from 'vitest';
import { imageRenditions, renditionNames, renditionWidths, takesRenditions } from './image-renditions';

const STORAGE = 'http://127.0.0.1:5173/storage/v1/object/public/publications';
const ID = '3f2a1c9e-8b7d-4e6f-9a0b-1c2d3e4f5a6b';

describe('renditionWidths', () => {
  it.each([
    [4000, [480, 960, 1600]],
    [1600, [480, 960, 1600]],
    [1200, [480, 960, 1200]],
    [1000, [480, 960, 1000]],
    [960, [480, 960]],
    [800, [480, 800]],
    [800.6, [480, 800]],
    [480, [480]],
    [479, []],
    [1, []],
    [0, []],
    [Number.NaN, []],
  ])('an original %s px wide gets %j, never wider than itself', (width, expected) => {
    expect(renditionWidths(width)).toEqual(expected);
    expect(takesRenditions(width)).toBe(expected.length > 0);
  });
});

describe('renditionNames', () => {
  it('puts the original, one WebP per width and the preview JPEG in one folder, the width in the original name', () => {
    expect(renditionNames(ID, 2400, 'JPG', 'webp')).toEqual({
      original: `${ID}/original-2400w.jpg`,
      renditions: [
        { width: 480, name: `${ID}/480.webp` },
        { width: 960, name: `${ID}/960.webp` },
        { width: 1600, name: `${ID}/1600.webp` },
      ],
      og: `${ID}/og.jpg`,
    });
  });

  it('names JPEG renditions truthfully, and says so in the original name', () => {
    const names = renditionNames(ID, 800, 'png', 'jpeg');
    expect(names.original).toBe(`${ID}/original-800w-jpeg.png`);
    expect(names.renditions).toEqual([
      { width: 480, name: `${ID}/480.jpg` },
      { width: 800, name: `${ID}/800.jpg` },
    ]);
  });

  it('refuses an image too small for renditions', () => {
    expect(() => renditionNames(ID, 300, 'png', 'webp')).toThrow(RangeError);
  });
});

describe('imageRenditions', () => {
  it('builds the srcset with real widths and the preview from an uploaded original', () => {
    expect(imageRenditions(`${STORAGE}/${ID}/original-2400w.jpg`)).toEqual({
      srcSet: `${STORAGE}/${ID}/480.webp 480w, ${STORAGE}/${ID}/960.webp 960w, ${STORAGE}/${ID}/1600.webp 1600w`,
      og: `${STORAGE}/${ID}/og.jpg`,
      maxWidth: 1600,
    });
  });

  it('names only the files a narrow original has', () => {
    expect(imageRenditions(`${STORAGE}/${ID}/original-800w.png`)?.srcSet).toBe(`${STORAGE}/${ID}/480.webp 480w, ${STORAGE}/${ID}/800.webp 800w`);
    expect(imageRenditions(`${STORAGE}/${ID}/original-1000w-jpeg.png`)?.srcSet).toBe(
      `${STORAGE}/${ID}/480.jpg 480w, ${STORAGE}/${ID}/960.jpg 960w, ${STORAGE}/${ID}/1000.jpg 1000w`,
    );
  });

  it('reads the same names in the seed images under public/', () => {
    expect(imageRenditions('/images/seed/ciclovia/original-800w.webp')).toEqual({
      srcSet: '/images/seed/ciclovia/480.webp 480w, /images/seed/ciclovia/800.webp 800w',
      og: '/images/seed/ciclovia/og.jpg',
      maxWidth: 800,
    });
    expect(imageRenditions('/images/seed/obituario-maria-aparecida/original-480w.webp')?.srcSet).toBe(
      '/images/seed/obituario-maria-aparecida/480.webp 480w',
    );
  });

  it('ignores a query string or fragment', () => {
    expect(imageRenditions(`${STORAGE}/${ID}/original-800w.png?v=2#x`)?.og).toBe(`${STORAGE}/${ID}/og.jpg`);
  });

  it.each([
    ['a flat upload from before renditions', `${STORAGE}/${ID}.jpg`],
    ['a GIF kept as it is', `${STORAGE}/${ID}.gif`],
    ['a flat seed image', '/images/seed/ciclovia.webp'],
    ['a category fallback', '/images/fallback/default.webp'],
    ['an external news image', 'https://cdn.example.com/news/2026/original-1200w.jpg'],
    ['an external image on a path that merely contains images/', 'https://cdn.example.com/images/a/original-1200w.jpg'],
    ['a width too small for renditions', `${STORAGE}/${ID}/original-300w.png`],
    ['a zero width', `${STORAGE}/${ID}/original-0w.png`],
    ['a rendition rather than an original', `${STORAGE}/${ID}/960.webp`],
    ['an original without a folder', '/images/original-800w.webp'],
    ['an original directly in its bucket', `${STORAGE}/original-800w.png`],
    ['a relative path outside /images/', '/uploads/x/original-800w.png'],
    ['nothing', ''],
    ['null', null],
  ])('gives nothing for %s', (_label, url) => {
    expect(imageRenditions(url)).toBeNull();
  });
});
