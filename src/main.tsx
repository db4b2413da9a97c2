import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from './render/react-dom-client';
import { createBrowserRouter, RouterProvider, type DataRouter } from 'react-router';
import { hydrationDataFor } from './render/hydration-data';
import { prerenderedPageFor } from './render/prerendered-pages';
import { routes } from './app/router';
import { routeDataFromDocument, SERVER_RENDERED } from './render/server-rendered';
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
 * Hydrates the HTML prerendered for this address (src/render/prerendered-pages.ts) or rendered for it with its data by
 * the server (src/render/server-rendered.ts), so what painted before the JavaScript stays and nothing moves; otherwise
 * (the admin panel, `npm run dev`, an address whose loader redirects) renders from scratch. React hydrates each
 * Suspense boundary of the page in a task of its own and replays a tap made on a part not yet hydrated.
 */
async function start(root: HTMLElement): Promise<void> {
  // Each step below is a task of its own (after the app's modules have run: reading the page's data, loading its
  // route's module, creating the router, hydrating), so none of them holds a phone's main thread for long.
  await nextTask();
  const expected = prerenderedPageFor(window.location.pathname);
  const carried = routeDataFromDocument(document);
  const serverRendered = root.dataset.prerendered === SERVER_RENDERED && carried !== null;
  if (expected && (serverRendered || root.dataset.prerendered === expected.key)) {
    await nextTask();
    const hydrationData = await hydrationDataFor(routes, window.location, carried, serverRendered).catch(() => null);
    if (hydrationData) {
      await nextTask();
      const router = createBrowserRouter(routes, { hydrationData });
      await nextTask();
      // As a transition, React hydrates in slices of a few milliseconds, yielding to the browser between them.
      startTransition(() => {
        hydrateRoot(root, app(router, !serverRendered && expected.mode === 'shell'));
      });
      return;
    }
  }
  root.replaceChildren();
  createRoot(root).render(app(createBrowserRouter(routes), false));
}

void start(container);
