import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  expectConsoleErrors,
  failedRequest,
  screenshot,
  accessibilityViolations,
  useBrowser,
  viewports,
  waitForQuietNetwork,
  type ViewportName,
} from '../support/browser.ts';
import { seed, waitForHomeLoaded } from './reader-fixtures.ts';

// docs/product.md §6, §7b and §7c: the jobs page and a job's page, an obituary's own page, 'Leia também' and the demo label, as a reader
// meets them, with screenshots of each new screen at 390 and 1280 px (e2e/artifacts/, git-ignored).

const JOB = { id: '44444444-4444-4444-8444-000000000001', title: 'Auxiliar de produção', company: 'Cerâmica Vale do Mogi' };
const SIZES: ViewportName[] = ['phone', 'desktop'];

async function shoot(page: Page, name: string, viewport: ViewportName) {
  await screenshot(page, `issue12-${name}-${viewports[viewport].width}`);
}

describe('a reader', () => {
  const browser = useBrowser();

  for (const viewport of SIZES) {
    it(`goes from the home page to the jobs page and opens a job (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/');
      await waitForHomeLoaded(page);
      await page.getByRole('link', { name: 'Ver todas as vagas' }).click();
      await page.waitForURL((url) => url.pathname === '/vagas');
      await page.getByRole('heading', { level: 1, name: 'Vagas de Emprego' }).waitFor();
      await page.getByRole('link', { name: JOB.title }).waitFor();
      expect(await page.title()).toBe('Vagas de Emprego | Porto Ferreira Notícias');
      // The seed's draft never shows.
      expect(await page.getByText('Vendedor temporário de fim de ano').count()).toBe(0);
      await shoot(page, 'vagas', viewport);
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.getByRole('link', { name: JOB.title }).click();
      await page.getByRole('heading', { level: 1, name: JOB.title }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/vagas/${JOB.id}/auxiliar-de-producao`);
      await page.getByRole('heading', { name: 'Como se candidatar' }).waitFor();
      expect(await page.title()).toBe(`${JOB.title} – ${JOB.company} | Porto Ferreira Notícias`);
      await shoot(page, 'vaga', viewport);
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    it(`opens an obituary's own page from /obituarios and can share it (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/obituarios');
      await page.getByRole('link', { name: seed.obituaries.maria.name }).click();
      await page.getByRole('heading', { level: 1, name: seed.obituaries.maria.name }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/obituarios\/[0-9a-f-]{36}\/maria-aparecida-rossi-bertolini$/);
      await page.getByRole('heading', { name: 'Compartilhe esta homenagem' }).waitFor();
      expect(await page.getByRole('link', { name: /Compartilhar no WhatsApp/ }).getAttribute('href')).toContain('wa.me');
      await shoot(page, 'obituario', viewport);
      expect(await accessibilityViolations(page)).toEqual([]);

      // Reloading the shared address paints the same notice.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: seed.obituaries.maria.name }).waitFor();
    });

    it(`reads 'Leia também' at the end of a story and sees the demo label on sample news (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await page.goto(`/noticia/${seed.flood.id}`);
      await page.getByRole('heading', { level: 1, name: seed.flood.title }).waitFor();
      const related = page.getByRole('region', { name: 'Leia também' });
      // The server renders the stories in, unless its data took too long (then the browser loads them itself): wait
      // for the cards, and for the app's requests to settle, either way.
      const cards = related.getByRole('article');
      await cards.nth(2).waitFor();
      await waitForQuietNetwork(page);
      expect(await cards.count()).toBe(3);
      const hrefs = await related.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      expect(hrefs.every((href) => /^\/noticia\/[0-9a-f-]{36}\/[a-z0-9-]+$/.test(href))).toBe(true);
      expect(hrefs.some((href) => href.includes(seed.flood.id))).toBe(false);
      await related.scrollIntoViewIfNeeded();
      await shoot(page, 'leia-tambem', viewport);

      await page.goto('/');
      await waitForHomeLoaded(page);
      const sports = page.getByRole('region', { name: 'Esportes' });
      // Without a news service the sections show the built-in samples, each saying so.
      expect(await sports.getByText('Conteúdo de demonstração').count()).toBeGreaterThan(0);
      expect(await page.getByRole('region', { name: 'Porto Ferreira e Região' }).getByText('Conteúdo de demonstração').count()).toBe(0);
      await shoot(page, 'home-demo', viewport);
      await sports.getByRole('heading', { level: 3 }).first().getByRole('link').click();
      // Wait for the sample's own page: until then the home page (with its many labels) is still the document.
      await page.waitForURL(/\/noticia\/externa/);
      const sample = page.getByRole('article').first();
      await sample.getByRole('heading', { level: 1 }).waitFor();
      await sample.getByText('Conteúdo de demonstração').first().waitFor();
      await shoot(page, 'amostra', viewport);
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }

  it("meets 'Vaga não encontrada' and 'Obituário não encontrado' for unknown addresses", async () => {
    const page = await browser.newPage('phone');
    // The server answers them with a 404 (no search engine keeps them), which Chromium logs.
    const draftJob = '/vagas/44444444-4444-4444-8444-000000000004';
    const draftObituary = '/obituarios/33333333-3333-4333-8333-000000000004';
    expectConsoleErrors(page, failedRequest(404, draftJob), failedRequest(404, draftObituary));
    const missingJob = await page.goto(draftJob);
    expect(missingJob?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Vaga não encontrada' }).waitFor();
    await shoot(page, 'vaga-nao-encontrada', 'phone');
    const missingObituary = await page.goto(draftObituary);
    expect(missingObituary?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Obituário não encontrado' }).waitFor();
  });
});
