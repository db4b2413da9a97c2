// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { RECORDED_TOP_HEADLINES } from '../src/services/news/testing/recorded-top-headlines.ts';
import { NEWS_FEEDS } from '../src/services/news/category-mapping';
import { getNationalNews, getTopicNews } from '../src/services/news/news-api';
import { SAMPLE_ARTICLES_BY_SLUG } from '../src/services/news/sample-articles';
import {
  NEWS_DAILY_REQUEST_LIMIT,
  NEWS_FRESH_SECONDS,
  NEWS_UPSTREAM_TIMEOUT_MS,
  createMemoryNewsCache,
  createNewsProxy,
  type NewsCache,
  type NewsProxyOptions,
} from './news-proxy';

// The proxy against a real HTTP stand-in for NewsAPI on 127.0.0.1: each test says how the next requests are
// answered, and every request is recorded with its query and key header. Time is the proxy's injected clock.

type Reply = (request: IncomingMessage, response: ServerResponse) => void;

interface Recorded {
  url: URL;
  apiKey: string | undefined;
}

const API_KEY = 'secret-newsapi-key-6f1c2a';


let upstream: Server;
let upstreamUrl: string;
let reply: Reply;
const requests: Recorded[] = [];
/** Everything the proxy answered in this file, to look for the key in at the end. */
const answers: { status: number; headers: string; body: string }[] = [];
/** Every warning the proxy or the app logged in this file, for the same check. */
const warnings: unknown[][] = [];
let warn: MockInstance<typeof console.warn>;

const json = (status: number, body: unknown): Reply => (_request, response) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};

