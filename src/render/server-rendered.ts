import type { DataClient } from '../services/client';
import type { MatchedPage } from '../app/route-table';

// A reader page the edge handler rendered with its data at request time (src/render/render-request.tsx, decision 0019):
// its root says so in `data-prerendered`, and a JSON data block carries the loader data it was rendered from, so the
// browser hydrates exactly that markup without asking for the data again. A data block, not a script: it never runs.

/** The root's `data-prerendered` value for a page rendered at request time. */
export const SERVER_RENDERED = 'server';

/** The id of the `<script type="application/json">` block with the page's loader data, by route id. */
export const ROUTE_DATA_ID = 'route-data';

export type RouteLoaderData = Record<string, unknown>;

/** The loader data the page's HTML carries; null when it carries none or an unreadable block. */
export function routeDataFromDocument(doc: Pick<Document, 'getElementById'>): RouteLoaderData | null {
  const text = doc.getElementById(ROUTE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as RouteLoaderData) : null;
  } catch {
    return null;
  }
}

/** What the server's render of a page gives the edge handler to put into the page's built HTML. */
export interface RenderedPage {
  /** The markup of the root element. */
  markup: string;
  /** The resource hints React asks for with it (the story's image preload), for the page's head. */
  headLinks: string;
  /** The loader data the markup was rendered from, by route id, for the data block. */
  loaderData: RouteLoaderData;
}

/**
 * A reader's page whose route loaders have run for this request: the data they are bringing, which the edge handler
 * builds the page's head from, and the page's render once that data has settled. The page's data is read once, here.
 */
export interface LoadedPage {
  /** The route that answers the address (src/app/route-table.ts). */
  routeId: string;
  /** Each matched route's loader data, by route id, its promises still on their way. */
  loaderData: RouteLoaderData;
  /** The page's markup with its data; null when the data failed or `signal` ended the wait first. */
  render(signal: AbortSignal): Promise<RenderedPage | null>;
}

/**
 * Runs the loaders of a request's page, matched by the caller (src/app/route-table.ts), or null when that page is not
 * one rendered here (or its loader redirects).
 */
export type PageRenderer = (request: Request, options: { origin: string; page: MatchedPage }) => Promise<LoadedPage | null>;

/** Where the render reads: the edge handler's data client and a fetch that reaches its own API (news, weather). */
export interface PageRenderSources {
  client: DataClient;
  apiFetch: typeof fetch;
}
