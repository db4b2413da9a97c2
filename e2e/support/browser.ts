import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import axe from 'axe-core';
import { afterAll, beforeAll, inject } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, never a downloaded build; the flags keep the closed network from flooding it with refusals. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;

export type ViewportName = keyof typeof viewports;

/** The app under test, as global-setup started it. */
export function app() {
  return {
    baseUrl: inject('baseUrl'),
    anonKey: inject('anonKey'),
    admin: { email: inject('adminEmail'), password: inject('adminPassword') },
  };
}

/**
 * Opens one browser for a test file and gives each test a fresh context (no shared cookies or storage).
 * Usage: `const browser = useBrowser();` then `const page = await browser.newPage('phone')`.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
  });
  return {
    async newPage(viewport: ViewportName = 'desktop'): Promise<Page> {
      if (!browser) throw new Error('useBrowser(): the browser is not started yet (call newPage inside a test)');
      const context = await browser.newContext({ viewport: viewports[viewport], baseURL: app().baseUrl, locale: 'pt-BR' });
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
      return page;
    },
  };
}

export interface AxeViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** Runs axe-core in the page and returns the serious and critical violations (what must be zero). */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: axe.source });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

const ARTIFACTS = resolve(import.meta.dirname, '../artifacts');

/** Saves a full-page screenshot to e2e/artifacts/<name>.png (git-ignored) and returns its path, to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = resolve(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Signs in through the real login form, as a newsroom member would. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/senha/i).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
}
