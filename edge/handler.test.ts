import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend, type TestUser } from '../tests/support/test-backend.ts';
import { storySlug } from '../src/lib/story-slug.ts';
import { CACHE, createEdgeHandler } from './handler.ts';
import { FEED_LIMIT } from '../src/services/site-index.ts';
import { DEV_NONCE_PLACEHOLDER } from './security-headers.ts';
import type { TablesInsert } from '../src/types/database.ts';
import type { EdgeConfig, EdgeHandler, EdgeHost } from './types.ts';

// The edge handler against the real local backend over HTTP, as a host would run it. The host's built files are a
// template that names the file asked for, so each test sees which page the handler chose.

interface ParsedDocument {
  querySelector(selector: string): { getAttribute(name: string): string | null; textContent: string | null } | null;
  querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null; textContent: string | null }>;
}
// jsdom ships no types of its own here; it is only the parser these tests check the markup with.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (markup: string, options?: { contentType?: string }) => { window: { document: ParsedDocument } };
};
const html = (markup: string) => new JSDOM(markup).window.document;
/** Parses as XML: jsdom throws on anything that is not well-formed. */
const xml = (markup: string) => new JSDOM(markup, { contentType: 'application/xml' }).window.document;

const SITE = 'https://portoferreiranoticias.com.br';
const XSS_TITLE = '"><script>alert(1)</script> Feira & <b>Cerâmica</b>';
const NOW = new Date('2026-11-23T15:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

const template = (file: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8"><title>Porto Ferreira Notícias</title>` +
  `<meta name="description" content="genérica"><script type="module" src="/assets/index.js"></script></head>` +
  `<body><div id="root" data-file="${file}"></div></body></html>`;

let backend: TestBackend;
let admin: TestUser;
let handler: EdgeHandler;
let ids: { story: string; plain: string; draft: string; old: string; hostile: string; described: string };

function config(overrides: Partial<EdgeConfig> = {}): EdgeConfig {
  return {
    siteUrl: SITE,
    supabaseUrl: backend.url,
    supabaseAnonKey: backend.anonKey,
    newsApiKey: null,
    newsApiUrl: 'http://127.0.0.1:9/v2',
    weatherApiUrl: 'http://127.0.0.1:9/v1',
    siteName: 'Porto Ferreira Notícias',
    ...overrides,
  };
}

const host: EdgeHost = {
  readHtml: (file) => Promise.resolve(file === 'missing.html' ? null : template(file)),
  fetch: (input, init) => globalThis.fetch(input, init),
};

async function get(path: string, method = 'GET', on = handler): Promise<Response> {
  const response = await on(new Request(`http://127.0.0.1:5173${path}`, { method }));
  if (!response) throw new Error(`the handler left ${path} to the host`);
  return response;
}

async function insertStory(fields: TablesInsert<'publications'>): Promise<string> {
  const { data, error } = await admin.client.from('publications').insert(fields).select('id').single();
  if (error) throw new Error(error.message);
  return data.id;
}

const meta = (doc: ParsedDocument, key: string) =>
  doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
  const { data: topic } = await admin.client.from('topics').select('id').eq('slug', 'cultura').single();
  const topicId = topic!.id;
  ids = {
    story: await insertStory({
      title: XSS_TITLE,
      description: 'Resumo com "aspas" e <tags>',
      content: '<p>Texto <strong>forte</strong> e <a href="https://example.com/?a=1&amp;b=2">link</a>.</p>' +
        // The database refuses an image from anywhere but our storage (migration 20261123140000): ours travels.
        '<script>alert(2)</script><img src="/storage/v1/object/public/publications/f/original-800w.webp" alt="Feira" width="800" height="600"><p onclick="alert(4)">fim</p>' +
        '<a href="javascript:alert(5)">js</a><a href="java&#115;cript:alert(6)">js2</a>]]><svg><script>alert(7)</script></svg>',
      image_url: '/images/seed/feira-ceramica/original-800w.webp',
      published: true,
      published_at: daysAgo(1),
      topic_id: topicId,
    }),
    plain: await insertStory({ title: 'Sem foto nem resumo', published: true, published_at: daysAgo(0.5) }),
    described: await insertStory({
      title: 'Foto com texto alternativo',
      image_url: '/images/seed/feira-ceramica/original-800w.webp',
      image_alt: 'Barracas de cerâmica na praça',
      published: true,
      published_at: daysAgo(2),
    }),
    draft: await insertStory({ title: 'Rascunho secreto da redação', description: 'Não publicar ainda', published: false, topic_id: topicId }),
    old: await insertStory({ title: 'Notícia de semanas atrás', published: true, published_at: daysAgo(20), topic_id: topicId }),
    hostile: await insertStory({ title: 'Título ]]> com </title> e \u0001 controle', published: true, published_at: daysAgo(3) }),
  };
  handler = createEdgeHandler(config(), host, { now: () => NOW });
});

