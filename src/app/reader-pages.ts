import { accessibilityPage } from '../features/reader/accessibility/accessibility.page';
import { adReportPage } from '../features/reader/ad-report/ad-report.page';
import { advertisingPage } from '../features/reader/advertising/advertising.page';
import { articlePage } from '../features/reader/article/article.page';
import { externalArticlePage } from '../features/reader/article/external-article.page';
import { correctionsPage } from '../features/reader/corrections/corrections.page';
import { homePage } from '../features/reader/home/home.page';
import { jobPage } from '../features/reader/jobs/job.page';
import { jobsPage } from '../features/reader/jobs/jobs.page';
import { newsletterConfirmPage, newsletterUnsubscribePage } from '../features/reader/newsletter/newsletter.page';
import { obituariesPage } from '../features/reader/obituaries/obituaries.page';
import { obituaryPage } from '../features/reader/obituaries/obituary.page';
import { privacyPage } from '../features/reader/privacy/privacy.page';
import { searchPage } from '../features/reader/search/search.page';
import { supportCodePage, supportPage, supportStopPage } from '../features/reader/support/support.page';
import { tipLinePage } from '../features/reader/tip-line/tip-line.page';
import { topicPage } from '../features/reader/topic/topic.page';
import { notFoundPage } from './not-found.page';
import { absolute, type SiteContext } from '../lib/page-head-meta';
import { paths } from '../lib/paths';
import type { PageRendering, ReaderPageHandle } from './reader-page';
import { READER_PAGES, type ReaderPageId } from './route-table';

/**
 * Each reader page's declaration (its route module's `handle.page`), by id, for the code that has no router with the
 * app's components to read it from: the edge handler's head (src/render/page-answer.ts) until every host renders
 * through React Router's static handler, and the lists derived from `rendering`. Never imported by the browser: it
 * carries every page's head. The compiler keeps it complete (every ReaderPageId), and reader-pages.test.ts keeps each
 * entry the very object its route module declares.
 */
export const READER_PAGE_HANDLES: { readonly [Id in ReaderPageId]: ReaderPageHandle } = {
  home: homePage,
  topic: topicPage,
  'external-article': externalArticlePage,
  article: articlePage,
  obituaries: obituariesPage,
  obituary: obituaryPage,
  jobs: jobsPage,
  job: jobPage,
  search: searchPage,
  advertising: advertisingPage,
  'tip-line': tipLinePage,
  privacy: privacyPage,
  accessibility: accessibilityPage,
  corrections: correctionsPage,
  'ad-report': adReportPage,
  'newsletter-confirm': newsletterConfirmPage,
  'newsletter-unsubscribe': newsletterUnsubscribePage,
  support: supportPage,
  'support-code': supportCodePage,
  'support-stop': supportStopPage,
  'not-found': notFoundPage,
};

/** The reader pages declared with this rendering. */
export function readerPagesRendered(rendering: PageRendering): ReadonlySet<ReaderPageId> {
  const ids = Object.keys(READER_PAGE_HANDLES) as ReaderPageId[];
  return new Set(ids.filter((id) => READER_PAGE_HANDLES[id].rendering === rendering));
}

/**
 * The reader pages at an address of their own (no parameter) whose declared head lets engines index them as that
 * address, in the route table's order: the pages sitemap's (edge/sitemaps.ts). A head at a fixed address describes the
 * address, not its data, so it is asked without any.
 */
export function indexablePagePaths(site: SiteContext): string[] {
  return READER_PAGES.flatMap((page) => {
    const path = 'index' in page ? paths.home() : page.path;
    if (/[:*]/.test(path)) return [];
    const answer = READER_PAGE_HANDLES[page.id].head({ site, url: new URL(path, `${site.origin}/`), params: {}, data: undefined });
    const indexable = answer.kind === 'page' && answer.status === 200 && !answer.private && !answer.head.robots?.includes('noindex');
    return indexable && answer.head.canonical === absolute(site, path) ? [path] : [];
  });
}
