// The home page's lead story in the HTML the edge handler serves for `/` (docs/decisions/0014), against the real
// local backend: the hero's markup, the head's image preload and the page's data block the home page hydrates with.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FEATURED_ARTICLE } from '../src/services/news/featured-article.ts';
import { ROUTE_DATA_ID } from '../src/render/server-rendered.ts';
import type { NewsArticle } from '../src/services/news/news-article.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../tests/support/test-backend.ts';
import { createEdgeHandler } from './handler.ts';
import { renderHero } from '../src/render/lead-story-html.ts';
import type { EdgeConfig, EdgeHost } from './types.ts';

interface Node {
  getAttribute(name: string): string | null;
  querySelector(selector: string): Node | null;
  textContent: string | null;
}
interface ParsedDocument {
  querySelector(selector: string): Node | null;
  querySelectorAll(selector: string): ArrayLike<Node>;
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (markup: string) => { window: { document: ParsedDocument } };
};
const parse = (markup: string) => new JSDOM(markup).window.document;

/** The build's data block: the home route's sample hero. */
const BUILT_BLOCK = `<script type="application/json" id="${ROUTE_DATA_ID}">${JSON.stringify({ home: { lead: { id: FEATURED_ARTICLE.id } } })}</script>`;

/** The built home page as scripts/prerender.ts writes it: the sample hero, its preload in the head, its data block. */
function prerenderedHome(): string {
  const { markup, preload } = renderHero(FEATURED_ARTICLE);
  return (
    `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8"><title>Porto Ferreira Notícias</title>` +
    `<script type="module" data-app="/assets/index.js" data-steps="" data-preload="">start()</script>${preload}</head>` +
    `<body><div id="root" data-prerendered="home"><h1>Início</h1><!--$-->${markup}<!--/$--><p>rodapé</p></div>${BUILT_BLOCK}</body></html>`
  );
}

const homeData = (doc: ParsedDocument) =>
  (JSON.parse(doc.querySelector(`#${ROUTE_DATA_ID}`)!.textContent!) as { home: { lead: NewsArticle } }).home.lead;

let backend: TestBackend;
let admin: TestUser;
let leadId: string;
const LEAD_TITLE = 'Câmara aprova </script><b>novo</b> calendário de feiras & festas';

function handlerFor(overrides: Partial<EdgeConfig> = {}, fetch: EdgeHost['fetch'] = (input, init) => globalThis.fetch(input, init)) {
  const config: EdgeConfig = {
    siteUrl: 'https://portoferreiranoticias.com.br',
    supabaseUrl: backend.url,
    supabaseAnonKey: backend.anonKey,
    newsApiKey: null,
    newsApiUrl: 'http://127.0.0.1:9/v2',
    weatherApiUrl: 'http://127.0.0.1:9/v1',
    siteName: 'Porto Ferreira Notícias',
    ...overrides,
  };
  const host: EdgeHost = { readHtml: () => Promise.resolve(prerenderedHome()), fetch };
  const handler = createEdgeHandler(config, host);
  return async () => (await (await handler(new Request('http://127.0.0.1:5173/')))!.text());
}

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
  const { data: topic } = await admin.client.from('topics').select('id').eq('slug', 'economia').single();
  const { data, error } = await admin.client
    .from('publications')
    .insert({
      title: LEAD_TITLE,
      description: 'Feiras livres passam a funcionar também aos domingos.',
      image_url: '/images/seed/feira-ceramica/original-800w.webp',
      topic_id: topic!.id,
      published: true,
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  leadId = data.id;
});
afterAll(() => backend?.stop());

const scriptTypes = (doc: ParsedDocument) => Array.from(doc.querySelectorAll('script')).map((script) => script.getAttribute('type'));

describe("the home page's lead story in its HTML", () => {
  it('keeps the prerendered sample hero when the newsroom chose none', async () => {
    const body = await handlerFor()();
    const doc = parse(body);
    expect(doc.querySelector('article[data-lead-story] h2')?.textContent).toBe(FEATURED_ARTICLE.title);
    expect(body).toContain(BUILT_BLOCK);
  });

  it('puts the lead story in the hero, its image in the preload and the same article as the home route’s data', async () => {
    const { error } = await admin.client.from('publications').update({ is_lead: true }).eq('id', leadId);
    expect(error).toBeNull();
    const body = await handlerFor()();
    const doc = parse(body);

    const hero = doc.querySelector('article[data-lead-story]')!;
    expect(hero.querySelector('h2')?.textContent).toBe(LEAD_TITLE);
    expect(hero.querySelector('a')?.getAttribute('href')).toMatch(new RegExp(`^/noticia/${leadId}/camara-aprova`));
    expect(hero.querySelector('span')?.textContent).toBe('Economia');
    expect(hero.querySelector('p')?.textContent).toBe('Feiras livres passam a funcionar também aos domingos.');
    expect(hero.querySelector('img')?.getAttribute('srcset')).toContain('/images/seed/feira-ceramica/');
    expect(body).not.toContain(FEATURED_ARTICLE.title);

    // One high-priority image preload, the lead's; the sample's is gone.
    const preloads = Array.from(doc.querySelectorAll('head link[rel="preload"][as="image"]'));
    expect(preloads).toHaveLength(1);
    expect(preloads[0]!.getAttribute('imagesrcset')).toContain('/images/seed/feira-ceramica/');

    // A data block, never executed: the other scripts are the build's module and the head's structured data.
    expect(scriptTypes(doc)).toEqual(['module', 'application/ld+json', 'application/ld+json', 'application/json']);
    expect(body).not.toContain('</script><b>');
    // One data block, the page's: the build's (the sample) is replaced.
    expect(body).not.toContain(BUILT_BLOCK);
    expect(doc.querySelectorAll(`#${ROUTE_DATA_ID}`)).toHaveLength(1);
    const block = homeData(doc);
    expect(block).toMatchObject({ id: leadId, origin: 'local', title: LEAD_TITLE, category: 'Economia', author: 'Redação' });
    // Hydration renders the hero from the block: exactly the markup in the page.
    expect(body).toContain(renderHero(block).markup);
    // The page around the hero is as it was built.
    expect(body).toContain('<h1>Início</h1><!--$--><article');
    expect(body).toContain('</article><!--/$--><p>rodapé</p></div>');
  });

  it('keeps the sample when the lead story cannot be read in time', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A backend that answers nothing until the handler gives up on it: slow, not away (an unreachable one is a 503).
    const hanging: EdgeHost['fetch'] = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)));
    const body = await handlerFor({}, hanging)();
    expect(parse(body).querySelector('article[data-lead-story] h2')?.textContent).toBe(FEATURED_ARTICLE.title);
    expect(logged).toHaveBeenCalled();
  });
});
