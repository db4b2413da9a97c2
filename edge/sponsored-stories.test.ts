// Sponsored stories (docs/product.md §12) as readers, crawlers and feed readers get them from the edge handler, against
// the real local backend with the app's own server render: the story's page says 'Conteúdo patrocinado por …' in its
// first HTML (no JavaScript needed), its JSON-LD names the sponsor, 'Leia também' labels a sponsored card, and the
// feeds' entries say so; the newsroom's own stories carry none of it.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageRenderer } from '../src/render/render-request.tsx';
import { storySlug } from '../src/lib/story-slug.ts';
import type { TablesInsert } from '../src/types/database.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../tests/support/test-backend.ts';
import { createEdgeHandler } from './handler.ts';
import type { EdgeConfig, EdgeHandler, EdgeHost } from './types.ts';
import { UNHURRIED_RENDER_MS } from '../tests/support/unhurried-render.ts';

interface Node {
  parentNode: Node | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): Node | null;
  querySelectorAll(selector: string): ArrayLike<Node>;
  textContent: string | null;
}
// jsdom ships no types of its own here; it is only the parser these tests check the markup with.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (markup: string, options?: { contentType?: string }) => { window: { document: Node } };
};
const html = (markup: string) => new JSDOM(markup).window.document;
/** Parses as XML: jsdom throws on anything that is not well-formed. */
const xml = (markup: string) => new JSDOM(markup, { contentType: 'application/xml' }).window.document;

const SITE = 'https://portoferreiranoticias.com.br';
/** A name with markup characters: it must stay text in the page, the JSON-LD and the feed. */
const SPONSOR = 'Cerâmica Porto & Filhos <Ltda>';
const RELATED_SPONSOR = 'Supermercado Bom Preço';
const SPONSORED_TITLE = 'Como escolher o revestimento certo para a sua casa';
const PLAIN_TITLE = 'Feira de artesanato volta à praça neste domingo';
const RELATED_TITLE = 'Ofertas da semana para a mesa do domingo';

/** The app's build as scripts/prerender.ts writes a page: an app script and a prerendered root. */
const built = (file: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8"><title>Porto Ferreira Notícias</title>` +
  `<script type="module" crossorigin src="/assets/index.js"></script></head>` +
  `<body><div id="root" data-prerendered="page"><p>${file}</p></div>\n</body></html>`;

let backend: TestBackend;
let admin: TestUser;
let handler: EdgeHandler;
let ids: { sponsored: string; plain: string; related: string };

async function insertStory(fields: TablesInsert<'publications'>): Promise<string> {
  const { data, error } = await admin.client.from('publications').insert(fields).select('id').single();
  if (error) throw new Error(error.message);
  return data.id;
}

async function get(path: string): Promise<Response> {
  const response = await handler(new Request(`http://127.0.0.1:5173${path}`));
  if (!response) throw new Error(`the handler left ${path} to the host`);
  return response;
}

const storyPath = (id: string, title: string) => `/noticia/${id}/${storySlug(title)}`;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
  const { data: topic, error } = await admin.client.from('topics').select('id').eq('slug', 'cultura').single();
  if (error) throw new Error(error.message);
  const story = { published: true, topic_id: topic.id, content: '<p>Texto da matéria.</p>' };
  ids = {
    sponsored: await insertStory({ ...story, title: SPONSORED_TITLE, description: 'Dicas de quem entende.', sponsor_name: SPONSOR, published_at: minutesAgo(3) }),
    plain: await insertStory({ ...story, title: PLAIN_TITLE, description: 'Barracas na praça.', published_at: minutesAgo(2) }),
    related: await insertStory({ ...story, title: RELATED_TITLE, description: 'Preços da semana.', sponsor_name: RELATED_SPONSOR, published_at: minutesAgo(1) }),
  };
  const config: EdgeConfig = {
    siteUrl: SITE,
    supabaseUrl: backend.url,
    supabaseAnonKey: backend.anonKey,
    newsApiKey: null,
    newsApiUrl: 'http://127.0.0.1:9/v2',
    weatherApiUrl: 'http://127.0.0.1:9/v1',
    siteName: 'Porto Ferreira Notícias',
  };
  const host: EdgeHost = {
    readHtml: (file) => Promise.resolve(built(file)),
    fetch: (input, init) => globalThis.fetch(input, init),
    pageRenderer: (sources) => Promise.resolve(createPageRenderer(sources)),
    renderTimeoutMs: UNHURRIED_RENDER_MS,
  };
  handler = createEdgeHandler(config, host);
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

function jsonLd(doc: Node): Record<string, unknown> {
  return JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!) as Record<string, unknown>;
}

