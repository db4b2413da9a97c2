import { createHash, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_TAGS } from '../../src/lib/rich-text/allow-list.ts';
import type { Database, TablesInsert } from '../../src/types/database.ts';
import { TINY_PNG } from '../support/fixtures.ts';
import { waitForHomeLoaded } from '../reader/reader-fixtures.ts';
import { adminApiClient } from '../support/api.ts';
import { app, expectConsoleErrors, expectPolicyViolations, signIn, useBrowser, waitForQuietNetwork } from '../support/browser.ts';
import { HOSTILE_IMAGE_URLS, HOSTILE_YOUTUBE_URLS, packed, XSS_VECTORS, type XssVector } from './xss-corpus.ts';
import type { SupabaseClient } from '@supabase/supabase-js';

// Stored XSS (docs/decisions/0015): the corpus saved by an administrator through the API in every text field of
// publications, jobs and obituaries, and through the editor, then opened as a reader in Chromium (under the page
// policy: any violation fails the test too), in the link-preview head and in the feeds. Nothing may run: no marker
// call, no dialog, no handler or script address in the DOM; harmless formatting survives.

interface ParsedElement {
  tagName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  getAttributeNames(): string[];
  parentElement: { tagName: string } | null;
  previousElementSibling: { id: string } | null;
  querySelector(selector: string): ParsedElement | null;
  querySelectorAll(selector: string): ArrayLike<ParsedElement>;
}
interface ParsedDocument {
  documentElement: ParsedElement;
  querySelector(selector: string): ParsedElement | null;
  querySelectorAll(selector: string): ArrayLike<ParsedElement>;
}
// jsdom parses without running anything (no scripts, no resources): the markup as a crawler or a feed reader gets it.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (markup: string, options?: { contentType?: string }) => { window: { document: ParsedDocument } };
};
const parseHtml = (markup: string) => new JSDOM(markup).window.document;
const parseXml = (markup: string) => new JSDOM(markup, { contentType: 'application/xml' }).window.document;

const STAMP = Date.now().toString(36);
const TOPIC = { name: `Segurança ${STAMP}`, slug: `seguranca-${STAMP}` };
const CRAWLER = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
/** Harmless formatting that must survive the sanitiser, beside the corpus. */
const FORMATTING = (image: string) =>
  '<h2>Subtítulo seguro</h2><p>Texto <strong>negrito</strong>, <em>itálico</em> e <a href="https://example.com/seguro">link seguro</a>.</p>' +
  `<ul><li>primeiro item</li><li>segundo item</li></ul><figure><img src="${image}" alt="Imagem própria" width="1" height="1"><figcaption>Foto: Redação</figcaption></figure>`;
const ROWS = { publications: 12, jobs: 8, obituaries: 8 } as const;

type Admin = SupabaseClient<Database>;
let admin: Admin;
let image: string;
let imageObject: string;
let topicId: string;
const created = { publications: [] as string[], jobs: [] as string[], obituaries: [] as string[] };
let bodyStory: { id: string; title: string };
const bodyRefused: XssVector[] = [];
let stories: { id: string; title: string }[] = [];

/**
 * Field values for `rows` rows: every vector packed into strings within the field's limit, starting at `offset` so
 * the short fields of one table cover different vectors; a row beyond the packed strings gets a plain value.
 */
function fieldValues(limit: number, rows: number, offset: number, plain: (row: number) => string): string[] {
  const rotated = [...XSS_VECTORS.slice(offset % XSS_VECTORS.length), ...XSS_VECTORS.slice(0, offset % XSS_VECTORS.length)];
  const chunks = packed(rotated, limit);
  return Array.from({ length: rows }, (_, row) => chunks[row] ?? plain(row));
}

