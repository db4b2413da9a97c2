import type { RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/page-loading';
import { RouteError } from './route-error';
// The reader's layout and home page are part of the entry chunk: the first visit starts its data requests without
// waiting for another chunk. Every other page stays lazy.
import { ReaderLayout } from '../features/reader/layout/reader-layout';
import * as homeRoute from '../features/reader/home/home.route';
import { paths } from '../lib/paths';

function notFound(): never {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

/**
 * Every route of docs/product.md §2, with the article and advertising pages. Route modules are lazy: the reader's
 * pages split per screen, and the admin area (with the rich-text editor) is never part of a reader's download.
 */
export const routes: RouteObject[] = [
  {
    // Ids name the reader's routes for hydration: main.tsx hands each matched route its loader data by id.
    id: 'reader',
    path: paths.home.pattern,
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    Component: ReaderLayout,
    children: [
      {
        // A page's error renders inside the reader's layout, so the masthead and navigation stay.
        errorElement: <RouteError />,
        children: [
          { id: 'home', index: true, Component: homeRoute.Component, loader: homeRoute.loader, handle: homeRoute.handle },
          { id: 'topic', path: paths.topic.pattern, lazy: () => import('../features/reader/topic/topic.route') },
          { id: 'external-article', path: paths.externalArticle.pattern, lazy: () => import('../features/reader/article/external-article.route') },
          { id: 'article', path: paths.article.pattern, lazy: () => import('../features/reader/article/article.route') },
          { id: 'obituaries', path: paths.obituaries.pattern, lazy: () => import('../features/reader/obituaries/obituaries.route') },
          { id: 'obituary', path: paths.obituary.pattern, lazy: () => import('../features/reader/obituaries/obituary.route') },
          { id: 'jobs', path: paths.jobs.pattern, lazy: () => import('../features/reader/jobs/jobs.route') },
          { id: 'job', path: paths.job.pattern, lazy: () => import('../features/reader/jobs/job.route') },
          { id: 'search', path: paths.search.pattern, lazy: () => import('../features/reader/search/search.route') },
          { id: 'advertising', path: paths.advertising.pattern, lazy: () => import('../features/reader/advertising/advertising.route') },
          // Its loader always throws, so the error element renders; `element: null` only says so to the router.
          { id: 'not-found', path: '*', loader: notFound, element: null },
        ],
      },
    ],
  },
  {
    path: paths.admin.root.pattern,
    errorElement: <RouteError />,
    HydrateFallback: PageLoading,
    children: [
      { path: paths.admin.login.pattern, lazy: () => import('../features/admin/auth/login.route') },
      { path: paths.admin.register.pattern, lazy: () => import('../features/admin/auth/register.route') },
      { path: paths.admin.forgotPassword.pattern, lazy: () => import('../features/admin/auth/forgot-password.route') },
      { path: paths.admin.newPassword.pattern, lazy: () => import('../features/admin/auth/new-password.route') },
      {
        lazy: () => import('../features/admin/layout/admin-layout.route'),
        children: [
          { index: true, lazy: () => import('../features/admin/dashboard/dashboard.route') },
          { path: paths.admin.publications.pattern, lazy: () => import('../features/admin/publications/publication-list.route') },
          { path: paths.admin.publicationNew.pattern, lazy: () => import('../features/admin/publications/publication-form.route') },
          { path: paths.admin.publicationEdit.pattern, lazy: () => import('../features/admin/publications/publication-form.route') },
          { path: paths.admin.publicationPreview.pattern, lazy: () => import('./publication-preview.route') },
          { path: paths.admin.topics.pattern, lazy: () => import('../features/admin/topics/topics.route') },
          { path: paths.admin.obituaries.pattern, lazy: () => import('../features/admin/obituaries/obituary-list.route') },
          { path: paths.admin.obituaryNew.pattern, lazy: () => import('../features/admin/obituaries/obituary-form.route') },
          { path: paths.admin.obituaryEdit.pattern, lazy: () => import('../features/admin/obituaries/obituary-form.route') },
          { path: paths.admin.jobs.pattern, lazy: () => import('../features/admin/jobs/job-list.route') },
          { path: paths.admin.jobNew.pattern, lazy: () => import('../features/admin/jobs/job-form.route') },
          { path: paths.admin.jobEdit.pattern, lazy: () => import('../features/admin/jobs/job-form.route') },
          { path: paths.admin.mediaKit.pattern, lazy: () => import('../features/admin/media-kit/media-kit-requests.route') },
          { path: paths.admin.users.pattern, lazy: () => import('../features/admin/users/users.route') },
        ],
      },
    ],
  },
];

