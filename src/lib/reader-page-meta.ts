import type { Params } from 'react-router';
import { DEFAULT_DESCRIPTION, documentTitle } from './page-meta';
import { absolute, brandImage, FEED_PATH, topicFeedPath, type FeedLink, type PageHead, type SiteContext } from './page-head-meta';
import type { ServerDataHandle } from './server-data-handle';

// A reader page's declaration beside its route module (docs/decisions/0048): the module says its loader, its head and
// how it is rendered; the path stays in the route table (src/app/route-table.ts), since the router matches an address
// before it loads the lazy module. The head lives in a DOM-free `<page>.page.ts` that the route module puts in its
// `handle.page`, so code without the app's components (the edge) reads the same declaration. The app exports the
// contract as src/app/reader-page.ts; it lives in this shared layer because the pages' modules import it.

/** 'build': the page is the same for every reader and is rendered once by the build; 'request': per request, with its data. */
export type PageRendering = 'request' | 'build';

export interface PageHeadArgs<Data = unknown> {
  site: SiteContext;
  url: URL;
  params: Params;
  /**
   * This route's loader data with its promises settled (settledLoaderData); undefined for a route without a loader.
   * Reading a field whose promise failed throws that failure: a head that needs it fails as its section did.
   */
  data: Data;
}

export type PageHeadAnswer =
  | { kind: 'page'; status: 200 | 404; head: PageHead; private?: true } // noindex from head.robots
  | { kind: 'redirect'; location: string };

export interface ReaderPageHandle<Data = unknown> {
  rendering: PageRendering;
  head(args: PageHeadArgs<Data>): PageHeadAnswer;
}

/** A reader route module's `handle`: its page declaration, and what it does when hydrating the server's data. */
export interface ReaderRouteHandle<Data = unknown> extends ServerDataHandle {
  page: ReaderPageHandle<Data>;
}

/** A loader's data as a head reads it: each field's promise settled. */
export type SettledData<Loaded> = Loaded extends object ? { [Field in keyof Loaded]: Awaited<Loaded[Field]> } : Loaded;

/** The data of a route's loader as its head reads it. */
export type LoaderHeadData<Loader extends (...args: never[]) => unknown> = SettledData<Awaited<ReturnType<Loader>>>;

/**
 * A route's loader data with every promise settled, for its head. Failed sections do not fail the whole: their field
 * rethrows its error when read, so only a head that describes that data fails with it (a story that did not load),
 * while a page whose failed section the head ignores (the home page's weather) keeps its head.
 */
export async function settledLoaderData(data: unknown): Promise<unknown> {
  if (typeof data !== 'object' || data === null) return data;
  const settled: Record<string, unknown> = {};
  await Promise.all(
    Object.entries(data).map(async ([field, value]) => {
      try {
        settled[field] = await value;
      } catch (error) {
        Object.defineProperty(settled, field, {
          enumerable: true,
          get() {
            throw error;
          },
        });
      }
    }),
  );
  return settled;
}

const NOT_FOUND_ROBOTS = 'noindex';

export function mainFeed(site: SiteContext): FeedLink {
  return { title: `${site.siteName}: últimas notícias`, url: absolute(site, FEED_PATH) };
}

export function topicFeed(site: SiteContext, topic: { name: string; slug: string }): FeedLink {
  return { title: `${site.siteName}: ${topic.name}`, url: absolute(site, topicFeedPath(topic.slug)) };
}

/**
 * A head with the site's defaults, for the pages that change only a few of them. `path` is the page's own address
 * (its canonical); null for one that has none to share (a 404, a private link).
 */
export function siteHead(
  site: SiteContext,
  path: string | null,
  fields: Omit<Partial<PageHead>, 'shareTitle'> & { shareTitle: string | null },
): PageHead {
  return {
    title: documentTitle(fields.shareTitle, site.siteName),
    description: DEFAULT_DESCRIPTION,
    canonical: path === null ? null : absolute(site, path),
    siteName: site.siteName,
    type: 'website',
    image: brandImage(site),
    article: null,
    robots: null,
    feeds: [mainFeed(site)],
    jsonLd: [],
    ...fields,
    shareTitle: fields.shareTitle ?? site.siteName,
  };
}

export function pageAnswer(head: PageHead, status: 200 | 404 = 200): PageHeadAnswer {
  return { kind: 'page', status, head };
}

/** A "not found" page: never indexed, no address of its own. */
export function notFoundAnswer(site: SiteContext, title: string | null): PageHeadAnswer {
  return pageAnswer(siteHead(site, null, { shareTitle: title, robots: NOT_FOUND_ROBOTS }), 404);
}

/** Someone's own page behind a secret address: never indexed or followed, never kept by a shared cache. */
export function privateAnswer(site: SiteContext, title: string, status: 200 | 404 = 200): PageHeadAnswer {
  return { kind: 'page', status, head: siteHead(site, null, { shareTitle: title, robots: 'noindex, nofollow' }), private: true };
}

/** A page at its own fixed address whose head is its title and description, whatever its data. */
export function titledPage(
  rendering: PageRendering,
  path: () => string,
  meta: (siteName: string) => { title: string; description?: string },
): ReaderPageHandle<unknown> {
  return {
    rendering,
    head: ({ site }) => {
      const { title, description } = meta(site.siteName);
      return pageAnswer(siteHead(site, path(), { shareTitle: title, ...(description ? { description } : {}) }));
    },
  };
}

/** A page at a readable address (`/<kind>/<id>/<slug>`): the current one, else a redirect there keeping the query. */
export function atCurrentAddress(url: URL, params: Params, address: string, slug: string, answer: () => PageHeadAnswer): PageHeadAnswer {
  if ((params.slug ?? '') !== slug) return { kind: 'redirect', location: `${address}${url.search}` };
  return answer();
}
