import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { OG_HEIGHT, OG_MAX_BYTES, OG_WIDTH, imageRenditions } from '../../src/lib/image-renditions.ts';
import { adminApiClient } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { openSection, signInAsAdmin } from './admin-fixtures.ts';
import { unique } from '../support/fixtures.ts';

// The renditions are made by the browser's own canvas (features/admin/shared/make-renditions.ts), which jsdom cannot
// run: this journey uploads real pictures through the publication form in Chromium and reads back what was stored.

const STORAGE_PREFIX = '/storage/v1/object/public/publications/';

/** A photo-like picture: a gradient under fine noise, so that JPEG has real work to do at 1200×630. */
async function photo(width: number, height: number, format: 'jpeg' | 'png' | 'gif'): Promise<Buffer> {
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g">` +
      `<stop offset="0" stop-color="#0c4a6e"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const picture = sharp(gradient).composite([{ input: noise, blend: 'overlay' }]);
  if (format === 'jpeg') return picture.jpeg({ quality: 92 }).toBuffer();
  if (format === 'png') return picture.png().toBuffer();
  return picture.gif().toBuffer();
}

interface Served {
  type: string | null;
  cacheControl: string | null;
  bytes: number;
  width: number | undefined;
  height: number | undefined;
}

async function served(url: string): Promise<Served> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  const { width, height } = await sharp(bytes).metadata();
  return { type: response.headers.get('content-type'), cacheControl: response.headers.get('cache-control'), bytes: bytes.byteLength, width, height };
}

/** Chooses a file in the form's image field and waits until its upload (renditions included) is over. */
async function chooseImage(page: Page, name: string, mimeType: string, buffer: Buffer): Promise<string[]> {
  const uploads: string[] = [];
  const record = (request: { method(): string; url(): string }) => {
    if (request.method() === 'POST' && request.url().includes('/storage/v1/object/publications/')) uploads.push(request.url());
  };
  page.on('request', record);
  // The original goes up last (a flat name when there are no renditions): its answer ends the upload.
  const lastUpload = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/storage\/v1\/object\/publications\/(?:[^/]+\/original-[^/]+|[^/]+\.\w+)$/.test(response.url()),
    { timeout: 30_000 },
  );
  await page.getByLabel('Imagem', { exact: true }).setInputFiles({ name, mimeType, buffer });
  expect((await lastUpload).status()).toBe(200);
  await page.getByRole('button', { name: 'Remover imagem' }).waitFor();
  page.off('request', record);
  return uploads.map((url) => new URL(url).pathname.replace('/storage/v1/object/publications/', ''));
}

describe('an uploaded image gets its renditions', () => {
  const browser = useBrowser();
  const storedNames: string[] = [];
  let publicationTitle = '';

  afterAll(async () => {
    const client = await adminApiClient();
    if (publicationTitle) await client.from('publications').delete().eq('title', publicationTitle);
    if (storedNames.length > 0) await client.storage.from('publications').remove(storedNames);
  });

  it('GIF as it is; PNG 800 px → 480 and 800; JPEG 2400 px → 480, 960, 1600; each with a 1200×630 preview ≤ 300 KB', async () => {
    const page = await browser.newPage('desktop');
    await signInAsAdmin(page);
    await openSection(page, 'Publicações');
    await page.getByRole('link', { name: 'Nova Publicação' }).click();
    await page.getByRole('heading', { name: 'Nova Publicação' }).waitFor();
    publicationTitle = unique('Renditions');
    await page.getByRole('textbox', { name: 'Título', exact: true }).fill(publicationTitle);

    // A GIF keeps its animation: stored under a flat name, with nothing beside it.
    const gif = await chooseImage(page, 'animacao.gif', 'image/gif', await photo(640, 360, 'gif'));
    storedNames.push(...gif);
    expect(gif).toEqual([expect.stringMatching(/^[0-9a-f-]{36}\.gif$/)]);

    // An 800 px PNG: no rendition is wider than the original, and the widest is named by its real width.
    const png = await chooseImage(page, 'Praça.PNG', 'image/png', await photo(800, 600, 'png'));
    storedNames.push(...png);
    const pngFolder = png[0]!.split('/')[0]!;
    expect(pngFolder).toMatch(/^[0-9a-f-]{36}$/);
    // Renditions first, the original last: a stored URL never names a file that is not there yet.
    expect(png).toEqual([`${pngFolder}/480.webp`, `${pngFolder}/800.webp`, `${pngFolder}/og.jpg`, `${pngFolder}/original-800w.png`]);

    // A 2400 px photo replaces it, and the publication is saved with it.
    const jpeg = await chooseImage(page, 'foto.jpg', 'image/jpeg', await photo(2400, 1600, 'jpeg'));
    storedNames.push(...jpeg);
    await page.getByRole('textbox', { name: 'Texto alternativo da imagem' }).fill('Gradiente de teste');
    await page.getByLabel('Tópico').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/publications');

    const client = await adminApiClient();
    const { data, error } = await client.from('publications').select('image_url').eq('title', publicationTitle).single();
    expect(error).toBeNull();
    const imageUrl = data!.image_url!;
    const folder = new URL(imageUrl).pathname.replace(STORAGE_PREFIX, '').split('/')[0]!;
    expect(new URL(imageUrl).pathname).toBe(`${STORAGE_PREFIX}${folder}/original-2400w.jpg`);
    expect(jpeg.at(-1)).toBe(`${folder}/original-2400w.jpg`);

    const renditions = imageRenditions(imageUrl);
    expect(renditions).not.toBeNull();
    const candidates = renditions!.srcSet.split(', ').map((candidate) => {
      const [url, descriptor] = candidate.split(' ');
      return { url: url!, width: Number(descriptor!.replace('w', '')) };
    });
    expect(candidates.map((candidate) => candidate.width)).toEqual([480, 960, 1600]);
    for (const candidate of candidates) {
      const file = await served(candidate.url);
      expect(file, candidate.url).toMatchObject({
        type: 'image/webp',
        width: candidate.width,
        height: Math.round((1600 * candidate.width) / 2400),
        cacheControl: 'public, max-age=31536000, immutable',
      });
    }
    const og = await served(renditions!.og);
    expect(og).toMatchObject({ type: 'image/jpeg', width: OG_WIDTH, height: OG_HEIGHT });
    expect(og.bytes).toBeLessThanOrEqual(OG_MAX_BYTES);
    expect(await served(imageUrl)).toMatchObject({ type: 'image/jpeg', width: 2400, height: 1600 });

    // The PNG's set, read the same way from its original's name.
    const pngSet = imageRenditions(`${new URL(imageUrl).origin}${STORAGE_PREFIX}${pngFolder}/original-800w.png`)!;
    const pngSizes = await Promise.all(pngSet.srcSet.split(', ').map((candidate) => served(candidate.split(' ')[0]!)));
    expect(pngSizes.map(({ type, width, height }) => [type, width, height])).toEqual([
      ['image/webp', 480, 360],
      ['image/webp', 800, 600],
    ]);
    const pngOg = await served(pngSet.og);
    expect(pngOg).toMatchObject({ type: 'image/jpeg', width: OG_WIDTH, height: OG_HEIGHT });
    expect(pngOg.bytes).toBeLessThanOrEqual(OG_MAX_BYTES);
  });
});