async function insertRows<T extends 'publications' | 'jobs' | 'obituaries'>(table: T, rows: TablesInsert<T>[]): Promise<string[]> {
  const { data, error } = await admin.from(table).insert(rows as never).select('id');
  if (error) throw new Error(`${table}: ${error.message}`);
  return (data as unknown as { id: string }[]).map((row) => row.id);
}

beforeAll(async () => {
  admin = await adminApiClient();
  // Not a rendition's name (original-<w>w): the page asks for no srcset of a file that has none.
  imageObject = `xss-${randomUUID()}/foto.png`;
  const upload = await admin.storage.from('publications').upload(imageObject, TINY_PNG, { contentType: 'image/png' });
  if (upload.error) throw upload.error;
  image = `/storage/v1/object/public/publications/${imageObject}`;
  const topic = await admin.from('topics').insert(TOPIC).select('id').single();
  if (topic.error) throw topic.error;
  topicId = topic.data.id;

  // The body: each vector on its own first, to learn which ones the database's body-image check refuses.
  const now = Date.now();
  const bodyTitle = `Corpo XSS ${STAMP}`;
  const [bodyId] = await insertRows('publications', [{ title: bodyTitle, published: false, topic_id: topicId }]);
  bodyStory = { id: bodyId!, title: bodyTitle };
  created.publications.push(bodyStory.id);
  const accepted: XssVector[] = [];
  for (const vector of XSS_VECTORS) {
    const { error } = await admin.from('publications').update({ content: vector.html }).eq('id', bodyStory.id);
    if (error) {
      expect(error.code, vector.name).toBe('23514');
      bodyRefused.push(vector);
    } else accepted.push(vector);
  }
  const body = FORMATTING(image) + accepted.map((vector) => vector.html).join('\n');
  const saved = await admin
    .from('publications')
    .update({ content: body, published: true, published_at: new Date(now).toISOString(), image_url: image, image_alt: 'Imagem própria' })
    .eq('id', bodyStory.id);
  if (saved.error) throw saved.error;

  // Title, description, alternative text, credit and byline of a dozen stories.
  const n = ROWS.publications;
  const titles = fieldValues(180, n, 0, (row) => `Título ${row}`);
  const descriptions = fieldValues(500, n, 5, (row) => `Resumo ${row}`);
  const alts = fieldValues(300, n, 10, (row) => `Descrição ${row}`);
  const credits = fieldValues(120, n, 20, (row) => `Crédito ${row}`);
  stories = titles.map((title, row) => ({ id: '', title: `${STAMP}-${row} ${title}` }));
  const ids = await insertRows(
    'publications',
    stories.map((story, row) => ({
      title: story.title,
      description: descriptions[row]!,
      image_url: image,
      image_alt: alts[row]!,
      image_credit: credits[row]!,
      content: `<p>Texto ${row}</p>`,
      topic_id: topicId,
      published: true,
      published_at: new Date(now - (row + 1) * 1000).toISOString(),
    })),
  );
  ids.forEach((id, row) => (stories[row]!.id = id));
  created.publications.push(...ids);

  const jobs = ROWS.jobs;
  const [jobTitles, companies, locations, descriptionsJ, howTo] = [
    fieldValues(140, jobs, 0, (row) => `Vaga ${row}`),
    fieldValues(160, jobs, 12, (row) => `Empresa ${row}`),
    fieldValues(160, jobs, 24, (row) => `Local ${row}`),
    fieldValues(5000, jobs, 0, (row) => `Descrição ${row}`),
    fieldValues(1000, jobs, 3, (row) => `Candidate-se ${row}`),
  ];
  created.jobs = await insertRows(
    'jobs',
    jobTitles.map((title, row) => ({
      title: `${STAMP}-${row} ${title}`,
      company: companies[row]!,
      location: locations[row]!,
      description: descriptionsJ[row]!,
      how_to_apply: howTo[row]!,
      contract_type: 'CLT' as const,
      published: true,
    })),
  );

  const obituaries = ROWS.obituaries;
  const [names, places, times, biographies, families] = [
    fieldValues(140, obituaries, 0, (row) => `Pessoa ${row}`),
    fieldValues(200, obituaries, 14, (row) => `Velório ${row}`),
    fieldValues(100, obituaries, 28, (row) => `${row}h`),
    fieldValues(5000, obituaries, 0, (row) => `Biografia ${row}`),
    fieldValues(2000, obituaries, 7, (row) => `Família ${row}`),
  ];
  created.obituaries = await insertRows(
    'obituaries',
    names.map((name, row) => ({
      name: `${STAMP}-${row} ${name}`,
      age: 80,
      death_date: new Date(now).toISOString().slice(0, 10),
      funeral_location: places[row]!,
      funeral_time: times[row]!,
      biography: biographies[row]!,
      family: families[row]!,
      photo_url: image,
      published: true,
    })),
  );
});

