// The pixel size of a WebP image, read from its header (RIFF container, then a VP8, VP8L or VP8X chunk), so the
// baseline page's <img> carries exactly the width and height the home page's hero has.
import { readFileSync } from 'node:fs';

export interface Dimensions {
  width: number;
  height: number;
}

export function webpDimensions(file: string): Dimensions {
  const bytes = readFileSync(file);
  const ascii = (start: number, end: number) => bytes.toString('ascii', start, end);
  if (bytes.length < 30 || ascii(0, 4) !== 'RIFF' || ascii(8, 12) !== 'WEBP') throw new Error(`${file} is not a WebP file`);
  const chunk = ascii(12, 16);
  switch (chunk) {
    case 'VP8 ':
      // Lossy: a 3-byte frame tag, the start code 9d 01 2a, then 14-bit width and height (2 scaling bits above).
      if (bytes.readUIntBE(23, 3) !== 0x9d012a) throw new Error(`${file}: no VP8 start code`);
      return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
    case 'VP8L': {
      // Lossless: signature 0x2f, then width − 1 and height − 1 in 14 bits each.
      if (bytes[20] !== 0x2f) throw new Error(`${file}: no VP8L signature`);
      const bits = bytes.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    case 'VP8X':
      // Extended: 24-bit canvas width − 1 and height − 1 after 4 bytes of flags.
      return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
    default:
      throw new Error(`${file}: unknown WebP chunk "${chunk}"`);
  }
}
