import {
  NEWS_FEEDS,
  NEWS_PROXY_PREFIX,
  isNewsFeed,
  newsApiCategoryOf,
  type NewsFeed,
} from '../src/services/news/category-mapping';

// The site's NewsAPI proxy, `GET /api/news/<feed>`: the browser asks its own origin and the key stays here. Written
// against Web platform APIs only (Request, Response, fetch, URL, AbortController, timers), so the same code runs in
// the Node server, the Vite servers and a Worker. The free plan allows 100 requests a day for the whole site, so
// every answer is cached per feed, concurrent misses share one request, and a daily counter is the last guard.

export { NEWS_PROXY_PREFIX };

export const NEWS_COUNTRY = 'br';
export const NEWS_PAGE_SIZE = 10;
export const NEWS_UPSTREAM_TIMEOUT_MS = 10_000;
/** NewsAPI's free plan allows 100 a day; 90 leaves room for a developer's own calls with the same key. */
export const NEWS_DAILY_REQUEST_LIMIT = 90;

const DAY_SECONDS = 86_400;
/**
 * How long a feed's answer is fresh: ceil(24 h × feeds / 90) = ceil(86 400 s × 8 / 90) = 7 680 s (2 h 08 min) for
 * today's 8 feeds (NEWS_FEEDS). Each feed is asked at most once per window (after a failure too: `retryBlockedUntil`),
 * so 86 400 / 7 680 = 11.25 times a day on average, 8 × 11.25 = 90 requests; at worst 12 in any 24 h (11.25 rounded
 * up), 8 × 12 = 96, still under NewsAPI's 100. The daily counter caps a calendar day at 90 whatever happens (a cache
 * that loses its entries, a wrong clock).
 */
export const NEWS_FRESH_SECONDS = Math.ceil((DAY_SECONDS * NEWS_FEEDS.length) / NEWS_DAILY_REQUEST_LIMIT);
const FRESH_MS = NEWS_FRESH_SECONDS * 1000;

export interface CachedNews {
  /** The JSON answer, as sent to browsers. */
  body: string;
  status: number;
  /** When it came from NewsAPI (ms since the epoch, the proxy's `now`). */
  fetchedAt: number;
}

/** Where answers are kept: memory in one process; a platform's key-value store to share them between instances. */
export interface NewsCache {
  get(key: string): Promise<CachedNews | null>;
  put(key: string, value: CachedNews): Promise<void>;
}

export function createMemoryNewsCache(): NewsCache {
  const entries = new Map<string, CachedNews>();
  return {
    get: (key) => Promise.resolve(entries.get(key) ?? null),
    put: (key, value) => {
      entries.set(key, value);
      return Promise.resolve();
    },
  };
}

export interface NewsProxyOptions {
  /** NewsAPI's key; null (or empty): the proxy answers that the service is not configured and asks nothing. */
  apiKey: string | null;
  /** NewsAPI's base, e.g. https://newsapi.org/v2. */
  baseUrl: string;
  fetch: typeof fetch;
  cache: NewsCache;
  now?: () => number;
  timeoutMs?: number;
}

type FailureCode = 'upstreamError' | 'upstreamTimeout' | 'quotaExhausted';

interface Failure {
  code: FailureCode;
  /** HTTP status of the answer to the browser. */
  status: number;
  message: string;
  /** When a new request may be tried (ms), for Retry-After. */
  retryAt: number;
}

type Outcome = { kind: 'fetched'; entry: CachedNews } | { kind: 'failed'; failure: Failure };

const JSON_TYPE = 'application/json; charset=utf-8';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The answer of a site without NEWS_API_KEY: the app shows its built-in samples. A static host, which runs no
 * handler, serves it as a file for every feed (scripts/static-host-files.ts).
 */
export const NEWS_NOT_CONFIGURED = {
  status: 'error',
  code: 'apiKeyMissing',
  message: 'The news service is not configured on this server.',
} as const;

function jsonResponse(method: string, status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(method === 'HEAD' ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': JSON_TYPE, ...headers },
  });
}

