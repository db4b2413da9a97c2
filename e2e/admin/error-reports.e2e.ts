import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSentryStandIn, type SentryStandIn } from '../../tests/support/sentry-stand-in.ts';
import { expectConsoleErrors, signIn, useBrowser, waitForQuietNetwork } from '../support/browser.ts';
import { startBuiltApp, type RunningApp } from '../support/server.ts';

// The browser's error reports (docs/decisions/0041) in Chromium, against a stand-in Sentry. The suite's build (no
// VITE_SENTRY_DSN) never asks for the SDK, in the admin panel or anywhere, and never reaches the stand-in. A build
// made here with VITE_SENTRY_DSN (the client bundle only, into a folder of its own) still gives a reader's first load
// no byte of the SDK, loads it in the admin panel, and an error there reaches the stand-in scrubbed; its privacy
// policy names Sentry, the suite's does not.

const ROOT = resolve(import.meta.dirname, '../..');
const SDK_CHUNK = /\/assets\/browser-sdk-[\w-]+\.js$/;
const PANEL_ERROR = 'falha no painel ao salvar para redacao.teste@exemplo.com.br';

/** `vite build` of the client with these variables into `outDir` (the server render and the prerender are not needed). */
function buildClient(outDir: string, vars: Record<string, string>): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [resolve(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: ROOT,
      env: { ...process.env, ...vars },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`vite build exited with ${code}: ${errors}`))));
  });
}

/** Every address the page asks for from now on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

describe('error reports in the browser', () => {
  const browser = useBrowser();
  let sentry: SentryStandIn;

  beforeAll(async () => {
    sentry = await startSentryStandIn();
  });

  afterAll(async () => {
    await sentry?.stop();
  });

  describe('without VITE_SENTRY_DSN (the suite’s build)', () => {
    let app: RunningApp;
    beforeAll(async () => {
      app = await startBuiltApp();
    });
    afterAll(async () => {
      await app?.stop();
    });

    it('the admin panel never asks for the SDK, nothing reaches Sentry, and the privacy policy does not name it', async () => {
      const page = await browser.newPage('desktop', { baseUrl: app.baseUrl });
      const urls = recordRequests(page);
      await signIn(page, app.adminEmail, app.adminPassword);
      await page.locator('aside').waitFor();
      await waitForQuietNetwork(page);
      await page.goto('/privacidade');
      await page.getByRole('heading', { name: 'Serviços de terceiros' }).waitFor();
      expect(await page.getByRole('main').textContent()).not.toContain('Sentry');
      expect(urls.filter((url) => SDK_CHUNK.test(url))).toEqual([]);
      expect(sentry.requests).toEqual([]);
    });
  });

  describe('with VITE_SENTRY_DSN', () => {
    let app: RunningApp;
    let distDir: string;
    beforeAll(async () => {
      distDir = mkdtempSync(join(tmpdir(), 'pf-sentry-dist-'));
      await buildClient(distDir, { VITE_SENTRY_DSN: sentry.dsn(5) });
      app = await startBuiltApp({ distDir, extraVars: { VITE_SENTRY_DSN: sentry.dsn(5) } });
    }, 240_000);
    afterAll(async () => {
      await app?.stop();
      if (distDir) rmSync(distDir, { recursive: true, force: true });
    });

    it('a reader’s page loads no byte of the SDK and sends nothing; its privacy policy names Sentry', async () => {
      const page = await browser.newPage('phone', { baseUrl: app.baseUrl });
      const urls = recordRequests(page);
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Editorias' }).waitFor();
      await waitForQuietNetwork(page);
      await page.goto('/privacidade');
      await page.getByText('Relatórios de erro (Sentry):').waitFor();
      await waitForQuietNetwork(page);
      expect(urls.filter((url) => SDK_CHUNK.test(url) || url.startsWith(sentry.origin))).toEqual([]);
      expect(sentry.requests).toEqual([]);
    });

    it('the admin panel loads the SDK in its own chunk, and its error reaches Sentry without the e-mail, cookies or query', async () => {
      const page = await browser.newPage('desktop', { baseUrl: app.baseUrl });
      expectConsoleErrors(page, /falha no painel/);
      const urls = recordRequests(page);
      await signIn(page, app.adminEmail, app.adminPassword);
      await page.locator('aside').waitFor();
      await expect.poll(() => urls.some((url) => SDK_CHUNK.test(url))).toBe(true);
      await waitForQuietNetwork(page);
      // An error no code of the panel catches, as a failed handler's would be: the SDK's global handler reports it.
      await page.evaluate((message) => {
        setTimeout(() => {
          throw new Error(message);
        });
      }, PANEL_ERROR);
      const event = await sentry.waitForEvent((candidate) => JSON.stringify(candidate.exception ?? '').includes('falha no painel'));
      const [thrown] = (event.exception as { values: { type: string; value: string }[] }).values;
      expect(thrown).toMatchObject({ type: 'Error', value: 'falha no painel ao salvar para [e-mail]' });
      // Where it happened, and nothing else of the request: no headers (the User-Agent, the Referer), no query.
      expect(event.request).toEqual({ url: `${app.baseUrl}/admin` });
      for (const sent of sentry.envelopes) {
        expect(sent.project).toBe('5');
        expect(sent.raw).not.toContain('redacao.teste@exemplo.com.br');
        expect(sent.raw).not.toContain(app.adminEmail);
        expect(sent.raw).not.toMatch(/"ip_address"|"cookies"|"headers"|"query_string"|"breadcrumbs"|access_token/);
      }
    });
  });
});
