import { describe, expect, it } from 'vitest';
import { app, expectConsoleErrors, failedRequest, useBrowser } from '../support/browser.ts';
import { signInAsAdmin } from './admin-fixtures.ts';

describe('signing in and out of the admin panel', () => {
  const browser = useBrowser();

  it("shows 'Email ou senha inválidos' for a wrong password and stays on the form", async () => {
    const page = await browser.newPage('desktop');
    // The refused password answer is a 400, which Chromium itself logs; the app logs nothing of its own.
    expectConsoleErrors(page, failedRequest(400, '/auth/v1/token?grant_type=password'));
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(app().admin.email);
    await page.getByLabel('Senha').fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Email ou senha inválidos');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(await page.getByLabel('Email').inputValue()).toBe(app().admin.email);
  });

  it('returns to the page first asked for, never to another site', async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/admin/jobs');
    await page.waitForURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fjobs/);
    await page.getByLabel('Email').fill(app().admin.email);
    await page.getByLabel('Senha').fill(app().admin.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/jobs');
    await page.getByRole('heading', { name: 'Vagas de Emprego' }).waitFor();

    const other = await browser.newPage('desktop');
    await other.goto('/admin/login?redirectTo=https%3A%2F%2Fevil.example%2F');
    await other.getByLabel('Email').fill(app().admin.email);
    await other.getByLabel('Senha').fill(app().admin.password);
    await other.getByRole('button', { name: 'Entrar' }).click();
    await other.waitForURL((url) => url.pathname === '/admin');
    expect(new URL(other.url()).origin).toBe(app().baseUrl);
  });

  it("keeps the session across a reload, skips the login page when signed in, and 'Sair' signs out", async () => {
    const page = await browser.newPage('desktop');
    await signInAsAdmin(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await page.goto('/admin/login');
    await page.waitForURL((url) => url.pathname === '/admin');

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await page.goto('/admin/topics');
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/admin/topics');
  });

  it('shows "not found" inside the panel for an address of a row that does not exist', async () => {
    const page = await browser.newPage('desktop');
    await signInAsAdmin(page);
    await page.goto('/admin/publications/00000000-0000-4000-8000-000000000000/edit');
    await page.getByRole('heading', { name: 'Registro não encontrado' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Painel administrativo' }).isVisible()).toBe(true);
  });

  it('signs out from the folded menu on a phone', async () => {
    const page = await browser.newPage('phone');
    await signInAsAdmin(page);
    expect(await page.getByRole('button', { name: 'Sair' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
  });
});
