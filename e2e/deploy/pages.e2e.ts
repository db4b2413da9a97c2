import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../edge/security-headers.ts';
import { APP_SHELL_FILE, prerenderedPageFor } from '../../src/render/prerendered-pages.ts';
import { site } from '../../src/config/site.ts';
import type { PublishedStory } from '../support/api.ts';
import { expectConsoleErrors, failedRequest, useBrowser } from '../support/browser.ts';
import { hosted } from './support/hosted.ts';
import { hostedAdminClient, publishStoryThroughApi } from './support/hosted-api.ts';
import { headersForEveryAddress } from './support/static-host-server.ts';
import { startPages, type WranglerServer } from './support/wrangler-server.ts';

// The plainest deploy: dist/ on a static host, no server of ours. Cloudflare Pages' own static serving
// (`wrangler pages dev`, workerd, offline) reads the build's _headers and _redirects as Pages and Netlify do. Every
// deep link must get its own page (the prerendered one where the build made one, else the app's shell, as
// src/render/prerendered-pages.ts decides for every host), the page policy and its companions, and no private file.

/** Pages' compatibility date: the Worker's (adapters/cloudflare/wrangler.toml), which the pinned workerd accepts. */
const COMPATIBILITY_DATE = '2026-11-01';

/** The headers every answer of the site carries (edge/security-headers.ts). */
const SECURITY_HEADERS = Object.keys(securityHeaders());

/** Build files no host may serve (decision 0012): the server render and Vite's manifest. */
const PRIVATE_FILES = ['.server/render-request.js', '.vite/manifest.json'];

interface DeepLink {
  path: string;
  /** What the page shows once the app runs: its main heading, or the admin's sign-in form. */
  shows: { heading: string } | { label: string };
  /** An address that is no page: 404 with the host's not-found page (404.html), as Pages and Netlify serve it. */
  missing?: true;
}

/** The file of dist/ an address must be answered with: the one every host picks (src/render/prerendered-pages.ts). */
function fileFor({ path, missing }: DeepLink): string {
  if (missing) return '404.html';
  return prerenderedPageFor(new URL(path, 'http://site.invalid').pathname)?.file ?? APP_SHELL_FILE;
}

describe('static host: dist/ under Cloudflare Pages (wrangler pages dev) with its _headers and _redirects', () => {
  const browser = useBrowser();
  const { url: hostedUrl, siteDir } = hosted();
  const dist = join(siteDir, 'dist');
  let pages: WranglerServer;
  let story: PublishedStory;
  let links: DeepLink[];

  beforeAll(async () => {
    story = await publishStoryThroughApi(await hostedAdminClient(), 'Prefeitura abre inscrições para a Feira do Livro');
    links = [
      { path: '/', shows: { heading: `${site.name}: página inicial` } },
      { path: '/obituarios', shows: { heading: 'Obituário' } },
      { path: '/vagas', shows: { heading: 'Vagas de Emprego' } },
      { path: '/anuncie', shows: { heading: `Anuncie no ${site.name}` } },
      { path: '/topic/local', shows: { heading: 'Porto Ferreira' } },
      // Published after the build: no host has its page but the app, which reads it from the hosted project.
      { path: story.path, shows: { heading: story.title } },
      { path: '/busca?q=x', shows: { heading: 'Busca' } },
      { path: '/admin', shows: { label: 'Email' } },
      { path: '/admin/login', shows: { label: 'Email' } },
      // The app's own not-found page (src/app/route-error.tsx) over the reader's frame, with a 404 as every host answers.
      { path: '/endereco-que-nao-existe', shows: { heading: 'Unexpected Application Error!' }, missing: true },
    ];
    pages = await startPages(dist, COMPATIBILITY_DATE);
  });

  afterAll(async () => {
    if (story) await (await hostedAdminClient()).from('publications').delete().eq('id', story.id);
    await pages?.stop();
  });

  it('answers every deep link with its own HTML: the prerendered page where there is one, else the shell', async () => {
    const home = readFileSync(join(dist, 'index.html'), 'utf8');
    for (const link of links) {
      const { path } = link;
      const response = await fetch(`${pages.baseUrl}${path}`);
      expect(response.status, path).toBe(link.missing ? 404 : 200);
      expect(new URL(response.url).pathname, `${path} is answered where it was asked, not redirected`).toBe(new URL(path, pages.baseUrl).pathname);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      const expectedFile = fileFor(link);
      const body = await response.text();
      expect(body === readFileSync(join(dist, expectedFile), 'utf8'), `${path} is served ${expectedFile}`).toBe(true);
      // Never the home page's hero for another address (a plain SPA fallback to index.html would be).
      if (path !== '/') expect(body === home, `${path} is not the home page`).toBe(false);
    }
  });

  it("carries the page policy and the other security headers of _headers on every deep link", async () => {
    const declared = headersForEveryAddress(dist);
    for (const header of SECURITY_HEADERS) expect(declared[header], `_headers sets ${header} for /*`).toBeTruthy();
    for (const { path } of links) {
      const response = await fetch(`${pages.baseUrl}${path}`);
      for (const [header, value] of Object.entries(declared)) expect(response.headers.get(header), `${header} on ${path}`).toContain(value);
      const policy = response.headers.get('Content-Security-Policy');
      expect(policy, path).toContain("frame-ancestors 'none'");
      // The build's bundle talks to the hosted project: the policy lets it, and only it.
      expect(policy, path).toContain(`connect-src 'self' ${hostedUrl}`);
    }
    // A script is no document (its `! Name` lines in _headers): nosniff, and none of the page's own headers.
    const home = await (await fetch(`${pages.baseUrl}/`)).text();
    const script = /data-app="(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
    const asset = await fetch(`${pages.baseUrl}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(asset.headers.get('Content-Security-Policy')).toBeNull();
    expect(asset.headers.get('X-Frame-Options')).toBeNull();
  });

  it("never serves the build's private files", async () => {
    for (const file of PRIVATE_FILES) {
      const response = await fetch(`${pages.baseUrl}/${file}`);
      const content = readFileSync(join(dist, file), 'utf8');
      const body = await response.text();
      expect(body.includes(content.slice(0, 200)), `/${file} is not served`).toBe(false);
    }
  });

  it('opens every deep link in Chromium with no policy violation or console error', async () => {
    // useBrowser fails the test on any Content-Security-Policy violation or console error of the page.
    const page = await browser.newPage('desktop', { baseUrl: pages.baseUrl });
    // Chromium logs the not-found address's 404 itself.
    expectConsoleErrors(page, ...links.filter((link) => link.missing).map((link) => failedRequest(404, link.path)));
    for (const { path, shows } of links) {
      await page.goto(path);
      if ('heading' in shows) await page.getByRole('heading', { level: 1, name: shows.heading, exact: true }).waitFor();
      else await page.getByLabel(shows.label).waitFor();
    }
  });

  it('sent nothing off the machine: wrangler tried no request beyond 127.0.0.1', () => {
    expect(pages.outboundAttempts()).toEqual([]);
  });
});
