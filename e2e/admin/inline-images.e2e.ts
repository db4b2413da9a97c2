import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { adminApiClient } from '../support/api.ts';
import { screenshot, useBrowser } from '../support/browser.ts';
import { selectAsReader, signInAsAdmin } from './admin-fixtures.ts';
import { unique } from '../support/fixtures.ts';

// docs/product.md §6 and §12: an editor puts a picture inside the text (with its alternative text and credit), publishes, and a
// reader sees it in the story: on our storage, offered at the renditions' widths, lazy, with its size reserved.

const STORAGE_PATH = /^\/storage\/v1\/object\/public\/publications\/[0-9a-f-]{36}\/original-1600w\.jpg$/;
const ALT = 'Coreto da Praça da Matriz enfeitado para a festa';
const CREDIT = 'Ana Lima';

/** A photo-like 1600×1000 JPEG (a gradient under noise), so the renditions are real work. */
async function photo(): Promise<Buffer> {
  const [width, height] = [1600, 1000];
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g">` +
      `<stop offset="0" stop-color="#14532d"/><stop offset="1" stop-color="#fbbf24"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  return sharp(gradient).composite([{ input: noise, blend: 'overlay' }]).jpeg({ quality: 88 }).toBuffer();
}

async function openNewPublication(page: Page): Promise<void> {
  await signInAsAdmin(page);
  await page.goto('/admin/publications/new');
  await page.getByRole('heading', { name: 'Nova Publicação' }).waitFor();
}

describe('images inside the text', () => {
  const browser = useBrowser();
  let title = '';
  const folders: string[] = [];

  afterAll(async () => {
    const client = await adminApiClient();
    if (title) await client.from('publications').delete().eq('title', title);
    for (const folder of folders) {
      const { data } = await client.storage.from('publications').list(folder);
      if (data?.length) await client.storage.from('publications').remove(data.map((file) => `${folder}/${file.name}`));
    }
  });

  it('an editor inserts an image with alt text and credit, publishes, and a reader sees it responsive on the story', async () => {
    const admin = await browser.newPage('desktop');
    await openNewPublication(admin);
    title = unique('Festa do Divino enfeita a praça');
    await admin.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
    const editor = admin.getByRole('textbox', { name: 'Conteúdo' });
    await editor.click();
    await admin.keyboard.type('A praça amanheceu enfeitada para a festa.');

    // The dialog: the alternative text is required, the credit is not.
    await admin.getByRole('button', { name: 'Inserir imagem' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Inserir imagem' });
    await dialog.getByRole('button', { name: 'Inserir imagem' }).click();
    await dialog.getByText('Escolha uma imagem.').waitFor();
    await dialog.getByText('Informe o texto alternativo: descreva a imagem para quem não pode vê-la.').waitFor();
    await screenshot(admin, 'inline-images-dialog-errors-1280');

    const uploaded = admin.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/storage\/v1\/object\/publications\/[^/]+\/original-1600w\.jpg$/.test(response.url()),
      { timeout: 30_000 },
    );
    await dialog.getByLabel('Arquivo da imagem').setInputFiles({ name: 'coreto.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    expect((await uploaded).status()).toBe(200);
    await dialog.getByText('Imagem enviada.').waitFor();
    await dialog.getByRole('textbox', { name: 'Texto alternativo' }).fill(ALT);
    await dialog.getByRole('textbox', { name: 'Crédito' }).fill(CREDIT);
    await screenshot(admin, 'inline-images-dialog-1280');
    await dialog.getByRole('button', { name: 'Inserir imagem' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await editor.getByRole('img', { name: ALT }).waitFor();

    await admin.getByLabel('Tópico').selectOption({ index: 1 });
    await admin.getByLabel('Publicar imediatamente').check();
    await admin.getByRole('button', { name: 'Salvar' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/publications');

    // What was stored: the figure with src, alt, size and credit, and nothing else.
    const [stored] = (await selectAsReader('publications', `select=id,content&title=eq.${encodeURIComponent(title)}`)) as { id: string; content: string }[];
    expect(stored).toBeDefined();
    const src = /<img src="([^"]+)"/.exec(stored!.content)?.[1] ?? '';
    const path = new URL(src).pathname;
    expect(path).toMatch(STORAGE_PATH);
    folders.push(path.split('/')[6]!);
    // The editor leaves an empty paragraph after a figure inserted last, where the text can go on.
    expect(stored!.content.replace(/<p><\/p>$/, '')).toBe(
      `<p>A praça amanheceu enfeitada para a festa.</p><figure><img src="${src}" alt="${ALT}" width="1600" height="1000"><figcaption>Foto: ${CREDIT}</figcaption></figure>`,
    );

    // A reader, on a phone and on a desktop.
    for (const viewport of ['phone', 'desktop'] as const) {
      const reader = await browser.newPage(viewport);
      await reader.goto(`/noticia/${stored!.id}`);
      await reader.getByRole('heading', { level: 1, name: title }).waitFor();
      const image = reader.locator(`article figure img[alt="${ALT}"]`);
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
      const seen = await image.evaluate((img: HTMLImageElement) => ({
        src: img.getAttribute('src'),
        srcset: img.getAttribute('srcset'),
        sizes: img.getAttribute('sizes'),
        loading: img.getAttribute('loading'),
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        current: new URL(img.currentSrc).pathname,
        box: { width: img.getBoundingClientRect().width, height: img.getBoundingClientRect().height },
        caption: img.closest('figure')?.querySelector('figcaption')?.textContent,
      }));
      expect(seen).toMatchObject({ src, loading: 'lazy', width: '1600', height: '1000', caption: `Foto: ${CREDIT}` });
      const folder = src.slice(0, src.lastIndexOf('/'));
      expect(seen.srcset).toBe(`${folder}/480.webp 480w, ${folder}/960.webp 960w, ${folder}/1600.webp 1600w`);
      expect(seen.sizes).toBeTruthy();
      // A rendition is what the browser chose, and the box keeps the picture's 16:10 shape (no layout shift).
      expect(seen.current).toMatch(/\/(480|960|1600)\.webp$/);
      expect(seen.box.height / seen.box.width).toBeCloseTo(1000 / 1600, 2);
      await screenshot(reader, `inline-images-article-${viewport === 'phone' ? 390 : 1280}`);
    }
  });

  it('the dialog on a phone', async () => {
    const admin = await browser.newPage('phone');
    await openNewPublication(admin);
    await admin.getByRole('textbox', { name: 'Conteúdo' }).click();
    await admin.getByRole('button', { name: 'Inserir imagem' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Inserir imagem' });
    await dialog.getByRole('textbox', { name: 'Crédito' }).fill(CREDIT);
    await dialog.getByRole('button', { name: 'Inserir imagem' }).click();
    await dialog.getByText('Informe o texto alternativo: descreva a imagem para quem não pode vê-la.').waitFor();
    // What was typed stays after the refusal.
    expect(await dialog.getByRole('textbox', { name: 'Crédito' }).inputValue()).toBe(CREDIT);
    await screenshot(admin, 'inline-images-dialog-390');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
