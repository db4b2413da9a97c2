import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import axe from 'axe-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';

/** Debian's Chromium, never a downloaded build (scripts/chromium.ts). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
}

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
  /** The narrowest phone WCAG's reflow criterion (1.4.10) names: 320 CSS px. */
  narrow: { width: 320, height: 640 },
  /**
   * A 1280 × 900 desktop window at 200% browser zoom. Zooming divides the CSS viewport by the zoom factor and
   * multiplies the device pixels per CSS pixel by it, so the page lays out in 640 × 450 CSS px at 2 device px each:
   * what this viewport with `deviceScaleFactor: 2` gives (media queries and layout see exactly what zoom shows them).
   */
  zoom200: { width: 640, height: 450 },
} as const;

/** Device pixels per CSS pixel by viewport: the zoomed window draws each CSS pixel with two. */
const DEVICE_SCALE: Partial<Record<ViewportName, number>> = { zoom200: 2 };

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
 * docs/architecture.md's budget: no journey may raise a console error or an uncaught page error it did not provoke on purpose.
 * Every page `newPage` opens records both; after each test, anything recorded that no `expectConsoleErrors` pattern
 * of that page allows fails the test. An entry reads `<text> (<source URL>)`, so an allowance can name both the
 * message and the address (Chromium logs a failed request as "Failed to load resource: ... status of 400 ..." with
 * the request's URL as its source).
 */
interface ErrorLog {
  entries: string[];
  allowed: RegExp[];
  /** Content-Security-Policy violations: each fails the test unless an `expectPolicyViolations` pattern allows it. */
  violations: string[];
  allowedViolations: RegExp[];
}

const errorLogs = new WeakMap<Page, ErrorLog>();

/** The page function each document's violation listener reports to (see reportPolicyViolations). */
const VIOLATION_BINDING = '__reportCspViolation';

/**
 * Every document of the context reports each violation of the page policy (edge/security-headers.ts) with its
 * directive and blocked address; the test that caused it fails (useBrowser's afterEach), even if the app or a
 * payload silences the console.
 */
async function reportPolicyViolations(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding(VIOLATION_BINDING, ({ frame }, report: string) => {
    violations.push(`${report} on ${frame.url()}`);
  });
  await context.addInitScript((binding: string) => {
    const report = (window as unknown as Record<string, (text: string) => void>)[binding];
    document.addEventListener('securitypolicyviolation', (event) => {
      const source = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
      const sample = event.sample ? ` (sample: ${event.sample})` : '';
      report?.(`'${event.effectiveDirective}' blocked ${event.blockedURI || 'inline'}${source}${sample}`);
    });
  }, VIOLATION_BINDING);
}

function consoleEntry(message: ConsoleMessage): string {
  const source = message.location().url;
  return source ? `${message.text()} (${source})` : message.text();
}

/**
 * Allows, on this page only, console errors that the test provokes on purpose (a refused sign-in, a failing
 * request it routes). Keep each pattern as narrow as the provoked failure: its status and its address.
 */
export function expectConsoleErrors(page: Page, ...patterns: RegExp[]): void {
  const log = errorLogs.get(page);
  if (!log) throw new Error('expectConsoleErrors(): the page was not opened with newPage()');
  log.allowed.push(...patterns);
}

/**
 * The entry Chromium logs for a request answered with `status` at `path` (any query string, unless `path` has one:
 * then anything may follow it), e.g. failedRequest(400, '/auth/v1/token?grant_type=password'). For
 * `expectConsoleErrors`, when a test provokes that answer on purpose.
 */
export function failedRequest(status: number, path: string): RegExp {
  const escapedPath = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const rest = path.includes('?') ? '[^)]*' : '(?:\\?[^)]*)?';
  return new RegExp(
    `^Failed to load resource: the server responded with a status of ${status} .*\\(https?://[^/]+${escapedPath}${rest}\\)$`,
  );
}

/**
 * Allows, on this page only, policy violations the test provokes on purpose. Only the stored-XSS journey needs it:
 * Chromium reports an inline handler or style even where the sanitiser parses hostile markup into an inert document
 * (nothing runs there); a report reads `'<directive>' blocked <address or "inline"> at <source>:<line>`.
 */
export function expectPolicyViolations(page: Page, ...patterns: RegExp[]): void {
  const log = errorLogs.get(page);
  if (!log) throw new Error('expectPolicyViolations(): the page was not opened with newPage()');
  log.allowedViolations.push(...patterns);
}

function unexpectedViolations(page: Page): string[] {
  const log = errorLogs.get(page);
  if (!log) return [];
  return log.violations.filter((entry) => !log.allowedViolations.some((pattern) => pattern.test(entry)));
}

function unexpectedErrors(page: Page): string[] {
  const log = errorLogs.get(page);
  if (!log) return [];
  return log.entries.filter((entry) => !log.allowed.some((pattern) => pattern.test(entry)));
}

/** Requests of the app's own origin still on their way, per page (see waitForQuietNetwork). */
const inFlight = new WeakMap<Page, Set<unknown>>();

function trackRequests(page: Page): void {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  const own = (url: string) => url.startsWith(app().baseUrl);
  page.on('request', (request) => {
    if (own(request.url())) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

/**
 * Waits until none of the app's own requests has been on its way for `quietMs`. Playwright's 'networkidle' cannot be
 * used after a client-side navigation to a story with a video: the embed's frame (another host, unreachable on this
 * machine) keeps the document from ever reaching it when the navigation came before the first idle moment.
 */
export async function waitForQuietNetwork(page: Page, quietMs = 500, timeoutMs = 15_000): Promise<void> {
  const pending = inFlight.get(page);
  if (!pending) throw new Error('waitForQuietNetwork: open the page with useBrowser().newPage');
  const deadline = Date.now() + timeoutMs;
  let quietSince = pending.size === 0 ? Date.now() : null;
  while (quietSince === null || Date.now() - quietSince < quietMs) {
    if (Date.now() > deadline) throw new Error(`the app's requests did not settle within ${timeoutMs} ms`);
    await page.waitForTimeout(50);
    if (pending.size > 0) quietSince = null;
    else quietSince ??= Date.now();
  }
}

/**
 * Opens one browser for a test file and gives each test a fresh context (no shared cookies or storage).
 * Usage: `const browser = useBrowser();` then `const page = await browser.newPage('phone')`.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  // The contexts and pages of the running test: checked and closed after it, so nothing leaks into the next one.
  let contexts: BrowserContext[] = [];
  let pages: Page[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    const violations = pages.flatMap((page) => unexpectedViolations(page));
    const found = pages.flatMap((page) => unexpectedErrors(page));
    const open = contexts;
    contexts = [];
    pages = [];
    await Promise.all(open.map((context) => context.close()));
    if (violations.length > 0) {
      throw new Error(`Content-Security-Policy violations in this journey:\n${violations.map((entry) => `  - ${entry}`).join('\n')}`);
    }
    if (found.length > 0) {
      throw new Error(`Console errors this journey did not provoke on purpose:\n${found.map((entry) => `  - ${entry}`).join('\n')}`);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /**
     * `javaScript: false` shows the page as a crawler or a reader before the app has loaded sees it; `baseUrl` opens
     * another server of the app (npm start) than the one global-setup started; `userAgent` replaces headless
     * Chromium's own (which the advert counter, like any crawler filter, does not count: decision 0030);
     * `reducedMotion` emulates a system set to reduce motion (`prefers-reduced-motion: reduce`).
     */
    async newPage(
      viewport: ViewportName = 'desktop',
      options: { javaScript?: boolean; baseUrl?: string; userAgent?: string; reducedMotion?: boolean } = {},
    ): Promise<Page> {
      if (!browser) throw new Error('useBrowser(): the browser is not started yet (call newPage inside a test)');
      const context = await browser.newContext({
        viewport: viewports[viewport],
        deviceScaleFactor: DEVICE_SCALE[viewport] ?? 1,
        reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
        baseURL: options.baseUrl ?? app().baseUrl,
        locale: 'pt-BR',
        javaScriptEnabled: options.javaScript ?? true,
        ...(options.userAgent ? { userAgent: options.userAgent } : {}),
      });
      contexts.push(context);
      const log: ErrorLog = { entries: [], allowed: [], violations: [], allowedViolations: [] };
      await reportPolicyViolations(context, log.violations);
      const page = await context.newPage();
      errorLogs.set(page, log);
      pages.push(page);
      page.on('console', (message) => {
        if (message.type() === 'error') log.entries.push(consoleEntry(message));
      });
      page.on('pageerror', (error) => log.entries.push(`[page error] ${error.stack ?? error.message}`));
      trackRequests(page);
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

/**
 * The axe-core rule tags the site is held to: WCAG 2.0, 2.1 and 2.2 at levels A and AA (the LBI's reference, docs/
 * decisions/0036-accessibility.md), and axe's best practices.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] as const;

/** Runs axe-core in the page and returns every violation, whatever its impact (minor ones too): what must be zero. */
export async function accessibilityViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, which the page policy does not govern (an inline <script> it refuses).
  await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, [...AXE_TAGS]);
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
