import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { expectConsoleErrors, failedRequest, useBrowser } from '../support/browser.ts';
import { fetchFromAddress, loopbackClientAddress } from '../../tests/support/fetch-from-address.ts';
import { seed, settle, viewsOf, waitForHomeLoaded } from './reader-fixtures.ts';

/** Where an element sits on the whole page (not the viewport), in CSS pixels. */
async function pageBox(locator: Locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { top: box.top + window.scrollY, left: box.left + window.scrollX, right: box.right + window.scrollX };
  });
}

/**
 * A list filtered on the server answers after the typing pause (FILTER_DEBOUNCE_MS) and a request; on a busy machine
 * that is more than expect.poll's default second.
 */
const FILTERED_LIST = { timeout: 10_000 };

describe('a reader', () => {
  const browser = useBrowser();

  it('opens a story by its address, reloads it and goes back home', async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/');
    await waitForHomeLoaded(page);

    await page.goto(`/noticia/${seed.flood.id}`);
    const heading = page.getByRole('heading', { level: 1, name: seed.flood.title });
    await heading.waitFor();
    expect(await page.title()).toBe(`${seed.flood.title} | Porto Ferreira Notícias`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('Chuva forte no fim de semana');
    await page.getByText('Foto: Porto Ferreira Notícias').waitFor();
    // The story's video waits behind its play button; video-facade.e2e.ts presses it and follows the player.
    await page.getByRole('button', { name: `Reproduzir vídeo: ${seed.flood.title}` }).waitFor();

    await page.reload();
    await heading.waitFor();
    expect(await page.title()).toBe(`${seed.flood.title} | Porto Ferreira Notícias`);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await waitForHomeLoaded(page);
    expect(await page.title()).toBe('Porto Ferreira Notícias');
  });

  it("goes from a home card to the story and back with 'Voltar para as notícias'", async () => {
    const page = await browser.newPage('phone');
    await page.goto('/');
    await waitForHomeLoaded(page);
    const local = page.getByRole('region', { name: 'Porto Ferreira e Região' });
    await local.getByRole('link', { name: seed.christmas.title }).click();
    await page.getByRole('heading', { level: 1, name: seed.christmas.title }).waitFor();
    await page.getByRole('link', { name: 'Voltar para as notícias' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('region', { name: 'Porto Ferreira e Região' }).getByRole('link', { name: seed.christmas.title }).waitFor();
  });

  it('opens the featured story and a sample article in the same view, also after a reload', async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/');
    await page.getByRole('link', { name: /R\$ 50 milhões/ }).click();
    await page.getByRole('heading', { level: 1, name: /R\$ 50 milhões/ }).waitFor();
    await page.getByText(/24 meses/).first().waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /R\$ 50 milhões/ }).waitFor();

    await page.goto('/');
    const sports = page.getByRole('region', { name: 'Esportes' });
    const firstSports = sports.getByRole('heading', { level: 3 }).first();
    const sportsTitle = (await firstSports.textContent()) ?? '';
    await firstSports.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: sportsTitle }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: sportsTitle }).waitFor();
  });

  it("meets the weather and 'Notícias Mais Lidas' early on a phone, beside the lead story on a desktop", async () => {
    const phone = await browser.newPage('phone');
    await phone.goto('/');
    await waitForHomeLoaded(phone);
    const phoneMostRead = await pageBox(phone.getByRole('heading', { level: 2, name: 'Notícias Mais Lidas' }));
    // Before: about 7,000 px down, after the four sections. Now within the first three phone screens.
    expect(phoneMostRead.top).toBeLessThan(2_500);
    const firstSection = await pageBox(phone.getByRole('heading', { level: 2, name: 'Porto Ferreira e Região' }));
    expect(phoneMostRead.top).toBeLessThan(firstSection.top);

    // The desktop keeps its two columns: weather on top of the right column, level with the lead story.
    const desktop = await browser.newPage('desktop');
    await desktop.goto('/');
    await waitForHomeLoaded(desktop);
    const lead = await pageBox(desktop.getByRole('main').locator('article').first());
    const weather = await pageBox(desktop.getByRole('region', { name: /Porto Ferreira, SP/ }));
    const mostRead = await pageBox(desktop.getByRole('heading', { level: 2, name: 'Notícias Mais Lidas' }));
    expect(weather.top).toBe(lead.top);
    expect(weather.left).toBeGreaterThan(lead.right);
    expect(mostRead.left).toBeGreaterThan(lead.right);
  });

  it('counts one view for one click in the most-read list', async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/');
    await waitForHomeLoaded(page);
    const mostRead = page.getByRole('region', { name: 'Notícias Mais Lidas' });
    const items = mostRead.getByRole('listitem');
    expect(await items.count()).toBe(5);
    expect(await items.first().textContent()).toMatch(/^01/);
    expect(await items.nth(4).textContent()).toMatch(/^05/);

    // Views count once per client in 6 hours (decision 0015), and this browser (127.0.0.1) opened the story before:
    // its view calls leave from a loopback address of their own, as a reader who has not read the story yet.
    const viewCalls: string[] = [];
    await page.route('**/rest/v1/rpc/increment_views', async (route) => {
      const request = route.request();
      viewCalls.push(request.postData() ?? '');
      const response = await fetchFromAddress(loopbackClientAddress(900))(request.url(), {
        method: request.method(),
        headers: request.headers(),
        body: request.postData(),
      });
      await route.fulfill({ status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(await response.arrayBuffer()) });
    });
    const before = await viewsOf(seed.flood.id);
    await mostRead.getByRole('link', { name: seed.flood.title }).click();
    await page.getByRole('heading', { level: 1, name: seed.flood.title }).waitFor();
    await settle(page);
    await expect.poll(() => viewsOf(seed.flood.id)).toBe(before + 1);
    // Nothing else arrives later (a second effect, a retried call).
    await page.waitForTimeout(1_000);
    expect(await viewsOf(seed.flood.id)).toBe(before + 1);
    expect(viewCalls).toHaveLength(1);
  });

  it('says a draft or unknown story is not found', async () => {
    const page = await browser.newPage('phone');
    // The server answers such an address with a 404 (no search engine keeps it), which Chromium logs.
    expectConsoleErrors(page, failedRequest(404, `/noticia/${seed.draftId}`), failedRequest(404, '/noticia/nao-existe'));
    expect((await page.goto(`/noticia/${seed.draftId}`))?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Notícia não encontrada' }).waitFor();
    expect((await page.goto('/noticia/nao-existe'))?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Notícia não encontrada' }).waitFor();
  });

  it('searches a topic and filters it by date', async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/topic/local');
    await page.getByRole('heading', { level: 1, name: 'Porto Ferreira' }).waitFor();
    await page.getByText('Acompanhe as últimas notícias sobre Porto Ferreira').waitFor();
    const cards = page.getByRole('main').getByRole('list').getByRole('heading', { level: 2 });
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(4);

    await page.getByPlaceholder('Buscar notícias...').fill('CERÂMICA');
    await expect.poll(() => cards.allTextContents()).toEqual(expect.arrayContaining([seed.fair.title, seed.christmas.title]));
    expect((await cards.allTextContents()).every((title) => /cerâmica/i.test(title) || title.length > 0)).toBe(true);

    await page.getByLabel('Data').fill(seed.fair.publishedOn);
    await expect.poll(() => cards.allTextContents(), FILTERED_LIST).toEqual([seed.fair.title]);

    await page.getByPlaceholder('Buscar notícias...').fill('nada com isso xyz');
    await page.getByText('Nenhuma notícia encontrada').waitFor();
    await page.getByText('Tente ajustar seus filtros ou busque por outros termos.').waitFor();
  });

  it('shows the empty state for an unknown topic', async () => {
    const page = await browser.newPage('phone');
    expectConsoleErrors(page, failedRequest(404, '/topic/nao-existe'));
    expect((await page.goto('/topic/nao-existe'))?.status()).toBe(404);
    await page.getByText('Nenhuma notícia encontrada').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('filters the obituaries by name and by death date, and sees only published ones', async () => {
    const page = await browser.newPage('phone');
    await page.goto('/obituarios');
    await page.getByRole('heading', { level: 1, name: 'Obituário' }).waitFor();
    const names = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect
      .poll(() => names.allTextContents())
      .toEqual([seed.obituaries.maria.name, seed.obituaries.jose.name, seed.obituaries.antonio.name]);

    await page.getByPlaceholder('Buscar por nome...').fill('antonio');
    await expect.poll(() => names.allTextContents(), FILTERED_LIST).toEqual([seed.obituaries.antonio.name]);
    await page.getByPlaceholder('Buscar por nome...').fill('');
    await page.getByLabel('Data do falecimento').fill(seed.obituaries.jose.deathDate);
    await expect.poll(() => names.allTextContents(), FILTERED_LIST).toEqual([seed.obituaries.jose.name]);
    await page.getByPlaceholder('Buscar por nome...').fill('maria');
    await page.getByText('Nenhum obituário encontrado').waitFor();
  });
});
