import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { DataClient } from '../../src/services/client';
import type { SiteContext } from '../../src/render/site-context';
import type { ReadinessCheck } from '../health';
import type { SystemApi } from '../jobs/system-api';
import { NEWS_PROXY_PREFIX } from '../news-proxy';
import type { Newsletter } from '../newsletter/newsletter';
import type { RecordAudience } from '../../src/services/audience-beacon';
import { redactTarget } from '../log-redaction';
import { isAnonymousRead, type RenderCache } from '../render-cache/render-cache';
import { withAnswerHeaders } from '../security-headers';
import { UNAVAILABLE_RETRY_AFTER_SECONDS, unavailablePage } from '../unavailable-page';
import { WEATHER_PATH } from '../weather-proxy';
import { CACHE, isFilePath, isPassedToHost, passToHost, text, UNAVAILABLE_TEXT } from './answers';
import type { EdgeEnv } from './edge-env';
import { audienceApp } from './audience-app';
import { feedsApp } from './feeds-app';
import { healthApp, newsletterApp, proxiesApp, supportApp, systemApp } from './service-apps';

// The edge as one Hono app (issue 37): sub-apps for the uptime checks, the newsletter and system APIs, the news
// proxy and the weather, then the rendered addresses (feeds, sitemaps, pages) behind the render cache and an ETag.
// Whatever none of them answers is the host's (a built file, its own fallback): see passToHost.

/** What the app is made of: the handler's sources (edge/handler.ts) and the host's services. */
export interface EdgeAppParts {
  siteUrl: string | null;
  siteName: string;
  client: DataClient;
  /** The page policy and its companions, for a document without a policy of its own. */
  documentHeaders: Record<string, string>;
  now: () => Date;
  ready: ReadinessCheck;
  news: (request: Request) => Promise<Response>;
  weather: () => Promise<Response>;
  newsletter: Newsletter;
  system?: SystemApi;
  /** The audience beacon's writer (the service key's), or null: beacons are taken and counted nowhere. */
  audience: RecordAudience | null;
  /** The share of Web Vitals beacons kept (0 to 1). */
  vitalsSampleRate: number;
  /** A page address's document, or null for the host's fallback (edge/handler.ts today; edge/page-document.ts next). */
  page: (site: SiteContext, url: URL, head: boolean) => Promise<Response | null>;
  /** The plain app page when a page's data did not answer; the outage's under 503 when the database is away. */
  appPage: (head: boolean, backendState?: 'up' | 'away') => Promise<Response | null>;
  backendAway: () => boolean;
  renderCache: RenderCache | null;
  failed: (error: unknown, method: string, url: URL) => void;
}

/**
 * Whether the render cache may answer the address: pages, feeds, sitemaps and robots.txt; never the news proxy or
 * the weather (they keep their own caches), nor a built file (the host serves it without a render).
 */
export function isRenderedAddress(pathname: string): boolean {
  if (pathname.startsWith(NEWS_PROXY_PREFIX) || pathname === WEATHER_PATH) return false;
  return !isFilePath(pathname) || pathname.endsWith('.xml') || pathname === '/robots.txt';
}

/** The cache's key: the whole address but its fragment (a query is another page: the search's). */
function renderCacheKey(url: URL): string {
  return url.origin + url.pathname + url.search;
}

/**
 * The rendered addresses (feeds, sitemaps, robots.txt, pages) as their own app: each render is one `fetch` of it, a
 * Response of its own whichever request asked, so the render cache can run one in the background for a request that
 * was already answered (stale-while-revalidate) and hand one to every request waiting on it.
 */
function renderedApp(parts: EdgeAppParts): Hono<EdgeEnv> {
  const app = new Hono<EdgeEnv>();
  // Published data read as an anonymous reader, on the site's origin.
  app.use(async (c, next) => {
    const url = new URL(c.req.raw.url);
    c.set('site', { origin: parts.siteUrl ?? url.origin, siteName: parts.siteName, client: parts.client });
    await next();
  });
  app.route('/', feedsApp(parts.now));
  app.get('*', async (c) => {
    const url = new URL(c.req.raw.url);
    if (isFilePath(url.pathname)) return passToHost();
    return (await parts.page(c.var.site, url, c.req.raw.method === 'HEAD')) ?? passToHost();
  });
  app.notFound(() => passToHost());
  // The data did not answer (in time): the page still works as the app alone, without its own head; a feed or a
  // sitemap says to come back later rather than pretend to be empty.
  app.onError(async (error, c) => {
    const url = new URL(c.req.raw.url);
    const head = c.req.raw.method === 'HEAD';
    console.error(`edge: ${redactTarget(url.pathname)} failed`, error);
    parts.failed(error, c.req.raw.method, url);
    if (isFilePath(url.pathname)) {
      const answer = text(UNAVAILABLE_TEXT, 'text/plain; charset=utf-8', CACHE.none, 503, head);
      answer.headers.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return answer;
    }
    if (parts.backendAway()) return (await parts.appPage(head, 'away')) ?? unavailablePage(parts.siteName, head);
    return (await parts.appPage(head)) ?? passToHost();
  });
  return app;
}

export function createEdgeApp(parts: EdgeAppParts): Hono<EdgeEnv> {
  const app = new Hono<EdgeEnv>();
  // Documents (pages) carry the page policy, their own when they have one; every other answer only nosniff.
  app.use(async (c, next) => {
    await next();
    if (!isPassedToHost(c.res)) c.res = withAnswerHeaders(c.res, parts.documentHeaders);
  });
  app.route('/', healthApp(parts.ready));
  app.route('/', newsletterApp(parts.newsletter, parts.failed));
  app.route('/', systemApp(parts.system, parts.failed));
  app.route('/', supportApp(parts.newsletter.support, parts.failed));
  app.route('/', proxiesApp(parts.news, parts.weather));
  app.route('/', audienceApp(parts.audience, { siteOrigin: (url) => (parts.siteUrl ? new URL(parts.siteUrl).origin : url.origin), vitalsSampleRate: parts.vitalsSampleRate }, parts.failed));

  // A reader's reload or a feed poller's next ask is a 304 when nothing changed (Hono's ETag over the answer sent,
  // kept or not).
  app.use(async (c, next) => (isRenderedAddress(c.req.path) ? etag()(c, next) : next()));
  const rendered = renderedApp(parts);
  const cache = parts.renderCache;
  app.get('*', async (c) => {
    const request = c.req.raw;
    const render = async () => {
      const response = await rendered.fetch(request, c.env);
      return isPassedToHost(response) ? null : response;
    };
    const url = new URL(request.url);
    // An anonymous reader's GET may be answered by the render another request made (decision 0049).
    const answer =
      cache && isAnonymousRead(request) && isRenderedAddress(url.pathname)
        ? await cache.answer(renderCacheKey(url), render, c.env?.waitUntil)
        : await render();
    return answer ?? passToHost();
  });
  app.notFound(() => passToHost());
  // The news proxy or the weather failed on the way: come back later (the rendered addresses have their own fallback).
  app.onError((error, c) => {
    const url = new URL(c.req.raw.url);
    console.error(`edge: ${redactTarget(url.pathname)} failed`, error);
    parts.failed(error, c.req.raw.method, url);
    const answer = text(UNAVAILABLE_TEXT, 'text/plain; charset=utf-8', CACHE.none, 503, c.req.raw.method === 'HEAD');
    answer.headers.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    return answer;
  });
  return app;
}
