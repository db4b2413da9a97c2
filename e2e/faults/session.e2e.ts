import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectConsoleErrors, failedRequest, useBrowser, viewports } from '../support/browser.ts';
import { expireAccessToken, revokeSessionOnServer, selectAsReader, signInAsAdmin, unique, useFaultApp, viewportScreenshot } from './fault-fixtures.ts';

// "Nothing lost" (docs/decisions/0016) when the session ends mid-edit. The local backend's access tokens live GoTrue's 3600 s, so
// the journeys age the page's stored session instead (fault-fixtures.ts): its access token is replaced by one signed
// with the backend's secret that expired a minute ago, which the backend itself refuses. Revoking is GoTrue's
// `POST /auth/v1/logout?scope=global` with the page's token, which deletes the session and its refresh tokens.

async function typeJob(page: Page, title: string) {
  await page.goto('/admin/jobs/new');
  await page.getByRole('textbox', { name: 'Título da Vaga' }).fill(title);
  await page.getByRole('textbox', { name: 'Empresa' }).fill('Cerâmica Porto');
  await page.getByRole('textbox', { name: 'Local', exact: true }).fill('Porto Ferreira - SP');
  await page.getByRole('textbox', { name: 'Descrição' }).fill('Vaga para o turno da manhã.');
  await page.getByLabel('Publicar imediatamente').check();
}

async function jobFormValues(page: Page) {
  return Promise.all(
    ['Título da Vaga', 'Empresa', 'Descrição'].map((name) => page.getByRole('textbox', { name }).inputValue()),
  );
}

describe('a session that ends during an edit', () => {
  const browser = useBrowser();
  const app = useFaultApp();

  it('an expired access token is refreshed silently and the save goes through', async () => {
    const page = await browser.newPage('desktop', { baseUrl: app().baseUrl });
    await signInAsAdmin(page, app());
    const title = unique('Vaga com token vencido');
    await typeJob(page, title);
    await expireAccessToken(page, app());

    const refreshed = page.waitForResponse((response) => response.url().includes('/auth/v1/token?grant_type=refresh_token'));
    await page.getByRole('button', { name: 'Salvar' }).click();
    expect((await refreshed).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/admin/jobs');
    expect(await selectAsReader(app(), 'jobs', `select=company&title=eq.${encodeURIComponent(title)}`)).toEqual([{ company: 'Cerâmica Porto' }]);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('a revoked session: the editor signs in again over the form, which is kept, and the save is retried', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const page = await browser.newPage(viewport, { baseUrl: app().baseUrl });
      expectConsoleErrors(
        page,
        // The refused refresh, and the save that went out without a session (refused by row-level security).
        failedRequest(400, '/auth/v1/token?grant_type=refresh_token'),
        failedRequest(400, '/auth/v1/token?grant_type=password'),
        failedRequest(401, '/rest/v1/jobs'),
        failedRequest(403, '/rest/v1/jobs'),
        /^(ServiceError|AuthApiError|Error)\b|row-level security/,
      );
      await signInAsAdmin(page, app());
      const title = unique('Vaga com sessão revogada');
      await typeJob(page, title);
      const typed = await jobFormValues(page);
      await revokeSessionOnServer(page, app());
      await expireAccessToken(page, app());

      const dialog = page.getByRole('dialog', { name: 'Sua sessão expirou' });
      // supabase-js's own refresh timer may find the expired token first; otherwise the save does.
      if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Salvar' }).click();
      await dialog.waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/jobs/new');
      expect(await jobFormValues(page)).toEqual(typed);
      expect(await dialog.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(app().adminEmail);
      await viewportScreenshot(page, `issue13-sessao-expirada-${viewports[viewport].width}`);

      await dialog.getByLabel(/senha/i).fill('senha-errada');
      await dialog.getByRole('button', { name: 'Entrar' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'Email ou senha inválidos' }).waitFor();
      await dialog.getByLabel(/senha/i).fill(app().adminPassword);
      await dialog.getByRole('button', { name: 'Entrar' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await jobFormValues(page)).toEqual(typed);
      expect(await page.getByLabel('Publicar imediatamente').isChecked()).toBe(true);

      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/jobs');
      expect(await selectAsReader(app(), 'jobs', `select=company&title=eq.${encodeURIComponent(title)}`)).toEqual([{ company: 'Cerâmica Porto' }]);
      await page.context().close();
    }
  });

  it("signing out from the menu still goes to the sign-in page, with no 'session expired' dialog", async () => {
    const page = await browser.newPage('desktop', { baseUrl: app().baseUrl });
    await signInAsAdmin(page, app());
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
