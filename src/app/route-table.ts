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
  | 'tip-line'
  | 'privacy'
  | 'accessibility'
  | 'corrections'
  | 'ad-report'
  | 'newsletter-confirm'
  | 'newsletter-unsubscribe'
  | 'not-found';

/** A route at one of the URL registry's entries (src/lib/paths.ts): its pattern is the route's path. */
function at<Id extends string>(id: Id, route: { pattern: string }): { id: Id; path: string } {
  return { id, path: route.pattern };
}

const readerPages: (RouteEntry & { id: ReaderPageId })[] = [
  { id: 'home', index: true },
  at('topic', paths.topic),
  at('external-article', paths.externalArticle),
  at('article', paths.article),
  at('obituaries', paths.obituaries),
  at('obituary', paths.obituary),
  at('jobs', paths.jobs),
  at('job', paths.job),
  at('search', paths.search),
  at('advertising', paths.advertising),
  at('tip-line', paths.tipLine),
  at('privacy', paths.privacy),
  at('accessibility', paths.accessibility),
  at('corrections', paths.corrections),
  at('ad-report', paths.adReport),
  at('newsletter-confirm', paths.newsletterConfirm),
  at('newsletter-unsubscribe', paths.newsletterUnsubscribe),
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
          at('admin-ads', admin.ads),
          at('admin-ad-new', admin.adNew),
          at('admin-ad-edit', admin.adEdit),
          at('admin-ad-campaign', admin.adCampaign),
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

const READER_PAGE_IDS = new Set<string>(readerPages.map((page) => page.id));

/** The page an address opens, as the router matches it (every path matches: the reader's `*` is "not found"). */
export function matchPage(pathname: string): MatchedPage {
  const matches = matchRoutes(ROUTE_TABLE, pathname) ?? [];
  if (matches[0]?.route.id === 'admin') return { area: 'admin' };
  const last = matches.at(-1);
  const id = last && READER_PAGE_IDS.has(last.route.id) ? (last.route.id as ReaderPageId) : 'not-found';
  return { area: 'reader', id, params: last?.params ?? {} };
}
