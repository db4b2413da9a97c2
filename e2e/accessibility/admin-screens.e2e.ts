import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations, screenshot, useBrowser, type ViewportName } from '../support/browser.ts';
import { signInAsAdmin } from '../admin/admin-fixtures.ts';
import { horizontalOverflow, stillMoving } from './checks.ts';

// Decision 0036: every admin screen, signed out and signed in, has no axe violation of any impact (WCAG 2.2 AA and
// best practices), fits 320 px and a 200%-zoomed window without scrolling sideways, and honours reduced motion.

const SEED = {
  publication: '22222222-2222-4222-8222-000000000002',
  obituary: '33333333-3333-4333-8333-000000000001',
  job: '44444444-4444-4444-8444-000000000001',
};

interface AdminScreen {
  path: string;
  heading: string | RegExp;
}

const SIGNED_OUT: AdminScreen[] = [
  { path: '/admin/login', heading: /Entrar|Painel/ },
  { path: '/admin/register', heading: /Criar conta|Cadastr/ },
  { path: '/admin/recuperar-senha', heading: /senha/i },
];

const SIGNED_IN: AdminScreen[] = [
  { path: '/admin', heading: 'Dashboard' },
  { path: '/admin/publications', heading: 'Publicações' },
  { path: '/admin/publications/new', heading: 'Nova Publicação' },
  { path: `/admin/publications/${SEED.publication}/edit`, heading: 'Editar Publicação' },
  { path: '/admin/topics', heading: 'Tópicos' },
  { path: '/admin/obituaries', heading: 'Obituários' },
  { path: '/admin/obituaries/new', heading: 'Novo Obituário' },
  { path: `/admin/obituaries/${SEED.obituary}/edit`, heading: 'Editar Obituário' },
  { path: '/admin/jobs', heading: 'Vagas' },
  { path: '/admin/jobs/new', heading: /Nova Vaga/ },
  { path: `/admin/jobs/${SEED.job}/edit`, heading: /Editar Vaga/ },
  { path: '/admin/sugestoes', heading: 'Sugestões de pauta' },
  { path: '/admin/apoios', heading: 'Apoios' },
  { path: '/admin/media-kit', heading: 'Mídia Kit' },
  { path: '/admin/ads', heading: 'Anúncios' },
  { path: '/admin/ads/new', heading: 'Nova Campanha' },
  { path: '/admin/audiencia?periodo=30', heading: 'Audiência' },
  { path: '/admin/newsletter', heading: 'Newsletter' },
  { path: '/admin/users', heading: 'Usuários' },
  { path: '/admin/revisao', heading: 'Revisão' },
  { path: '/admin/auditoria', heading: 'Auditoria' },
  { path: '/admin/privacidade', heading: 'Direitos dos titulares' },
  { path: '/admin/configuracoes', heading: 'Configurações' },
  { path: '/admin/sistema', heading: 'Sistema' },
  { path: '/admin/conta', heading: 'Minha conta' },
];

async function open(page: Page, screen: AdminScreen): Promise<void> {
  await page.goto(screen.path);
  await page.getByRole('heading', { name: screen.heading, level: 1 }).first().waitFor();
  await page.getByText('Carregando...').waitFor({ state: 'detached' });
  if (/publications\/(new|.+\/edit)$/.test(screen.path)) await page.getByRole('textbox', { name: 'Conteúdo' }).waitFor();
}

describe('every admin screen', () => {
  const browser = useBrowser();

  for (const viewport of ['narrow', 'desktop'] as ViewportName[]) {
    it(`has no accessibility violation of any impact (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      const found: Record<string, unknown> = {};
      for (const screen of SIGNED_OUT) {
        await open(page, screen);
        const violations = await accessibilityViolations(page);
        if (violations.length > 0) found[screen.path] = violations;
      }
      await signInAsAdmin(page);
      for (const screen of SIGNED_IN) {
        await open(page, screen);
        const violations = await accessibilityViolations(page);
        if (violations.length > 0) found[screen.path] = violations;
      }
      expect(found).toEqual({});
    });
  }

  for (const viewport of ['narrow', 'zoom200'] as ViewportName[]) {
    it(`never scrolls sideways, page or list (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      const found: Record<string, string[]> = {};
      for (const screen of SIGNED_OUT) {
        await open(page, screen);
        const wide = await horizontalOverflow(page);
        if (wide.length > 0) found[screen.path] = wide;
      }
      await signInAsAdmin(page);
      for (const screen of SIGNED_IN) {
        await open(page, screen);
        const wide = await horizontalOverflow(page);
        if (wide.length > 0) found[screen.path] = wide;
      }
      expect(found).toEqual({});
    });
  }

  it('keeps still when the system asks for reduced motion', async () => {
    const page = await browser.newPage('narrow', { reducedMotion: true });
    await signInAsAdmin(page);
    for (const screen of SIGNED_IN.slice(0, 3)) {
      await open(page, screen);
      expect({ path: screen.path, moving: await stillMoving(page) }).toEqual({ path: screen.path, moving: [] });
    }
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    expect(await stillMoving(page)).toEqual([]);
  });

  it('is photographed at 320 px: the lists as cards', async () => {
    const page = await browser.newPage('narrow');
    await signInAsAdmin(page);
    for (const [path, name] of [
      ['/admin/publications', 'publications'],
      ['/admin/obituaries', 'obituaries'],
      ['/admin/users', 'users'],
    ] as const) {
      await open(page, SIGNED_IN.find((screen) => screen.path === path)!);
      await screenshot(page, `a11y-admin-${name}-320`);
    }
  });
});
