// Breaking news in the pages the edge handler serves as built (docs/decisions/0034): the Worker, a page without a
// server render, a render too slow. Against the real local backend: the banner written into the empty slot, and the
// reader layout's answer in the page's data block, beside what the block already held (the home page's hero).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_DATA_ID } from '../src/render/server-rendered.ts';
import { routeDataOf } from '../src/render/server-render-html.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../tests/support/test-backend.ts';
import { createEdgeHandler } from './handler.ts';
import type { EdgeConfig, EdgeHost } from './types.ts';

const SLOT = '<div data-breaking-news=""></div>';

/** A reader page as the build prerenders it: the masthead, the empty banner slot, the page, its data block. */
function builtPage(block: Record<string, unknown>): string {
  return (
    `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8"><title>Porto Ferreira Notícias</title></head>` +
    `<body><div id="root" data-prerendered="advertising"><header>Porto Ferreira Notícias</header>${SLOT}<main>Anuncie</main></div>` +
    `<script type="application/json" id="${ROUTE_DATA_ID}">${JSON.stringify(block)}</script></body></html>`
  );
}

let backend: TestBackend;
let admin: TestUser;
let storyId: string;
const TITLE = 'Temporal derruba árvores & interdita <avenida>';

function handler() {
  const config: EdgeConfig = {
    siteUrl: 'https://portoferreiranoticias.com.br',
    supabaseUrl: backend.url,
    supabaseAnonKey: backend.anonKey,
    newsApiKey: null,
    newsApiUrl: 'http://127.0.0.1:9/v2',
    weatherApiUrl: 'http://127.0.0.1:9/v1',
    siteName: 'Porto Ferreira Notícias',
  };
  const host: EdgeHost = {
    readHtml: () => Promise.resolve(builtPage({ reader: { breakingNews: null }, advertising: { note: 'da build' } })),
    fetch: (input, init) => globalThis.fetch(input, init),
  };
  return createEdgeHandler(config, host);
}

async function page(path: string, method = 'GET'): Promise<Response> {
  return (await handler()(new Request(`http://127.0.0.1:5173${path}`, { method })))!;
}

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
  const { data, error } = await admin.client.from('publications').insert({ title: TITLE, published: true }).select('id').single();
  if (error) throw new Error(error.message);
  storyId = data.id;
}, 60_000);
afterAll(() => backend.stop());
afterEach(async () => {
  await admin.client.from('publications').update({ urgent_until: null }).eq('id', storyId);
});

describe('a reader page served as built', () => {
  it('gets the running banner in its slot and the answer in its data block, beside what the block held', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const marked = await admin.client.from('publications').update({ urgent_until: until }).eq('id', storyId);
    expect(marked.error).toBeNull();

    const html = await (await page('/anuncie')).text();
    expect(html).toContain('<div data-breaking-news=""><section aria-label="Plantão"');
    expect(html).toContain(`href="/noticia/${storyId}/temporal-derruba-arvores-interdita-avenida"`);
    expect(html).toContain('Temporal derruba árvores &amp; interdita &lt;avenida&gt;');
    expect(routeDataOf(html)).toEqual({
      advertising: { note: 'da build' },
      reader: { breakingNews: { id: storyId, title: TITLE, urgentUntil: until } },
    });
  });

  it('keeps its slot empty, and says so in its data block, when no story is urgent or the mark has ended', async () => {
    const html = await (await page('/anuncie')).text();
    expect(html).toContain(SLOT);
    expect(routeDataOf(html).reader).toEqual({ breakingNews: null });
  });

  it('answers a HEAD request without a body, as before', async () => {
    const response = await page('/anuncie', 'HEAD');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});
