// Every reader page rendered with its data at request time by the one producer (decision 0048), through the edge
// handler against the real local backend, with the app's own render (src/render/render-request.tsx) as every server
// host loads it: the story, topic, search, home and obituaries pages carry their content and React Router's hydration
// data; the Plantão banner and the lead story are part of the same render; a section too slow goes out as its
// skeleton; a render that fails leaves the page as the build rendered it.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPageRenderer } from '../src/render/render-request.tsx';
import { storySlug } from '../src/lib/story-slug.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../tests/support/test-backend.ts';
import { createEdgeHandler } from './handler.ts';
import { pageDocument } from '../src/render/page-html.ts';
import { FEATURED_ARTICLE } from '../src/services/news/featured-article.ts';
import { hydrationScriptOf, routerLoaderData } from '../tests/support/router-hydration.ts';
import type { EdgeConfig, EdgeHandler, EdgeHost } from './types.ts';
import { UNHURRIED_RENDER_MS } from '../tests/support/unhurried-render.ts';

interface Node {
  getAttribute(name: string): string | null;
  querySelector(selector: string): Node | null;
  querySelectorAll(selector: string): ArrayLike<Node>;
  textContent: string | null;
  innerHTML: string;
}
// jsdom ships no types of its own here; it is only the parser these tests check the markup with.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (markup: string) => { window: { document: Node } } };
/** Each parsed page's markup, for what the tests read from its text (the hydration script). */
const markupOf = new WeakMap<Node, string>();
function parse(markup: string): Node {
  const doc = new JSDOM(markup).window.document;
  markupOf.set(doc, markup);
  return doc;
}

const BOOT = 'start()';
/** A built page as scripts/prerender.ts writes it: the stylesheet, the boot script written in, a prerendered root. */
const built = (file: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8"><title>Porto Ferreira Notícias</title>` +
  `<script type="module" data-app="/assets/index.js" data-steps="" data-preload="">${BOOT}</script>` +
  `<link rel="stylesheet" crossorigin href="/assets/style.css"></head>` +
  `<body><div id="root" data-prerendered="${file === 'prerendered/shell.html' ? 'shell' : 'page'}"><p>${file}</p></div>\n</body></html>`;

const TITLE = 'Feira <b>da</b> "Cerâmica" & </script> artesãos';
const HOSTILE_BODY =
  '<p>Texto <strong>forte</strong> da feira.</p><script>alert(1)</script><p onclick="alert(2)">fim</p>' +
  '<a href="javascript:alert(3)">js</a>';

let backend: TestBackend;
let admin: TestUser;
let storyId: string;
let handler: EdgeHandler;

function config(): EdgeConfig {
  return {
    siteUrl: null,
    supabaseUrl: backend.url,
    supabaseAnonKey: backend.anonKey,
    newsApiKey: null,
    newsApiUrl: 'http://127.0.0.1:9/v2',
    weatherApiUrl: 'http://127.0.0.1:9/v1',
    siteName: 'Porto Ferreira Notícias',
  };
}

function host(overrides: Partial<EdgeHost> = {}): EdgeHost {
  return {
    readHtml: (file) => Promise.resolve(built(file)),
    fetch: (input, init) => globalThis.fetch(input, init),
    pageRenderer: (sources) => Promise.resolve(createPageRenderer(sources)),
    renderTimeoutMs: UNHURRIED_RENDER_MS,
    ...overrides,
  };
}

async function get(path: string, on = handler, method = 'GET'): Promise<Response> {
  const response = await on(new Request(`http://127.0.0.1:5173${path}`, { method }));
  if (!response) throw new Error(`the handler left ${path} to the host`);
  return response;
}

const storyPath = () => `/noticia/${storyId}/${storySlug(TITLE)}`;
/** The loader data in the page's hydration data, by route id. */
const routeData = (doc: Node) => routerLoaderData(markupOf.get(doc) ?? '');
const hydrationScript = (doc: Node) => hydrationScriptOf(markupOf.get(doc) ?? '');
async function views(id: string): Promise<number> {
  const { rows } = await backend.db.query<{ views: number }>('select views from public.publications where id = $1', [id]);
  return rows[0]!.views;
}

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
  const { data: topic } = await admin.client.from('topics').select('id').eq('slug', 'cultura').single();
  const { data, error } = await admin.client
    .from('publications')
    .insert({ title: TITLE, description: 'Resumo da feira', content: HOSTILE_BODY, published: true, published_at: new Date().toISOString(), topic_id: topic!.id })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  storyId = data.id;
  handler = createEdgeHandler(config(), host());
});