afterAll(async () => {
  await backend?.stop();
});

const storyPath = (id: string, title: string) => `/noticia/${id}/${storySlug(title)}`;

describe('a story page', () => {
  it("describes its link-preview image with the image's alternative text when it has one", async () => {
    const doc = html(await (await get(storyPath(ids.described, 'Foto com texto alternativo'))).text());
    expect(meta(doc, 'og:image')).toBe(`${SITE}/images/seed/feira-ceramica/og.jpg`);
    expect(meta(doc, 'og:image:alt')).toBe('Barracas de cerâmica na praça');
  });

  it('carries its title, description, canonical address, Open Graph, Twitter card and NewsArticle, every value as text', async () => {
    const response = await get(storyPath(ids.story, XSS_TITLE));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe(CACHE.page);
    const body = await response.text();
    const doc = html(body);
    const canonical = `${SITE}${storyPath(ids.story, XSS_TITLE)}`;

    // The hostile title is text everywhere: the only scripts are the build's and the structured data.
    expect(body).not.toContain('<script>alert');
    expect(Array.from(doc.querySelectorAll('script')).map((script) => script.getAttribute('type'))).toEqual(['module', 'application/ld+json']);
    expect(doc.querySelectorAll('title')).toHaveLength(1);
    expect(doc.querySelector('title')?.textContent).toBe(`${XSS_TITLE} | Porto Ferreira Notícias`);
    expect(doc.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(meta(doc, 'description')).toBe('Resumo com "aspas" e <tags>');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(canonical);
    expect(meta(doc, 'og:type')).toBe('article');
    expect(meta(doc, 'og:title')).toBe(XSS_TITLE);
    expect(meta(doc, 'og:url')).toBe(canonical);
    expect(meta(doc, 'og:site_name')).toBe('Porto Ferreira Notícias');
    expect(meta(doc, 'og:locale')).toBe('pt_BR');
    expect(meta(doc, 'og:image')).toBe(`${SITE}/images/seed/feira-ceramica/og.jpg`);
    expect(meta(doc, 'og:image:width')).toBe('1200');
    expect(meta(doc, 'og:image:height')).toBe('630');
    expect(meta(doc, 'og:image:alt')).toBe(XSS_TITLE);
    expect(meta(doc, 'article:published_time')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(meta(doc, 'article:modified_time')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(meta(doc, 'article:section')).toBe('Cultura');
    expect(meta(doc, 'twitter:card')).toBe('summary_large_image');
    expect(meta(doc, 'twitter:image')).toBe(`${SITE}/images/seed/feira-ceramica/og.jpg`);
    // Search engines may show its large picture (Google Discover only shows one then), and it is indexed.
    expect(meta(doc, 'robots')).toBe('max-image-preview:large');
    expect(response.headers.get('x-robots-tag')).toBeNull();
    expect(doc.querySelector('link[type="application/rss+xml"][href$="/rss/cultura.xml"]')).not.toBeNull();

    const data = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!) as Record<string, unknown>;
    expect(data).toMatchObject({
      '@type': 'NewsArticle',
      headline: XSS_TITLE,
      image: [`${SITE}/images/seed/feira-ceramica/og.jpg`],
      author: [{ '@type': 'Organization', name: 'Redação' }],
      publisher: { name: 'Porto Ferreira Notícias', logo: { url: `${SITE}/images/brand/logo.png` } },
      mainEntityOfPage: { '@id': canonical },
    });
    expect(data.datePublished).toEqual(expect.any(String));
    expect(data.dateModified).toEqual(expect.any(String));
  });

  it('uses the newspaper picture and the title when a story has no image or summary', async () => {
    const doc = html(await (await get(storyPath(ids.plain, 'Sem foto nem resumo'))).text());
    expect(meta(doc, 'og:image')).toBe(`${SITE}/images/brand/og-default.jpg`);
    expect(meta(doc, 'og:image:width')).toBe('1200');
    expect(meta(doc, 'description')).toBe('Sem foto nem resumo');
    expect(meta(doc, 'article:section')).toBeNull();
  });

  it('redirects a stale or missing slug to the current address, keeping the query', async () => {
    const current = storyPath(ids.story, XSS_TITLE);
    for (const stale of [`/noticia/${ids.story}`, `/noticia/${ids.story}/`, `/noticia/${ids.story}/titulo-antigo`]) {
      const response = await get(`${stale}?utm_source=whatsapp`);
      expect(response.status, stale).toBe(301);
      expect(response.headers.get('location')).toBe(`${current}?utm_source=whatsapp`);
      expect(response.headers.get('cache-control')).toBe(CACHE.redirect);
    }
  });

  it.each([
    ['a draft', () => `/noticia/${ids.draft}/${storySlug('Rascunho secreto da redação')}`],
    ['an unknown id', () => '/noticia/00000000-0000-4000-8000-000000000000/qualquer'],
    ['a malformed id', () => '/noticia/nao-e-um-id'],
    ['a malformed escape', () => '/noticia/%E0%A4%A'],
  ])('answers %s with 404, noindex and nothing of any draft', async (_case, path) => {
    const response = await get(path());
    expect(response.status).toBe(404);
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    const body = await response.text();
    const doc = html(body);
    expect(meta(doc, 'robots')).toBe('noindex');
    expect(doc.querySelector('title')?.textContent).toBe('Notícia não encontrada | Porto Ferreira Notícias');
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
    expect(body).not.toMatch(/Rascunho secreto|Não publicar/);
  });
});

describe('the other reader pages', () => {
  it('the home page describes the site, with a search action and the feed', async () => {
    const response = await get('/');
    const doc = html(await response.text());
    expect(doc.querySelector('#root')?.getAttribute('data-file')).toBe('index.html');
    expect(doc.querySelector('title')?.textContent).toBe('Porto Ferreira Notícias');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/`);
    expect(meta(doc, 'og:type')).toBe('website');
    expect(doc.querySelector('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute('href')).toBe(`${SITE}/rss.xml`);
    const data = Array.from(doc.querySelectorAll('script[type="application/ld+json"]')).map(
      (script) => JSON.parse(script.textContent!) as Record<string, unknown>,
    );
    expect(data[0]).toMatchObject({
      '@type': 'WebSite',
      url: `${SITE}/`,
      potentialAction: { '@type': 'SearchAction', target: { urlTemplate: `${SITE}/busca?q={search_term_string}` } },
    });
  });

  it("tags each page with its body's SHA-1, and answers a reload with the same tag with a 304 (no render cache here)", async () => {
    for (const path of ['/', storyPath(ids.plain, 'Sem foto nem resumo')]) {
      const first = await get(path);
      const body = Buffer.from(await first.arrayBuffer());
      expect(first.headers.get('ETag'), path).toBe(`"${createHash('sha1').update(body).digest('hex')}"`);
      const again = await handler(new Request(`http://127.0.0.1:5173${path}`, { headers: { 'If-None-Match': first.headers.get('ETag')! } }));
      expect(again?.status, path).toBe(304);
      expect(await again?.text()).toBe('');
    }
    // A page that is not found is not tagged.
    expect((await get('/topic/nao-existe')).headers.get('ETag')).toBeNull();
  });

  it('a topic page has its name, its feed and its prerendered file; an unknown topic is a 404', async () => {
    const doc = html(await (await get('/topic/cultura')).text());
    expect(doc.querySelector('#root')?.getAttribute('data-file')).toBe('prerendered/topic/cultura.html');
    expect(doc.querySelector('title')?.textContent).toBe('Cultura | Porto Ferreira Notícias');
    expect(meta(doc, 'description')).toBe('Acompanhe as últimas notícias sobre Cultura em Porto Ferreira e região.');
    expect(doc.querySelector('link[href="https://portoferreiranoticias.com.br/rss/cultura.xml"]')).not.toBeNull();
    expect((await get('/topic/nao-existe')).status).toBe(404);
  });

  it('a search result page names the search page as canonical, its query as text', async () => {
    const doc = html(await (await get('/busca?q=%22%3E%3Cscript%3E')).text());
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/busca`);
    expect(doc.querySelector('title')?.textContent).toBe('Busca: "><script> | Porto Ferreira Notícias');
  });

  it('the admin panel gets the plain app page, never indexed', async () => {
    const response = await get('/admin/publications');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(html(await response.text()).querySelector('#root')?.getAttribute('data-file')).toBe('app.html');
  });

  it('an unknown address is a 404 page; HEAD answers without a body', async () => {
    expect((await get('/nada/aqui')).status).toBe(404);
    const head = await get('/obituarios', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('takes its origin from the request when no SITE_URL is set', async () => {
    const local = createEdgeHandler(config({ siteUrl: null }), host);
    const doc = html(await (await get('/obituarios', 'GET', local)).text());
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('http://127.0.0.1:5173/obituarios');
  });
});

describe('jobs and obituaries pages', () => {
  const OPEN_JOB = '44444444-4444-4444-8444-000000000001';
  const DRAFT_JOB = '44444444-4444-4444-8444-000000000004';
  const OBITUARY = '33333333-3333-4333-8333-000000000001';
  const DRAFT_OBITUARY = '33333333-3333-4333-8333-000000000004';

  it('/correcoes is the corrections page, in the reader shell (the server renders it), with its own title and canonical address', async () => {
    const doc = html(await (await get('/correcoes')).text());
    expect(doc.querySelector('#root')?.getAttribute('data-file')).toBe('prerendered/shell.html');
    expect(doc.querySelector('title')?.textContent).toBe('Correções | Porto Ferreira Notícias');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/correcoes`);
  });

  it('a corrected story says when in its feed entry (atom:updated) and in its head (dateModified)', async () => {
    const { rows } = await backend.db.query<{ id: string }>(
      `insert into public.publications (title, content, published, published_at) values ('Ponte reabre em março', '<p>Em março.</p>', true, now() - interval '1 hour') returning id`,
    );
    const id = rows[0]!.id;
    await backend.db.query(`insert into public.publication_corrections (publication_id, wrong, correct) values ($1, 'Março', 'Abril')`, [id]);
    const { rows: stored } = await backend.db.query<{ corrected_at: Date }>('select corrected_at from public.publications where id = $1', [id]);
    const correctedAt = stored[0]!.corrected_at.toISOString();
    const entry = (await (await get('/rss.xml')).text()).split('<item>').find((item) => item.includes(id)) ?? '';
    expect(entry).toContain(`<atom:updated>${correctedAt}</atom:updated>`);
    const others = (await (await get('/rss.xml')).text()).split('<item>').filter((item) => !item.includes(id));
    expect(others.some((item) => item.includes('<atom:updated>'))).toBe(false);
    const page = html(await (await get(storyPath(id, 'Ponte reabre em março'))).text());
    const data = JSON.parse(page.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}') as { dateModified?: string };
    expect(Date.parse(data.dateModified ?? '')).toBe(Date.parse(correctedAt));
    await backend.db.query('delete from public.publications where id = $1', [id]);
  });

  it('/vagas is the jobs page, prerendered, with its own title and canonical address', async () => {
    const doc = html(await (await get('/vagas')).text());
    expect(doc.querySelector('#root')?.getAttribute('data-file')).toBe('prerendered/vagas.html');
    expect(doc.querySelector('title')?.textContent).toBe('Vagas de Emprego | Porto Ferreira Notícias');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/vagas`);
    expect(meta(doc, 'og:title')).toBe('Vagas de Emprego');
  });

  it('a job page has its title, company and a JobPosting; a stale slug redirects; a draft or expired job is a 404', async () => {
    const address = `/vagas/${OPEN_JOB}/${storySlug('Auxiliar de produção')}`;
    const response = await get(address);
    expect(response.status).toBe(200);
    const doc = html(await response.text());
    expect(doc.querySelector('#root')?.getAttribute('data-file')).toBe('prerendered/shell.html');
    expect(doc.querySelector('title')?.textContent).toBe('Auxiliar de produção – Cerâmica Vale do Mogi | Porto Ferreira Notícias');
    expect(meta(doc, 'og:url')).toBe(`${SITE}${address}`);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}${address}`);
    expect(meta(doc, 'description')).toContain('Cerâmica Vale do Mogi');
    const posting = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!) as Record<string, unknown>;
    expect(posting).toMatchObject({ '@type': 'JobPosting', title: 'Auxiliar de produção', employmentType: 'FULL_TIME' });

    const stale = await get(`/vagas/${OPEN_JOB}/titulo-antigo?ref=zap`);
    expect([stale.status, stale.headers.get('location')]).toEqual([301, `${address}?ref=zap`]);

    const { rows } = await backend.db.query<{ id: string }>(
      `insert into public.jobs (title, company, location, published, expires_at)
       values ('Vaga vencida', 'Empresa', 'Centro', true, private.sao_paulo_date(now()) - 1) returning id`,
    );
    for (const id of [DRAFT_JOB, rows[0]!.id, 'nao-e-uuid']) {
      const missing = await get(`/vagas/${id}`);
      expect(missing.status).toBe(404);
      const missingDoc = html(await missing.text());
      expect(meta(missingDoc, 'robots')).toBe('noindex');
      expect(missingDoc.querySelector('title')?.textContent).toBe('Vaga não encontrada | Porto Ferreira Notícias');
    }
  });

  it('an obituary page has the name and the funeral in its head; a draft or unknown one is a 404', async () => {
    const response = await get(`/obituarios/${OBITUARY}`);
    expect(response.status).toBe(301);
    const address = response.headers.get('location')!;
    expect(address).toMatch(new RegExp(`^/obituarios/${OBITUARY}/[a-z-]+$`));
    const doc = html(await (await get(address)).text());
    expect(doc.querySelector('title')?.textContent).toMatch(/^Obituário: .+ \| Porto Ferreira Notícias$/);
    expect(meta(doc, 'description')).toMatch(/anos\. Velório: /);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}${address}`);
    for (const id of [DRAFT_OBITUARY, '00000000-0000-4000-8000-000000000000']) {
      const missing = await get(`/obituarios/${id}`);
      expect(missing.status).toBe(404);
      expect(html(await missing.text()).querySelector('title')?.textContent).toBe('Obituário não encontrado | Porto Ferreira Notícias');
    }
  });
});

describe('feeds', () => {
  it('the site feed is well-formed RSS 2.0 with the newest published stories, sanitised bodies and images', async () => {
    const response = await get('/rss.xml');
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe(CACHE.feed);
    const body = await response.text();
    const doc = xml(body);
    expect(doc.querySelector('rss')?.getAttribute('version')).toBe('2.0');
    for (const required of ['channel > title', 'channel > link', 'channel > description']) {
      expect(doc.querySelector(required)?.textContent, required).toBeTruthy();
    }
    const items = Array.from(doc.querySelectorAll('item'));
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(FEED_LIMIT);
    expect(body).not.toContain('Rascunho secreto');

    const links = Array.from(doc.querySelectorAll('item > link')).map((link) => link.textContent ?? '');
    expect(links.every((link) => link.startsWith(`${SITE}/noticia/`))).toBe(true);
    expect(links).toContain(`${SITE}${storyPath(ids.story, XSS_TITLE)}`);

    const encoded = body.slice(body.indexOf(ids.story));
    const bodyHtml = /<content:encoded><!\[CDATA\[([\s\S]*?)\]\]><\/content:encoded>/.exec(encoded)?.[1] ?? '';
    expect(bodyHtml).toContain('<p>Texto <strong>forte</strong> e <a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">link</a>.</p>');
    expect(bodyHtml).not.toMatch(/<script|onerror|onclick|javascript:|<svg|alert\(2\)|alert\(7\)/i);
    // An image inside the body, from our storage, made absolute for feed readers.
    expect(bodyHtml).toContain(`<img src="${SITE}/storage/v1/object/public/publications/f/original-800w.webp" alt="Feira" width="800" height="600">`);
    expect(body).toContain(`<media:content url="${SITE}/images/seed/feira-ceramica/og.jpg" medium="image" type="image/jpeg" width="1200" height="630"/>`);
    for (const required of ['title', 'link', 'guid', 'pubDate', 'description']) {
      expect(Array.from(doc.querySelectorAll(`item > ${required}`)).length, required).toBe(items.length);
    }
  });

  it('stays well-formed with CDATA ends and control characters in a title', async () => {
    const body = await (await get('/rss.xml')).text();
    expect(() => xml(body)).not.toThrow();
    expect(body).toContain('Título ]]&gt; com &lt;/title&gt; e  controle');
  });

  it('a topic has its own feed; an unknown topic has none', async () => {
    const doc = xml(await (await get('/rss/cultura.xml')).text());
    expect(doc.querySelector('channel > title')?.textContent).toBe('Porto Ferreira Notícias: Cultura');
    const categories = Array.from(doc.querySelectorAll('item > category')).map((category) => category.textContent);
    expect(categories.length).toBeGreaterThan(0);
    expect(new Set(categories)).toEqual(new Set(['Cultura']));
    expect((await get('/rss/nao-existe.xml')).status).toBe(404);
  });
});

describe('sitemaps and robots.txt', () => {
  const locs = (doc: ParsedDocument) => Array.from(doc.querySelectorAll('loc')).map((loc) => loc.textContent ?? '');

  it('the index lists the pages, the news and the story files, all absolute on the one host', async () => {
    const doc = xml(await (await get('/sitemap.xml')).text());
    expect(locs(doc)).toEqual([`${SITE}/sitemap-pages.xml`, `${SITE}/sitemap-news.xml`, `${SITE}/sitemap-stories-1.xml`]);
  });

  it('the pages sitemap has the home, every topic and the static pages', async () => {
    const addresses = locs(xml(await (await get('/sitemap-pages.xml')).text()));
    expect(addresses.slice(0, 2)).toEqual([`${SITE}/`, `${SITE}/topic/local`]);
    expect(addresses).toEqual(expect.arrayContaining([`${SITE}/topic/cultura`, `${SITE}/obituarios`, `${SITE}/vagas`, `${SITE}/anuncie`, `${SITE}/envie-sua-noticia`, `${SITE}/privacidade`, `${SITE}/acessibilidade`, `${SITE}/correcoes`]));
    expect(addresses.every((address) => address.startsWith(`${SITE}/`))).toBe(true);
  });

  it('the stories sitemap lists every published story at its readable address, and no draft', async () => {
    const body = await (await get('/sitemap-stories-1.xml')).text();
    const addresses = locs(xml(body));
    expect(addresses).toEqual(expect.arrayContaining([`${SITE}${storyPath(ids.story, XSS_TITLE)}`, `${SITE}${storyPath(ids.old, 'Notícia de semanas atrás')}`]));
    expect(addresses.some((address) => address.includes(ids.draft))).toBe(false);
    expect(body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
    expect((await get('/sitemap-stories-2.xml')).status).toBe(404);
  });

  it('the news sitemap has the last two days only, in Google News form', async () => {
    const body = await (await get('/sitemap-news.xml')).text();
    const doc = xml(body);
    const addresses = locs(doc);
    expect(addresses).toContain(`${SITE}${storyPath(ids.story, XSS_TITLE)}`);
    expect(addresses).toContain(`${SITE}${storyPath(ids.plain, 'Sem foto nem resumo')}`);
    expect(addresses.some((address) => address.includes(ids.old) || address.includes(ids.hostile))).toBe(false);
    expect(body).toContain('<news:publication><news:name>Porto Ferreira Notícias</news:name><news:language>pt</news:language></news:publication>');
    expect(body).toContain(`<news:title>${XSS_TITLE.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}</news:title>`);
  });

  it('robots.txt names the sitemap and keeps crawlers out of the panel', async () => {
    const response = await get('/robots.txt');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe(CACHE.robots);
    const body = await response.text();
    expect(body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(body).toContain('Disallow: /admin/');
  });
});

describe('what the handler leaves to its host', () => {
  it('built files and writes are the host’s', async () => {
    expect(await handler(new Request('http://127.0.0.1/assets/index-abc.js'))).toBeNull();
    expect(await handler(new Request('http://127.0.0.1/images/brand/logo.png'))).toBeNull();
    expect(await handler(new Request('http://127.0.0.1/noticia/x', { method: 'POST', body: 'x' }))).toBeNull();
  });

  it('when the data is too slow, a page is the plain app page and a feed says to come back later', async () => {
    const slow = createEdgeHandler(config(), { ...host, fetch: () => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')) });
    const page = await get(storyPath(ids.story, XSS_TITLE), 'GET', slow);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    // The app page, whose router renders the story from scratch: no head of the story's, and never cached.
    const doc = html(await page.text());
    expect(doc.querySelector('#root')?.getAttribute('data-file')).toBe('app.html');
    expect(doc.querySelector('title')?.textContent).toBe('Porto Ferreira Notícias');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const feed = await get('/rss.xml', 'GET', slow);
    expect(feed.status).toBe(503);
    expect(feed.headers.get('cache-control')).toBe(CACHE.none);
    expect(feed.headers.get('retry-after')).toBe('5');
  });

  it('when the backend cannot be reached or says its database is away, a data page answers 503 with Retry-After, still the page as built', async () => {
    const unreachable = createEdgeHandler(config(), { ...host, fetch: () => Promise.reject(new TypeError('fetch failed')) });
    const databaseAway = createEdgeHandler(config(), {
      ...host,
      fetch: () => Promise.resolve(new Response(JSON.stringify({ code: 'PGRST001', message: 'Database client error. Retrying the connection.' }), { status: 503, headers: { 'Retry-After': '5' } })),
    });
    for (const down of [unreachable, databaseAway]) {
      // A page whose head reads data (here, without a render: edge/server-render.test.ts has the rendered page's).
      for (const path of [storyPath(ids.story, XSS_TITLE)]) {
        const page = await get(path, 'GET', down);
        expect(page.status).toBe(503);
        expect(page.headers.get('retry-after')).toBe('5');
        expect(page.headers.get('cache-control')).toBe('no-store');
        expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
        // The reader still gets the page as built: its layout and sections, which say what failed and retry.
        const doc = html(await page.text());
        expect(doc.querySelector('html')?.getAttribute('lang')).toBe('pt-BR');
        expect(doc.querySelector('#root')).not.toBeNull();
      }
    }
    // The panel is the app alone: it says what failed in its own screens.
    expect((await get('/admin', 'GET', unreachable)).status).toBe(200);
  });

  it('a build without the page’s own file falls back to index.html', async () => {
    const partial = createEdgeHandler(config(), { ...host, readHtml: (file) => Promise.resolve(file === 'index.html' ? template(file) : null) });
    const doc = html(await (await get('/obituarios', 'GET', partial)).text());
    expect(doc.querySelector('#root')?.getAttribute('data-file')).toBe('index.html');
    expect(doc.querySelector('title')?.textContent).toBe('Obituário | Porto Ferreira Notícias');
  });
});

/** The policy's directives by name, each with its sources. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy).not.toBeNull();
  return new Map(
    policy!.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe('the page policy and its companion headers', () => {
  it('every page carries the policy, nosniff, the referrer policy and no framing; every other answer only nosniff', async () => {
    const pages = await Promise.all(['/', storyPath(ids.story, XSS_TITLE), '/nada/aqui', '/admin'].map((path) => get(path)));
    for (const response of pages) {
      expect(response.headers.get('content-type'), response.url).toMatch(/^text\/html/);
      expect(response.headers.get('content-security-policy'), response.url).toMatch(/^default-src 'self';/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
    const others = await Promise.all(
      [`/noticia/${ids.story}`, '/rss.xml', '/rss/cultura.xml', '/rss/nao-existe.xml', '/sitemap.xml', '/robots.txt',
        '/api/news/top-headlines?category=general'].map((path) => get(path)),
    );
    for (const response of others) {
      expect(response.headers.get('x-content-type-options'), response.url).toBe('nosniff');
      for (const name of ['content-security-policy', 'referrer-policy', 'x-frame-options']) expect(response.headers.get(name), `${response.url} ${name}`).toBeNull();
    }
    // The data did not answer: the feed's 503 is the handler's too.
    const down = createEdgeHandler(config(), { ...host, fetch: () => Promise.reject(new TypeError('fetch failed')) });
    expect((await get('/rss.xml', 'GET', down)).headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('allows scripts and styles from the site only, frames from YouTube’s privacy-enhanced host, nothing inline', async () => {
    const policy = directives((await get('/')).headers.get('content-security-policy'));
    expect(Object.fromEntries(policy)).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'style-src-attr': ["'none'"],
      'img-src': ["'self'", 'blob:', 'https:'],
      'connect-src': ["'self'"],
      'frame-src': ['https://www.youtube-nocookie.com'],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'object-src': ["'none'"],
    });
  });

  it('names a hosted project for its API, realtime and images', async () => {
    const hosted = createEdgeHandler(config({ browserSupabaseUrl: 'https://abcdefghijklmnopqrst.supabase.co' }), host);
    const policy = directives((await get('/obituarios', 'GET', hosted)).headers.get('content-security-policy'));
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://abcdefghijklmnopqrst.supabase.co', 'wss://abcdefghijklmnopqrst.supabase.co']);
    expect(policy.get('img-src')).toContain('https://abcdefghijklmnopqrst.supabase.co');
  });

  it("vite dev's page gets a fresh nonce for each answer, in its inline tags and in its policy", async () => {
    const devPage = `<!doctype html><html><head><meta property="csp-nonce" nonce="${DEV_NONCE_PLACEHOLDER}">` +
      `<script type="module" nonce="${DEV_NONCE_PLACEHOLDER}">import '/@react-refresh'</script></head><body><div id="root"></div></body></html>`;
    const dev = createEdgeHandler(config(), { ...host, readHtml: () => Promise.resolve(devPage) });
    const nonces: (string | undefined)[] = [];
    for (let visit = 0; visit < 2; visit++) {
      const response = await get('/admin', 'GET', dev);
      const body = await response.text();
      expect(body).not.toContain(DEV_NONCE_PLACEHOLDER);
      const nonce = /<script type="module" nonce="([^"]+)">/.exec(body)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const policy = directives(response.headers.get('content-security-policy'));
      expect(policy.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(policy.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    // A built page has no placeholder, and its policy no nonce.
    expect((await get('/admin')).headers.get('content-security-policy')).not.toContain('nonce-');
  });
});
