import { redactTarget } from './log-redaction';
import { matchPage, type MatchedPage } from '../src/app/route-table';
import { answerPage, type PageAnswer } from '../src/render/page-answer';
import { pageDocument } from '../src/render/page-html';
import { prerenderedPageFor, APP_SHELL_FILE } from '../src/render/prerendered-pages';
import { withHead } from '../src/render/page-head';
import type { RenderedRoot } from '../src/render/render-document';
import { SERVER_RENDERED, type LoadedPage, type PageRenderer, type SettledRender } from '../src/render/server-rendered';
import type { SiteContext } from '../src/render/site-context';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from './unavailable-page';
import { CACHE } from './app/answers';

// A page address's document (decision 0048), on every host: the reader's page rendered with its data by the one
// producer (src/render/render-document.tsx) into its built template, under the head its answer gives it
// (src/render/page-answer.ts); the admin panel's plain app page. Mounted by the edge handler for every page address.

/**
 * How long a reader's page waits for its sections to be rendered in: past it, the sections still on their way go out
 * as their skeletons and the browser loads them, so a slow database never keeps a reader from a first paint.
 */
export const RENDER_TIMEOUT_MS = 1_500;

/** What the page's document needs from its host (edge/handler.ts). */
export interface PageDocumentDeps {
  /** The host's render of the reader's pages; null: pages go out as built. */
  renderer: Promise<PageRenderer | null>;
  /** How long the page waits for its sections (RENDER_TIMEOUT_MS unless the host says otherwise). */
  renderTimeoutMs: number;
  /** A built HTML file by its path below dist/ (edge/types.ts). */
  readHtml(file: string): Promise<string | null>;
  /** Whether the data API has found its database away (edge/unavailable-page.ts). */
  backendAway(): boolean;
  /** `vite dev`'s page with a fresh nonce for its inline scripts. */
  freshNonce(html: string): { html: string; nonce: string | undefined };
  /** The page's HTML as an answer under the page policy. */
  htmlPage(body: string, options: { status: number; cacheControl: string; nonce?: string; head: boolean }): Promise<Response>;
  /** Tells the host's error reports about a failure the page answered for. */
  reportError(error: unknown, url: URL): void;
}

export type PageDocument = (site: SiteContext, url: URL, head: boolean) => Promise<Response | null>;

export function createPageDocument(deps: PageDocumentDeps): PageDocument {
  /** The request's page with its loaders started, or null (not a page rendered here, a redirect, no renderer). */
  async function loadPage(url: URL, page: MatchedPage): Promise<LoadedPage | null> {
    const render = await deps.renderer;
    if (!render) return null;
    try {
      return await render(new Request(url), { origin: url.origin, page });
    } catch (error) {
      console.error(`edge: loading ${redactTarget(url.pathname)} failed`, error);
      deps.reportError(error, url);
      return null;
    }
  }

  async function settle(loaded: LoadedPage, url: URL, signal: AbortSignal): Promise<SettledRender | null> {
    try {
      return await loaded.settle(signal);
    } catch (error) {
      console.error(`edge: loading ${redactTarget(url.pathname)} failed`, error);
      deps.reportError(error, url);
      return null;
    }
  }

  async function render(settled: SettledRender, url: URL): Promise<RenderedRoot | null> {
    try {
      return await settled.render();
    } catch (error) {
      console.error(`edge: rendering ${redactTarget(url.pathname)} failed`, error);
      deps.reportError(error, url);
      return null;
    }
  }

  /**
   * The page's answer from its settled data. A page whose own data failed has no head of its own (a story's title is
   * its data): while the database is away it still goes out, with the error state its render shows.
   */
  async function answerFor(site: SiteContext, url: URL, matched: MatchedPage, loaded: LoadedPage | null, settled: SettledRender | null): Promise<PageAnswer> {
    const withData = loaded && settled ? { ...loaded, loaderData: settled.loaderData } : loaded;
    try {
      return await answerPage(site, url, matched, withData);
    } catch (error) {
      if (!settled?.failed || !deps.backendAway()) throw error;
      return { kind: 'page', status: 200, file: prerenderedPageFor(url.pathname)?.file ?? APP_SHELL_FILE, head: null, noindex: true };
    }
  }

  return async (site, url, head) => {
    // The loaders start first, and the render's wait is counted from then.
    const renderBy = AbortSignal.timeout(deps.renderTimeoutMs);
    // The address is matched once, with the router's own table, for the head and the render alike.
    const matched = matchPage(url.pathname);
    const loaded = head ? null : await loadPage(url, matched);
    const settled = loaded ? await settle(loaded, url, renderBy) : null;
    const answer = await answerFor(site, url, matched, loaded, settled);
    if (answer.kind === 'redirect') {
      return new Response(null, { status: 301, headers: { Location: answer.location, 'Cache-Control': CACHE.redirect } });
    }
    // A build without the prerender step (plain `vite build`) has only index.html.
    const template = (await deps.readHtml(answer.file)) ?? (await deps.readHtml('index.html'));
    if (template === null) return null;
    const rendered = settled && matched.area === 'reader' ? await render(settled, url) : null;
    // A reader's page missing some of its data because the database is away: 503 with Retry-After for crawlers and
    // monitors, and nothing kept; the reader still gets the page, whose sections say what failed and offer 'Tentar
    // novamente' (decision 0016).
    const incomplete = !rendered || settled?.failed === true || settled?.pending === true;
    const away = matched.area === 'reader' && incomplete && deps.backendAway();
    const filled = rendered ? pageDocument(template, rendered, SERVER_RENDERED) : template;
    const { html, nonce } = deps.freshNonce(filled);
    const body = answer.head ? withHead(html, answer.head) : html;
    const cacheControl = answer.private ? CACHE.private : answer.head ? CACHE.page : 'no-cache';
    const response = await deps.htmlPage(body, { status: away ? 503 : answer.status, cacheControl: away ? 'no-store' : cacheControl, nonce, head });
    if (away) response.headers.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    if (answer.noindex) response.headers.set('X-Robots-Tag', 'noindex');
    return response;
  };
}
