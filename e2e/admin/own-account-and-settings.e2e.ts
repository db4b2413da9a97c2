import type { Download } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminApiClient } from '../support/api.ts';
import { expectConsoleErrors, failedRequest, screenshot, useBrowser } from '../support/browser.ts';
import { unique } from '../support/fixtures.ts';
import { openSection, signInAsAdmin } from './admin-fixtures.ts';

// 'Minha conta' and 'Configurações' (docs/decisions/0039): an account downloads and deletes its own data; the
// administrator's retention periods are what the privacy policy tells readers.

async function downloadedJson(download: Download): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

describe("an account's own data", () => {
  const browser = useBrowser();

  it('a new account downloads what the site holds about it, then deletes itself and can no longer sign in', async () => {
    const page = await browser.newPage('phone');
    const person = unique('Rita Titular');
    const email = `${person.split(' ').pop()}@example.com`;
    await page.goto('/admin/register');
    await page.getByRole('textbox', { name: 'Nome completo' }).fill(person);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel(/^Senha/).fill('titular123');
    await page.getByLabel('Confirmar senha').fill('titular123');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.getByRole('heading', { name: 'Conta aguardando aprovação' }).waitFor();

    // Still pending, the account reaches its own data from the notice.
    await page.getByRole('link', { name: /Minha conta/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Minha conta' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar meus dados (JSON)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^dados-minha-conta-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = (await downloadedJson(download)) as { profile: { email: string; name: string; role: string } };
    expect(exported.profile).toMatchObject({ email, name: person, role: 'pending' });
    await page.getByText('Arquivo JSON com seus dados gerado.').waitFor();
    await screenshot(page, 'own-account-390');

    await page.getByRole('button', { name: 'Excluir minha conta' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Minha conta' }).waitFor();
    await page.getByRole('button', { name: 'Excluir minha conta' }).click();
    // The sign-out that follows asks the server to end a session the deletion already ended: refused, and the
    // browser forgets it all the same.
    expectConsoleErrors(page, failedRequest(403, '/auth/v1/logout'));
    await dialog.getByRole('button', { name: 'Excluir conta' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');

    // The account is gone: its password opens nothing.
    expectConsoleErrors(page, failedRequest(400, '/auth/v1/token'));
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Senha').fill('titular123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Email ou senha inválidos').waitFor();

    const api = await adminApiClient();
    const { data: entries } = await api.from('audit_log').select('action, actor_name').in('action', ['own_data_export', 'own_account_delete']).eq('actor_name', person).order('id');
    expect((entries ?? []).map((entry) => entry.action)).toEqual(['own_data_export', 'own_account_delete']);
    const { data: profiles } = await api.from('profiles').select('id').eq('email', email);
    expect(profiles).toEqual([]);
  });

  it('the administrator keeps the last administrator account: deleting it is refused with what to do', async () => {
    const page = await browser.newPage('desktop');
    await signInAsAdmin(page);
    const api = await adminApiClient();
    const { data: admins } = await api.from('profiles').select('id').eq('role', 'admin');
    // Only meaningful while one administrator is left, as on a fresh backend.
    expect(admins).toHaveLength(1);
    await openSection(page, 'Minha conta');
    await page.getByRole('button', { name: 'Excluir minha conta' }).click();
    expectConsoleErrors(page, failedRequest(400, '/rest/v1/rpc/delete_own_account'));
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir conta' }).click();
    await page.getByText('Você é o único Administrador').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Minha conta' }).waitFor();
  });
});

describe('site settings', () => {
  const browser = useBrowser();

  it("an administrator changes a retention period; a wrong value is explained and kept; the policy tells readers the new one", async () => {
    const page = await browser.newPage('desktop');
    await signInAsAdmin(page);
    await openSection(page, 'Configurações');
    await page.getByRole('heading', { level: 1, name: 'Configurações' }).waitFor();
    const months = page.getByLabel(/^Pedidos de mídia kit/);
    try {
      await months.fill('0');
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      expect(await months.getAttribute('aria-invalid')).toBe('true');
      expect(await months.inputValue()).toBe('0');
      await months.fill('6');
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await page.getByText('Configurações salvas.').waitFor();
      await screenshot(page, 'site-settings-1280');

      const reader = await browser.newPage('phone');
      await reader.goto('/privacidade');
      await expect.poll(async () => {
        await reader.reload();
        return reader.locator('article').textContent();
      }, { timeout: 15_000 }).toContain('por mais 6 meses');

      const api = await adminApiClient();
      const { data: entries } = await api.from('audit_log').select('detail').eq('action', 'settings_change').order('id', { ascending: false }).limit(1);
      expect(JSON.stringify(entries?.[0]?.detail)).toContain('media_kit_retention_months');
    } finally {
      // The other journeys read the default period.
      const api = await adminApiClient();
      await api.from('site_settings').update({ media_kit_retention_months: 12 }).eq('only_row', true);
    }
  });
});
