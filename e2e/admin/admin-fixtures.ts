import type { Page } from 'playwright-core';
import { app, signIn } from '../support/browser.ts';

/** Signs in through the form as the seeded administrator and waits for the panel. */
export async function signInAsAdmin(page: Page): Promise<void> {
  const { admin } = app();
  await signIn(page, admin.email, admin.password);
  // The sidebar (folded behind a menu button on a phone) shows the panel, not the pending notice, is open.
  await page.locator('aside').waitFor();
}

/** A name no other run or journey uses, so journeys never trip over each other's rows. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A real 1×1 PNG: the storage bucket checks the bytes, not only the declared type. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

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
