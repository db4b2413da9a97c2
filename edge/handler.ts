import { createDataClient } from '../src/services/data-client';
import { createMemoryNewsCache, createNewsProxy, NEWS_PROXY_PREFIX, type NewsCache } from './news-proxy';
import { createWeatherProxy, WEATHER_PATH } from './weather-proxy';
import { createNewsletter, NEWSLETTER_API_PREFIX, type Newsletter } from './newsletter/newsletter';
import type { SystemApi } from './jobs/system-api';
import { SYSTEM_API } from '../src/services/system-report';
import { inlineScriptHashes } from './inline-scripts';
import { createPageDocument } from './page-document';
import { siteFeed, topicFeed } from './feeds';
import { FEED_PATH, type SiteContext } from '../src/render/site-context';
import {
  NEWS_SITEMAP_PATH,
  newsSitemap,
  PAGES_SITEMAP_PATH,
  pagesSitemap,
  robotsTxt,
  SITEMAP_INDEX_PATH,
  sitemapIndex,
  STORIES_SITEMAP,
  storiesSitemap,
} from './sitemaps';
import { DEV_NONCE_PLACEHOLDER, newNonce, securityHeaders, withHeaders } from './security-headers';
import type { EdgeConfig, EdgeHandler, EdgeHost, ReportError } from './types';
import { healthAnswer, hostedReadiness } from './health';
import { redactTarget } from './log-redaction';
import { UNAVAILABLE_RETRY_AFTER_SECONDS, unavailablePage, watchBackend } from './unavailable-page';

/** How each kind of answer may be kept (docs/decisions/0012). Hashed assets are the host's: immutable. */
export const CACHE = {
  /** Pages: every visit asks again (a story's correction shows at once); a CDN may hold them a minute. */
  page: 'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
  /** Feeds and sitemaps: readers and crawlers poll them; five minutes behind is fine. */
  feed: 'public, max-age=300, s-maxage=300',
  robots: 'public, max-age=3600',
  /** A story's old address: its slug may change again, so the redirect is not kept for good. */
  redirect: 'public, max-age=3600',
  /** A page behind a secret address (an advertiser's report): a revoked link must stop working at once. */
  private: 'private, no-store',
  /** Something failed on the way: nothing should keep this answer. */
  none: 'no-store',
} as const;

/** Crawlers wait a few seconds for a page (Meta's preview); a slow database must not make them give up. */
export const DATA_TIMEOUT_MS = 4_000;
export { RENDER_TIMEOUT_MS } from './page-document';

const RSS_TOPIC = /^\/rss\/([a-z0-9-]{1,100})\.xml$/;

function text(body: string, type: string, cacheControl: string, status = 200, head = false): Response {
  return new Response(head ? null : body, { status, headers: { 'Content-Type': type, 'Cache-Control': cacheControl } });
}

const xml = (body: string, head: boolean) => text(body, 'application/xml; charset=utf-8', CACHE.feed, 200, head);
const rss = (body: string, head: boolean) => text(body, 'application/rss+xml; charset=utf-8', CACHE.feed, 200, head);

function notFoundText(head: boolean): Response {
  return text('Não encontrado.', 'text/plain; charset=utf-8', CACHE.feed, 404, head);
}

