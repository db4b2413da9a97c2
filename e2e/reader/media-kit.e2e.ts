import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectConsoleErrors, failedRequest, useBrowser } from '../support/browser.ts';

async function openMediaKit(page: Page) {
  await page.goto('/anuncie');
  await page.getByRole('button', { name: 'Solicitar Mídia Kit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Solicitar Mídia Kit' });
  // The form loads as the reader reaches for the button; the dialog is ready when its first field shows.
  await dialog.getByLabel('Nome').waitFor();
  return dialog;
}

async function fill(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome').fill('Ana Lima');
  await dialog.getByLabel('Empresa').fill('Padaria Central');
  await dialog.getByLabel('E-mail').fill('ana@padariacentral.com.br');
  await dialog.getByLabel('Telefone').fill('(19) 99999-0000');
  await dialog.getByLabel('Interesse').selectOption('banner-lateral');
  await dialog.getByLabel(/Mensagem/).fill('Quero anunciar no fim de ano.');
}

describe('an advertiser asks for the media kit', () => {
  const browser = useBrowser();

  it('never lets focus reach the page behind the dialog, and closes it with Esc', async () => {
    const page = await browser.newPage('phone');
    const dialog = await openMediaKit(page);
    // A native modal dialog makes the page inert: Tab cycles through the dialog and the browser's own controls
    // (where the document has no active element), never through the page behind.
    const places: string[] = [];
    for (let step = 0; step < 14; step += 1) {
      await page.keyboard.press('Tab');
      places.push(
        await dialog.evaluate((element) => {
          const active = document.activeElement;
          if (!active || active === document.body) return 'browser';
          return element.contains(active) ? 'dialog' : `page: ${active.outerHTML.slice(0, 80)}`;
        }),
      );
    }
    expect(places.filter((place) => place.startsWith('page'))).toEqual([]);
    expect(places.filter((place) => place === 'dialog').length).toBeGreaterThanOrEqual(8);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('sends the request, is thanked and finds the form empty again', async () => {
    const page = await browser.newPage('desktop');
    const dialog = await openMediaKit(page);
    await fill(page);
    const alert = new Promise<string>((resolve) => {
      page.once('dialog', (notice) => {
        resolve(notice.message());
        void notice.accept();
      });
    });
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.url().includes('/rest/v1/media_kit_requests') && candidate.request().method() === 'POST'),
      dialog.getByRole('button', { name: 'Enviar solicitação' }).click(),
    ]);
    expect(response.status()).toBe(201);
    expect(await alert).toBe('Obrigado pelo interesse! Entraremos em contato em breve.');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Solicitar Mídia Kit' }).click();
    expect(await page.getByRole('dialog').getByLabel('Nome').inputValue()).toBe('');
    expect(await page.getByRole('dialog').getByLabel('Interesse').inputValue()).toBe('banner-principal');
  });

  it('keeps everything typed when the send fails', async () => {
    const page = await browser.newPage('phone');
    // The failure is provoked: the browser logs the 500 and the app, rightly, logs the unexpected failure.
    expectConsoleErrors(page, failedRequest(500, '/rest/v1/media_kit_requests'), /^Sending the media kit request failed ServiceError: internal error/);
    await page.route('**/rest/v1/media_kit_requests*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"internal error"}' }),
    );
    const dialog = await openMediaKit(page);
    await fill(page);
    let alerted = false;
    page.on('dialog', (notice) => {
      alerted = true;
      void notice.dismiss();
    });
    await dialog.getByRole('button', { name: 'Enviar solicitação' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Erro ao enviar formulário. Por favor, tente novamente.');
    expect(alerted).toBe(false);
    expect(await dialog.getByLabel('Nome').inputValue()).toBe('Ana Lima');
    expect(await dialog.getByLabel('Empresa').inputValue()).toBe('Padaria Central');
    expect(await dialog.getByLabel('E-mail').inputValue()).toBe('ana@padariacentral.com.br');
    expect(await dialog.getByLabel('Telefone').inputValue()).toBe('(19) 99999-0000');
    expect(await dialog.getByLabel('Interesse').inputValue()).toBe('banner-lateral');
    expect(await dialog.getByLabel(/Mensagem/).inputValue()).toBe('Quero anunciar no fim de ano.');
  });
});
