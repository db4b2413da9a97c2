import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-signature.ts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...value].map((ch) => ch.charCodeAt(0)) : [value])));

/** An ISO-BMFF ftyp box: size, 'ftyp', major brand, minor version, compatible brands. */
function ftyp(major: string, ...compatible: string[]): Uint8Array {
  const size = 16 + 4 * compatible.length;
  return bytes(0, 0, 0, size, 'ftyp', major, 0, 0, 0, 0, ...compatible, 0, 0, 0, 0);
}

describe('detectImageType', () => {
  it.each([
    ['PNG', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 'IHDR'), 'image/png'],
    ['JPEG (JFIF)', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 'JFIF'), 'image/jpeg'],
    ['JPEG (Exif)', bytes(0xff, 0xd8, 0xff, 0xe1), 'image/jpeg'],
    ['GIF87a', bytes('GIF87a', 1, 0, 1, 0), 'image/gif'],
    ['GIF89a', bytes('GIF89a', 1, 0, 1, 0), 'image/gif'],
    ['WebP', bytes('RIFF', 36, 0, 0, 0, 'WEBPVP8 '), 'image/webp'],
    ['AVIF (major brand)', ftyp('avif', 'mif1', 'miaf'), 'image/avif'],
    ['AVIF sequence', ftyp('avis', 'msf1'), 'image/avif'],
    ['AVIF (compatible brand)', ftyp('mif1', 'avif'), 'image/avif'],
    ['HEIC is not AVIF', ftyp('heic', 'mif1'), null],
    ['MP4 is not an image', ftyp('isom', 'mp41'), null],
    ['RIFF WAVE is not WebP', bytes('RIFF', 36, 0, 0, 0, 'WAVEfmt '), null],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>'), null],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['PNG signature cut short', bytes(0x89, 'PNG'), null],
    ['empty', bytes(), null],
  ])('%s → %s', (_label, input, expected) => {
    expect(detectImageType(input)).toBe(expected);
  });
});
