import { matchRoutes, type Params } from 'react-router';
import { paths } from '../lib/paths';

/**
 * The app's addresses and nothing else: which route answers which path. The router (router.tsx) is built from this
 * table by attaching each route's module to its id, and the edge handler (page-answer.ts), the prerender
 * (prerendered-pages.ts) and the browser's start (main.tsx) match addresses with it through `matchPage`, so an address
 * means the same page everywhere. It imports no page code: the edge bundles it without the app.
 */
export type RouteEntry = { id: string; path?: string; index?: false; children?: RouteEntry[] } | { id: string; index: true };

/** The reader's pages: each one's head, prerendered HTML and server render are chosen by this id. */
export type ReaderPageId =
  | 'home'
  | 'topic'
  | 'external-article'
  | 'article'
  | 'obituaries'
  | 'obituary'
  | 'jobs'
  | 'job'
  | 'search'
  | 'advertising'
  | 'not-found';

const readerPages: (RouteEntry & { id: ReaderPageId })[] = [
  { id: 'home', index: true },
  { id: 'topic', path: paths.topic.pattern },
  { id: 'external-article', path: paths.externalArticle.pattern },
  { id: 'article', path: paths.article.pattern },
  { id: 'obituaries', path: paths.obituaries.pattern },
  { id: 'obituary', path: paths.obituary.pattern },
  { id: 'jobs', path: paths.jobs.pattern },
  { id: 'job', path: paths.job.pattern },
  { id: 'search', path: paths.search.pattern },
  { id: 'advertising', path: paths.advertising.pattern },
  { id: 'not-found', path: '*' },
];

const admin = paths.admin;

export const ROUTE_TABLE: RouteEntry[] = [
  {
    id: 'reader',
    path: paths.home.pattern,
    // A pathless layer: a page's error renders inside the reader's layout (router.tsx).
    children: [{ id: 'reader-pages', children: readerPages }],
  },
  {
    id: 'admin',
    path: admin.root.pattern,
    children: [
      { id: 'admin-login', path: admin.login.pattern },
      { id: 'admin-register', path: admin.register.pattern },
      { id: 'admin-forgot-password', path: admin.forgotPassword.pattern },
      { id: 'admin-new-password', path: admin.newPassword.pattern },
      {
        id: 'admin-layout',
        children: [
          { id: 'admin-dashboard', index: true },
          { id: 'admin-publications', path: admin.publications.pattern },
          { id: 'admin-publication-new', path: admin.publicationNew.pattern },
          { id: 'admin-publication-edit', path: admin.publicationEdit.pattern },
          { id: 'admin-publication-preview', path: admin.publicationPreview.pattern },
          { id: 'admin-topics', path: admin.topics.pattern },
          { id: 'admin-obituaries', path: admin.obituaries.pattern },
          { id: 'admin-obituary-new', path: admin.obituaryNew.pattern },
          { id: 'admin-obituary-edit', path: admin.obituaryEdit.pattern },
          { id: 'admin-jobs', path: admin.jobs.pattern },
          { id: 'admin-job-new', path: admin.jobNew.pattern },
          { id: 'admin-job-edit', path: admin.jobEdit.pattern },
          { id: 'admin-media-kit', path: admin.mediaKit.pattern },
          { id: 'admin-users', path: admin.users.pattern },
        ],
      },
    ],
  },
];

/** What an address is: a reader's page with its params, or the admin panel (its pages need a session, not a head). */
export type MatchedPage = { area: 'reader'; id: ReaderPageId; params: Params } | { area: 'admin' };

const READER_PAGE_IDS = new Set<string>(readerPages.map((page) => page.id));

/** The page an address opens, as the router matches it (every path matches: the reader's `*` is "not found"). */
export function matchPage(pathname: string): MatchedPage {
  const matches = matchRoutes(ROUTE_TABLE, pathname) ?? [];
  if (matches[0]?.route.id === 'admin') return { area: 'admin' };
  const last = matches.at(-1);
  const id = last && READER_PAGE_IDS.has(last.route.id) ? (last.route.id as ReaderPageId) : 'not-found';
  return { area: 'reader', id, params: last?.params ?? {} };
}