afterAll(async () => {
  await backend?.stop();
});

describe('a story page rendered with its story', () => {
  it('carries the story in its markup, sanitised, and the data it was rendered from', async () => {
    const response = await get(storyPath());
    expect(response.status).toBe(200);
    const body = await response.text();
    const doc = parse(body);
    const root = doc.querySelector('#root')!;

    expect(root.getAttribute('data-prerendered')).toBe('server');
    expect(root.querySelector('h1')?.textContent).toBe(TITLE);
    expect(root.textContent).toContain('Texto forte da feira.');
    expect(root.textContent).toContain('Compartilhe esta notícia');
    // The stored body goes through the same sanitiser as in the browser: no script, handler or javascript: link.
    expect(root.innerHTML).not.toMatch(/alert\(|onclick|javascript:/);
    // The hydration data carries the story as the page shows it, with no markup the parser could read.
    expect(hydrationScript(doc)).not.toContain('<');
    // Its share links name the page's address on the origin the reader asked (the browser's window.location).
    const facebook = Array.from(root.querySelectorAll('a[href^="https://www.facebook.com/"]'))[0]?.getAttribute('href');
    expect(facebook).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`http://127.0.0.1:5173${storyPath()}`)}`);

    const data = routeData(doc);
    // 'Leia também' is rendered too: the topic's other stories.
    expect(data?.article).toMatchObject({ id: storyId, article: { id: storyId, title: TITLE }, related: [expect.objectContaining({ category: 'Cultura' })] });
    expect(root.textContent).toContain('Leia também');
    // The title's "</script>" cannot close the hydration script: the only scripts are the build's and the router's.
    const types = Array.from(doc.querySelectorAll('script')).map((script) => script.getAttribute('type'));
    expect(types.filter((type) => type !== 'application/ld+json')).toEqual(['module', null]);
    expect(body.match(/<\/script>/g)).toHaveLength(doc.querySelectorAll('script').length);
  });

  it('reads the story once: the head and the markup come from the same loader data', async () => {
    const storyReads: string[] = [];
    const counting = createEdgeHandler(
      config(),
      host({
        fetch: (input, init) => {
          const url = String(input instanceof Request ? input.url : input);
          // Its own request (a browser's), or the server's one read of the page (rpc story_page).
          if ((url.includes('/rest/v1/publications') && url.includes(`id=eq.${storyId}`)) || url.includes('/rest/v1/rpc/story_page')) storyReads.push(url);
          return globalThis.fetch(input, init);
        },
      }),
    );
    const doc = parse(await (await get(storyPath(), counting)).text());
    expect(doc.querySelector('#root')?.getAttribute('data-prerendered')).toBe('server');
    expect(doc.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(TITLE);
    expect(storyReads).toHaveLength(1);
  });

  it('reads with its own handler’s sources: another renderer in the same process changes nothing for it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offline = createEdgeHandler(config(), host({ fetch: () => Promise.reject(new TypeError('offline')) }));
    // Its backend unreachable, that handler says the site is away for now (edge/unavailable-page.ts), and its render
    // shows the story's error state with a way to ask again…
    const unrendered = await get(storyPath(), offline);
    expect(unrendered.status).toBe(503);
    expect(unrendered.headers.get('retry-after')).toBeTruthy();
    expect(unrendered.headers.get('cache-control')).toBe('no-store');
    const away = parse(await unrendered.text()).querySelector('#root');
    expect(away?.textContent).toContain('Não foi possível carregar a notícia');
    expect(away?.textContent).not.toContain(TITLE);
    // …while this one, in the same process, renders the story with its own sources.
    const doc = parse(await (await get(storyPath())).text());
    expect(doc.querySelector('#root')?.getAttribute('data-prerendered')).toBe('server');
    expect(doc.querySelector('#root h1')?.textContent).toBe(TITLE);
    error.mockRestore();
  });

  it('counts no view: the reader’s browser does, once it has the page', async () => {
    const before = await views(storyId);
    await (await get(storyPath())).text();
    expect(await views(storyId)).toBe(before);
  });

  it('allows the boot script the build wrote in and the router\'s hydration data by their hashes, and nothing else inline', async () => {
    const response = await get(storyPath());
    const hash = createHash('sha256').update(BOOT).digest('base64');
    const data = createHash('sha256').update(hydrationScript(parse(await response.text())) ?? '').digest('base64');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}' 'sha256-${data}';`);
    expect(policy).toContain("style-src 'self';");
  });
});