/** A path naming a file (its last segment has an extension): the host's to serve, unless one of ours above. */
function isFilePath(pathname: string): boolean {
  return /\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

export interface EdgeHandlerOptions {
  /** Where the news proxy keeps its answers; one per process unless the host has a shared one. */
  newsCache?: NewsCache;
  /**
   * The daily digest with the host's service key and mailer (edge/newsletter/newsletter.ts), which the host also runs
   * on its schedule. Without it only the one-click unsubscribe works; the rest answers 503.
   */
  newsletter?: Newsletter;
  /** The 'Sistema' screen's API (edge/jobs/system-api.ts): the host's jobs and facts. Without it /api/sistema is 503. */
  system?: SystemApi;
  now?: () => Date;
  /** The host's error reports (docs/decisions/0041), told of every failure the handler answers for. */
  reportError?: ReportError;
}

/** The promise, or its signal's reason once the signal aborts first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** `vite dev`'s page: its inline scripts carry the placeholder nonce, made a fresh one for each answer. */
function withFreshNonce(html: string): { html: string; nonce: string | undefined } {
  if (!html.includes(DEV_NONCE_PLACEHOLDER)) return { html, nonce: undefined };
  const nonce = newNonce();
  return { html: html.replaceAll(DEV_NONCE_PLACEHOLDER, nonce), nonce };
}

/**
 * The one handler in front of the built app (docs/decisions/0012): page addresses with their own head tags, feeds,
 * sitemaps, robots.txt and the news proxy. Reads published data as an anonymous reader, like the browser does.
 */
export function createEdgeHandler(config: EdgeConfig, host: EdgeHost, options: EdgeHandlerOptions = {}): EdgeHandler {
  const now = options.now ?? (() => new Date());
  const reportError: ReportError = options.reportError ?? (() => undefined);
  const failed = (error: unknown, method: string, url: URL) => reportError(error, { method, path: url.pathname });
  const policy = { supabaseUrl: config.browserSupabaseUrl ?? null, errorReportOrigin: config.errorReportOrigin ?? null };
  const headers = securityHeaders(policy);
  // The data API's answers also tell whether its database is away: a page that needs data then answers 503.
  const backend = watchBackend((input, init) => host.fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(DATA_TIMEOUT_MS) }));
  const dataFetch: typeof fetch = backend.fetch;
  const client = createDataClient(config.supabaseUrl, config.supabaseAnonKey, { fetch: dataFetch, retry: false });
  const news = createNewsProxy({
    apiKey: config.newsApiKey,
    baseUrl: config.newsApiUrl,
    fetch: host.fetch,
    cache: options.newsCache ?? createMemoryNewsCache(),
    now: () => now().getTime(),
  });

  const weather = createWeatherProxy({
    baseUrl: config.weatherApiUrl,
    fetch: host.fetch,
    now: () => now().getTime(),
  });

  // In-process: the render's requests to the site's own API (the news proxy, the weather) reach this handler's, with
  // their caches and quota. Like a fetch, it gives up when its caller's signal says so; the proxy's own request to
  // the service goes on, for the next page.
  const apiFetch: typeof fetch = (input, init) => {
    const request = new Request(new URL(input instanceof Request ? input.url : input, 'http://edge.invalid'), init);
    const answer = new URL(request.url).pathname === WEATHER_PATH ? weather() : news(request);
    return untilAborted(answer, init?.signal);
  };
  const renderer = (host.pageRenderer?.({ client, apiFetch }) ?? Promise.resolve(null)).catch((error: unknown) => {
    console.error('edge: the page renderer could not be loaded; pages go out as built', error);
    return null;
  });

  // Every page address's document (edge/page-document.ts, decision 0048).
  const page = createPageDocument({
    renderer,
    readHtml: (file) => host.readHtml(file),
    backendAway: () => backend.away(),
    freshNonce: withFreshNonce,
    htmlPage: (body, options) => htmlPage(body, options),
    reportError: (error, url) => failed(error, 'GET', url),
  });

  /** A page's HTML under the page policy, which allows the boot script written into it by its hash and nothing else. */
  async function htmlPage(body: string, options: { status: number; cacheControl: string; nonce?: string; head: boolean }): Promise<Response> {
    const headers = new Headers({
      ...securityHeaders({ ...policy, nonce: options.nonce, scriptHashes: await inlineScriptHashes(body) }),
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': options.cacheControl,
    });
    return new Response(options.head ? null : body, { status: options.status, headers });
  }

  /**
   * The plain app page, for a page address whose data did not answer (in time): the browser's router renders the page
   * from scratch. Null without a built page, for the host's own fallback.
   */
  async function appPage(head: boolean, backendState: 'up' | 'away' = 'up'): Promise<Response | null> {
    const built = (await host.readHtml('app.html')) ?? (await host.readHtml('index.html'));
    if (built === null) return null;
    const { html, nonce } = withFreshNonce(built);
    if (backendState === 'up') return htmlPage(html, { status: 200, cacheControl: 'no-cache', nonce, head });
    // The database is away: the same app page, which says what failed and retries, under 503 with Retry-After.
    const page = await htmlPage(html, { status: 503, cacheControl: 'no-store', nonce, head });
    page.headers.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    return page;
  }

  async function route(request: Request, url: URL, site: SiteContext, head: boolean): Promise<Response | null> {
    const path = url.pathname;
    if (path.startsWith(NEWS_PROXY_PREFIX)) return news(request);
    if (path === WEATHER_PATH) return weather();
    if (path === '/robots.txt') return text(robotsTxt(site), 'text/plain; charset=utf-8', CACHE.robots, 200, head);
    if (path === FEED_PATH) return rss(await siteFeed(site), head);
    const topic = RSS_TOPIC.exec(path);
    if (topic) {
      const feed = await topicFeed(site, topic[1]!);
      return feed === null ? notFoundText(head) : rss(feed, head);
    }
    if (path === SITEMAP_INDEX_PATH) return xml(await sitemapIndex(site), head);
    if (path === PAGES_SITEMAP_PATH) return xml(await pagesSitemap(site), head);
    if (path === NEWS_SITEMAP_PATH) return xml(await newsSitemap(site, now()), head);
    const stories = STORIES_SITEMAP.exec(path);
    if (stories) {
      const sitemap = await storiesSitemap(site, Number(stories[1]));
      return sitemap === null ? notFoundText(head) : xml(sitemap, head);
    }
    if (isFilePath(path)) return null;
    return page(site, url, head);
  }

  const newsletter =
    options.newsletter ??
    createNewsletter(
      { supabaseUrl: config.supabaseUrl, supabaseAnonKey: config.supabaseAnonKey, siteName: config.siteName, siteUrl: config.siteUrl, fetch: dataFetch },
      null,
    );

  async function newsletterApi(request: Request, url: URL): Promise<Response | null> {
    try {
      return await newsletter.answer(request, url);
    } catch (error) {
      console.error(`edge: ${redactTarget(url.pathname)} failed`, error);
      failed(error, request.method, url);
      return text('Serviço temporariamente indisponível.', 'text/plain; charset=utf-8', CACHE.none, 503);
    }
  }

  const ready = host.ready ?? hostedReadiness(config.supabaseUrl, config.supabaseAnonKey, host.fetch);

  async function systemApi(request: Request, url: URL): Promise<Response | null> {
    try {
      if (options.system) return await options.system(request, url);
    } catch (error) {
      console.error(`edge: ${redactTarget(url.pathname)} failed`, error);
      failed(error, request.method, url);
    }
    return text('Serviço temporariamente indisponível.', 'text/plain; charset=utf-8', CACHE.none, 503);
  }

  async function respond(request: Request): Promise<Response | null> {
    const health = await healthAnswer(request, ready);
    if (health) return health;
    const url = new URL(request.url);
    if (url.pathname.startsWith(NEWSLETTER_API_PREFIX)) return newsletterApi(request, url);
    if (url.pathname === SYSTEM_API || url.pathname.startsWith(`${SYSTEM_API}/`)) return systemApi(request, url);
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const site: SiteContext = { origin: config.siteUrl ?? url.origin, siteName: config.siteName, client };
    const head = request.method === 'HEAD';
    try {
      return await route(request, url, site, head);
    } catch (error) {
      // The data did not answer (in time): the page still works as the app alone, without its own head; a feed or a
      // sitemap says to come back later rather than pretend to be empty.
      console.error(`edge: ${redactTarget(url.pathname)} failed`, error);
      failed(error, request.method, url);
      if (isFilePath(url.pathname) || url.pathname.startsWith(NEWS_PROXY_PREFIX)) {
        const unavailable = text('Serviço temporariamente indisponível.', 'text/plain; charset=utf-8', CACHE.none, 503, head);
        unavailable.headers.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        return unavailable;
      }
      if (backend.away()) return (await appPage(head, 'away')) ?? unavailablePage(site.siteName, head);
      return appPage(head);
    }
  }

  // Every answer of the handler (pages, feeds, sitemaps, redirects, the news proxy) carries the policy; a page's
  // own headers, with its nonce in development, stay as they are.
  return async (request) => {
    const response = await respond(request);
    if (!response || response.headers.has('Content-Security-Policy')) return response;
    return withHeaders(response, headers);
  };
}
