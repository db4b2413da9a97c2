import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSection, signInAsAdmin } from '../admin/admin-fixtures.ts';
import { screenshot, accessibilityViolations, useBrowser } from '../support/browser.ts';
import { unique } from '../support/fixtures.ts';
import { seed, settle } from './reader-fixtures.ts';

// docs/product.md §8a and §15: a reader finds the tip line from a story, sends a tip with a photo, and the newsroom
// sees it with its photo under 'Sugestões de pauta', marks it used and deletes it (the photo with it).

/** A small real JPEG (a photo of sorts: a gradient), 640×480. */
async function photo(): Promise<Buffer> {
  const gradient = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><defs><linearGradient id="g">' +
      '<stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>' +
      '<rect width="100%" height="100%" fill="url(#g)"/><circle cx="320" cy="240" r="120" fill="#fff" opacity="0.5"/></svg>',
  );
  return sharp(gradient).jpeg({ quality: 85 }).toBuffer();
}

async function openTipLine(page: Page): Promise<void> {
  await page.goto('/envie-sua-noticia');
  await page.getByRole('heading', { level: 1, name: 'Envie sua notícia' }).waitFor();
  // The button is disabled until the app has started (the page is prerendered).
  await page.getByRole('button', { name: 'Enviar sugestão' }).and(page.locator(':enabled')).waitFor();
}

/** e2e/artifacts/<name>.png (git-ignored), for a part of a page. */
function artifact(name: string): string {
  const folder = resolve(import.meta.dirname, '../artifacts');
  mkdirSync(folder, { recursive: true });
  return resolve(folder, `${name}.png`);
}

/** The tip's card in the admin list. */
const tipCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

