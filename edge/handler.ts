import { createDataClient } from '../src/services/data-client';
import { createMemoryNewsCache, createNewsProxy, type NewsCache } from './news-proxy';
import { createWeatherProxy, WEATHER_PATH } from './weather-proxy';
import { createNewsletter, type Newsletter } from './newsletter/newsletter';
import type { SystemApi } from './jobs/system-api';
import { taggedText } from './body-etag';
import { inlineScriptHashes } from './inline-scripts';
import { createPageDocument, RENDER_TIMEOUT_MS } from './page-document';
import { DEV_NONCE_PLACEHOLDER, newNonce, securityHeaders } from './security-headers';
import type { EdgeConfig, EdgeHandler, EdgeHost, ReportError } from './types';
import type { RenderCache } from './render-cache/render-cache';
import { hostedReadiness } from './health';
import { UNAVAILABLE_RETRY_AFTER_SECONDS, watchBackend } from './unavailable-page';
import { isPassedToHost } from './app/answers';
import { createEdgeApp } from './app/edge-app';
import { audienceRecorder } from '../src/services/audience-beacon';
import { DEFAULT_VITALS_SAMPLE_RATE } from './edge-config';

export { CACHE } from './app/answers';

/** Crawlers wait a few seconds for a page (Meta's preview); a slow database must not make them give up. */
export const DATA_TIMEOUT_MS = 4_000;
export { RENDER_TIMEOUT_MS } from './page-document';

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
  /**
   * The project's service key, with which the audience beacon names its reader to public.record_audience
   * (edge/app/audience-app.ts). Absent or null: beacons are answered and counted nowhere.
   */
  audienceKey?: string | null;
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
    renderTimeoutMs: host.renderTimeoutMs ?? RENDER_TIMEOUT_MS,
    readHtml: (file) => host.readHtml(file),
    backendAway: () => backend.away(),
    freshNonce: withFreshNonce,
    htmlPage: (body, options) => htmlPage(body, options),
    reportError: (error, url) => failed(error, 'GET', url),
  });

  /** A page's HTML under the page policy, which allows the boot script written into it by its hash and nothing else. */
  async function htmlPage(body: string, options: { status: number; cacheControl: string; nonce?: string; head: boolean }): Promise<Response> {
    // Tagged here, from the text at hand: the ETag middleware would otherwise clone the answer's stream to hash it.
    const [scriptHashes, { bytes, etag }] = await Promise.all([inlineScriptHashes(body), taggedText(body)]);
    const headers = new Headers({
      ...securityHeaders({ ...policy, nonce: options.nonce, scriptHashes }),
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': options.cacheControl,
    });
    if (options.status === 200) headers.set('ETag', etag);
    return new Response(options.head ? null : bytes, { status: options.status, headers });
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

  const newsletter =
    options.newsletter ??
    createNewsletter(
      { supabaseUrl: config.supabaseUrl, supabaseAnonKey: config.supabaseAnonKey, siteName: config.siteName, siteUrl: config.siteUrl, fetch: dataFetch },
      null,
    );

  const ready = host.ready ?? hostedReadiness(config.supabaseUrl, config.supabaseAnonKey, host.fetch);

  const app = createEdgeApp({
    siteUrl: config.siteUrl,
    siteName: config.siteName,
    client,
    documentHeaders: headers,
    now,
    ready,
    news,
    weather,
    newsletter,
    system: options.system,
    audience: options.audienceKey
      ? audienceRecorder(createDataClient(config.supabaseUrl, options.audienceKey, { fetch: dataFetch, retry: false }))
      : null,
    vitalsSampleRate: config.audienceVitalsSampleRate ?? DEFAULT_VITALS_SAMPLE_RATE,
    page,
    appPage,
    backendAway: () => backend.away(),
    renderCache: options.renderCache ?? null,
    failed,
  });
  return async (request, context = {}) => {
    const response = await app.fetch(request, context);
    return isPassedToHost(response) ? null : response;
  };
}
