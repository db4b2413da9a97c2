import { createClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/types/database.ts';
import { adminApiClient } from '../support/api.ts';
import { app, signIn, useBrowser } from '../support/browser.ts';
import { row, signInAsAdmin } from './admin-fixtures.ts';
import { unique } from '../support/fixtures.ts';

// Accounts (docs/product.md §10.5–§10.6, docs/decisions/0013): a forgotten password is recovered through the e-mail link (here the
// local backend's mailbox at /__mailbox), and an administrator rejects a sign-up.

/** An account made through the API: pending, or approved when `approved`. Removed after the test. */
const created: string[] = [];
async function newAccount(name: string, password: string, approved: boolean): Promise<{ id: string; email: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}@example.com`;
  const anon = createClient<Database>(app().baseUrl, app().anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await anon.auth.signUp({ email, password, options: { data: { name } } });
  if (error || !data.user) throw new Error(`sign-up of ${email} failed: ${error?.message}`);
  created.push(data.user.id);
  if (approved) {
    const admin = await adminApiClient();
    const { error: approval } = await admin.rpc('set_profile_role', { target_id: data.user.id, new_role: 'admin' });
    if (approval) throw approval;
  }
  return { id: data.user.id, email };
}

afterEach(async () => {
  const admin = await adminApiClient();
  for (const id of created.splice(0)) {
    // Demoted first: only pending accounts can be rejected. An account the test already rejected is gone (PF003).
    await admin.rpc('set_profile_role', { target_id: id, new_role: 'pending' });
    await admin.rpc('reject_pending_account', { target_id: id });
  }
});

async function canSignIn(email: string, password: string): Promise<boolean> {
  const anon = createClient<Database>(app().baseUrl, app().anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data } = await anon.auth.signInWithPassword({ email, password });
  return data.session !== null;
}

describe('accounts: password recovery and rejected sign-ups', () => {
  const browser = useBrowser();

  it("'Esqueci minha senha' → the e-mail's link (local mailbox) → a new password → signed in to the panel", async () => {
    const name = unique('Paula Esquecida');
    const account = await newAccount(name, 'senha-antiga-1', true);
    const page = await browser.newPage('desktop');

    await page.goto('/admin/login');
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/recuperar-senha');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByRole('status').getByText(`Se houver uma conta com o email ${account.email}`, { exact: false }).waitFor();

    // The local backend's mailbox shows the message, newest first, with its link.
    await page.goto('/__mailbox');
    const message = page.locator('article').filter({ hasText: account.email }).first();
    await message.getByText('Redefinição de senha').waitFor();
    await message.getByRole('link', { name: /\/auth\/v1\/verify\?/ }).click();

    // The link signs in with a recovery session and lands on the new-password page, without the tokens in the address.
    await page.waitForURL((url) => url.pathname === '/admin/nova-senha');
    await page.getByText(`Crie uma nova senha para ${account.email}.`).waitFor();
    await expect.poll(() => new URL(page.url()).hash.replace(/^#$/, '')).toBe('');
    await page.getByLabel(/^Nova senha/).fill('senha-nova-2');
    await page.getByLabel('Confirmar nova senha').fill('senha-nova-2');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    expect(await canSignIn(account.email, 'senha-nova-2')).toBe(true);
    expect(await canSignIn(account.email, 'senha-antiga-1')).toBe(false);

    // The link works once: opened again, the page says so and offers a new one.
    await page.goto('/__mailbox');
    await page.locator('article').filter({ hasText: account.email }).first().getByRole('link').click();
    await page.getByRole('heading', { name: 'Link inválido ou expirado' }).waitFor();
    expect(await page.getByRole('link', { name: 'Pedir um novo link' }).getAttribute('href')).toBe('/admin/recuperar-senha');
  });

  it('the new password signs in through the form after signing out', async () => {
    const name = unique('Caio Renovado');
    const account = await newAccount(name, 'senha-antiga-1', true);
    const page = await browser.newPage('phone');
    await page.goto('/admin/recuperar-senha');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByRole('status').waitFor();
    await page.goto('/__mailbox');
    await page.locator('article').filter({ hasText: account.email }).first().getByRole('link').click();
    await page.getByLabel(/^Nova senha/).fill('senha-nova-3');
    await page.getByLabel('Confirmar nova senha').fill('senha-nova-3');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await signIn(page, account.email, 'senha-nova-3');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it("an administrator rejects a pending sign-up with 'Recusar': the account is deleted", async () => {
    const name = unique('Rui Recusado');
    const account = await newAccount(name, 'senha-segura-1', false);
    const admin = await browser.newPage('desktop');
    await signInAsAdmin(admin);
    // Searched for, so the account is on the first page however many the run has made.
    await admin.goto(`/admin/users?q=${encodeURIComponent(name)}`);
    await row(admin, account.email).getByText('Aguardando aprovação').filter({ visible: true }).waitFor();

    await row(admin, account.email).getByRole('button', { name: `Recusar: ${name}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Confirmar exclusão' });
    await dialog.getByText(`Tem certeza que deseja recusar o cadastro de ${name}? A conta será excluída.`, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Recusar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByRole('status').getByText(`Cadastro de ${name} recusado. A conta foi excluída.`).waitFor();
    await row(admin, account.email).waitFor({ state: 'detached' });

    expect(await canSignIn(account.email, 'senha-segura-1')).toBe(false);
    // Never offered on an administrator, oneself included.
    await admin.goto(`/admin/users?q=${encodeURIComponent(app().admin.email)}`);
    await row(admin, app().admin.email).getByText('(você)').waitFor();
    expect(await row(admin, app().admin.email).getByRole('button', { name: /^Recusar/ }).count()).toBe(0);
  });
});