describe('the other data pages', () => {
  it('a topic page lists its stories', async () => {
    const doc = parse(await (await get('/topic/cultura')).text());
    expect(doc.querySelector('#root')?.getAttribute('data-prerendered')).toBe('server');
    expect(doc.querySelector('#root h1')?.textContent).toBe('Cultura');
    expect(Array.from(doc.querySelectorAll('#root article h3, #root article h2')).map((title) => title.textContent)).toContain(TITLE);
    expect(routeData(doc)?.topic).toMatchObject({ slug: 'cultura', topicName: 'Cultura' });
  });

  it('a search page shows the results of its query', async () => {
    const doc = parse(await (await get('/busca?q=artes%C3%A3os')).text());
    expect(doc.querySelector('#root')?.getAttribute('data-prerendered')).toBe('server');
    expect(doc.querySelector('#root')?.textContent).toContain(TITLE);
    const search = routeData(doc)?.search as { query: string; results: { articles: { title: string }[] } } | undefined;
    expect(search?.query).toBe('artesãos');
    expect(search?.results.articles.map((article) => article.title)).toContain(TITLE);
  });

  it('each request asks the database: a story published since the last render is on the next one', async () => {
    const titles = async () => parse(await (await get('/topic/cultura')).text()).querySelector('#root')?.textContent ?? '';
    expect(await titles()).not.toContain('Coral municipal estreia');
    const { data: topic } = await admin.client.from('topics').select('id').eq('slug', 'cultura').single();
    const { error } = await admin.client
      .from('publications')
      .insert({ title: 'Coral municipal estreia temporada', published: true, published_at: new Date().toISOString(), topic_id: topic!.id });
    if (error) throw new Error(error.message);
    expect(await titles()).toContain('Coral municipal estreia');
  });

  it('the home page carries every section, and only the lead image it shows is preloaded', async () => {
    const body = await (await get('/')).text();
    const doc = parse(body);
    const root = doc.querySelector('#root')!;
    expect(root.getAttribute('data-prerendered')).toBe('server');
    expect(root.textContent).toContain('Praça da Matriz ganha decoração de Natal');
    expect(root.textContent).toContain('Notícias Mais Lidas');
    expect(root.textContent).toContain('Maria Aparecida Rossi Bertolini');
    const data = routeData(doc)?.home;
    expect(Object.keys(data ?? {}).sort()).toEqual([
      'adLateral',
      'adPrincipal',
      'jobs',
      'lead',
      'localArticles',
      'mostRead',
      'nationalArticles',
      'obituaries',
      'sportsArticles',
      'technologyArticles',
      'weather',
    ]);
    // The weather service is unreachable here (port 9): the render says so rather than show a value.
    expect(data?.weather).toEqual({ reading: null, stale: false });
    expect(root.textContent).toContain('Previsão indisponível');
    const preloads = Array.from(doc.querySelectorAll('head link[rel="preload"][as="image"]'));
    const hero = root.querySelector('img[fetchpriority="high"]');
    expect(preloads).toHaveLength(1);
    expect(preloads[0]?.getAttribute('imagesrcset')).toBe(hero?.getAttribute('srcset'));
  });

  it('a weather service that hangs costs the home page a short wait, not its render: the widget says so', async () => {
    // Open-Meteo stand-in that accepts the connection and never answers. The weather proxy gives up on it after its
    // own wait (3 s), closing the connection; the render waits less for the weather than that.
    const hanging = createServer(() => undefined);
    let upstreamClosed = false;
    hanging.on('connection', (socket) => socket.on('close', () => (upstreamClosed = true)));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { port } = hanging.address() as AddressInfo;
      const slowWeather = createEdgeHandler({ ...config(), weatherApiUrl: `http://127.0.0.1:${port}/v1` }, host());
      const doc = parse(await (await get('/', slowWeather)).text());
      // The page went out while the proxy still waited for the service: the render's own, shorter wait had passed.
      expect(upstreamClosed).toBe(false);
      expect(doc.querySelector('#root')?.getAttribute('data-prerendered')).toBe('server');
      expect(doc.querySelector('#root')?.textContent).toContain('Previsão indisponível');
      // Settled as unavailable, not left pending by the render's limit (which here is longer than any test).
      expect(routeData(doc)?.home?.weather).toEqual({ reading: null, stale: false });
    } finally {
      error.mockRestore();
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });

  it('the obituaries page lists the published notices', async () => {
    const doc = parse(await (await get('/obituarios')).text());
    expect(doc.querySelector('#root')?.getAttribute('data-prerendered')).toBe('server');
    expect(doc.querySelector('#root')?.textContent).toContain('Maria Aparecida Rossi Bertolini');
  });
});

