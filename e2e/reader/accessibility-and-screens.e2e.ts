import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, accessibilityViolations, useBrowser, type ViewportName } from '../support/browser.ts';
import { horizontalOverflow, stillMoving } from '../accessibility/checks.ts';
import { seed, settle, waitForHomeLoaded } from './reader-fixtures.ts';

interface PublicPage {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
}

const pages: PublicPage[] = [
  { name: 'home', path: '/', ready: waitForHomeLoaded },
  {
    name: 'topic',
    path: '/topic/local',
    ready: (page) => page.getByRole('main').getByRole('list').getByRole('heading', { level: 2 }).first().waitFor(),
  },
  {
    name: 'article',
    path: `/noticia/${seed.fair.id}`,
    ready: (page) => page.getByRole('heading', { level: 1, name: seed.fair.title }).waitFor(),
  },
  {
    name: 'featured-article',
    path: '/noticia/externa?id=amostra-destaque',
    ready: (page) => page.getByRole('heading', { level: 1, name: /R\$ 50 milhões/ }).waitFor(),
  },
  {
    name: 'obituaries',
    path: '/obituarios',
    ready: (page) => page.getByRole('heading', { level: 2, name: seed.obituaries.maria.name }).waitFor(),
  },
  {
    name: 'search',
    path: '/busca?q=ceramica',
    ready: (page) => page.getByRole('main').getByRole('heading', { level: 2, name: /Notícias/ }).waitFor(),
  },
  {
    name: 'advertising',
    path: '/anuncie',
    ready: (page) => page.getByRole('heading', { level: 1, name: /Anuncie no/ }).waitFor(),
  },
  {
    name: 'tip-line',
    path: '/envie-sua-noticia',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Envie sua notícia' }).waitFor(),
  },
  {
    name: 'support',
    path: '/apoie',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Apoie o jornalismo de Porto Ferreira' }).waitFor(),
  },
  {
    name: 'accessibility',
    path: '/acessibilidade',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Acessibilidade' }).waitFor(),
  },
  {
    name: 'privacy',
    path: '/privacidade',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Política de Privacidade' }).waitFor(),
  },
  {
    name: 'corrections',
    path: '/correcoes',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Correções' }).waitFor(),
  },
  {
    name: 'obituary',
    path: '/obituarios/33333333-3333-4333-8333-000000000001',
    ready: (page) => page.getByRole('heading', { level: 1, name: seed.obituaries.maria.name }).waitFor(),
  },
  {
    name: 'jobs',
    path: '/vagas',
    ready: (page) => page.getByRole('heading', { level: 2, name: 'Auxiliar de produção' }).waitFor(),
  },
  {
    name: 'job',
    path: '/vagas/44444444-4444-4444-8444-000000000001',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Auxiliar de produção' }).waitFor(),
  },
];

async function open(page: Page, target: PublicPage) {
  await page.goto(target.path);
  await target.ready(page);
  await settle(page);
}

const byName = (name: string): PublicPage => pages.find((target) => target.name === name)!;

/**
 * Lazy images below the fold load as the page scrolls; a full-page shot should show them. Each is brought into view
 * in turn and the wait is for every image to have loaded (or failed), not for a fixed time.
 */
async function loadLazyImages(page: Page): Promise<void> {
  const lazy = page.locator('img[loading="lazy"]');
  for (const image of await lazy.all()) await image.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
}

