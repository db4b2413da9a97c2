import type { Page } from 'playwright-core';
import { app } from '../support/browser.ts';
import { signInToPanel } from '../support/fixtures.ts';

/** Signs in through the form as the seeded administrator and waits for the panel. */
export function signInAsAdmin(page: Page): Promise<void> {
  return signInToPanel(page, app().admin);
}

/** What an anonymous reader's client gets from the REST API (PostgREST query string). */
export async function selectAsReader(table: string, query: string): Promise<unknown[]> {
  const { baseUrl, anonKey } = app();
  const response = await fetch(`${baseUrl}/rest/v1/${table}?${query}`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
  });
  if (!response.ok) throw new Error(`GET ${table} → ${response.status} ${await response.text()}`);
  return (await response.json()) as unknown[];
}

/** Confirms the accessible delete dialog after checking the product's text. */
export async function confirmDeletion(page: Page, message: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirmar exclusão' });
  await dialog.getByText(message, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The row of a list whose text contains `text`. */
export function row(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

/** Opens an admin section through the sidebar, as an editor would. */
export async function openSection(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Painel administrativo' }).getByRole('link', { name: label, exact: true }).click();
}
