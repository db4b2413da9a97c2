import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedStory } from '../support/api.ts';
import { expectConsoleErrors, failedRequest, useBrowser, type ViewportName } from '../support/browser.ts';
import { signInToPanel, unique } from '../support/fixtures.ts';
import { hosted } from './support/hosted.ts';
import { hostedAdminClient, publishStoryThroughApi } from './support/hosted-api.ts';
import { startStaticHost, type StaticHost } from './support/static-host-server.ts';

// A static host serving the hosted build's dist/ with nothing but the _headers and _redirects the build wrote
// (support/static-host-server.ts follows Cloudflare Pages' rules): every deep link opens its own page, the page
// policy lets the app reach the hosted project, and the build's private files are not served.

interface Fixtures {
  story: PublishedStory;
  obituary: { id: string; name: string };
  job: { id: string; title: string };
}

/** An address, the page its first HTML must be (its data-prerendered key, or null for the plain app page) and what shows it. */
interface DeepLink {
  path: string;
  firstHtml: string | null;
  shows: (page: Page) => Promise<void>;
}

/** A word of the published story's title that no other story of the stand-in carries. */
const SEARCHED_WORD = 'reabre';

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

function deepLinks({ story, obituary, job }: Fixtures): DeepLink[] {
  return [
    { path: '/', firstHtml: 'home', shows: (page) => page.getByRole('link', { name: story.title }).first().waitFor() },
    { path: story.path, firstHtml: 'shell', shows: (page) => h1(page, story.title) },
    { path: '/topic/local', firstHtml: 'topic-local', shows: (page) => page.getByRole('link', { name: story.title }).first().waitFor() },
    {
      path: `/busca?q=${encodeURIComponent(SEARCHED_WORD)}`,
      firstHtml: 'shell',
      shows: async (page) => {
        await h1(page, 'Busca');
        await page.getByRole('link', { name: story.title }).first().waitFor();
      },
    },
    { path: '/obituarios', firstHtml: 'obituaries', shows: (page) => page.getByText(obituary.name).first().waitFor() },
    { path: `/obituarios/${obituary.id}`, firstHtml: 'shell', shows: (page) => h1(page, obituary.name) },
    { path: '/vagas', firstHtml: 'jobs', shows: (page) => page.getByText(job.title).first().waitFor() },
    { path: `/vagas/${job.id}`, firstHtml: 'shell', shows: (page) => h1(page, job.title) },
    { path: '/anuncie', firstHtml: 'advertising', shows: (page) => page.getByRole('heading', { level: 1, name: /Anuncie/ }).waitFor() },
    { path: '/admin', firstHtml: null, shows: (page) => page.getByRole('button', { name: 'Entrar' }).waitFor() },
  ];
}