afterAll(async () => {
  if (!admin) return;
  if (created.publications.length) await admin.from('publications').delete().in('id', created.publications);
  await admin.from('publications').delete().like('title', `%${STAMP}%`);
  if (created.jobs.length) await admin.from('jobs').delete().in('id', created.jobs);
  if (created.obituaries.length) await admin.from('obituaries').delete().in('id', created.obituaries);
  if (topicId) await admin.from('topics').delete().eq('id', topicId);
  if (imageObject) await admin.storage.from('publications').remove([imageObject]);
});

/** What would prove a payload active in a document: handlers, script addresses, foreign scripts and frames. */
function activeMarkup(root: { querySelectorAll(selector: string): ArrayLike<ParsedElement> }): string[] {
  const found: string[] = [];
  const scriptAddress = /^(javascript|vbscript|data):/i;
  for (const element of Array.from(root.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    for (const name of element.getAttributeNames()) {
      // A browser ignores controls and spaces inside a URL's scheme (java&#x09;script:): so does this check.
      // eslint-disable-next-line no-control-regex
      const value = (element.getAttribute(name) ?? '').replace(/[\u0000-\u0020]/g, '');
      if (/^on/i.test(name)) found.push(`<${tag} ${name}>`);
      if (/^(href|src|action|formaction|xlink:href|data|poster|background|srcset)$/i.test(name) && scriptAddress.test(value)) {
        found.push(`<${tag} ${name}="${value.slice(0, 40)}">`);
      }
      if (name.toLowerCase() === 'srcdoc') found.push(`<${tag} srcdoc>`);
    }
    if (tag === 'script') {
      const type = element.getAttribute('type') ?? '';
      const src = element.getAttribute('src') ?? '';
      // The build's boot (server/deferred-app-plugin.ts): written into the head, naming the app's entry.
      const isBoot =
        type === 'module' && !src && element.parentElement?.tagName === 'HEAD' && /^\/assets\/[\w.-]+\.js$/.test(element.getAttribute('data-app') ?? '');
      const isData = (type === 'application/json' || type === 'application/ld+json') && !src;
      // React Router's hydration data (decision 0048): the root's next sibling, one JSON string parsed, nothing else.
      const isHydrationData =
        !type && !src && element.previousElementSibling?.id === 'root' && /^window\.__staticRouterHydrationData = JSON\.parse\("(?:[^"\\]|\\.)*"\);$/.test(element.textContent ?? '');
      if (!isBoot && !isData && !isHydrationData) found.push(`<script type="${type}" src="${src}">`);
    }
    if (['object', 'embed', 'base', 'applet'].includes(tag)) found.push(`<${tag}>`);
    if (tag === 'iframe' && !(element.getAttribute('src') ?? '').startsWith('https://www.youtube-nocookie.com/embed/')) found.push('<iframe>');
    if (tag === 'meta' && (element.getAttribute('http-equiv') ?? '').toLowerCase() === 'refresh') found.push('<meta refresh>');
  }
  return found;
}