function errorResponse(method: string, status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return jsonResponse(method, status, { status: 'error', code, message }, { 'Cache-Control': 'no-store', ...headers });
}

function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** Answers GET and HEAD of `/api/news/<feed>`; the edge handler routes every path under NEWS_PROXY_PREFIX here. */
export function createNewsProxy(options: NewsProxyOptions): (request: Request) => Promise<Response> {
  const apiKey = options.apiKey?.trim() || null;
  const now = options.now ?? (() => Date.now());
  const timeoutMs = options.timeoutMs ?? NEWS_UPSTREAM_TIMEOUT_MS;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  // Called unbound: a platform's fetch (a Worker's, a browser's) throws "Illegal invocation" when called on another object.
  const fetchImpl = options.fetch;

  /** One upstream request per feed at a time: every concurrent miss awaits the same promise (plain data, no streams). */
  const inFlight = new Map<NewsFeed, Promise<Outcome>>();
  /** After a failed request, the feed is not asked again before this time (its share of the quota, see NEWS_FRESH_SECONDS). */
  const retryBlockedUntil = new Map<NewsFeed, Failure>();
  /**
   * This instance's requests in the current UTC day. Per instance: a platform running several would share the cache
   * (and so the freshness budget) through `cache`, while each counter guards only its own requests.
   */
  const quota = { day: -1, used: 0 };

  /** Never let the key reach a log line, whatever an error message happens to quote. */
  const redact = (text: string): string => (apiKey ? text.split(apiKey).join('[redacted]') : text);

  function takeQuota(at: number): boolean {
    const day = Math.floor(at / (DAY_SECONDS * 1000));
    if (day !== quota.day) {
      quota.day = day;
      quota.used = 0;
    }
    if (quota.used >= NEWS_DAILY_REQUEST_LIMIT) return false;
    quota.used += 1;
    return true;
  }

  async function readCache(feed: NewsFeed): Promise<CachedNews | null> {
    try {
      return await options.cache.get(cacheKey(feed));
    } catch (error) {
      console.warn(`news proxy: cache read failed for ${feed}: ${redact(String(error))}`);
      return null;
    }
  }

  async function upstream(feed: NewsFeed, key: string): Promise<Outcome> {
    const startedAt = now();
    const blocked = retryBlockedUntil.get(feed);
    if (blocked && startedAt < blocked.retryAt) return { kind: 'failed', failure: blocked };
    if (!takeQuota(startedAt)) {
      const nextDay = (Math.floor(startedAt / (DAY_SECONDS * 1000)) + 1) * DAY_SECONDS * 1000;
      return {
        kind: 'failed',
        failure: { code: 'quotaExhausted', status: 503, message: 'The daily news quota is used up.', retryAt: nextDay },
      };
    }

    const url = new URL(`${baseUrl}/top-headlines`);
    url.searchParams.set('country', NEWS_COUNTRY);
    url.searchParams.set('pageSize', String(NEWS_PAGE_SIZE));
    const category = newsApiCategoryOf(feed);
    if (category) url.searchParams.set('category', category);

    const fail = (code: FailureCode, status: number, message: string, detail: string): Outcome => {
      const failure: Failure = { code, status, message, retryAt: startedAt + FRESH_MS };
      retryBlockedUntil.set(feed, failure);
      console.warn(`news proxy: ${feed} failed (${code}): ${redact(detail)}`);
      return { kind: 'failed', failure };
    };

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let text: string;
    try {
      // The key in a header, not the query string: URLs end up in logs and error messages.
      const response = await fetchImpl(url, {
        signal: controller.signal,
        headers: { 'X-Api-Key': key, Accept: 'application/json', 'User-Agent': 'porto-ferreira-noticias-news-proxy' },
      });
      if (!response.ok) {
        // NewsAPI's error text is not passed on: only our own code and message reach the browser.
        await response.body?.cancel();
        return fail('upstreamError', 502, 'The news service answered with an error.', `HTTP ${response.status}`);
      }
      // Within the timeout too: a body that trickles in is as late as no answer.
      text = await response.text();
    } catch (error) {
      if (controller.signal.aborted) {
        return fail('upstreamTimeout', 504, 'The news service did not answer in time.', `no answer in ${timeoutMs} ms`);
      }
      return fail('upstreamError', 502, 'The news service could not be reached.', error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    if (!isRecord(body) || body.status !== 'ok' || !Array.isArray(body.articles)) {
      return fail('upstreamError', 502, 'The news service answered with an unexpected body.', 'not a top-headlines answer');
    }

    retryBlockedUntil.delete(feed);
    // NewsAPI's shape, rebuilt from the fields the app reads: nothing else of the upstream answer is passed on.
    const entry: CachedNews = {
      body: JSON.stringify({ status: 'ok', totalResults: body.totalResults, articles: body.articles }),
      status: 200,
      fetchedAt: now(),
    };
    try {
      await options.cache.put(cacheKey(feed), entry);
    } catch (error) {
      // The answer is still good for this request; the next one asks again (the daily counter still holds).
      console.warn(`news proxy: cache write failed for ${feed}: ${redact(String(error))}`);
    }
    return { kind: 'fetched', entry };
  }

  function refresh(feed: NewsFeed, key: string): Promise<Outcome> {
    let pending = inFlight.get(feed);
    if (!pending) {
      pending = upstream(feed, key).finally(() => inFlight.delete(feed));
      inFlight.set(feed, pending);
    }
    return pending;
  }

  function cachedResponse(method: string, entry: CachedNews, state: 'HIT' | 'MISS' | 'STALE'): Response {
    // Browsers and shared caches keep it for the rest of its freshness; a stale copy (0) is asked again next time.
    const maxAge = state === 'STALE' ? 0 : secondsUntil(entry.fetchedAt + FRESH_MS, now());
    return new Response(method === 'HEAD' ? null : entry.body, {
      status: entry.status,
      headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': `public, max-age=${maxAge}`, 'X-News-Cache': state },
    });
  }

  return async (request) => {
    const { method } = request;
    const { pathname } = new URL(request.url);
    const feed = pathname.startsWith(NEWS_PROXY_PREFIX) ? pathname.slice(NEWS_PROXY_PREFIX.length) : '';
    if (!isNewsFeed(feed)) return errorResponse(method, 404, 'feedNotFound', 'No such news feed.');
    if (method !== 'GET' && method !== 'HEAD') {
      return errorResponse(method, 405, 'methodNotAllowed', 'Only GET and HEAD are allowed.', { Allow: 'GET, HEAD' });
    }

    if (!apiKey) {
      // 200, not 503, on purpose. A site without a key (every development machine, the end-to-end suite, a deployment
      // that has not set NEWS_API_KEY) is working as configured, not failing; the app shows its built-in samples.
      // A non-2xx answer would make Chromium log "Failed to load resource" as a console error for every news section
      // of every page. The body still says 'error', so nothing reads it as an (empty) list of headlines, and no-store
      // lets browsers see a key as soon as one is set. Real failures below stay non-2xx.
      return jsonResponse(method, 200, NEWS_NOT_CONFIGURED, { 'Cache-Control': 'no-store' });
    }

    const cached = await readCache(feed);
    if (cached && now() < cached.fetchedAt + FRESH_MS) return cachedResponse(method, cached, 'HIT');

    const outcome = await refresh(feed, apiKey);
    if (outcome.kind === 'fetched') return cachedResponse(method, outcome.entry, 'MISS');
    // Older headlines beat none: any failure serves the stale copy when there is one.
    if (cached) return cachedResponse(method, cached, 'STALE');
    const { failure } = outcome;
    return errorResponse(method, failure.status, failure.code, failure.message, {
      'Retry-After': String(secondsUntil(failure.retryAt, now())),
    });
  };
}

function cacheKey(feed: NewsFeed): string {
  return `news:${feed}`;
}