beforeAll(async () => {
  upstream = createServer((request, response) => {
    const key = request.headers['x-api-key'];
    requests.push({ url: new URL(request.url ?? '/', 'http://fake-newsapi'), apiKey: typeof key === 'string' ? key : undefined });
    reply(request, response);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v2`;
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

beforeEach(() => {
  requests.length = 0;
  reply = json(200, RECORDED_TOP_HEADLINES);
  warn = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    warnings.push(args);
  });
  warn.mockClear();
});

const T0 = Date.UTC(2026, 10, 23); // a UTC midnight: the daily counter's day starts here
const FRESH_MS = NEWS_FRESH_SECONDS * 1000;

/** A proxy with its own clock; `clock.at` moves time. */
function proxyWith(overrides: Partial<NewsProxyOptions> = {}) {
  const clock = { at: T0 };
  const handle = createNewsProxy({
    apiKey: API_KEY,
    baseUrl: upstreamUrl,
    fetch: globalThis.fetch,
    cache: createMemoryNewsCache(),
    now: () => clock.at,
    ...overrides,
  });
  const ask = async (path: string, init?: RequestInit) => {
    const response = await handle(new Request(`https://portoferreiranoticias.com.br${path}`, init));
    const body = await response.text();
    answers.push({ status: response.status, headers: JSON.stringify([...response.headers]), body });
    return { response, body, json: () => JSON.parse(body) as Record<string, unknown> };
  };
  return { clock, handle, ask };
}

describe('news proxy', () => {
  it('asks top-headlines for Brazil, ten items and the category, with the key in a header, and passes the articles on', async () => {
    const { ask } = proxyWith();

    const { response, json: body } = await ask('/api/news/sports');

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe(`public, max-age=${NEWS_FRESH_SECONDS}`);
    expect(body()).toEqual(RECORDED_TOP_HEADLINES);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url.pathname).toBe('/v2/top-headlines');
    expect(Object.fromEntries(requests[0]?.url.searchParams ?? [])).toEqual({ country: 'br', pageSize: '10', category: 'sports' });
    expect(requests[0]?.apiKey).toBe(API_KEY);
  });

  it("sends no category for the national feed, 'nacional'", async () => {
    const { ask } = proxyWith();
    expect((await ask('/api/news/nacional')).response.status).toBe(200);
    expect(requests[0]?.url.searchParams.has('category')).toBe(false);
  });

  it('serves every feed of the allow-list, and 404 for anything else without asking NewsAPI', async () => {
    expect(NEWS_FEEDS).toEqual(['nacional', 'politics', 'business', 'health', 'sports', 'technology', 'entertainment', 'science']);
    const { ask } = proxyWith();
    for (const path of ['/api/news/general', '/api/news/', '/api/news/sports/', '/api/news/SPORTS', '/api/news/../sports', '/api/news/esportes']) {
      const { response, json: body } = await ask(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(body()).toMatchObject({ status: 'error', code: 'feedNotFound' });
    }
    expect(requests).toHaveLength(0);
  });

  it('answers 405 to other methods and HEAD with the headers only', async () => {
    const { ask } = proxyWith();
    const post = await ask('/api/news/sports', { method: 'POST', body: '{}' });
    expect(post.response.status).toBe(405);
    expect(post.response.headers.get('allow')).toBe('GET, HEAD');
    expect(requests).toHaveLength(0);

    const head = await ask('/api/news/sports', { method: 'HEAD' });
    expect(head.response.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.response.headers.get('cache-control')).toBe(`public, max-age=${NEWS_FRESH_SECONDS}`);
  });

  it('serves a feed from its cache while fresh, with the remaining freshness as max-age, and asks again after', async () => {
    const { ask, clock } = proxyWith();
    await ask('/api/news/health');
    expect(requests).toHaveLength(1);

    clock.at = T0 + 1_000_000;
    const hit = await ask('/api/news/health');
    expect(requests).toHaveLength(1);
    expect(hit.response.headers.get('x-news-cache')).toBe('HIT');
    expect(hit.response.headers.get('cache-control')).toBe(`public, max-age=${NEWS_FRESH_SECONDS - 1000}`);
    expect(hit.json()).toEqual(RECORDED_TOP_HEADLINES);

    // Another feed has its own entry.
    await ask('/api/news/science');
    expect(requests).toHaveLength(2);

    clock.at = T0 + FRESH_MS;
    const refetched = await ask('/api/news/health');
    expect(requests).toHaveLength(3);
    expect(refetched.response.headers.get('x-news-cache')).toBe('MISS');
  });

  it('keeps fresh answers for ceil(24 h × feeds / 90): 7 680 s for the 8 feeds', () => {
    expect(NEWS_FRESH_SECONDS).toBe(Math.ceil((86_400 * NEWS_FEEDS.length) / 90));
    expect(NEWS_FRESH_SECONDS).toBe(7_680);
  });

  it('makes one upstream request for concurrent misses of the same feed', async () => {
    reply = (request, response) => setTimeout(() => json(200, RECORDED_TOP_HEADLINES)(request, response), 150);
    const { ask } = proxyWith();

    const answersOf = await Promise.all([ask('/api/news/business'), ask('/api/news/business'), ask('/api/news/business')]);

    expect(requests).toHaveLength(1);
    for (const { response, json: body } of answersOf) {
      expect(response.status).toBe(200);
      expect(body()).toMatchObject({ status: 'ok' });
    }
  });

  const failures: { name: string; reply: () => Reply; options?: Partial<NewsProxyOptions>; status: number; code: string }[] = [
    { name: 'HTTP 500', reply: () => json(500, { status: 'error', code: 'unexpectedError', message: 'boom' }), status: 502, code: 'upstreamError' },
    {
      name: "NewsAPI's own error",
      reply: () => json(401, { status: 'error', code: 'apiKeyInvalid', message: `Your API key ${API_KEY} is invalid.` }),
      status: 502,
      code: 'upstreamError',
    },
    {
      name: 'a body that is not JSON',
      reply: () => (_request, response) => {
        response.writeHead(200, { 'Content-Type': 'text/html' });
        response.end('<html>maintenance</html>');
      },
      status: 502,
      code: 'upstreamError',
    },
    { name: "an 'ok' without articles", reply: () => json(200, { status: 'ok' }), status: 502, code: 'upstreamError' },
    // Never answers: only the proxy's timeout ends the request.
    { name: 'a timeout', reply: () => () => undefined, options: { timeoutMs: 150 }, status: 504, code: 'upstreamTimeout' },
  ];

  for (const failure of failures) {
    it(`answers ${failure.status} ${failure.code} on ${failure.name} with nothing cached, and the stale copy when there is one`, async () => {
      const { ask, clock } = proxyWith(failure.options);
      reply = failure.reply();
      const started = Date.now();
      const failed = await ask('/api/news/technology');
      // A timeout ends by the proxy's given wait, not the default one.
      expect(Date.now() - started).toBeLessThan(NEWS_UPSTREAM_TIMEOUT_MS);
      expect(failed.response.status).toBe(failure.status);
      expect(failed.response.headers.get('cache-control')).toBe('no-store');
      expect(failed.json()).toEqual({ status: 'error', code: failure.code, message: expect.any(String) as unknown });
      expect(requests).toHaveLength(1);

      // A good answer for another feed, then the same failure once it is stale.
      reply = json(200, RECORDED_TOP_HEADLINES);
      await ask('/api/news/entertainment');
      clock.at = T0 + FRESH_MS + 1;
      reply = failure.reply();
      const stale = await ask('/api/news/entertainment');
      expect(stale.response.status).toBe(200);
      expect(stale.response.headers.get('x-news-cache')).toBe('STALE');
      expect(stale.response.headers.get('cache-control')).toBe('public, max-age=0');
      expect(stale.json()).toEqual(RECORDED_TOP_HEADLINES);
    });
  }

  it('does not ask again for a failed feed before its window is over (the failure spends its share of the quota)', async () => {
    const { ask, clock } = proxyWith();
    reply = json(500, {});
    await ask('/api/news/politics');
    clock.at = T0 + FRESH_MS - 1000;
    const again = await ask('/api/news/politics');
    expect(again.response.status).toBe(502);
    expect(again.response.headers.get('retry-after')).toBe('1');
    expect(requests).toHaveLength(1);

    reply = json(200, RECORDED_TOP_HEADLINES);
    clock.at = T0 + FRESH_MS;
    expect((await ask('/api/news/politics')).response.status).toBe(200);
    expect(requests).toHaveLength(2);
  });

  it('without a key answers at once that the service is not configured, with 200 and no-store, and asks nothing', async () => {
    for (const apiKey of [null, '', '  ']) {
      const { ask } = proxyWith({ apiKey });
      const { response, json: body } = await ask('/api/news/nacional');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(body()).toEqual({ status: 'error', code: 'apiKeyMissing', message: expect.any(String) as unknown });
    }
    expect(requests).toHaveLength(0);
  });

  it('stops at 90 upstream requests a UTC day, then serves stale copies or 503, and starts again the next day', async () => {
    // A cache that never keeps 'science': the cold case, where nothing stale can stand in.
    const memory = createMemoryNewsCache();
    const cache: NewsCache = {
      get: (key) => (key === 'news:science' ? Promise.resolve(null) : memory.get(key)),
      put: (key, value) => memory.put(key, value),
    };
    const { ask, clock } = proxyWith({ cache });
    const science = NEWS_FEEDS.indexOf('science');
    // Every feed once per window: 12 windows start within the day (11 × 7 680 s = 84 480 s < 86 400 s), 96 asks.
    const outcomes: string[] = [];
    for (let window = 0; window < 12; window += 1) {
      clock.at = T0 + window * FRESH_MS;
      for (const feed of NEWS_FEEDS) {
        const { response } = await ask(`/api/news/${feed}`);
        outcomes.push(`${response.status} ${response.headers.get('x-news-cache') ?? ''}`.trim());
      }
    }
    expect(requests).toHaveLength(NEWS_DAILY_REQUEST_LIMIT);
    // The last window: the first two feeds took the last of the quota, the others answer from their stale copies,
    // and 'science', with no copy, answers 503 until midnight.
    const last = outcomes.slice(-NEWS_FEEDS.length);
    expect(last.slice(0, 2)).toEqual(['200 MISS', '200 MISS']);
    expect(last.filter((_outcome, index) => index >= 2 && index !== science)).toEqual(Array(5).fill('200 STALE'));
    expect(last[science]).toBe('503');
    const exhausted = await ask('/api/news/science');
    expect(exhausted.json()).toMatchObject({ status: 'error', code: 'quotaExhausted' });
    expect(exhausted.response.headers.get('cache-control')).toBe('no-store');
    expect(Number(exhausted.response.headers.get('retry-after'))).toBe(86_400 - 11 * NEWS_FRESH_SECONDS);

    clock.at = T0 + 86_400_000;
    expect((await ask('/api/news/science')).response.status).toBe(200);
    expect(requests).toHaveLength(NEWS_DAILY_REQUEST_LIMIT + 1);
  });

  it('feeds the app: its adapter shows the articles through the proxy, and the samples without a key', async () => {
    // The app's real adapter against the real proxy, over HTTP: the browser's side of the contract.
    const serve = async (apiKey: string | null) => {
      const { handle } = proxyWith({ apiKey });
      const site = createServer((request, response) => {
        void (async () => {
          const answer = await handle(new Request(`http://127.0.0.1${request.url ?? '/'}`, { method: request.method }));
          response.writeHead(answer.status, Object.fromEntries(answer.headers));
          response.end(await answer.text());
        })();
      });
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      return { site, origin: `http://127.0.0.1:${(site.address() as AddressInfo).port}` };
    };
    const close = (site: Server) => new Promise<void>((resolve) => site.close(() => resolve()));

    const configured = await serve(API_KEY);
    try {
      const sports = await getTopicNews('esportes', { origin: configured.origin });
      expect(sports.map((article) => [article.title, article.category])).toEqual([
        ['Governo anuncia pacote para rodovias do interior', 'Esportes'],
        ['Chuva forte atinge o interior paulista', 'Esportes'],
      ]);
      expect(requests[0]?.url.searchParams.get('category')).toBe('sports');
    } finally {
      await close(configured.site);
    }

    requests.length = 0;
    const unconfigured = await serve(null);
    try {
      await expect(getNationalNews({ origin: unconfigured.origin })).resolves.toEqual(SAMPLE_ARTICLES_BY_SLUG.politica);
      expect(requests).toHaveLength(0);
      // Not configured is not a failure: the app says nothing about it.
      expect(warn).not.toHaveBeenCalled();
    } finally {
      await close(unconfigured.site);
    }
  });

  it('never shows the key in an answer or a log line', () => {
    // Runs last: every answer and warning of this file, failures included (one upstream error even quoted the key).
    expect(answers.length).toBeGreaterThan(100);
    for (const answer of answers) {
      expect(answer.body).not.toContain(API_KEY);
      expect(answer.headers).not.toContain(API_KEY);
    }
    expect(warnings.length).toBeGreaterThan(5);
    expect(JSON.stringify(warnings.map((args) => args.map(String)))).not.toContain(API_KEY);
  });
});

describe('news proxy logging', () => {
  it('logs failures without the key, even when an error message quotes it', async () => {
    const quoting: typeof fetch = () => Promise.reject(new Error(`connect failed for key ${API_KEY}`));
    const { ask } = proxyWith({ fetch: quoting });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);

    const { response } = await ask('/api/news/sports');

    expect(response.status).toBe(502);
    expect(warn).toHaveBeenCalled();
    const logged = JSON.stringify([warn.mock.calls, error.mock.calls, info.mock.calls, log.mock.calls]);
    expect(logged).toContain('[redacted]');
    expect(logged).not.toContain(API_KEY);
  });
});