/** The key the first HTML's root names (data-prerendered), null for the plain app page. */
function prerenderedKey(html: string): string | null {
  return /<div id="root" data-prerendered="([^"]+)"/.exec(html)?.[1] ?? null;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe('a static host serving dist/ with its _headers and _redirects', () => {
  const browser = useBrowser();
  let host: StaticHost;
  let fixtures: Fixtures;
  const dist = () => join(hosted().siteDir, 'dist');

  beforeAll(async () => {
    host = await startStaticHost(dist());
    const client = await hostedAdminClient();
    const story = await publishStoryThroughApi(client, `Ponte do Rio Mogi ${SEARCHED_WORD}`);
    const { data: obituary, error: obituaryError } = await client
      .from('obituaries')
      .insert({
        name: unique('Benedita Aparecida Souza'),
        age: 88,
        death_date: new Date().toISOString().slice(0, 10),
        funeral_location: 'Cemitério Municipal de Porto Ferreira',
        funeral_time: '16h',
        published: true,
      })
      .select('id, name')
      .single();
    if (obituaryError) throw obituaryError;
    const { data: job, error: jobError } = await client
      .from('jobs')
      .insert({ title: unique('Auxiliar de produção cerâmica'), company: 'Cerâmica Porto Ferreira', location: 'Porto Ferreira - SP', published: true })
      .select('id, title')
      .single();
    if (jobError) throw jobError;
    fixtures = { story, obituary, job };
  });

  afterAll(async () => {
    await host?.close();
  });

  it('each address gets its own page as first HTML, never the home page', async () => {
    for (const link of deepLinks(fixtures)) {
      const response = await fetch(`${host.url}${link.path}`, { redirect: 'manual' });
      expect(response.status, link.path).toBe(200);
      const html = await response.text();
      expect(prerenderedKey(html), link.path).toBe(link.firstHtml);
      if (link.firstHtml !== 'home') expect(html, link.path).not.toContain('/images/hero/');
    }
    // An address of no page: the reader's frame with a 404 (the app shows its not-found page).
    const unknown = await fetch(`${host.url}/pagina-que-nao-existe`);
    expect(unknown.status).toBe(404);
    expect(prerenderedKey(await unknown.text())).toBe('shell');
  });

  it('sends the page policy the build computed: the hosted project for data and pictures, no framing; assets kept for good', async () => {
    const response = await fetch(`${host.url}/obituarios`);
    const policy = response.headers.get('content-security-policy') ?? '';
    const project = escape(hosted().url);
    expect(policy).toMatch(new RegExp(`connect-src [^;]*${project}`));
    expect(policy).toMatch(new RegExp(`img-src [^;]*${project}`));
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/script-src 'self' 'sha256-/);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const script = /data-app="(\/assets\/[^"]+\.js)"/.exec(await response.text())?.[1];
    const asset = await fetch(`${host.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A script is no document: nosniff, and none of the page's own headers.
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('content-security-policy')).toBeNull();
    expect(asset.headers.get('x-frame-options')).toBeNull();
  });

  it('serves none of the build’s private files, nor its own rule files', async () => {
    // A template's .html name redirects to its extensionless address (as on Pages), which answers 404.
    const privateFiles = ['/.server/render-request.js', '/.vite/manifest.json', '/prerendered/obituarios.html', '/prerendered/shell.html', '/app.html', '/_headers', '/_redirects'];
    for (const path of privateFiles) {
      const response = await fetch(`${host.url}${path}`);
      const body = await response.text();
      expect(response.status, path).toBe(404);
      // The 404 page is the reader's frame (dist/404.html), the same for every missing address.
      if (path !== '/prerendered/shell.html') expect(body, path).not.toBe(readFileSync(join(dist(), path), 'utf8'));
    }
    // The home page's template is the home page: its .html name leads to '/'.
    const index = await fetch(`${host.url}/index.html`);
    expect(new URL(index.url).pathname).toBe('/');
  });

  for (const viewport of ['phone', 'desktop'] as const satisfies readonly ViewportName[]) {
    it(`in Chromium at ${viewport === 'phone' ? 390 : 1280} px: every deep link renders its page without the home page's hero, within the page policy`, async () => {
      for (const link of deepLinks(fixtures)) {
        const page = await browser.newPage(viewport, { baseUrl: host.url });
        const images: string[] = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname);
        });
        await page.goto(link.path);
        await link.shows(page);
        if (link.firstHtml !== 'home') expect(images.filter((path) => path.startsWith('/images/hero/')), link.path).toEqual([]);
        await page.close();
      }
      const missing = await browser.newPage(viewport, { baseUrl: host.url });
      expectConsoleErrors(missing, failedRequest(404, '/pagina-que-nao-existe'));
      await missing.goto('/pagina-que-nao-existe');
      await missing.getByText('404').first().waitFor();
    });
  }

  it('the admin signs in against the hosted project', async () => {
    const page = await browser.newPage('phone', { baseUrl: host.url });
    await signInToPanel(page, hosted().admin);
    await page.goto('/admin/publications');
    await page.getByRole('link', { name: 'Nova Publicação' }).waitFor();
  });
});
