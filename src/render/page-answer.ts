import { APP_SHELL_FILE, prerenderedPageFor, READER_SHELL } from './prerendered-pages';
import type { MatchedPage, ReaderPageId } from '../app/route-table';
import { READER_PAGE_HANDLES } from '../app/reader-pages';
import { settledLoaderData } from '../app/reader-page';
import { getPublishedJob } from '../services/job-board';
import { getPublishedObituary } from '../services/obituary-notice';
import { getPublishedPublication } from '../services/published-story';
import { publishedStory } from '../services/news/local-article';
import { resolveTopicSlug } from '../services/topics';
import type { LoadedPage } from './server-rendered';
import type { PageHead } from './page-head';
import type { SiteContext } from './site-context';

// The edge handler's adapter over the reader pages' declarations (src/app/reader-page.ts): each page's route module
// says its head; this only picks the built file it goes into. It goes once every host renders the whole document
// through React Router's static handler, which reads `handle.page` from the matched route itself (decision 0048).

/** What a page address is answered with: its built HTML under its own head, or a redirect to its current address. */
export type PageAnswer =
  | {
      kind: 'page';
      status: 200 | 404;
      file: string;
      head: PageHead | null;
      noindex: boolean;
      home?: true;
      /** Someone's own page behind a secret address (an advertiser's report): no shared cache may keep it. */
      private?: true;
    }
  | { kind: 'redirect'; location: string };

type HeadRead = (site: SiteContext, params: MatchedPage & { area: 'reader' }) => Promise<object>;

/**
 * The data a head describes, read here where no render ran for the request (a HEAD request, a host without a
 * render, a loader that redirected), shaped as the page's loader brings it. Only the pages whose head reads its data.
 */
const HEAD_READS: Partial<Record<ReaderPageId, HeadRead>> = {
  article: async (site, { params }) => ({
    article: await getPublishedPublication(site.client, params.id ?? '').then((row) => row && publishedStory(row, site.siteName)),
  }),
  // The loader's lookup answers null for a failed one too (the page still shows its news): only a found topic is
  // taken from it, and a null one is asked again.
  topic: async (site, { params }) => ({ topic: await resolveTopicSlug(site.client, params.slug ?? '') }),
  job: async (site, { params }) => ({ job: await getPublishedJob(site.client, params.id ?? '') }),
  obituary: async (site, { params }) => ({ obituary: await getPublishedObituary(site.client, params.id ?? '') }),
  // Without its render the report is not known to be missing: the page is the report's.
  'ad-report': () => Promise.resolve({ report: undefined }),
  // A Pix code's page likewise (decision 0054): private either way, never kept.
  'support-code': () => Promise.resolve({ code: undefined }),
};

/** The page's loader data as its head reads it: the render's own when it ran, else read here. */
async function headData(site: SiteContext, matched: MatchedPage & { area: 'reader' }, loaded: LoadedPage | null): Promise<unknown> {
  const read = HEAD_READS[matched.id];
  if (!read) return undefined;
  const rendered = loaded?.routeId === matched.id ? ((await settledLoaderData(loaded.loaderData[matched.id])) as Record<string, unknown>) : null;
  if (rendered && !(matched.id === 'topic' && rendered.topic === null)) return rendered;
  return read(site, matched);
}

/**
 * The answer for a page address (GET or HEAD), matched by the app's own route table (src/app/route-table.ts) as the
 * router matches it in the browser. The reader's routes get the head their route module declares; the admin panel
 * gets the plain app page, never indexed.
 */
export async function answerPage(site: SiteContext, url: URL, matched: MatchedPage, loaded: LoadedPage | null = null): Promise<PageAnswer> {
  if (matched.area === 'admin') return { kind: 'page', status: 200, file: APP_SHELL_FILE, head: null, noindex: true };
  const data = await headData(site, matched, loaded);
  const answer = READER_PAGE_HANDLES[matched.id].head({ site, url, params: matched.params, data });
  if (answer.kind === 'redirect') return answer;
  const file = answer.status === 404 ? READER_SHELL.file : (prerenderedPageFor(url.pathname) ?? READER_SHELL).file;
  return {
    kind: 'page',
    status: answer.status,
    file,
    head: answer.head,
    noindex: answer.head.robots?.includes('noindex') ?? false,
    // The home page (its lead story is its render's: decision 0048).
    ...(matched.id === 'home' ? { home: true as const } : {}),
    ...(answer.private ? { private: true as const } : {}),
  };
}
