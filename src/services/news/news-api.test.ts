// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { RECORDED_TOP_HEADLINES } from './testing/recorded-top-headlines';
import { site } from '../../config/site';
import { getNationalNews, getTopicNews, NEWS_TIMEOUT_MS, normalizeNewsApiArticle } from './news-api';
import { SAMPLE_ARTICLES_BY_SLUG } from './sample-articles';

// A local stand-in for the site's origin: each test says how the next request is answered, and every request is recorded.
type Reply = (request: IncomingMessage, response: ServerResponse) => void;


let server: Server;
let origin: string;
let reply: Reply;
const requests: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request);
    reply(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let warn: MockInstance<typeof console.warn>;

beforeEach(() => {
  requests.length = 0;
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  warn.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown): Reply => (_request, response) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};

// The app's side of the news proxy (edge/news-proxy.ts, whose own tests hold NewsAPI's side): a local stand-in for
// the site's origin answers /api/news/<feed> as the proxy does.
describe('external news adapter', () => {
  it('asks the proxy for the feed with a plain GET (no key, no query) and normalises the answer', async () => {
    reply = json(200, RECORDED_TOP_HEADLINES);

    const articles = await getTopicNews('esportes', { origin });

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe('/api/news/sports');
    expect(Object.keys(request?.headers ?? {}).filter((name) => /key|auth/i.test(name))).toEqual([]);
    expect(articles).toEqual([
      {
        id: 'https://example.com/rodovias',
        origin: 'external',
        title: 'Governo anuncia pacote para rodovias do interior',
        description: 'Investimento será feito em cinco anos.',
        content: 'O governo anunciou nesta sexta-feira um pacote…',
        imageUrl: 'https://example.com/rodovias.jpg',
        publishedAt: '2026-11-20T12:00:00Z',
        publishedOn: '2026-11-20',
        sourceName: 'Globo',
        author: 'Maria Souza',
        url: 'https://example.com/rodovias',
        category: 'Esportes',
        youtubeUrl: null,
      },
      expect.objectContaining({
        title: 'Chuva forte atinge o interior paulista',
        author: 'Redação',
        description: '',
        content: '',
        imageUrl: null,
        sourceName: 'Jornal Regional',
      }),
    ]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("asks the page's own origin, with a relative address, by default", async () => {
    // The browser resolves '/api/news/…' against the page; Node's fetch cannot, so this one records the call instead.
    const calls: { input: unknown; init: RequestInit | undefined }[] = [];
    vi.stubGlobal('fetch', (input: unknown, init?: RequestInit) => {
      calls.push({ input, init });
      return Promise.resolve(Response.json({ status: 'ok', articles: [] }));
    });
    await expect(getTopicNews('tecnologia')).resolves.toEqual([]);
    await expect(getNationalNews()).resolves.toEqual([]);
    expect(calls.map((call) => call.input)).toEqual(['/api/news/technology', '/api/news/nacional']);
    expect(calls[0]?.init?.method ?? 'GET').toBe('GET');
  });

  it("credits an item without a source name to the product, as docs/product.md §2's photo caption says, not to 'Redação'", () => {
    const base = { title: 'Chuva forte atinge o interior paulista', url: 'https://example.com/chuva' };
    for (const source of [undefined, null, {}, { id: null, name: null }, { name: '' }, { name: '   ' }]) {
      const article = normalizeNewsApiArticle({ ...base, source }, 'Nacional');
      expect(article?.sourceName).toBe(site.name);
      expect(article?.author).toBe('Redação');
    }
    expect(normalizeNewsApiArticle({ ...base, source: { name: ' Globo ' } }, 'Nacional')?.sourceName).toBe('Globo');
  });

  it('maps every site topic to its feed as docs/product.md §18 says', async () => {
    reply = json(200, { status: 'ok', totalResults: 0, articles: [] });
    const expected = {
      politica: 'politics',
      economia: 'business',
      saude: 'health',
      esportes: 'sports',
      tecnologia: 'technology',
      cultura: 'entertainment',
      educacao: 'science',
    };
    for (const slug of Object.keys(expected)) await getTopicNews(slug, { origin });
    expect(requests.map((request) => request.url)).toEqual(Object.values(expected).map((feed) => `/api/news/${feed}`));
  });

  it("asks the 'nacional' feed (top headlines without a category) for the national section", async () => {
    reply = json(200, RECORDED_TOP_HEADLINES);
    const articles = await getNationalNews({ origin });
    expect(requests.map((request) => request.url)).toEqual(['/api/news/nacional']);
    expect(articles[0]?.category).toBe('Nacional');
  });

  it('keeps an empty answer empty: no headlines is not a failure', async () => {
    reply = json(200, { status: 'ok', totalResults: 0, articles: [] });
    await expect(getTopicNews('saude', { origin })).resolves.toEqual([]);
  });

  it('shows the samples, without a warning, when the server has no key', async () => {
    reply = json(200, { status: 'error', code: 'apiKeyMissing', message: 'The news service is not configured on this server.' });
    await expect(getTopicNews('economia', { origin })).resolves.toEqual(SAMPLE_ARTICLES_BY_SLUG.economia);
    await expect(getNationalNews({ origin })).resolves.toEqual(SAMPLE_ARTICLES_BY_SLUG.politica);
    expect(requests).toHaveLength(2);
    expect(warn).not.toHaveBeenCalled();
  });

  const failures: { name: string; reply: Reply }[] = [
    { name: 'the upstream failed and nothing is cached (502)', reply: json(502, { status: 'error', code: 'upstreamError', message: 'x' }) },
    { name: 'the upstream timed out (504)', reply: json(504, { status: 'error', code: 'upstreamTimeout', message: 'x' }) },
    { name: 'the daily quota is used up (503)', reply: json(503, { status: 'error', code: 'quotaExhausted', message: 'x' }) },
    { name: 'the host has no proxy (404)', reply: json(404, { status: 'error', code: 'feedNotFound', message: 'x' }) },
    { name: 'an error body with 200', reply: json(200, { status: 'error', code: 'rateLimited' }) },
    { name: "an 'ok' without articles", reply: json(200, { status: 'ok' }) },
    {
      // A static host that does not route /api/news/ answers with the app's page.
      name: 'an HTML page',
      reply: (_request, response) => {
        response.writeHead(200, { 'Content-Type': 'text/html' });
        response.end('<!doctype html><div id="root"></div>');
      },
    },
    {
      name: 'a dropped connection',
      reply: (request) => {
        request.socket.destroy();
      },
    },
  ];

  for (const failure of failures) {
    it(`falls back to the topic's samples, and the politics samples for national news, on ${failure.name}`, async () => {
      reply = failure.reply;
      await expect(getTopicNews('tecnologia', { origin })).resolves.toEqual(SAMPLE_ARTICLES_BY_SLUG.tecnologia);
      await expect(getNationalNews({ origin })).resolves.toEqual(SAMPLE_ARTICLES_BY_SLUG.politica);
      expect(requests).toHaveLength(2);
      expect(warn).toHaveBeenCalledTimes(2);
    });
  }

  it('falls back to the samples when the proxy does not answer in time', async () => {
    // Never answers: only the adapter's timeout ends the request.
    reply = () => undefined;
    const started = Date.now();
    await expect(getTopicNews('saude', { origin, timeoutMs: 150 })).resolves.toEqual(SAMPLE_ARTICLES_BY_SLUG.saude);
    // Ended by its own wait, not the default one.
    expect(Date.now() - started).toBeLessThan(NEWS_TIMEOUT_MS);
    expect(requests).toHaveLength(1);
  });

  it('falls back to the samples when nothing listens at the address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(getTopicNews('cultura', { origin: deadOrigin })).resolves.toEqual(SAMPLE_ARTICLES_BY_SLUG.cultura);
  });

  it('gives an empty list, without a request, for a topic with no external counterpart', async () => {
    reply = json(200, RECORDED_TOP_HEADLINES);
    await expect(getTopicNews('local', { origin })).resolves.toEqual([]);
    await expect(getTopicNews('inexistente', { origin })).resolves.toEqual([]);
    expect(requests).toHaveLength(0);
  });

  it('ships three realistic samples for each of the seven categories', () => {
    const all = Object.values(SAMPLE_ARTICLES_BY_SLUG).flat();
    expect(all).toHaveLength(21);
    for (const samples of Object.values(SAMPLE_ARTICLES_BY_SLUG)) expect(samples).toHaveLength(3);
    expect(new Set(all.map((article) => article.id)).size).toBe(21);
    for (const article of all) {
      expect(article.title.length).toBeGreaterThan(20);
      expect(article.content.length).toBeGreaterThan(article.description.length);
    }
  });
});