// One test per page and width (issue 36): a test that visits every page at once does work that grows with the site
// against one fixed time limit, which a loaded two-core machine exceeded. Each test here opens one page in a context
// of its own (the browser is shared by the file) and waits for conditions only.
describe('every public page', () => {
  const browser = useBrowser();

  describe.each(['phone', 'desktop'] as ViewportName[])('has no accessibility violation of any impact (%s)', (viewport) => {
    it.each(pages.map((target) => [target.name, target] as const))('%s', async (_name, target) => {
      const page = await browser.newPage(viewport);
      await open(page, target);
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    it('the media-kit dialog open', async () => {
      const page = await browser.newPage(viewport);
      await open(page, byName('advertising'));
      await page.getByRole('button', { name: 'Solicitar Mídia Kit' }).click();
      await page.getByRole('dialog').waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  });

  it('has no accessibility violation with the phone menu open', async () => {
    const page = await browser.newPage('phone');
    await open(page, pages[0]!);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  describe.each([320, 390])('fits a %i px phone, every filter field inside its box', (width) => {
    it.each(pages.map((target) => [target.name, target] as const))('%s', async (_name, target) => {
      const page = await browser.newPage('phone');
      await page.setViewportSize({ width, height: 740 });
      await open(page, target);
      const found = await page.evaluate(() => {
        const outside = [...document.querySelectorAll('search')].flatMap((box) => {
          const edge = box.getBoundingClientRect();
          return [...box.querySelectorAll('input, select, button')].flatMap((field) => {
            const rect = field.getBoundingClientRect();
            const inside = rect.left >= edge.left && rect.right <= edge.right && rect.top >= edge.top && rect.bottom <= edge.bottom;
            return inside ? [] : [`${field.getAttribute('type') ?? field.tagName} ${Math.round(rect.left)}–${Math.round(rect.right)} px, its box ${Math.round(edge.left)}–${Math.round(edge.right)} px`];
          });
        });
        const { scrollWidth, clientWidth } = document.documentElement;
        return { wider: scrollWidth > clientWidth ? `${scrollWidth} px in ${clientWidth} px` : null, outside };
      });
      expect(found).toEqual({ wider: null, outside: [] });
      // Nor any box inside it (a table in a scroll box): WCAG 1.4.10 asks for reflow, not sideways scrolling.
      expect(await horizontalOverflow(page)).toEqual([]);
    });
  });

  describe('reflows in a 1280 px window zoomed to 200% (640 CSS px): nothing scrolls sideways', () => {
    it.each(pages.map((target) => [target.name, target] as const))('%s', async (_name, target) => {
      const page = await browser.newPage('zoom200');
      await open(page, target);
      expect(await horizontalOverflow(page)).toEqual([]);
    });
  });

  describe('keeps still when the system asks for reduced motion: skeletons, menu and scrolling', () => {
    it('the prerendered skeletons pulse, unless motion is reduced', async () => {
      // Without JavaScript the prerendered skeletons stay on screen, pulsing unless motion is reduced.
      const moving = await browser.newPage('phone', { javaScript: false });
      await moving.goto('/');
      expect((await stillMoving(moving)).length, 'the check sees the skeletons pulse').toBeGreaterThan(0);
      const still = await browser.newPage('phone', { javaScript: false, reducedMotion: true });
      await still.goto('/');
      expect(await stillMoving(still)).toEqual([]);
    });

    it.each(pages.map((target) => [target.name, target] as const))('%s', async (_name, target) => {
      const page = await browser.newPage('phone', { reducedMotion: true });
      await open(page, target);
      expect(await stillMoving(page)).toEqual([]);
    });

    it('the phone menu', async () => {
      const page = await browser.newPage('phone', { reducedMotion: true });
      await open(page, pages[0]!);
      await page.getByRole('button', { name: 'Abrir menu' }).click();
      expect(await stillMoving(page)).toEqual([]);
    });
  });

  describe.each([
    ['390', 'phone'],
    ['1280', 'desktop'],
  ] as [string, ViewportName][])('is photographed at %s px wide', (width, viewport) => {
    it.each(pages.map((target) => [target.name, target] as const))('%s', async (_name, target) => {
      const page = await browser.newPage(viewport);
      await open(page, target);
      await loadLazyImages(page);
      await screenshot(page, `reader-${target.name}-${width}`);
    });
  });

  it('is photographed with the phone menu open at 390 px', async () => {
    const page = await browser.newPage('phone');
    await open(page, pages[0]!);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await screenshot(page, 'reader-menu-390');
  });
});
