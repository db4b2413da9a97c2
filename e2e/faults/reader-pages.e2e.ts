import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectConsoleErrors, screenshot, useBrowser, viewports, type ViewportName } from '../support/browser.ts';
import type { BackendState } from '../support/server.ts';
import { DROPPED_REQUEST, OUTAGE_DOCUMENT, selectAsReader, useFaultApp, viewportScreenshot } from './fault-fixtures.ts';

// "Nothing lost" for readers (docs/decisions/0016): with the backend stopped, or taking requests and never answering (beyond the
// data client's 10 s timeout: src/services/data-client.ts, the real one, not shortened for the test), every reader page
// renders its masthead, navigation and footer, its built-in sample sections, and a pt-BR message with 'Tentar
// novamente' where its own data is missing; never a blank page or a skeleton that never resolves. Once the backend is
// back, 'Tentar novamente' brings the data.

/** What the app logs about the failed requests it shows a message for (Deferred's console.error, the topic loader's). */
const FAILED_LOAD_LOG = /Failed to fetch|AbortError|Loading the topic|^(PostgrestError|ServiceError|TypeError|Error|Object)\b/;

interface Seeded {
  article: { id: string; title: string };
  obituary: { id: string; name: string };
  job: { id: string; title: string };
}

/**
 * The text of the page's main region, as in the DOM: `innerText` leaves out what is not rendered, and the home page's
 * lower sections (content-visibility: auto) are not rendered until scrolled near, so their messages would be missed.
 */
async function mainText(page: Page): Promise<string> {
  return (await page.getByRole('main').textContent()) ?? '';
}

/** The layout is there, and the page says its data is missing with a way to ask again (within the timeout's reach). */
async function expectLayoutMessageAndRetry(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Tentar novamente' }).first().waitFor({ timeout: 25_000 });
  expect(await page.getByRole('banner').getByText('Porto Ferreira Notícias').count()).toBeGreaterThan(0);
  expect(await page.getByRole('navigation', { name: 'Editorias' }).count()).toBe(1);
  expect(await page.getByRole('contentinfo').count()).toBe(1);
  expect(await mainText(page)).toMatch(/Não foi possível/);
}

