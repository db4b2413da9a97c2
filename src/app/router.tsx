import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { RouteError } from './route-error';
// The reader's layout and home page are part of the entry chunk: the first visit starts its data requests without
// waiting for another chunk. Every other page stays lazy.
import { ReaderLayout } from '../features/reader/layout/reader-layout';
import * as readerLayoutRoute from '../features/reader/layout/reader-layout.route';
import * as homeRoute from '../features/reader/home/home.route';
import { EAGER_READER_PAGE, READER_PAGES, readerRouteModuleFile, ROUTE_TABLE, type RouteEntry } from './route-table';
import { notFoundPage } from './not-found.page';
import type { ReaderRouteHandle } from './reader-page';

function notFound(): never {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

type RouteModule = Omit<RouteObject, 'id' | 'path' | 'index' | 'children'>;
/** What a lazy route module may say (React Router takes no path or case sensitivity from one). */
type LazyRouteModule = Awaited<ReturnType<Extract<RouteObject['lazy'], (...args: never[]) => unknown>>>;

/** Every reader route module but the home page's (in the entry chunk), loaded when its page is. */
// Vite needs the pattern literal: the home page's module, imported above, is left out of it.
const lazyReaderModules = import.meta.glob<LazyRouteModule>(['../features/reader/**/*.route.tsx', '!../features/reader/home/home.route.tsx']);

const notFoundHandle: ReaderRouteHandle = { page: notFoundPage };

/** A reader page's module as the route table names it (READER_PAGES). */
function readerPageModule({ id, module }: (typeof READER_PAGES)[number]): RouteModule {
  // Its loader always throws, so the error element renders; `element: null` only says so to the router.
  if (module === null) return { loader: notFound, element: null, handle: notFoundHandle };
  if (id === EAGER_READER_PAGE) return { Component: homeRoute.Component, loader: homeRoute.loader, handle: homeRoute.handle };
  const load = lazyReaderModules[`../${readerRouteModuleFile(module).slice('src/'.length)}`];
  if (!load) throw new Error(`router: no route module ${module}`);
  return { lazy: load };
}

/** What each route of the table (route-table.ts) renders, by id: its module, or its components and loader. */
const modules: Record<string, RouteModule> = {
  ...Object.fromEntries(READER_PAGES.map((page) => [page.id, readerPageModule(page)])),
  // Ids name the reader's routes for hydration: main.tsx hands each matched route its loader data by id.
  reader: {
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    Component: ReaderLayout,
    loader: readerLayoutRoute.loader,
    handle: readerLayoutRoute.handle,
    shouldRevalidate: readerLayoutRoute.shouldRevalidate,
  },
  // A page's error renders inside the reader's layout, so the masthead and navigation stay.
  'reader-pages': { errorElement: <RouteError /> },
  admin: { errorElement: <RouteError />, HydrateFallback: PageLoading },
  'admin-login': { lazy: () => import('../features/admin/auth/login.route') },
  'admin-register': { lazy: () => import('../features/admin/auth/register.route') },
  'admin-forgot-password': { lazy: () => import('../features/admin/auth/forgot-password.route') },
  'admin-new-password': { lazy: () => import('../features/admin/auth/new-password.route') },
  'admin-layout': { lazy: () => import('../features/admin/layout/admin-layout.route') },
  'admin-dashboard': { lazy: () => import('../features/admin/dashboard/dashboard.route') },
  'admin-publications': { lazy: () => import('../features/admin/publications/publication-list.route') },
  'admin-publication-new': { lazy: () => import('../features/admin/publications/publication-form.route') },
  'admin-publication-edit': { lazy: () => import('../features/admin/publications/publication-form.route') },
  'admin-publication-preview': { lazy: () => import('./publication-preview.route') },
  'admin-topics': { lazy: () => import('../features/admin/topics/topics.route') },
  'admin-obituaries': { lazy: () => import('../features/admin/obituaries/obituary-list.route') },
  'admin-obituary-new': { lazy: () => import('../features/admin/obituaries/obituary-form.route') },
  'admin-obituary-edit': { lazy: () => import('../features/admin/obituaries/obituary-form.route') },
  'admin-jobs': { lazy: () => import('../features/admin/jobs/job-list.route') },
  'admin-job-new': { lazy: () => import('../features/admin/jobs/job-form.route') },
  'admin-job-edit': { lazy: () => import('../features/admin/jobs/job-form.route') },
  'admin-media-kit': { lazy: () => import('../features/admin/media-kit/media-kit-requests.route') },
  'admin-tips': { lazy: () => import('../features/admin/tips/news-tips.route') },
  'admin-support': { lazy: () => import('../features/admin/support/support.route') },
  'admin-ads': { lazy: () => import('../features/admin/ads/campaign-list.route') },
  'admin-ad-new': { lazy: () => import('../features/admin/ads/campaign-form.route') },
  'admin-ad-edit': { lazy: () => import('../features/admin/ads/campaign-form.route') },
  'admin-ad-campaign': { lazy: () => import('../features/admin/ads/campaign.route') },
  'admin-audience': { lazy: () => import('../features/admin/audience/audience.route') },
  'admin-users': { lazy: () => import('../features/admin/users/users.route') },
  'admin-settings': { lazy: () => import('../features/admin/privacy/settings.route') },
  'admin-data-rights': { lazy: () => import('../features/admin/privacy/data-rights.route') },
  'admin-account': { lazy: () => import('../features/admin/privacy/account.route') },
  'admin-newsletter': { lazy: () => import('../features/admin/newsletter/newsletter.route') },
  'admin-review': { lazy: () => import('../features/admin/review/review.route') },
  'admin-audit': { lazy: () => import('../features/admin/audit/audit.route') },
  'admin-system': { lazy: () => import('../features/admin/system/system.route') },
};

function withModules(entries: RouteEntry[]): RouteObject[] {
  return entries.map((entry) => {
    const module = modules[entry.id];
    if (!module) throw new Error(`router: route ${entry.id} has no module`);
    if (entry.index) return { ...entry, ...module };
    return { ...entry, ...module, children: entry.children && withModules(entry.children) };
  });
}

/**
 * Every route of docs/product.md §2, with the article and advertising pages. Route modules are lazy: the reader's
 * pages split per screen, and the admin area (with the rich-text editor) is never part of a reader's download.
 */
export const routes: RouteObject[] = withModules(ROUTE_TABLE);
