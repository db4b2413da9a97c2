import { matchRoutes, type Params } from 'react-router';
import { paths } from '../lib/paths';

/**
 * The app's addresses and nothing else: which route answers which path. The router (router.tsx) is built from this
 * table by attaching each route's module to its id, and the edge handler (page-answer.ts), the prerender
 * (prerendered-pages.ts) and the browser's start (main.tsx) match addresses with it through `matchPage`, so an address
 * means the same page everywhere. It imports no page code: the edge bundles it without the app.
 */
export type RouteEntry = { id: string; path?: string; index?: false; children?: RouteEntry[] } | { id: string; index: true };

/**
 * One reader page: its id, its address, and its route module's file under src/features/reader/ (without
 * `.route.tsx`), which says everything else: its loader, its component and its `handle.page` (src/app/reader-page.ts:
 * its head and whether it is rendered per request or by the build). The path stays here because the router matches an
 * address before it loads the lazy module that answers it; the file is a name, not an import, so this table loads no
 * page code (the edge bundles it without the app). `module: null`: a route the router declares itself (not-found).
 */
type ReaderPageEntry = ({ path: string } | { index: true }) & { id: string; module: string | null };

/** A route at one of the URL registry's entries (src/lib/paths.ts): its pattern is the route's path. */
function at<Id extends string>(id: Id, route: { pattern: string }): { id: Id; path: string } {
  return { id, path: route.pattern };
}

/** The reader's pages: every list about them (the router's modules, heads, prerendered and rendered pages) derives from this. */
export const READER_PAGES = [
  { id: 'home', index: true, module: 'home/home' },
  { ...at('topic', paths.topic), module: 'topic/topic' },
  { ...at('external-article', paths.externalArticle), module: 'article/external-article' },
  { ...at('article', paths.article), module: 'article/article' },
  { ...at('obituaries', paths.obituaries), module: 'obituaries/obituaries' },
  { ...at('obituary', paths.obituary), module: 'obituaries/obituary' },
  { ...at('jobs', paths.jobs), module: 'jobs/jobs' },
  { ...at('job', paths.job), module: 'jobs/job' },
  { ...at('search', paths.search), module: 'search/search' },
  { ...at('advertising', paths.advertising), module: 'advertising/advertising' },
  { ...at('tip-line', paths.tipLine), module: 'tip-line/tip-line' },
  { ...at('privacy', paths.privacy), module: 'privacy/privacy' },
  { ...at('accessibility', paths.accessibility), module: 'accessibility/accessibility' },
  { ...at('corrections', paths.corrections), module: 'corrections/corrections' },
  { ...at('ad-report', paths.adReport), module: 'ad-report/ad-report' },
  { ...at('newsletter-confirm', paths.newsletterConfirm), module: 'newsletter/confirm' },
  { ...at('newsletter-unsubscribe', paths.newsletterUnsubscribe), module: 'newsletter/unsubscribe' },
  { ...at('support', paths.support), module: 'support/support' },
  { ...at('support-code', paths.supportCode), module: 'support/support-code' },
  { ...at('support-stop', paths.supportReminderStop), module: 'support/support-stop' },
  { id: 'not-found', path: '*', module: null },
] as const satisfies readonly ReaderPageEntry[];

/** The reader's pages by id: each one's head, prerendered HTML and server render are chosen by it. */
export type ReaderPageId = (typeof READER_PAGES)[number]['id'];

/** The reader page whose route module is part of the entry chunk (router.tsx imports it eagerly); every other one is lazy. */
export const EAGER_READER_PAGE: ReaderPageId = 'home';

/** A reader route module's source file, from the project's root (the build preloads it with the app). */
export function readerRouteModuleFile(module: string): string {
  return `src/features/reader/${module}.route.tsx`;
}

const readerPages: RouteEntry[] = READER_PAGES.map((page) => ('index' in page ? { id: page.id, index: true } : { id: page.id, path: page.path }));

const admin = paths.admin;

export const ROUTE_TABLE: RouteEntry[] = [
  {
    id: 'reader',
    path: paths.home.pattern,
    // A pathless layer: a page's error renders inside the reader's layout (router.tsx).
    children: [{ id: 'reader-pages', children: readerPages }],
  },
  {
    ...at('admin', admin.root),
    children: [
      at('admin-login', admin.login),
      at('admin-register', admin.register),
      at('admin-forgot-password', admin.forgotPassword),
      at('admin-new-password', admin.newPassword),
      {
        id: 'admin-layout',
        children: [
          { id: 'admin-dashboard', index: true },
          at('admin-publications', admin.publications),
          at('admin-publication-new', admin.publicationNew),
          at('admin-publication-edit', admin.publicationEdit),
          at('admin-publication-preview', admin.publicationPreview),
          at('admin-topics', admin.topics),
          at('admin-obituaries', admin.obituaries),
          at('admin-obituary-new', admin.obituaryNew),
          at('admin-obituary-edit', admin.obituaryEdit),
          at('admin-jobs', admin.jobs),
          at('admin-job-new', admin.jobNew),
          at('admin-job-edit', admin.jobEdit),
          at('admin-media-kit', admin.mediaKit),
          at('admin-tips', admin.tips),
          at('admin-support', admin.support),
          at('admin-ads', admin.ads),
          at('admin-ad-new', admin.adNew),
          at('admin-ad-edit', admin.adEdit),
          at('admin-ad-campaign', admin.adCampaign),
          at('admin-audience', admin.audience),
          at('admin-users', admin.users),
          at('admin-settings', admin.settings),
          at('admin-data-rights', admin.dataRights),
          at('admin-account', admin.account),
          at('admin-newsletter', admin.newsletter),
          at('admin-review', admin.review),
          at('admin-audit', admin.audit),
          at('admin-system', admin.system),
        ],
      },
    ],
  },
];

/** What an address is: a reader's page with its params, or the admin panel (its pages need a session, not a head). */
export type MatchedPage = { area: 'reader'; id: ReaderPageId; params: Params } | { area: 'admin' };

const READER_PAGE_IDS = new Set<string>(READER_PAGES.map((page) => page.id));

/**
 * Addresses matched lately and what they matched. React Router's `matchRoutes` flattens and ranks the whole table on
 * every call; under a crowd on one story that was 7% of a server's time (docs/decisions/0051). The table never
 * changes while the code runs, so an address always matches the same page: the answer is kept, frozen, for the
 * most recent addresses (the oldest goes first).
 */
const matchedLately = new Map<string, MatchedPage>();
const MATCHED_KEPT = 256;

function matchAnew(pathname: string): MatchedPage {
  const matches = matchRoutes(ROUTE_TABLE, pathname) ?? [];
  if (matches[0]?.route.id === 'admin') return Object.freeze({ area: 'admin' });
  const last = matches.at(-1);
  const id = last && READER_PAGE_IDS.has(last.route.id) ? (last.route.id as ReaderPageId) : 'not-found';
  return Object.freeze({ area: 'reader', id, params: Object.freeze({ ...(last?.params ?? {}) }) });
}

/** The page an address opens, as the router matches it (every path matches: the reader's `*` is "not found"). */
export function matchPage(pathname: string): MatchedPage {
  let matched = matchedLately.get(pathname);
  if (!matched) {
    matched = matchAnew(pathname);
    if (matchedLately.size >= MATCHED_KEPT) matchedLately.delete(matchedLately.keys().next().value as string);
    matchedLately.set(pathname, matched);
  }
  return matched;
}
