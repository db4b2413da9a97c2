import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { signJwt } from '../../local-supabase/src/jwt.ts';
import { signIn } from '../support/browser.ts';
import { startBuiltApp, type RunningApp } from '../support/server.ts';

/**
 * The fault journeys' own app and backend (not global-setup's, which every other journey shares): these stop the
 * backend or make it hang. The backend is brought back up after each test.
 */
export function useFaultApp(): () => RunningApp {
  let running: RunningApp | undefined;
  beforeAll(async () => {
    running = await startBuiltApp();
  });
  afterEach(() => running?.backend.set('up'));
  afterAll(async () => {
    await running?.stop();
  });
  return () => {
    if (!running) throw new Error('useFaultApp(): the app is not started yet (use it inside a test)');
    return running;
  };
}

/**
 * A screenshot of what the viewport shows, to e2e/artifacts/<name>.png: a dialog's backdrop covers the screen, and
 * the home page's lower sections (content-visibility: auto) are painted only near the viewport, so a full-page
 * capture leaves them blank.
 */
export async function viewportScreenshot(page: Page, name: string): Promise<void> {
  const folder = resolve(import.meta.dirname, '../artifacts');
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: resolve(folder, `${name}.png`) });
}

/** Chromium's entry for a page whose database is away: the server answers it 503 with Retry-After (decision 0044). */
export const OUTAGE_DOCUMENT = /^Failed to load resource: the server responded with a status of 503 \(Service Unavailable\)/;

/** Chromium's entry for a backend request whose connection was dropped (the backend is down). */
export const DROPPED_REQUEST = /^Failed to load resource: net::ERR_(EMPTY_RESPONSE|CONNECTION_RESET|CONNECTION_CLOSED)/;

export async function signInAsAdmin(page: Page, app: RunningApp): Promise<void> {
  await signIn(page, app.adminEmail, app.adminPassword);
  await page.locator('aside').waitFor();
}

interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  expires_in: number;
}

/** supabase-js's stored session in the page (key `sb-<host>-auth-token`). */
async function storedSession(page: Page): Promise<{ key: string; session: StoredSession }> {
  const found = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name));
    return key ? { key, raw: localStorage.getItem(key) ?? '' } : null;
  });
  if (!found) throw new Error('no supabase-js session in localStorage');
  return { key: found.key, session: JSON.parse(found.raw) as StoredSession };
}

/**
 * Ages the page's session past its access token's lifetime (the local backend's is GoTrue's 3600 s, too long to
 * wait for): the stored access token is replaced by the same claims signed with the backend's secret but expired a
 * minute ago, and `expires_at` says so. The backend refuses that token (`JWT expired`); supabase-js must refresh it
 * with the refresh token before its next request.
 */
export async function expireAccessToken(page: Page, app: RunningApp): Promise<void> {
  const { key, session } = await storedSession(page);
  const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const expired = await signJwt({ ...claims, iat: now - 3660, exp: now - 60 }, app.jwtSecret);
  const aged = { ...session, access_token: expired, expires_at: now - 60, expires_in: -60 };
  await page.evaluate(([name, value]) => localStorage.setItem(name!, value!), [key, JSON.stringify(aged)]);
}

/**
 * Ends the page's session on the server, as signing out everywhere (or an administrator revoking it) does: GoTrue's
 * `POST /auth/v1/logout?scope=global` with the page's own access token deletes its sessions and their refresh tokens.
 */
export async function revokeSessionOnServer(page: Page, app: RunningApp): Promise<void> {
  const { session } = await storedSession(page);
  const response = await fetch(`${app.baseUrl}/auth/v1/logout?scope=global`, {
    method: 'POST',
    headers: { apikey: app.anonKey, Authorization: `Bearer ${session.access_token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  if (response.status !== 204) throw new Error(`logout → ${response.status} ${await response.text()}`);
}

/** Rows as an anonymous reader sees them through the REST API. */
export async function selectAsReader(app: RunningApp, table: string, query: string): Promise<unknown[]> {
  const response = await fetch(`${app.baseUrl}/rest/v1/${table}?${query}`, {
    headers: { apikey: app.anonKey, Authorization: `Bearer ${app.anonKey}` },
  });
  if (!response.ok) throw new Error(`GET ${table} → ${response.status} ${await response.text()}`);
  return (await response.json()) as unknown[];
}

/** A name no other run uses. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