describe('reader pages with the backend down or hanging', () => {
  const browser = useBrowser();
  const app = useFaultApp();
  let seeded: Seeded;

  beforeAll(async () => {
    const [article] = (await selectAsReader(app(), 'publications', 'select=id,title&order=created_at.desc&limit=1')) as Seeded['article'][];
    const [obituary] = (await selectAsReader(app(), 'obituaries', 'select=id,name&order=created_at.desc&limit=1')) as Seeded['obituary'][];
    const [job] = (await selectAsReader(app(), 'jobs', 'select=id,title&order=created_at.desc&limit=1')) as Seeded['job'][];
    seeded = { article: article!, obituary: obituary!, job: job! };
  });

  async function newReader(viewport: ViewportName = 'desktop') {
    const page = await browser.newPage(viewport, { baseUrl: app().baseUrl });
    expectConsoleErrors(page, DROPPED_REQUEST, FAILED_LOAD_LOG, OUTAGE_DOCUMENT);
    return page;
  }

  const set = (state: BackendState) => app().backend.set(state);

  // Each journey opens its pages side by side, as readers on many devices would: the backend's state is the same for
  // all of them, and the wait for the data client's retries and timeout is paid once, not once a page.

  it('home, backend down: layout, the sample lead story and national news, messages with retry; retry recovers', { timeout: 90_000 }, async () => {
    set('down');
    const [, desktop] = await Promise.all(
      (['phone', 'desktop'] as const).map(async (viewport) => {
        const page = await newReader(viewport);
        // The server says the site is away for now (503, Retry-After), and still sends the page as built.
        const answer = await page.goto('/');
        expect(answer?.status()).toBe(503);
        expect(await answer?.headerValue('retry-after')).toBeTruthy();
        await expectLayoutMessageAndRetry(page);
        // Built-in samples need no backend: the lead story's and the national news.
        expect(await page.getByText('Conteúdo de demonstração').count()).toBeGreaterThan(0);
        expect(await page.getByRole('heading', { name: 'Notícias Nacionais' }).count()).toBe(1);
        await screenshot(page, `issue13-home-backend-fora-${viewports[viewport].width}`);
        const localSection = page.getByRole('region', { name: 'Porto Ferreira e Região' });
        await localSection.scrollIntoViewIfNeeded();
        // Each section's requests fail on their own schedule (the data client's retries): wait for this one's.
        await localSection.getByRole('button', { name: 'Tentar novamente' }).waitFor({ timeout: 15_000 });
        expect(await localSection.getByRole('button', { name: 'Tentar novamente' }).count()).toBe(1);
        await viewportScreenshot(page, `issue13-home-secao-local-backend-fora-${viewports[viewport].width}`);
        return page;
      }),
    );

    set('up');
    const page = desktop!;
    await page.getByRole('button', { name: 'Tentar novamente' }).first().click();
    await expect.poll(() => page.getByRole('button', { name: 'Tentar novamente' }).count(), { timeout: 15_000 }).toBe(0);
    await page.getByRole('heading', { name: 'Notícias Mais Lidas' }).waitFor();
    await expect.poll(() => mainText(page), { timeout: 15_000 }).not.toMatch(/Não foi possível/);
  });

  it('every other reader page, backend down: layout, message and retry; retry recovers', { timeout: 120_000 }, async () => {
    const pages: { path: string; recovered: (page: Page) => Promise<unknown> }[] = [
      { path: '/topic/local', recovered: (page) => page.getByRole('main').getByRole('link').filter({ hasText: /\w/ }).nth(3).waitFor() },
      { path: '/topic/politica', recovered: (page) => page.getByRole('main').getByText('Conteúdo de demonstração').first().waitFor() },
      { path: `/noticia/${seeded.article.id}`, recovered: (page) => page.getByRole('heading', { level: 1, name: seeded.article.title }).waitFor() },
      { path: '/obituarios', recovered: (page) => page.getByRole('main').getByRole('heading', { name: seeded.obituary.name }).first().waitFor() },
      { path: `/obituarios/${seeded.obituary.id}`, recovered: (page) => page.getByRole('heading', { level: 1, name: seeded.obituary.name }).waitFor() },
      { path: '/vagas', recovered: (page) => page.getByRole('main').getByText(seeded.job.title).first().waitFor() },
      { path: `/vagas/${seeded.job.id}`, recovered: (page) => page.getByRole('heading', { level: 1, name: seeded.job.title }).waitFor() },
      {
        path: `/busca?q=${encodeURIComponent(seeded.article.title)}`,
        recovered: (page) => page.getByRole('main').getByRole('heading', { name: /^Notícias \(\d+ resultados?\)$/ }).waitFor(),
      },
    ];
    // Four at a time: on two cores, eight pages starting at once could not all render within the journey's waits.
    for (let first = 0; first < pages.length; first += 4) {
      const batch = pages.slice(first, first + 4);
      set('down');
      const opened = await Promise.all(
        batch.map(async ({ path }) => {
          const page = await newReader();
          await page.goto(path);
          await expectLayoutMessageAndRetry(page).catch((error: unknown) => {
            throw new Error(`${path}: ${String(error)}`);
          });
          if (path === '/topic/politica') expect(await page.getByText('Conteúdo de demonstração').count()).toBeGreaterThan(0);
          if (path === '/vagas') await screenshot(page, 'issue13-vagas-backend-fora-1280');
          return page;
        }),
      );
      set('up');
      await Promise.all(
        batch.map(async ({ path, recovered }, index) => {
          const page = opened[index]!;
          await page.getByRole('button', { name: 'Tentar novamente' }).first().click();
          await recovered(page);
          await expect.poll(() => mainText(page), { message: path, timeout: 15_000 }).not.toMatch(/Não foi possível/);
        }),
      );
    }
  });

  it("'Tentar novamente' before the app has started asks for the page again: the job comes back", { timeout: 90_000 }, async () => {
    set('down');
    const page = await newReader();
    // The app never starts on this page: the button is the server's markup alone.
    await page.route('**/assets/index-*.js', () => new Promise<never>(() => undefined));
    await page.goto(`/vagas/${seeded.job.id}`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Tentar novamente' }).first().waitFor({ timeout: 25_000 });
    set('up');
    await page.getByRole('button', { name: 'Tentar novamente' }).first().click();
    await page.getByRole('heading', { level: 1, name: seeded.job.title }).waitFor();

    // The search's own retry too: it was a plain button, which did nothing until the app had started.
    set('down');
    await page.goto(`/busca?q=${encodeURIComponent(seeded.article.title)}`, { waitUntil: 'commit' });
    await page.getByRole('main').getByRole('button', { name: 'Tentar novamente' }).waitFor({ timeout: 25_000 });
    set('up');
    await page.getByRole('main').getByRole('button', { name: 'Tentar novamente' }).click();
    await page.getByRole('main').getByRole('heading', { name: /^Notícias \(\d+ resultados?\)$/ }).waitFor();
  });

  it('backend hanging beyond the 10 s timeout: home, jobs and a story end in the message and retry, not a skeleton', { timeout: 90_000 }, async () => {
    set('hanging');
    const opened = await Promise.all(
      ([
        ['/', 'desktop'],
        ['/vagas', 'phone'],
        [`/noticia/${seeded.article.id}`, 'desktop'],
      ] as const).map(async ([path, viewport]) => {
        const page = await newReader(viewport);
        const started = Date.now();
        await page.goto(path);
        await expectLayoutMessageAndRetry(page);
        const waited = Date.now() - started;
        expect(waited, path).toBeGreaterThan(9_000);
        await screenshot(page, `issue13-${path === '/' ? 'home' : path === '/vagas' ? 'vagas' : 'noticia'}-backend-travado-${viewports[viewport].width}`);
        return page;
      }),
    );
    set('up');
    await Promise.all(
      opened.map(async (page) => {
        await page.getByRole('button', { name: 'Tentar novamente' }).first().click();
        await expect.poll(() => mainText(page), { timeout: 15_000 }).not.toMatch(/Não foi possível/);
      }),
    );
  });
});
