import type { DataClient } from '../services/client';
import type { MatchedPage } from '../app/route-table';
import type { RenderedRoot, SettledPage } from './render-document';
import type { RouteLoaderData } from '../lib/settled-sections';

// A reader page rendered with its data at request time (src/render/render-request.tsx, decision 0048): its root says
// so in `data-prerendered`, and React Router's hydration data carries what it was rendered from, so the browser
// hydrates exactly that markup without asking for the data again.

export type { RouteLoaderData } from '../lib/settled-sections';

/** The root's `data-prerendered` value for a page rendered at request time. */
export const SERVER_RENDERED = 'server';

/** A page whose sections have settled, and its render from them (null when a lazy block would not finish). */
export interface SettledRender extends SettledPage {
  render(): Promise<RenderedRoot | null>;
}

/**
 * A reader's page whose route loaders have run for this request: the data they are bringing, which the edge handler
 * builds the page's head from once settled, and the page's render from that data. The page's data is read once, here.
 */
export interface LoadedPage {
  /** The route that answers the address (src/app/route-table.ts). */
  routeId: string;
  /** Each matched route's loader data, by route id, its promises still on their way. */
  loaderData: RouteLoaderData;
  /** Waits for the sections until `signal` ends the wait (those left pending render their skeleton). */
  settle(signal: AbortSignal): Promise<SettledRender>;
}

/**
 * Runs the loaders of a request's page, matched by the caller (src/app/route-table.ts), or null when that page is not
 * one rendered here (the admin panel) or its loader redirects.
 */
export type PageRenderer = (request: Request, options: { origin: string; page: MatchedPage }) => Promise<LoadedPage | null>;

/** Where the render reads: the edge handler's data client and a fetch that reaches its own API (news, weather). */
export interface PageRenderSources {
  client: DataClient;
  apiFetch: typeof fetch;
}
