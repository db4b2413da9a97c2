import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, type DataRouter } from 'react-router';
import { hydrationDataFor } from './app/hydration-data';
import { prerenderedPageFor } from './app/prerendered-pages';
import { routes } from './app/router';
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

/**
 * Hydrates the HTML prerendered for this address (src/app/prerendered-pages.ts), so what painted before the
 * JavaScript stays and nothing moves; otherwise (the admin panel, `npm run dev`, an address whose loader redirects)
 * renders from scratch.
 */
async function start(root: HTMLElement): Promise<void> {
  const expected = prerenderedPageFor(window.location.pathname);
  if (expected && root.dataset.prerendered === expected.key) {
    const hydrationData = await hydrationDataFor(routes, window.location).catch(() => null);
    // The page is already painted: let the browser breathe between evaluating the code and hydrating, so neither
    // adds to the other's long task (a tap meanwhile is answered in between).
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (hydrationData) {
      hydrateRoot(root, app(createBrowserRouter(routes, { hydrationData }), expected.mode === 'shell'));
      return;
    }
  }
  root.replaceChildren();
  createRoot(root).render(app(createBrowserRouter(routes), false));
}

void start(container);
