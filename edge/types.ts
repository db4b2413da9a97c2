// The edge handler's contract with whatever hosts it: the Vite dev and preview servers, `npm start`'s Node server
// and the Cloudflare Worker. Only Web platform types: the handler runs wherever a fetch handler runs.

import type { PageRenderer, PageRenderSources } from '../src/render/server-rendered';
import type { ReadinessCheck } from './health';

/**
 * Answers one request, or null when the request is not the handler's (a built file: the host serves it as it is).
 * It answers every page address (the reader's with their own head, the admin's with the plain app page), the feeds,
 * the sitemaps, robots.txt and the news proxy.
 */
export type EdgeHandler = (request: Request, context?: EdgeRequestContext) => Promise<Response | null>;

/** What the host offers a request beyond the request itself. */
export interface EdgeRequestContext {
  /** Keeps a background render (the render cache's revalidation) alive past the answer: the Worker's ctx.waitUntil. */
  waitUntil?: (promise: Promise<unknown>) => void;
  /**
   * The reader's address as the host knows it: the TCP peer (npm start, dev, preview; behind TRUST_PROXY the
   * address the proxy appended), Cloudflare's CF-Connecting-IP on the Worker. Read for the reader's daily hash and the
   * beacon's rate limit (edge/app/audience-app.ts) and as the key of the support code's rate limit (edge/support);
   * never logged. Absent: '' (one shared client).
   */
  clientAddress?: string | null;
}

export interface EdgeConfig {
  /**
   * The site's public origin (SITE_URL, e.g. https://portoferreiranoticias.com.br) for canonical addresses, feeds and
   * sitemaps; null takes each request's own origin (development, previews).
   */
  siteUrl: string | null;
  /** The Supabase project the published data is read from, with the anon key: the handler reads as a reader. */
  supabaseUrl: string;
  supabaseAnonKey: string;
  /**
   * The hosted project the readers' browsers talk to (VITE_SUPABASE_URL), for the page policy's connect-src and
   * img-src; absent or null when they talk to the local backend on the site's own origin.
   */
  browserSupabaseUrl?: string | null;
  /** Where the browser posts its error reports (VITE_SENTRY_DSN's origin), for the page policy; absent or null: none. */
  errorReportOrigin?: string | null;
  /** NewsAPI's key, held by the server only; null: the proxy answers that the service is not configured. */
  newsApiKey: string | null;
  newsApiUrl: string;
  /** Open-Meteo's base (WEATHER_API_URL, by default Open-Meteo's own: edge/weather-proxy.ts). */
  weatherApiUrl: string;
  /** The newspaper's name (VITE_SITE_NAME), as the app shows it. */
  siteName: string;
  /**
   * The share of the Web Vitals beacons the audience keeps (AUDIENCE_VITALS_SAMPLE_RATE, 0 to 1; absent: 0.25,
   * edge-config.ts): every visit reports, the edge keeps a sample. The journeys' server sets 1.
   */
  audienceVitalsSampleRate?: number;
}

export interface EdgeHost {
  /**
   * The text of a built HTML file, by its path below dist/ ('index.html', 'app.html', 'prerendered/shell.html'), or
   * null when the build has no such file. The dev server answers with its transformed index.html for every page.
   */
  readHtml(file: string): Promise<string | null>;
  /** The fetch for the data and the news service: the local backend in-process, or the platform's own. */
  fetch: typeof fetch;
  /**
   * The render of the reader's data pages at request time (src/render/render-request.tsx, built into dist/.server/), for
   * the handler's own sources; absent or null: those pages go out as the build rendered them.
   */
  pageRenderer?: (sources: PageRenderSources) => Promise<PageRenderer | null>;
  /**
   * What /readyz checks (edge/health.ts): the embedded backend's database and migrations where there is one; absent,
   * the project's REST endpoint answers (a hosted project).
   */
  ready?: ReadinessCheck;
  /**
   * How long a reader's page waits for its sections before the slow ones go out as skeletons; absent: RENDER_TIMEOUT_MS
   * (edge/page-document.ts). Tests choose theirs, so a busy machine decides nothing they check.
   */
  renderTimeoutMs?: number;
}

/**
 * Tells the host's error reports (docs/decisions/0041) about an error the handler caught and answered for (a page
 * that went out without its data, a feed that answered 503). Absent: the error is only logged, as always.
 */
export type ReportError = (error: unknown, where: { method: string; path: string }) => void;