describe('when the page goes out as the build rendered it', () => {
  it('the admin panel and a HEAD request are never rendered here', async () => {
    const render = vi.fn(createPageRenderer);
    const watched = createEdgeHandler(config(), host({ pageRenderer: (sources) => Promise.resolve(render(sources)) }));
    const doc = parse(await (await get('/admin/publications', watched)).text());
    expect(doc.querySelector('#root')?.getAttribute('data-prerendered')).not.toBe('server');
    expect(hydrationScript(doc)).toBeNull();
    const head = await get(storyPath(), watched, 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('a render that throws, or a build without one, leaves the built page', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failingLoad = createEdgeHandler(config(), host({ pageRenderer: () => Promise.resolve(() => Promise.reject(new Error('load broke'))) }));
    const failingRender = createEdgeHandler(
      config(),
      host({
        pageRenderer: (sources) => {
          const real = createPageRenderer(sources);
          return Promise.resolve(async (request, options) => {
            const loaded = await real(request, options);
            return (
              loaded && {
                ...loaded,
                settle: async (signal: AbortSignal) => ({ ...(await loaded.settle(signal)), render: () => Promise.reject(new Error('render broke')) }),
              }
            );
          });
        },
      }),
    );
    const without = createEdgeHandler(config(), host({ pageRenderer: () => Promise.resolve(null) }));
    for (const on of [failingLoad, failingRender, without]) {
      const response = await get(storyPath(), on);
      expect(response.status).toBe(200);
      const doc = parse(await response.text());
      expect(doc.querySelector('#root')?.getAttribute('data-prerendered')).toBe('shell');
      expect(doc.querySelector('title')?.textContent).toBe(`${TITLE} | Porto Ferreira Notícias`);
    }
    expect(error).toHaveBeenCalledWith(expect.stringContaining('loading /noticia/'), expect.any(Error));
    expect(error).toHaveBeenCalledWith(expect.stringContaining('rendering /noticia/'), expect.any(Error));
    error.mockRestore();
  });

  it('a section slower than the render’s limit goes out as its skeleton, marked pending for the browser, without waiting', async () => {
    // The search's answer is held until the page has gone out: a render that waited for it would never answer.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slowSearch: typeof fetch = async (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('/rpc/search_publications')) await held;
      return globalThis.fetch(input, init);
    };
    const slow = createEdgeHandler(config(), host({ fetch: slowSearch, renderTimeoutMs: 200 }));
    try {
      const doc = parse(await (await get('/busca?q=feira', slow)).text());
      expect(doc.querySelector('#root')?.getAttribute('data-prerendered')).toBe('server');
      expect(routeData(doc)?.search).toMatchObject({ query: 'feira', results: { $pending: true } });
    } finally {
      release();
    }
  });
});

describe('the sections every reader page shares, in the same render', () => {
  afterEach(async () => {
    await admin.client.from('publications').update({ urgent_until: null, is_lead: false }).eq('id', storyId);
  });

  it('a page without data of its own carries the running Plantão banner, and says so in its hydration data', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const marked = await admin.client.from('publications').update({ urgent_until: until }).eq('id', storyId);
    expect(marked.error).toBeNull();
    const doc = parse(await (await get('/anuncie')).text());
    const banner = doc.querySelector('#root [data-breaking-news] section[aria-label="Plantão"]');
    expect(banner?.textContent).toContain(TITLE);
    expect(banner?.querySelector('a')?.getAttribute('href')).toBe(storyPath());
    expect(routeData(doc)?.reader).toEqual({ breakingNews: { id: storyId, title: TITLE, urgentUntil: until } });
  });

  it('pages rendered at the same moment ask for the Plantão banner once; a page rendered after asks again', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    expect((await admin.client.from('publications').update({ urgent_until: until }).eq('id', storyId)).error).toBeNull();
    const asked: string[] = [];
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const watching = createEdgeHandler(
      config(),
      host({
        fetch: async (input, init) => {
          const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
          asked.push(path);
          if (path.endsWith('/rpc/current_breaking_news') && asked.filter((p) => p === path).length === 1) await held;
          return globalThis.fetch(input, init);
        },
      }),
    );
    const readsOfBanner = () => asked.filter((path) => path.endsWith('/rpc/current_breaking_news')).length;
    try {
      const pages = Promise.all([get('/obituarios', watching), get('/vagas', watching)]);
      // Both pages' own reads have gone out, so both have asked for the banner by now: the first read is still held.
      await vi.waitFor(() => expect(asked).toEqual(expect.arrayContaining(['/rest/v1/rpc/search_obituaries', '/rest/v1/jobs'])));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(readsOfBanner()).toBe(1);
      release();
      for (const response of await pages) {
        const doc = parse(await response.text());
        expect(routeData(doc)?.reader).toEqual({ breakingNews: { id: storyId, title: TITLE, urgentUntil: until } });
      }
      expect(readsOfBanner()).toBe(1);
      // Nothing is kept past the answer: the next page reads the banner anew, and sees it ended.
      expect((await admin.client.from('publications').update({ urgent_until: null }).eq('id', storyId)).error).toBeNull();
      const after = parse(await (await get('/anuncie', watching)).text());
      expect(routeData(after)?.reader).toEqual({ breakingNews: null });
      expect(readsOfBanner()).toBe(2);
    } finally {
      release();
    }
  });

  it('with no story urgent the slot is empty and the hydration data says none', async () => {
    const doc = parse(await (await get('/anuncie')).text());
    expect(doc.querySelector('#root [data-breaking-news]')?.innerHTML).toBe('');
    expect(routeData(doc)?.reader).toEqual({ breakingNews: null });
  });

  it('the home page’s hero is the lead story the newsroom chose, the sample without one', async () => {
    const hero = async () => parse(await (await get('/')).text()).querySelector('#root article[data-lead-story] h2')?.textContent;
    expect(await hero()).toBe(FEATURED_ARTICLE.title);
    const { error } = await admin.client.from('publications').update({ is_lead: true }).eq('id', storyId);
    expect(error).toBeNull();
    expect(await hero()).toBe(TITLE);
  });

  it('a story that does not exist renders “not found” under 404', async () => {
    const response = await get('/noticia/00000000-0000-4000-8000-000000000000/nada');
    expect(response.status).toBe(404);
    const doc = parse(await response.text());
    expect(doc.querySelector('#root')?.getAttribute('data-prerendered')).toBe('server');
    expect(doc.querySelector('#root')?.textContent).toContain('Notícia não encontrada');
  });
});