describe('the tip line', () => {
  const browser = useBrowser();

  it('is offered beside the sharing of a story, and in the footer', async () => {
    const page = await browser.newPage('phone');
    await page.goto(`/noticia/${seed.fair.id}`);
    const share = page.getByRole('region', { name: 'Compartilhe esta notícia' });
    await share.getByRole('link', { name: 'Compartilhar no WhatsApp (abre em nova aba)' }).waitFor();
    await share.scrollIntoViewIfNeeded();
    await share.screenshot({ path: artifact('tip-line-story-link-390') });
    await share.getByRole('link', { name: 'Envie sua notícia' }).click();
    await page.waitForURL('**/envie-sua-noticia');
    await page.getByRole('heading', { level: 1, name: 'Envie sua notícia' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Rodapé' }).getByRole('link', { name: 'Envie sua notícia' }).getAttribute('href')).toBe(
      '/envie-sua-noticia',
    );
  });

  it('says what is missing beside each field, and keeps what was typed', async () => {
    const page = await browser.newPage('phone');
    await openTipLine(page);
    await page.getByLabel('Seu nome (opcional)').fill('Maria');
    await page.getByRole('button', { name: 'Enviar sugestão' }).click();
    const whatHappened = page.getByLabel(/O que aconteceu\?/);
    await expect.poll(() => whatHappened.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByText('Conte o que aconteceu.').isVisible()).toBe(true);
    expect(await page.getByText('Informe onde aconteceu.').isVisible()).toBe(true);
    expect(await page.getByText('Marque a autorização para enviar sua sugestão.').isVisible()).toBe(true);
    expect(await page.getByLabel('Seu nome (opcional)').inputValue()).toBe('Maria');
    await screenshot(page, 'tip-line-errors-390');
  });

  it('a reader sends a tip with a photo; the newsroom sees it with the photo, marks it used and deletes it', async () => {
    const what = unique('Buraco na Rua Sete de Setembro engoliu a roda de um carro');
    const image = await photo();

    // The reader, on a phone.
    const reader = await browser.newPage('phone');
    await openTipLine(reader);
    await reader.getByLabel(/O que aconteceu\?/).fill(`${what}. A cratera está sem sinalização desde ontem.`);
    await reader.getByLabel(/Onde\?/).fill('Rua Sete de Setembro, perto da praça');
    await reader.getByLabel('Seu nome (opcional)').fill('Joana Leitora');
    await reader.getByLabel('Telefone ou e-mail para contato (opcional)').fill('(19) 98888-7777');
    await reader.getByLabel('Fotos (até 3)').setInputFiles({ name: 'buraco.jpg', mimeType: 'image/jpeg', buffer: image });
    const preview = reader.getByRole('list', { name: 'Fotos escolhidas' }).getByRole('img', { name: 'Foto 1: buraco.jpg' });
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
    await reader.getByRole('checkbox', { name: /^Autorizo o Porto Ferreira Notícias/ }).check();
    expect(await accessibilityViolations(reader)).toEqual([]);
    await screenshot(reader, 'tip-line-form-390');

    const [upload, insert] = await Promise.all([
      reader.waitForResponse((r) => r.url().includes('/storage/v1/object/news-tips/') && r.request().method() === 'POST'),
      reader.waitForResponse((r) => r.url().includes('/rest/v1/news_tips') && r.request().method() === 'POST'),
      reader.getByRole('button', { name: 'Enviar sugestão' }).click(),
    ]);
    expect(upload.status()).toBe(200);
    expect(insert.status()).toBe(201);
    const sent = reader.getByRole('status').filter({ hasText: 'Sugestão enviada!' });
    await sent.waitFor();
    expect(await sent.textContent()).toContain('Obrigado por colaborar com o Porto Ferreira Notícias.');
    await screenshot(reader, 'tip-line-sent-390');

    // The newsroom, on a desktop.
    const admin = await browser.newPage('desktop');
    await signInAsAdmin(admin);
    await openSection(admin, 'Sugestões de pauta');
    await admin.getByRole('heading', { level: 1, name: 'Sugestões de pauta' }).waitFor();
    const card = tipCard(admin, what);
    await card.waitFor();
    expect(await card.textContent()).toContain('Rua Sete de Setembro, perto da praça');
    expect(await card.textContent()).toContain('Joana Leitora');
    expect(await card.getByRole('link', { name: '(19) 98888-7777' }).getAttribute('href')).toBe('tel:19988887777');
    const thumbnail = card.getByRole('img', { name: 'Foto 1 da sugestão' });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
    expect(await accessibilityViolations(admin)).toEqual([]);
    await screenshot(admin, 'admin-tips-1280');

    // The thumbnail opens the full photo in a new tab, by its signed address: the bytes the reader sent.
    const [full] = await Promise.all([admin.context().waitForEvent('page'), card.getByRole('link', { name: /Abrir foto 1/ }).click()]);
    await full.waitForLoadState();
    const photoUrl = full.url();
    expect(new URL(photoUrl).pathname).toMatch(/^\/storage\/v1\/object\/sign\/news-tips\/[0-9a-f-]{36}\/1\.jpg$/);
    expect(await full.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    await full.close();
    const fullPhoto = await fetch(photoUrl);
    expect(fullPhoto.status).toBe(200);
    expect(fullPhoto.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.compare(Buffer.from(await fullPhoto.arrayBuffer()), image)).toBe(0);

    // On a phone, the same list.
    const phoneAdmin = await browser.newPage('phone');
    await signInAsAdmin(phoneAdmin);
    await phoneAdmin.goto('/admin/sugestoes');
    await tipCard(phoneAdmin, what).waitFor();
    await settle(phoneAdmin);
    await screenshot(phoneAdmin, 'admin-tips-390');

    await card.getByRole('button', { name: /^Marcar como usada/ }).click();
    await card.waitFor({ state: 'detached' });
    await admin.getByRole('navigation', { name: 'Situação das sugestões' }).getByRole('link', { name: 'Usadas' }).click();
    await admin.waitForURL('**/admin/sugestoes?situacao=usadas');
    const used = tipCard(admin, what);
    await used.waitFor();
    expect(await used.getByText('Usada', { exact: true }).isVisible()).toBe(true);

    await used.getByRole('button', { name: /^Excluir/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Confirmar exclusão' });
    await dialog.getByText(/^Tem certeza que deseja excluir a sugestão ".*"\? O texto, os dados de contato e as fotos serão apagados definitivamente\.$/).waitFor();
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await admin.getByRole('status').filter({ hasText: 'Sugestão excluída, com as fotos.' }).waitFor();
    expect(await tipCard(admin, what).count()).toBe(0);
    // The photo went with it: its signed address, still unexpired, finds nothing.
    expect((await fetch(photoUrl)).status).toBe(400);
  });

  it('looks right on a desktop, with a photo chosen', async () => {
    const page = await browser.newPage('desktop');
    await openTipLine(page);
    await page.getByLabel(/O que aconteceu\?/).fill('Feira de artesanato na praça tem fila de uma hora para entrar.');
    await page.getByLabel(/Onde\?/).fill('Praça da Matriz');
    await page.getByLabel('Fotos (até 3)').setInputFiles({ name: 'feira.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await page.getByRole('list', { name: 'Fotos escolhidas' }).getByRole('img').waitFor();
    await settle(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'tip-line-form-1280');
  });
});
