import type { Page } from 'playwright-core';
import { signIn } from './browser.ts';

// What every end-to-end suite (e2e/ and e2e/deploy/) builds its rows and sessions from.

/** A name no other run or journey uses, so journeys never trip over each other's rows. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A real 1×1 PNG: the storage bucket checks the bytes, not only the declared type. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface Account {
  email: string;
  password: string;
}

/** Signs in through /admin's form and waits for the panel (its sidebar, folded behind a menu button on a phone), not the pending-approval notice. */
export async function signInToPanel(page: Page, account: Account): Promise<void> {
  await signIn(page, account.email, account.password);
  await page.locator('aside').waitFor();
}
