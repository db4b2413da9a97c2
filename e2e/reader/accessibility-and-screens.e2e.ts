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

describe('every public page', () => {
  const browser = useBrowser();

  for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
    it(`has no accessibility violation of any impact (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      const found: Record<string, unknown> = {};
      for (const target of pages) {
        await open(page, target);
        const violations = await accessibilityViolations(page);
        if (violations.length > 0) found[target.name] = violations;
      }
      // The media-kit dialog open, and the phone menu open.
      await open(page, pages.find((target) => target.name === 'advertising')!);
      await page.getByRole('button', { name: 'Solicitar Mídia Kit' }).click();
      await page.getByRole('dialog').waitFor();
      const dialogViolations = await accessibilityViolations(page);
      if (dialogViolations.length > 0) found['media-kit-dialog'] = dialogViolations;
      if (viewport === 'phone') {
        await open(page, pages[0]!);
        await page.getByRole('button', { name: 'Abrir menu' }).click();
        const menuViolations = await accessibilityViolations(page);
        if (menuViolations.length > 0) found['phone-menu'] = menuViolations;
      }
      expect(found).toEqual({});
    });
  }

  it('fits the narrowest phones (320 px) and a common one (390 px), every filter field inside its box', async () => {
    const page = await browser.newPage('phone');
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 740 });
      for (const target of pages) {
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
        expect(found, `${width} px ${target.name}`).toEqual({ wider: null, outside: [] });
        // Nor any box inside it (a table in a scroll box): WCAG 1.4.10 asks for reflow, not sideways scrolling.
        expect(await horizontalOverflow(page), `${width} px ${target.name}`).toEqual([]);
      }
    }
  });

  it('reflows in a 1280 px window zoomed to 200% (640 CSS px): nothing scrolls sideways', async () => {
    const page = await browser.newPage('zoom200');
    const found: Record<string, string[]> = {};
    for (const target of pages) {
      await open(page, target);
      const wide = await horizontalOverflow(page);
      if (wide.length > 0) found[target.name] = wide;
    }
    expect(found).toEqual({});
  });

  it('keeps still when the system asks for reduced motion: skeletons, menu and scrolling', async () => {
    // Without JavaScript the prerendered skeletons stay on screen, pulsing unless motion is reduced.
    const moving = await browser.newPage('phone', { javaScript: false });
    await moving.goto('/');
    expect((await stillMoving(moving)).length, 'the check sees the skeletons pulse').toBeGreaterThan(0);
    const still = await browser.newPage('phone', { javaScript: false, reducedMotion: true });
    await still.goto('/');
    expect(await stillMoving(still)).toEqual([]);

    const page = await browser.newPage('phone', { reducedMotion: true });
    for (const target of pages) {
      await open(page, target);
      expect({ page: target.name, moving: await stillMoving(page) }).toEqual({ page: target.name, moving: [] });
    }
    await open(page, pages[0]!);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    expect(await stillMoving(page)).toEqual([]);
  });

  it('is photographed at 390 and 1280 px wide', async () => {
    const widths: Record<string, ViewportName> = { '390': 'phone', '1280': 'desktop' };
    for (const [width, viewport] of Object.entries(widths)) {
      const page = await browser.newPage(viewport);
      for (const target of pages) {
        await open(page, target);
        // Lazy images below the fold load as the page scrolls; a full-page shot should show them.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          window.scrollTo(0, 0);
        });
        await settle(page);
        await screenshot(page, `reader-${target.name}-${width}`);
      }
      if (viewport === 'phone') {
        await open(page, pages[0]!);
        await page.getByRole('button', { name: 'Abrir menu' }).click();
        await screenshot(page, 'reader-menu-390');
      }
    }
  });
});
