import { pageAnswer, siteHead, type ReaderPageHandle } from '../../../lib/reader-page-meta';
import { searchMeta } from '../../../lib/page-meta';
import { paths } from '../../../lib/paths';

/**
 * /busca?q=: every query's page names the search page itself as canonical, so engines keep one search page rather
 * than one per query. Not noindex: Lighthouse's SEO audit (a budget of every reader page) fails a page that says it.
 */
export const searchPage: ReaderPageHandle<unknown> = {
  rendering: 'request',
  head: ({ site, url }) => pageAnswer(siteHead(site, paths.search(), { shareTitle: searchMeta(url.searchParams.get('q')?.trim() ?? '').title })),
};
