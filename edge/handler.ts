import { createDataClient } from '../src/services/data-client';
import { createMemoryNewsCache, createNewsProxy, NEWS_PROXY_PREFIX, type NewsCache } from './news-proxy';
import { createWeatherProxy, WEATHER_PATH } from './weather-proxy';
import { createNewsletter, NEWSLETTER_API_PREFIX, type Newsletter } from './newsletter/newsletter';
import type { SystemApi } from './jobs/system-api';
import { SYSTEM_API } from '../src/services/system-report';
import { withHead } from '../src/render/page-head';
import { readLeadStory, withLeadStory } from '../src/render/lead-story-html';
import { readBreakingNews, withBreakingNews } from '../src/render/breaking-news-html';
import { inlineScriptHashes } from './inline-scripts';
import { withServerRender } from '../src/render/server-render-html';
import type { LoadedPage, RenderedPage } from '../src/render/server-rendered';
import { matchPage, type MatchedPage } from '../src/app/route-table';
import { answerPage } from '../src/render/page-answer';
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
import { DEV_NONCE_PLACEHOLDER, newNonce, securityHeaders, withAnswerHeaders } from './security-headers';
import type { EdgeConfig, EdgeHandler, EdgeHost, EdgeRequestContext, ReportError } from './types';
import { isAnonymousRead, type RenderCache } from './render-cache/render-cache';
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
/**
 * How long a reader's page waits for its data to be rendered in (decision 0019): past it, the page goes out as the
 * build rendered it and the browser loads the data, so a slow database never keeps a reader from a first paint.
 */
export const RENDER_TIMEOUT_MS = 1_500;

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

/**
 * Whether the render cache may answer the address: pages, feeds, sitemaps and robots.txt; never the news proxy or
 * the weather (they keep their own caches), nor a built file (the host serves it without a render).
 */
function isRenderedAddress(pathname: string): boolean {
  if (pathname.startsWith(NEWS_PROXY_PREFIX) || pathname === WEATHER_PATH) return false;
  return !isFilePath(pathname) || pathname.endsWith('.xml') || pathname === '/robots.txt';
}

/** The cache's key: the whole address but its fragment (a query is another page: the search's). */
function renderCacheKey(url: URL): string {
  return url.origin + url.pathname + url.search;
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
  /**
   * The render cache (edge/render-cache, docs/decisions/0049) for anonymous reads of pages, feeds and sitemaps;
   * absent or null: every request renders (development, RENDER_CACHE=off).
   */
  renderCache?: RenderCache | null;
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

  /** The request's page with its loaders started, or null (not a page rendered here, a redirect, no renderer). */
  async function loadPage(url: URL, page: MatchedPage): Promise<LoadedPage | null> {
    const render = await renderer;
    if (!render) return null;
    try {
      return await render(new Request(url), { origin: url.origin, page });
    } catch (error) {
      console.error(`edge: loading ${redactTarget(url.pathname)} failed`, error);
      failed(error, 'GET', url);
      return null;
    }
  }

  /** The page's markup with its data, or null (too slow, failed): the built page goes. */
  async function renderLoaded(loaded: LoadedPage, url: URL, signal: AbortSignal): Promise<RenderedPage | null> {
    try {
      return await loaded.render(signal);
    } catch (error) {
      console.error(`edge: rendering ${redactTarget(url.pathname)} failed`, error);
      // Past its time the built page goes out by design (decision 0019): a slow render is not an error to report.
      if (!signal.aborted) failed(error, 'GET', url);
      return null;
    }
  }

  async function page(site: SiteContext, url: URL, head: boolean): Promise<Response | null> {
    // The loaders start first, and the render's wait is counted from then: the head below awaits the same data.
    const renderBy = AbortSignal.timeout(RENDER_TIMEOUT_MS);
    // The address is matched once, with the router's own table, for the head and the render alike.
    const matched = matchPage(url.pathname);
    const loaded = head ? null : await loadPage(url, matched);
    const answer = await answerPage(site, url, matched, loaded);
    if (answer.kind === 'redirect') {
      return new Response(null, { status: 301, headers: { Location: answer.location, 'Cache-Control': CACHE.redirect } });
    }
    // A build without the prerender step (plain `vite build`) has only index.html: the app renders from scratch.
    const built = (await host.readHtml(answer.file)) ?? (await host.readHtml('index.html'));
    if (built === null) return null;
    // A reader's page with a head of its own (not the admin panel's, not a 404) gets its data rendered in; without
    // that render, the home page still gets its lead story (src/render/lead-story-html.ts).
    const rendered = loaded && answer.head && answer.status === 200 ? await renderLoaded(loaded, url, renderBy) : null;
    // A reader's page going out as built also gets the breaking news running now written into its banner slot (a
    // rendered page has it already): src/render/breaking-news-html.ts.
    const [lead, breaking] = rendered
      ? [null, undefined]
      : await Promise.all([
          answer.home ? readLeadStory(site) : null,
          matched.area === 'reader' && !head ? readBreakingNews(site) : undefined,
        ]);
    // A reader's page without its data because the database is away (the render's loaders or the lead story found it
    // so): 503 with Retry-After for crawlers and monitors, and nothing kept; the reader still gets the page as built, its
    // layout and samples, whose sections say what failed and offer 'Tentar novamente' (decision 0016).
    const away = !rendered && !!answer.head && matched.area === 'reader' && backend.away();
    const filled = rendered ? withServerRender(built, rendered) : lead ? withLeadStory(built, lead) : built;
    const content = breaking === undefined ? filled : withBreakingNews(filled, breaking);
    const { html, nonce } = withFreshNonce(content);
    const body = answer.head ? withHead(html, answer.head) : html;
    // A page that should have had its data rendered in but went out as built (its render too slow or failed) is not
    // kept by any cache, the render cache included: the next reader's request renders again.
    const incomplete = !!loaded && answer.status === 200 && !rendered;
    const cacheControl = answer.private ? CACHE.private : answer.head && !incomplete ? CACHE.page : 'no-cache';
    const response = await htmlPage(body, { status: away ? 503 : answer.status, cacheControl: away ? 'no-store' : cacheControl, nonce, head });
    if (away) response.headers.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    if (answer.noindex) response.headers.set('X-Robots-Tag', 'noindex');
    return response;
  }

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

  const renderCache = options.renderCache ?? null;

  async function respond(request: Request, context: EdgeRequestContext): Promise<Response | null> {
    const health = await healthAnswer(request, ready);
    if (health) return health;
    const url = new URL(request.url);
    if (url.pathname.startsWith(NEWSLETTER_API_PREFIX)) return newsletterApi(request, url);
    if (url.pathname === SYSTEM_API || url.pathname.startsWith(`${SYSTEM_API}/`)) return systemApi(request, url);
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const site: SiteContext = { origin: config.siteUrl ?? url.origin, siteName: config.siteName, client };
    const head = request.method === 'HEAD';
    try {
      // An anonymous reader's GET may be answered by the render another request made (docs/decisions/0049).
      if (renderCache && isAnonymousRead(request) && isRenderedAddress(url.pathname)) {
        return await renderCache.answer(renderCacheKey(url), () => route(request, url, site, false), context.waitUntil);
      }
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

  // A document (a page) carries the policy, its own when it has one (its script hashes, its nonce in development);
  // every other answer (feeds, sitemaps, redirects, the news proxy) only what an answer that is not a page needs.
  return async (request, context = {}) => {
    const response = await respond(request, context);
    return response && withAnswerHeaders(response, headers);
  };
}
