import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from './page-loading';
import { RouteError } from './route-error';
// The reader's layout and home page are part of the entry chunk: the first visit starts its data requests without
// waiting for another chunk. Every other page stays lazy.
import { ReaderLayout } from '../features/reader/layout/reader-layout';
import * as homeRoute from '../features/reader/home/home.route';

function notFound(): never {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

/**
 * Every route of SPEC §2 plus DESIGN §5's article and advertising pages. Route modules are lazy: the reader's
 * pages split per screen, and the admin area (with the rich-text editor) is never part of a reader's download.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    Component: ReaderLayout,
    children: [
      {
        // A page's error renders inside the reader's layout, so the masthead and navigation stay.
        errorElement: <RouteError />,
        children: [
          { index: true, Component: homeRoute.Component, loader: homeRoute.loader },
          { path: 'topic/:slug', lazy: () => import('../features/reader/topic/topic.route') },
          { path: 'noticia/externa', lazy: () => import('../features/reader/article/external-article.route') },
          { path: 'noticia/:id', lazy: () => import('../features/reader/article/article.route') },
          { path: 'obituarios', lazy: () => import('../features/reader/obituaries/obituaries.route') },
          { path: 'anuncie', lazy: () => import('../features/reader/advertising/advertising.route') },
          // Its loader always throws, so the error element renders; `element: null` only says so to the router.
          { path: '*', loader: notFound, element: null },
        ],
      },
    ],
  },
  {
    path: '/admin',
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [
      { path: 'login', lazy: () => import('../features/admin/auth/login.route') },
      { path: 'register', lazy: () => import('../features/admin/auth/register.route') },
      {
        lazy: () => import('../features/admin/layout/admin-layout.route'),
        children: [
          { index: true, lazy: () => import('../features/admin/dashboard/dashboard.route') },
          { path: 'publications', lazy: () => import('../features/admin/publications/publication-list.route') },
          { path: 'publications/new', lazy: () => import('../features/admin/publications/publication-form.route') },
          { path: 'publications/:id/edit', lazy: () => import('../features/admin/publications/publication-form.route') },
          { path: 'topics', lazy: () => import('../features/admin/topics/topics.route') },
          { path: 'obituaries', lazy: () => import('../features/admin/obituaries/obituary-list.route') },
          { path: 'obituaries/new', lazy: () => import('../features/admin/obituaries/obituary-form.route') },
          { path: 'obituaries/:id/edit', lazy: () => import('../features/admin/obituaries/obituary-form.route') },
          { path: 'jobs', lazy: () => import('../features/admin/jobs/job-list.route') },
          { path: 'jobs/new', lazy: () => import('../features/admin/jobs/job-form.route') },
          { path: 'jobs/:id/edit', lazy: () => import('../features/admin/jobs/job-form.route') },
          { path: 'media-kit', lazy: () => import('../features/admin/media-kit/media-kit-requests.route') },
          { path: 'users', lazy: () => import('../features/admin/users/users.route') },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