/**
 * Records every marker call and dialog of the page's documents (set before the first navigation).
 *
 * Chromium reports an inline handler or style to the page policy as soon as markup holding one is parsed, even into
 * an inert document (DOMParser, <template>, a detached element), where nothing can run. The sanitiser and the
 * editor's paste parse the corpus so, from the app's own bundle: those reports, and their console lines, are
 * expected here, and only those (an inline script or any blocked address still fails the test). Whether anything
 * reached the live page is what the DOM check and the markers decide.
 */
async function watchForExecution(page: Page): Promise<{ fired: string[] }> {
  expectPolicyViolations(page, /^'(script-src-attr|style-src-attr|style-src-elem)' blocked inline at https?:\/\/[^/]+\/assets\/[\w.-]+\.js:\d+ on /);
  expectConsoleErrors(page, /^(Executing inline event handler|Applying inline style) violates the following Content Security Policy directive '(script-src 'self'(?: 'sha256-[\w+/=]+')*|style-src 'self'|style-src-attr 'none')'.* The action has been blocked\. \(https?:\/\/[^/]+\/assets\/[\w.-]+\.js\)$/);
  const fired: string[] = [];
  page.on('dialog', (dialog) => {
    fired.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.context().exposeBinding('__xssFired', (_source, marker: string) => {
    fired.push(marker);
  });
  await page.context().addInitScript(() => {
    const report = (marker: string) => (window as unknown as { __xssFired(marker: string): void }).__xssFired(marker);
    Object.assign(window, {
      __xss: (n: number) => report(`marker ${n}`),
      alert: (text: unknown) => report(`alert ${String(text)}`),
      confirm: (text: unknown) => (report(`confirm ${String(text)}`), false),
      prompt: (text: unknown) => (report(`prompt ${String(text)}`), null),
    });
  });
  return { fired };
}

/** Opens an address as a reader, waits for its content and checks that nothing in it is active. */
async function openInert(page: Page, path: string, waitFor: string | ((page: Page) => Promise<void>)): Promise<void> {
  await page.goto(path);
  if (typeof waitFor === 'string') await page.getByText(waitFor, { exact: false }).first().waitFor();
  else await waitFor(page);
  await waitForQuietNetwork(page, 300);
  const found = await page.evaluate(
    `(${activeMarkup.toString()})(document)`,
  );
  expect(found, path).toEqual([]);
}

describe('stored XSS', () => {
  const browser = useBrowser();

  it('the URL fields refuse hostile addresses; the body refuses foreign images and keeps the rest to be made inert', async () => {
    for (const url of HOSTILE_YOUTUBE_URLS) {
      const { error } = await admin.from('publications').update({ youtube_url: url }).eq('id', bodyStory.id);
      expect(error?.code, url).toBe('23514');
    }
    for (const url of HOSTILE_IMAGE_URLS) {
      const story = await admin.from('publications').update({ image_url: url }).eq('id', bodyStory.id);
      expect(story.error?.code, url).toBe('23514');
      const obituary = await admin.from('obituaries').update({ photo_url: url }).eq('id', created.obituaries[0]!);
      expect(obituary.error?.code, url).toBe('23514');
    }
    // Only vectors carrying an <img>/<image> the database cannot prove ours are refused in the body.
    for (const vector of bodyRefused) expect(vector.html, vector.name).toMatch(/<(img|image)\b/i);
    expect(XSS_VECTORS.length - bodyRefused.length).toBeGreaterThanOrEqual(30);
    // The text fields store every vector exactly as sent.
    const { data } = await admin.from('publications').select('title').in('id', stories.map((story) => story.id));
    expect(data!.map((row) => row.title).sort()).toEqual(stories.map((story) => story.title).sort());
  });

  it('a reader opens the stories and their cards in Chromium: nothing runs, formatting survives', async () => {
    const page = await browser.newPage('desktop');
    const { fired } = await watchForExecution(page);

    await openInert(page, `/noticia/${bodyStory.id}`, 'Subtítulo seguro');
    const article = page.locator('article').first();
    expect(await article.locator('h2', { hasText: 'Subtítulo seguro' }).count()).toBe(1);
    expect(await article.locator('strong', { hasText: 'negrito' }).count()).toBe(1);
    expect(await article.locator('em', { hasText: 'itálico' }).count()).toBe(1);
    expect(await article.locator('a[href="https://example.com/seguro"]').count()).toBe(1);
    expect(await article.locator('li').allTextContents()).toEqual(expect.arrayContaining(['primeiro item', 'segundo item']));
    expect(await article.locator(`img[src="${image}"][alt="Imagem própria"]`).count()).toBeGreaterThanOrEqual(1);

    for (const story of stories) await openInert(page, `/noticia/${story.id}`, story.title.slice(0, 12));
    await openInert(page, `/topic/${TOPIC.slug}`, `${STAMP}-0`);
    // The home page's newest cards: the corpus stories are the newest of all.
    await openInert(page, '/', waitForHomeLoaded);
    expect(await page.getByText(STAMP).count()).toBeGreaterThan(0);
    // Late handlers (autofocus, animations, media errors) would have fired by now.
    await page.waitForTimeout(300);
    expect(fired).toEqual([]);
  });

  it('a reader opens the jobs and obituaries in Chromium: nothing runs', async () => {
    const page = await browser.newPage('phone');
    const { fired } = await watchForExecution(page);
    await openInert(page, '/vagas', `${STAMP}-0`);
    for (const id of created.jobs) await openInert(page, `/vagas/${id}`, STAMP);
    await openInert(page, '/obituarios', `${STAMP}-0`);
    for (const id of created.obituaries) await openInert(page, `/obituarios/${id}`, STAMP);
    await page.waitForTimeout(300);
    expect(fired).toEqual([]);
  });

  it('the link-preview head of each page has no script but the app and its data, no handler, every value as text', async () => {
    const { baseUrl } = app();
    const pages = [
      ...[bodyStory, ...stories].map((story) => ({ path: `/noticia/${story.id}`, title: story.title })),
      ...created.jobs.map((id) => ({ path: `/vagas/${id}`, title: null })),
      ...created.obituaries.map((id) => ({ path: `/obituarios/${id}`, title: null })),
    ];
    for (const { path, title } of pages) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { 'User-Agent': CRAWLER } });
      expect(response.status, path).toBe(200);
      const doc = parseHtml(await response.text());
      expect(activeMarkup(doc), path).toEqual([]);
      const head = doc.querySelector('head')!;
      const headTags = Array.from(head.querySelectorAll('*')).map((element) => element.tagName.toLowerCase());
      expect(headTags.filter((tag) => !['meta', 'title', 'link', 'script', 'style'].includes(tag)), path).toEqual([]);
      // No inline style; two inline scripts, the build's boot (server/deferred-app-plugin.ts) and React Router's
      // hydration data after the root, each allowed by the page policy by its hash and nothing else.
      expect(head.querySelectorAll('style'), path).toHaveLength(0);
      const boots = Array.from(head.querySelectorAll('script[type="module"]'));
      expect(boots, path).toHaveLength(1);
      const hydration = doc.querySelector('#root + script');
      expect(hydration?.textContent, path).toMatch(/^window\.__staticRouterHydrationData = /);
      const hashOf = (script: ParsedElement) => `'sha256-${createHash('sha256').update(script.textContent ?? '').digest('base64')}'`;
      const allowed = /script-src ([^;]*);/.exec(response.headers.get('content-security-policy') ?? '')?.[1]?.split(' ').sort();
      expect(allowed, path).toEqual(["'self'", hashOf(boots[0]!), hashOf(hydration!)].sort());
      for (const script of Array.from(head.querySelectorAll('script[type="application/ld+json"]'))) {
        expect(() => JSON.parse(script.textContent ?? '') as unknown, path).not.toThrow();
      }
      if (title) {
        // The stored title comes back as the attribute's value, unchanged: it was escaped, not cut or interpreted.
        expect(doc.querySelector('meta[property="og:title"]')?.getAttribute('content'), path).toBe(title);
      }
      expect(doc.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? '', path).toContain(STAMP);
    }
  });

  it('the feeds carry the stories as text and sanitised HTML only', async () => {
    const { baseUrl } = app();
    for (const path of ['/rss.xml', `/rss/${TOPIC.slug}.xml`]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      const feed = parseXml(await response.text());
      const items = Array.from(feed.querySelectorAll('item')).filter((item) => item.querySelector('title')?.textContent?.includes(STAMP));
      expect(items.length, path).toBeGreaterThanOrEqual(ROWS.publications);
      expect(Array.from(feed.querySelectorAll('*')).filter((element) => /^(script|iframe|object|embed)$/i.test(element.tagName)), path).toEqual([]);
      for (const item of items) {
        const encoded = Array.from(item.querySelectorAll('*')).find((element) => element.tagName === 'content:encoded');
        const body = parseHtml(`<body>${encoded?.textContent ?? ''}</body>`);
        expect(activeMarkup(body), path).toEqual([]);
        const tags = new Set(Array.from(body.querySelectorAll('body *')).map((element) => element.tagName.toLowerCase()));
        for (const tag of tags) expect(ALLOWED_TAGS, path).toContain(tag);
      }
      const bodyItem = items.find((item) => item.querySelector('title')?.textContent === bodyStory.title);
      expect(bodyItem, path).toBeDefined();
    }
  });

  it('an editor pastes the corpus into the editor and types it into the fields; the reader gets it inert', async () => {
    const editor = await browser.newPage('desktop');
    const { fired } = await watchForExecution(editor);
    const { admin: account } = app();
    await signIn(editor, account.email, account.password);
    await editor.goto('/admin/publications/new');
    const title = `${STAMP} editor "><img src=x onerror=__xss(201)>`;
    await editor.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
    await editor.getByLabel('Descrição').fill('<svg onload=__xss(202)> <script>__xss(203)</script>');
    const content = editor.getByRole('textbox', { name: 'Conteúdo' });
    await content.click();
    const pasted = '<p>Colado <strong>negrito</strong> e <em>itálico</em></p>' + XSS_VECTORS.map((vector) => vector.html).join('');
    await content.evaluate((element, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'texto');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, pasted);
    await editor.keyboard.type(' <img src=x onerror=__xss(204)> digitado');
    await editor.getByLabel('Tópico').selectOption({ label: TOPIC.name });
    await editor.getByLabel('Publicar imediatamente').check();
    await editor.getByRole('button', { name: 'Salvar' }).click();
    await editor.waitForURL((url) => url.pathname === '/admin/publications');
    await editor.getByText(title).first().waitFor();
    expect(await editor.evaluate(`(${activeMarkup.toString()})(document)`)).toEqual([]);

    const { data: saved, error } = await admin.from('publications').select('id, content').eq('title', title).single();
    if (error) throw error;
    created.publications.push(saved.id);
    const stored = parseHtml(`<body>${saved.content ?? ''}</body>`);
    expect(activeMarkup(stored)).toEqual([]);
    expect(saved.content).toContain('<strong>negrito</strong>');

    const reader = await browser.newPage('phone');
    const readerRun = await watchForExecution(reader);
    await openInert(reader, `/noticia/${saved.id}`, 'Colado');
    expect(await reader.locator('article strong', { hasText: 'negrito' }).count()).toBe(1);
    expect(await reader.locator('article').first().textContent()).toContain('<img src=x onerror=__xss(204)> digitado');
    await reader.waitForTimeout(300);
    expect([...fired, ...readerRun.fired]).toEqual([]);
  });
});