/** The cards of 'Leia também', by their titles. */
function relatedCard(doc: Node, title: string): Node | undefined {
  return Array.from(doc.querySelectorAll('#root article')).find((card) => card.querySelector('h2, h3')?.textContent === title);
}

describe("a sponsored story's page", () => {
  it("says 'Conteúdo patrocinado por <sponsor>' by its date in the server's HTML, and labels a sponsored 'Leia também' card", async () => {
    const response = await get(storyPath(ids.sponsored, SPONSORED_TITLE));
    expect(response.status).toBe(200);
    const doc = html(await response.text());
    const root = doc.querySelector('#root')!;
    expect(root.getAttribute('data-prerendered')).toBe('server');
    expect(root.querySelector('h1')?.textContent).toBe(SPONSORED_TITLE);
    // The notice sits in the line with the category and the date, as text.
    expect(root.querySelector('header time')?.parentNode?.textContent).toContain(`Conteúdo patrocinado por ${SPONSOR}`);

    const [sponsoredCard, plainCard] = [relatedCard(doc, RELATED_TITLE), relatedCard(doc, PLAIN_TITLE)];
    expect(sponsoredCard).toBeDefined();
    expect(plainCard).toBeDefined();
    expect(sponsoredCard!.textContent).toContain('Conteúdo patrocinado');
    expect(plainCard!.textContent).not.toContain('Conteúdo patrocinado');
  });

  it('names the sponsor in its NewsArticle JSON-LD and leaves the headline the story’s own', async () => {
    const doc = html(await (await get(storyPath(ids.sponsored, SPONSORED_TITLE))).text());
    expect(jsonLd(doc)).toMatchObject({
      '@type': 'NewsArticle',
      headline: SPONSORED_TITLE,
      sponsor: { '@type': 'Organization', name: SPONSOR },
    });
  });
});

describe("the newsroom's own story", () => {
  it('has no sponsored notice, no sponsor in its JSON-LD', async () => {
    const doc = html(await (await get(storyPath(ids.plain, PLAIN_TITLE))).text());
    const root = doc.querySelector('#root')!;
    expect(root.querySelector('h1')?.textContent).toBe(PLAIN_TITLE);
    expect(root.querySelector('header')?.textContent).not.toContain('patrocinado');
    const data = jsonLd(doc);
    expect(data.headline).toBe(PLAIN_TITLE);
    expect(data).not.toHaveProperty('sponsor');
  });
});

/** A feed's item for a story, by the id in its guid. */
function feedItem(doc: Node, id: string): Node {
  const found = Array.from(doc.querySelectorAll('item')).find((item) => item.querySelector('guid')?.textContent === `${SITE}/noticia/${id}`);
  if (!found) throw new Error(`no item for ${id}`);
  return found;
}

const categories = (item: Node) => Array.from(item.querySelectorAll('category')).map((category) => category.textContent);

describe('the feeds', () => {
  for (const path of ['/rss.xml', '/rss/cultura.xml']) {
    it(`${path}: a sponsored story's entry has the category 'Conteúdo patrocinado' and says so before its description and body`, async () => {
      const body = await (await get(path)).text();
      const doc = xml(body);

      const sponsored = feedItem(doc, ids.sponsored);
      expect(categories(sponsored)).toEqual(['Cultura', 'Conteúdo patrocinado']);
      expect(sponsored.querySelector('title')?.textContent).toBe(SPONSORED_TITLE);
      expect(sponsored.querySelector('description')?.textContent).toBe(`Conteúdo patrocinado por ${SPONSOR}. Dicas de quem entende.`);
      // The body as feed readers show it: the notice first, its markup characters escaped inside the CDATA.
      expect(sponsored.querySelector('encoded')?.textContent).toBe(
        '<p><strong>Conteúdo patrocinado por Cerâmica Porto &amp; Filhos &lt;Ltda&gt;.</strong></p><p>Texto da matéria.</p>',
      );

      const plain = feedItem(doc, ids.plain);
      expect(categories(plain)).toEqual(['Cultura']);
      expect(plain.querySelector('description')?.textContent).toBe('Barracas na praça.');
      expect(plain.querySelector('encoded')?.textContent).toBe('<p>Texto da matéria.</p>');
    });
  }
});
