import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, type DataRouter } from 'react-router';
import { hydrationDataFor } from './app/hydration-data';
import { prerenderedPageFor } from './app/prerendered-pages';
import { routes } from './app/router';
import { routeDataFromDocument, SERVER_RENDERED } from './app/server-rendered';
import { beginHydration, endHydrationAfterTurns } from './lib/hydration-phase';
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

/** Lets the browser paint and answer input before the next step, so no step adds to another's task. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Hydrates the HTML prerendered for this address (src/app/prerendered-pages.ts) or rendered for it with its data by
 * the server (src/app/server-rendered.ts), so what painted before the JavaScript stays and nothing moves; otherwise
 * (the admin panel, `npm run dev`, an address whose loader redirects) renders from scratch.
 */
async function start(root: HTMLElement): Promise<void> {
  const expected = prerenderedPageFor(window.location.pathname);
  const serverData = root.dataset.prerendered === SERVER_RENDERED ? routeDataFromDocument(document) : null;
  if (expected && (serverData || root.dataset.prerendered === expected.key)) {
    // The page is already painted: evaluating the code, loading the route's data, starting the router and hydrating
    // each run in tasks of their own (docs/decisions/0019).
    await nextTask();
    const hydrationData = await hydrationDataFor(routes, window.location, serverData).catch(() => null);
    await nextTask();
    if (hydrationData) {
      const router = createBrowserRouter(routes, { hydrationData });
      await nextTask();
      beginHydration();
      hydrateRoot(root, app(router, !serverData && expected.mode === 'shell'));
      await endHydrationAfterTurns();
      return;
    }
  }
  root.replaceChildren();
  createRoot(root).render(app(createBrowserRouter(routes), false));
}

/**
 * Every button of the page answers now: the boot script stops holding taps back (src/boot.ts), and the button the
 * reader tapped before the page had hydrated is tapped again. Also after a failed start, so no button stays held.
 */
function takeOverTaps(): void {
  document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
  const tapped = document.querySelector<HTMLElement>(`[${EARLY_TAP_ATTRIBUTE}]`);
  tapped?.removeAttribute(EARLY_TAP_ATTRIBUTE);
  tapped?.click();
}

void start(container).finally(takeOverTaps);
