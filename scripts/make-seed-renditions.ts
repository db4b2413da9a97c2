// Gives the seed images (public/images/seed, public/images/hero) the renditions an upload gets in the browser
// (src/lib/image-renditions.ts): each flat <name>.webp becomes the folder <name>/ with original-<W>w.webp (the same
// bytes), <w>.webp at renditionWidths(W) and og.jpg (1200×630, centre-cropped, at most 300 KB). Nothing is upscaled
// except og.jpg, whose fixed size link previews rely on. Reruns regenerate the folders from their originals.
// scripts/make-images.sh draws the flat pictures; run this after it. The output is committed.
// Usage: npx tsx scripts/make-seed-renditions.ts
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { OG_HEIGHT, OG_MAX_BYTES, OG_WIDTH, RENDITION_WIDTHS, renditionNames, renditionWidths } from '../src/lib/image-renditions.ts';
import { encodeWithinBudget } from '../src/lib/image-resize-plan.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIRECTORIES = ['public/images/seed', 'public/images/hero'].map((dir) => join(ROOT, dir));
const WEBP_QUALITY = 80;
/** Lower than an upload's: flat illustrations, and every kilobyte is committed. */
const OG_QUALITIES = [0.7, 0.6, 0.5];

interface Source {
  directory: string;
  name: string;
  /** The flat file, or the folder's existing original on a rerun. */
  file: string;
  flat: boolean;
}

async function sourcesIn(directory: string): Promise<Source[]> {
  const sources: Source[] = [];
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.webp')) {
      sources.push({ directory, name: basename(entry.name, '.webp'), file: join(directory, entry.name), flat: true });
    } else if (entry.isDirectory()) {
      const original = (await readdir(join(directory, entry.name))).find((file) => /^original-\d+w\.webp$/.test(file));
      const flatTwin = join(directory, `${entry.name}.webp`);
      const hasFlatTwin = await stat(flatTwin).then(() => true, () => false);
      if (original && !hasFlatTwin) sources.push({ directory, name: entry.name, file: join(directory, entry.name, original), flat: false });
    }
  }
  return sources.sort((a, b) => a.file.localeCompare(b.file));
}

async function makeRenditions(source: Source): Promise<string> {
  const bytes = await readFile(source.file);
  const { width, height, format } = await sharp(bytes).metadata();
  if (format !== 'webp') throw new Error(`${source.file} is ${format}, not WebP`);
  const widths = renditionWidths(width);
  if (widths.length === 0) return `${rel(source.file)}: ${width}×${height}, narrower than ${RENDITION_WIDTHS[0]} px, left as it is`;

  const names = renditionNames(source.name, width, 'webp', 'webp');
  const folder = join(source.directory, source.name);
  const at = (name: string) => join(source.directory, name);
  if (source.flat) await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  if (source.flat) await copyFile(source.file, at(names.original));
  for (const { width: renditionWidth, name } of names.renditions) {
    // At the original's own width the original already is that WebP: copying it spares a second lossy pass.
    if (renditionWidth === width) await copyFile(at(names.original), at(name));
    else await sharp(bytes).resize({ width: renditionWidth }).webp({ quality: WEBP_QUALITY, effort: 6 }).toFile(at(name));
  }
  const og = await encodeWithinBudget(
    (quality) =>
      sharp(bytes)
        .resize(OG_WIDTH, OG_HEIGHT, { fit: 'cover', position: 'centre' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: Math.round(quality * 100), mozjpeg: true })
        .toBuffer()
        .then((buffer) => ({ buffer, size: buffer.byteLength })),
    OG_MAX_BYTES,
    OG_QUALITIES,
  );
  if (!og) throw new Error(`${source.file}: no preview JPEG fits ${OG_MAX_BYTES} bytes`);
  await writeFile(at(names.og), og.result.buffer);
  if (source.flat) await rm(source.file);

  const sizes = await Promise.all(
    [names.original, ...names.renditions.map((r) => r.name), names.og].map(async (name) => `${basename(name)} ${(await stat(at(name))).size} B`),
  );
  return `${rel(folder)}/ (${width}×${height}): ${sizes.join(', ')}`;
}

function rel(path: string): string {
  return relative(ROOT, path);
}

for (const directory of DIRECTORIES) {
  for (const source of await sourcesIn(directory)) console.log(await makeRenditions(source));
}
