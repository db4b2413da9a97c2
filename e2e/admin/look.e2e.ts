import { describe, expect, it } from 'vitest';
import { screenshot, accessibilityViolations, useBrowser, type ViewportName } from '../support/browser.ts';
import { signInAsAdmin } from './admin-fixtures.ts';

describe('the admin panel at phone and desktop width', () => {
  const browser = useBrowser();

  it('has no accessibility violation of any impact on the login, a list and a form', async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await signInAsAdmin(page);
    for (const [path, heading] of [
      ['/admin', 'Dashboard'],
      ['/admin/publications', 'Publicações'],
      ['/admin/topics', 'Tópicos'],
      ['/admin/publications/new', 'Nova Publicação'],
      ['/admin/obituaries/new', 'Novo Obituário'],
      ['/admin/users', 'Usuários'],
      ['/admin/media-kit', 'Mídia Kit'],
      ['/admin/ads', 'Anúncios'],
      ['/admin/ads/new', 'Nova Campanha'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByText('Carregando...').waitFor({ state: 'detached' });
      if (path.endsWith('/new') && path.includes('publications')) await page.getByRole('textbox', { name: 'Conteúdo' }).waitFor();
      expect({ path, violations: await accessibilityViolations(page) }).toEqual({ path, violations: [] });
    }
  });

  it.each(['phone', 'desktop'] as ViewportName[])('screenshots at %s width', async (viewport) => {
    const page = await browser.newPage(viewport);
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await screenshot(page, `admin-login-${viewport}`);

    await signInAsAdmin(page);
    await page.getByText('Mais lidas').waitFor();
    await screenshot(page, `admin-dashboard-${viewport}`);

    await page.goto('/admin/publications');
    await page.getByRole('table').waitFor();
    await screenshot(page, `admin-publications-${viewport}`);

    if (viewport === 'phone') {
      await page.getByRole('button', { name: 'Abrir menu' }).click();
      await screenshot(page, `admin-menu-open-${viewport}`);
      await page.getByRole('button', { name: 'Fechar menu' }).click();
    }

    await page.goto('/admin/publications/new');
    await page.getByRole('textbox', { name: 'Conteúdo' }).waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Informe o título').waitFor();
    await screenshot(page, `admin-publication-form-${viewport}`);
  });
});
