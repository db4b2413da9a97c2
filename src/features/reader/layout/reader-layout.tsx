import { Suspense, useContext } from 'react';
import { Outlet, ScrollRestoration, useLoaderData } from 'react-router';
import { PageLoading } from '../../../components/ui/page-loading';
import { useHydrated } from '../../../lib/use-hydrated';
import { BreakingNewsSlot, type ReaderLayoutData } from './breaking-news-banner';
import { HydratingShell } from './hydrating-shell';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export const MAIN_CONTENT_ID = 'conteudo';

export function ReaderLayout() {
  const hydratingShell = useContext(HydratingShell);
  const hydrated = useHydrated();
  const showsPrerenderedShell = hydratingShell && !hydrated;
  // Undefined where the layout is rendered without its route (component tests).
  const breakingNews = useLoaderData<ReaderLayoutData | undefined>()?.breakingNews ?? null;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded bg-white px-4 py-2 text-brand-800 focus:not-sr-only focus:absolute focus:left-2 focus:top-2"
      >
        Pular para o conteúdo
      </a>
      {/* Each part is a Suspense boundary: React hydrates each in a task of its own, so a phone answers a tap between
          them, and hydrates first the one a reader taps. */}
      <Suspense fallback={null}>
        <SiteHeader />
      </Suspense>
      <BreakingNewsSlot news={breakingNews} />
      {/* At least a screen tall, so the footer starts below the first screen on every page and never moves into
          view while a page's data arrives (a shorter or longer page only moves it below the fold). */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto min-h-screen w-full max-w-7xl flex-1 px-4 py-6 outline-none">
        <Suspense fallback={null}>{showsPrerenderedShell ? <PageLoading /> : <Outlet />}</Suspense>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
