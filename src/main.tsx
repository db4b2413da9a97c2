import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from './render/react-dom-client';
import { createBrowserRouter, RouterProvider, type DataRouter } from 'react-router';
import { hydrationDataFor } from './render/hydration-data';
import { prerenderedPageFor } from './render/prerendered-pages';
import { matchPage } from './app/route-table';
import { routes } from './app/router';
import { SERVER_RENDERED } from './render/server-rendered';
import { HydratingShell } from './features/reader/layout/hydrating-shell';
import { onPageCacheRefresh } from './features/reader/page-cache';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

function app(router: DataRouter, hydratingShell: boolean) {
  // A revisited page shows what was kept at once; when the background refresh brings news, render them.
  onPageCacheRefresh(() => void router.revalidate());
  return (
    <StrictMode>
      <HydratingShell value={hydratingShell}>
        <RouterProvider router={router} />
      </HydratingShell>
    </StrictMode>
  );
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Another outlet's story travels in the navigation state (external-article.route.tsx), which a reload keeps and the
 * server never sees: its page, rendered without it, cannot be hydrated with it, so it renders from scratch.
 */
function showsNavigationState(): boolean {
  const state: unknown = window.history.state;
  const carried = typeof state === 'object' && state !== null && 'usr' in state ? state.usr : null;
  const page = matchPage(window.location.pathname);
  return carried != null && page.area === 'reader' && page.id === 'external-article';
}

/**
 * Hydrates the page's HTML with React Router's hydration data, which the render wrote with it (decision 0048: every
 * reader page, rendered per request or at build time), so what painted before the JavaScript stays and nothing moves;
 * the build's shell (a static host's page for any address) hydrates with its address's loaders. Otherwise (the admin
 * panel, an address whose loader redirects) renders from scratch. React hydrates each Suspense boundary of the page in
 * a task of its own and replays a tap made on a part not yet hydrated.
 */
async function start(root: HTMLElement): Promise<DataRouter> {
  // Each step below is a task of its own (after the app's modules have run: reading the page's data, loading its
  // route's module, creating the router, hydrating), so none of them holds a phone's main thread for long.
  await nextTask();
  const expected = prerenderedPageFor(window.location.pathname);
  const rendered = root.dataset.prerendered;
  if (expected && (rendered === SERVER_RENDERED || rendered === expected.key) && !showsNavigationState()) {
    await nextTask();
    const state = window.__staticRouterHydrationData ?? null;
    const hydrationData = await hydrationDataFor(routes, window.location, state, { fresh: rendered === SERVER_RENDERED }).catch(() => null);
    if (hydrationData) {
      await nextTask();
      // Read by the router itself, which revives the errors a page was rendered with (a 404) as it wrote them.
      window.__staticRouterHydrationData = hydrationData;
      const router = createBrowserRouter(routes);
      await nextTask();
      // As a transition, React hydrates in slices of a few milliseconds, yielding to the browser between them.
      startTransition(() => {
        hydrateRoot(root, app(router, rendered === 'shell'));
      });
      return router;
    }
  }
  root.replaceChildren();
  const router = createBrowserRouter(routes);
  createRoot(root).render(app(router, false));
  return router;
}

/** What starts the audience beacon at once: the reader engaging with the page, or hiding it (the event reaches window). */
const ENGAGEMENT = ['scroll', 'pointerdown', 'keydown', 'visibilitychange'];

/**
 * The audience beacon (src/app/audience/, decision 0052): its module loads when the reader first engages with the
 * page (scrolls, taps, types) or hides it, or 5 s after the page started, so it is never part of the first load (nor
 * of Lighthouse's measure of it, which ends once the page is quiet); not at all on the admin's pages or with Global
 * Privacy Control. Kept this small on purpose, it is in every reader page's entry: the module starts once however
 * often it is asked to.
 */
function countAudience(router: DataRouter): void {
  if (matchPage(location.pathname).area !== 'reader' || (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl) return;
  const load = () => {
    for (const type of ENGAGEMENT) removeEventListener(type, load);
    // A site out of reach (offline, a restart) costs this view's count, never an error on the reader's page.
    import('./app/audience/audience-beacon').then((beacon) => beacon.startInBrowser(router), () => undefined);
  };
  for (const type of ENGAGEMENT) addEventListener(type, load, { passive: true });
  setTimeout(load, 5_000);
}

void start(container).then(countAudience);
