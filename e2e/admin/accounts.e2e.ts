import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { app, expectConsoleErrors, failedRequest, useBrowser } from '../support/browser.ts';
import { confirmDeletion, openSection, row, selectAsReader, signInAsAdmin } from './admin-fixtures.ts';
import { unique } from '../support/fixtures.ts';

/** Inserts a topic straight through the REST API with the page's own session, as a hostile client could. */
async function insertTopicWithOwnSession(page: Page, name: string): Promise<number> {
  return page.evaluate(
    async ({ name, anonKey }) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
      const session = JSON.parse(localStorage.getItem(key ?? '') ?? 'null') as { access_token: string } | null;
      if (!session) throw new Error('no stored session');
      const response = await fetch('/rest/v1/topics', {
        method: 'POST',
        headers: { apikey: anonKey, Authorization: `Bearer ${session.access_token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-') }),
      });
      return response.status;
    },
    { name, anonKey: app().anonKey },
  );
}

describe('a new account waits for approval before it can publish', () => {
  const browser = useBrowser();

  it('register → pending notice, cannot write → the admin approves → it publishes → the admin revokes', async () => {
    const newcomer = await browser.newPage('desktop');
    const person = unique('Joana Repórter');
    const email = `${person.split(' ').pop()}@example.com`;

    await newcomer.goto('/admin/register');
    await newcomer.getByRole('textbox', { name: 'Nome completo' }).fill(person);
    await newcomer.getByRole('textbox', { name: 'Email' }).fill(email);
    await newcomer.getByLabel(/^Senha/).fill('reporter123');
    await newcomer.getByLabel('Confirmar senha').fill('reporter12');
    await newcomer.getByRole('button', { name: 'Criar conta' }).click();
    await newcomer.getByText('As senhas não coincidem').waitFor();
    await newcomer.getByLabel('Confirmar senha').fill('reporter123');
    await newcomer.getByRole('button', { name: 'Criar conta' }).click();

    // Signed in, but pending: the notice instead of the management screens, on any admin address.
    await newcomer.waitForURL((url) => url.pathname === '/admin');
    await newcomer.getByRole('heading', { name: 'Conta aguardando aprovação' }).waitFor();
    await newcomer.goto('/admin/topics');
    await newcomer.getByRole('heading', { name: 'Conta aguardando aprovação' }).waitFor();
    expect(await newcomer.getByRole('navigation', { name: 'Painel administrativo' }).count()).toBe(0);
    // And the server refuses its writes whatever the client does (docs/decisions/0001): a 403 the browser logs.
    expectConsoleErrors(newcomer, failedRequest(403, '/rest/v1/topics'));
    expect(await insertTopicWithOwnSession(newcomer, unique('Invasao'))).toBeGreaterThanOrEqual(400);

    // Registering the same address again is refused with the product's text.
    const again = await browser.newPage('desktop');
    expectConsoleErrors(again, failedRequest(422, '/auth/v1/signup'));
    await again.goto('/admin/register');
    await again.getByRole('textbox', { name: 'Nome completo' }).fill(person);
    await again.getByRole('textbox', { name: 'Email' }).fill(email);
    await again.getByLabel(/^Senha/).fill('reporter123');
    await again.getByLabel('Confirmar senha').fill('reporter123');
    await again.getByRole('button', { name: 'Criar conta' }).click();
    await expect.poll(() => again.getByRole('alert').textContent()).toBe('Este email já está cadastrado');

    // The administrator approves the account as an Editor (who publishes: decision 0037).
    const admin = await browser.newPage('desktop');
    await signInAsAdmin(admin);
    await openSection(admin, 'Usuários');
    await row(admin, email).getByText('Aguardando aprovação').filter({ visible: true }).waitFor();
    await row(admin, email).getByRole('combobox', { name: `Papel ao aprovar: ${person}` }).selectOption('editor');
    await row(admin, email).getByRole('button', { name: `Aprovar: ${person}` }).click();
    await row(admin, email).getByText('Editor', { exact: true }).filter({ visible: true }).waitFor();

    // The newcomer checks again and can now publish.
    await newcomer.getByRole('button', { name: 'Verificar novamente' }).click();
    await newcomer.getByRole('heading', { name: 'Tópicos' }).waitFor();
    await newcomer.goto('/admin/publications/new');
    const title = unique('Primeira matéria da Joana');
    await newcomer.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
    await newcomer.getByLabel('Tópico').selectOption({ label: 'Cultura' });
    await newcomer.getByLabel('Publicar imediatamente').check();
    await newcomer.getByRole('button', { name: 'Salvar' }).click();
    await newcomer.waitForURL((url) => url.pathname === '/admin/publications');
    await row(newcomer, title).getByText('Publicado', { exact: true }).filter({ visible: true }).waitFor();
    expect(await selectAsReader('publications', `select=title&title=eq.${encodeURIComponent(title)}`)).toEqual([{ title }]);

    // Clean up: the story goes, and the admin revokes the account again (it may not revoke itself).
    await row(newcomer, title).getByRole('button', { name: `Excluir: ${title}` }).click();
    await confirmDeletion(newcomer, 'Tem certeza que deseja excluir esta publicação?');
    await admin.reload();
    expect(await row(admin, app().admin.email).getByRole('button').count()).toBe(0);
    await row(admin, email).getByRole('button', { name: `Revogar acesso: ${person}` }).click();
    await admin.getByRole('dialog', { name: 'Revogar acesso' }).getByRole('button', { name: 'Revogar acesso' }).click();
    await row(admin, email).getByText('Aguardando aprovação').filter({ visible: true }).waitFor();
  });
});
