import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { seed } from './reader-fixtures.ts';

/**
 * Holds back the app's entry script (every page's only script) on this page until the returned function is called:
 * until then, the page is what a reader on a slow connection has before the app has started.
 */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Opens `path` with the app held: the page is read and painted, but its `load` (and DOMContentLoaded) wait for the app. */
async function openHeld(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'commit' });
  await page.getByRole('contentinfo').waitFor();
}

/** The app has started on the page: React marks the root it hydrated or rendered into. */
const appStarted = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });

describe('a reader who reaches for the page before the app has started', () => {
  const browser = useBrowser();

  it('opens the phone menu and follows a topic, with no app code run', async () => {
    const page = await browser.newPage('phone');
    await holdTheApp(page);
    await openHeld(page, '/');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const topics = page.getByRole('navigation', { name: 'Editorias' });
    await topics.getByRole('link', { name: 'Cultura' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cultura' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/topic/cultura');
  });

  it('searches from the masthead with the search form, with no app code run', async () => {
    const page = await browser.newPage('phone');
    await holdTheApp(page);
    await openHeld(page, '/');
    await page.getByRole('banner').getByRole('link', { name: 'Buscar' }).click();
    await page.getByRole('searchbox', { name: 'Buscar notícias' }).fill('ceramica');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.getByText('3 resultados').waitFor();
    expect(new URL(page.url()).search).toBe('?q=ceramica');
  });

  it("goes back to the news from a story with 'Voltar para as notícias', with no app code run", async () => {
    const page = await browser.newPage('phone');
    await holdTheApp(page);
    await openHeld(page, `/noticia/${seed.flood.id}`);
    await page.getByRole('heading', { level: 1, name: seed.flood.title }).waitFor();
    await page.getByRole('link', { name: 'Voltar para as notícias' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('region', { name: 'Porto Ferreira e Região' }).waitFor();
  });

  it("opens 'Solicitar Mídia Kit' before the app runs; the app then takes the open form over, with what was typed", async () => {
    const page = await browser.newPage('desktop');
    const release = await holdTheApp(page);
    await openHeld(page, '/anuncie');
    await page.getByRole('button', { name: 'Solicitar Mídia Kit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Solicitar Mídia Kit' });
    await dialog.getByLabel('Nome').fill('Ana Souza');
    // Sending is the app's: before it runs the button is disabled, and Enter in a field submits nothing (the browser
    // would otherwise send the form to this address, the reader's contact in its query).
    expect(await dialog.getByRole('button', { name: 'Enviar solicitação' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Nome').press('Enter');
    expect(new URL(page.url()).search).toBe('');
    expect(await dialog.getByLabel('Nome').inputValue()).toBe('Ana Souza');
    // The dialog's own close button works before the app too.
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    expect(await dialog.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Solicitar Mídia Kit' }).click();
    await dialog.getByLabel('Nome').waitFor();

    release();
    await appStarted(page);
    // Open it stays, and the app's form answers: sending it empty of the rest names what is missing.
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await dialog.getByText('Informe o nome da empresa.').waitFor();
    expect(await dialog.getByLabel('Nome').inputValue()).toBe('Ana Souza');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    expect(await dialog.isVisible()).toBe(false);
  });

  it('types a tip and chooses a photo before the app runs; the app keeps both, and only it sends', async () => {
    const page = await browser.newPage('phone');
    const release = await holdTheApp(page);
    await openHeld(page, '/envie-sua-noticia');
    await page.getByLabel(/O que aconteceu\?/).fill('Poste caído na esquina.');
    await page.getByLabel(/Onde\?/).fill('Rua Dom Pedro II');
    const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1e3a8a' } }).png().toBuffer();
    await page.getByLabel('Fotos (até 3)').setInputFiles({ name: 'poste.png', mimeType: 'image/png', buffer: picture });
    expect(await page.getByRole('button', { name: 'Enviar sugestão' }).isDisabled()).toBe(true);
    await page.getByLabel(/Onde\?/).press('Enter');
    expect(new URL(page.url()).search).toBe('');

    release();
    await appStarted(page);
    await page.getByRole('button', { name: 'Enviar sugestão' }).and(page.locator(':enabled')).waitFor();
    // Sent without the consent: the app's form answers, and what was typed before it started is still there.
    await page.getByRole('button', { name: 'Enviar sugestão' }).click();
    await page.getByText('Marque a autorização para enviar sua sugestão.').waitFor();
    expect(await page.getByLabel(/O que aconteceu\?/).inputValue()).toBe('Poste caído na esquina.');
    expect(await page.getByLabel(/Onde\?/).inputValue()).toBe('Rua Dom Pedro II');
    expect(await page.getByText('Conte o que aconteceu.').count()).toBe(0);
    // The photo chosen before is one of the tip's photos, with its preview, not silently left in the picker.
    await page.getByRole('list', { name: 'Fotos escolhidas' }).getByRole('img', { name: 'Foto 1: poste.png' }).waitFor();
    expect(await page.getByRole('list', { name: 'Fotos escolhidas' }).getByRole('listitem').count()).toBe(1);
  });
});
