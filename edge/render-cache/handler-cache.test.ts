import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend, type TestUser } from '../../tests/support/test-backend.ts';
import { storySlug } from '../../src/lib/story-slug.ts';
import { createEdgeHandler } from '../handler.ts';
import type { EdgeHandler, EdgeHost } from '../types.ts';
import { createMemoryStore, type MemoryRenderStore } from './memory-store.ts';
import { createRenderCache, RENDER_FRESHNESS } from './render-cache.ts';

// The edge handler with the render cache, against the real local backend: what readers get from it, and what it
// never keeps. The cache's clock is the test's, so "past its maximum age" is a step, not a wait.

const SITE = 'https://portoferreiranoticias.com.br';
const template = (file: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8"><title>Porto Ferreira Notícias</title></head>` +
  `<body><div id="root" data-file="${file}"></div></body></html>`;

let backend: TestBackend;
let admin: TestUser;
let handler: EdgeHandler;
let store: MemoryRenderStore;
let time = 1_000_000;
let storyId: string;

const host: EdgeHost = {
  readHtml: (file) => Promise.resolve(template(file)),
  fetch: (input, init) => globalThis.fetch(input, init),
};

async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const response = await handler(new Request(`${SITE}${path}`, { headers }));
  if (!response) throw new Error(`the handler left ${path} to the host`);
  return response;
}

/** A correction of the story's summary, as the editor's form saves it (public.revise_publication). */
async function correct(description: string): Promise<void> {
  const { error } = await admin.client.rpc('revise_publication', {
    story_id: storyId,
    new_title: 'Feira de cerâmica na praça',
    new_description: description,
    new_content: '',
    kind: 'correction',
    wrong: 'antes',
    correct: description,
  });
  expect(error).toBeNull();
}

const titleOf = async (response: Response) => /<title>([^<]*)<\/title>/.exec(await response.text())?.[1] ?? null;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
  const { data, error } = await admin.client
    .from('publications')
    .insert({ title: 'Feira de cerâmica na praça', published: true, published_at: new Date(Date.now() - 3_600_000).toISOString() })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  storyId = data.id;
  store = createMemoryStore();
  const renderCache = createRenderCache({ store, now: () => time });
  handler = createEdgeHandler(
    { siteUrl: SITE, supabaseUrl: backend.url, supabaseAnonKey: backend.anonKey, newsApiKey: null, newsApiUrl: 'http://127.0.0.1:9/v2', weatherApiUrl: 'http://127.0.0.1:9/v1', siteName: 'Porto Ferreira Notícias' },
    host,
    { renderCache },
  );
});

afterAll(async () => {
  await backend?.stop();
});

describe('the edge handler with the render cache', () => {
  it('renders a story once for many readers, and shows its correction once the kept answer is past its maximum age', async () => {
    const path = `/noticia/${storyId}/${storySlug('Feira de cerâmica na praça')}`;
    const first = await Promise.all(Array.from({ length: 8 }, () => get(path)));
    expect(first.map((response) => response.headers.get('X-Render-Cache'))).toEqual(Array(8).fill('MISS'));
    const hit = await get(path);
    expect(hit.headers.get('X-Render-Cache')).toBe('HIT');
    expect(hit.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(await titleOf(hit)).toContain('Feira de cerâmica na praça');

    await correct('Corrigido: a feira é no domingo.');
    time += RENDER_FRESHNESS.maxAgeMs;
    const corrected = await get(path);
    expect(corrected.headers.get('X-Render-Cache')).toBe('MISS');
    expect(await corrected.text()).toContain('Corrigido: a feira é no domingo.');
  });

  it('past its freshness serves the kept page while one render runs in the background, then the new page', async () => {
    const path = `/noticia/${storyId}/${storySlug('Feira de cerâmica na praça')}`;
    await get(path);
    await correct('Corrigido de novo: a feira começa às 9h.');
    time += RENDER_FRESHNESS.freshMs;
    const waited: Promise<unknown>[] = [];
    const stale = await handler(new Request(`${SITE}${path}`), { waitUntil: (promise) => waited.push(promise) });
    expect(stale!.headers.get('X-Render-Cache')).toBe('STALE');
    expect(await stale!.text()).not.toContain('Corrigido de novo');
    expect(waited).toHaveLength(1);
    await Promise.all(waited);
    const fresh = await get(path);
    expect(fresh.headers.get('X-Render-Cache')).toBe('HIT');
    expect(await fresh.text()).toContain('Corrigido de novo: a feira começa às 9h.');
  });

  it('keeps feeds and sitemaps too', async () => {
    for (const path of ['/rss.xml', '/sitemap.xml', '/robots.txt']) {
      await get(path);
      expect((await get(path)).headers.get('X-Render-Cache'), path).toBe('HIT');
    }
  });

  it("answers a reader's or a poller's second ask with a 304 when the kept answer has not changed", async () => {
    for (const path of ['/rss.xml', '/']) {
      const first = await get(path);
      const tag = first.headers.get('ETag');
      expect(tag, path).toMatch(/^"[0-9a-f]+"$/);
      const again = await get(path, { 'If-None-Match': tag! });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe('');
    }
  });

  it('never answers a signed-in request from the cache', async () => {
    await get('/');
    for (const headers of [{ Cookie: 'sb-access-token=abc' }, { Authorization: 'Bearer abc' }] as Record<string, string>[]) {
      const response = await get('/', headers);
      expect(response.status).toBe(200);
      expect(response.headers.get('X-Render-Cache')).toBeNull();
    }
  });

  it("never keeps an advertiser's report", async () => {
    const path = '/anuncios/relatorio/token-que-nao-existe';
    const before = store.size();
    const report = await get(path);
    expect(report.headers.get('Cache-Control')).toContain('private');
    expect(store.size()).toBe(before);
    expect((await get(path)).headers.get('X-Render-Cache')).toBe('MISS');
  });

  it('leaves the news proxy and built files alone', async () => {
    expect((await get('/api/news/top-headlines?category=general')).headers.get('X-Render-Cache')).toBeNull();
    expect(await handler(new Request(`${SITE}/assets/index-AbC123.js`))).toBeNull();
  });
});