describe('pageDocument', () => {
  const rendered = {
    markup: '<main>história</main>',
    headLinks: '<link rel="preload" as="image" href="/a.webp"/>',
    hydrationScript: '<script>window.__staticRouterHydrationData = JSON.parse("{}");</script>',
  };

  it('puts the markup in the root, the hints in the head and the router’s data right after the root', () => {
    const html = pageDocument(built('prerendered/shell.html'), rendered, 'server');
    const doc = parse(html);
    expect(doc.querySelector('#root')?.innerHTML).toBe('<main>história</main>');
    expect(doc.querySelector('#root')?.getAttribute('data-prerendered')).toBe('server');
    expect(doc.querySelector('head link[rel="preload"]')?.getAttribute('href')).toBe('/a.webp');
    expect(html).toContain(`</main></div>${rendered.hydrationScript}`);
    expect(html).not.toContain('prerendered/shell.html');
  });

  it('replaces the data a prerendered template carries with its own', () => {
    const prerendered = built('index.html').replace('</div>\n</body>', '</div><script>window.__staticRouterHydrationData = JSON.parse("{\\"loaderData\\":{}}");</script>\n</body>');
    const html = pageDocument(prerendered, rendered, 'server');
    expect(html.match(/__staticRouterHydrationData/g)).toHaveLength(1);
    expect(html).toContain(rendered.hydrationScript);
  });

  it('leaves a page without a root as it is', () => {
    const page = '<html><head></head><body><p>sem raiz</p></body></html>';
    expect(pageDocument(page, rendered, 'server')).toBe(page);
  });
});
