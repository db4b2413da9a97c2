import { StrictMode, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticRouter, StaticRouterProvider, type StaticHandler, type StaticHandlerContext } from 'react-router';
import { HydratingShell } from '../features/reader/layout/hydrating-shell';
import { PageOrigin } from '../lib/page-origin';
import { failedSection, markPending, type RouteLoaderData } from '../lib/settled-sections';

// The one producer of a reader page's markup (decision 0048): React Router's static handler has run the page's
// loaders; this waits for their sections (as long as the caller's signal allows), renders the page with React, and
// gives back the root's markup with React Router's own hydration data. The request render (render-request.tsx, on
// every server host) and the build's prerender (render-prerendered.tsx) both call it.

/** What the render of one page gives the document (src/render/page-html.ts). */
export interface RenderedRoot {
  /** The root element's markup. */
  markup: string;
  /** The resource hints React asks for with it (the story's image preload), for the page's head. */
  headLinks: string;
  /** React Router's hydration data as its own inline script (`window.__staticRouterHydrationData`); '' for a shell. */
  hydrationScript: string;
}

/** A page whose loaders' sections have settled (or were left pending at the signal), ready to render. */
export interface SettledPage {
  /** Each matched route's data by route id: values, failed sections (failedSection) and still-pending promises. */
  loaderData: RouteLoaderData;
  /** A section was still on its way when the signal ended the wait: the page renders its skeleton there. */
  pending: boolean;
  /** A section's request failed: the page renders its error state there. */
  failed: boolean;
}

class WaitEnded extends Error {}

/** Each route's data with its promises settled, failed or marked pending once `signal` ends the wait. */
export async function settleLoaderData(loaderData: RouteLoaderData, signal: AbortSignal): Promise<SettledPage> {
  const ended = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(new WaitEnded());
    signal.addEventListener('abort', () => reject(new WaitEnded()), { once: true });
  });
  ended.catch(() => undefined);
  let pending = false;
  let failed = false;
  // Boxed: an async function returning a promise would wait for it.
  const settle = async (value: Promise<unknown>): Promise<{ value: unknown }> => {
    try {
      return { value: await Promise.race([value, ended]) };
    } catch (error) {
      if (error instanceof WaitEnded) {
        pending = true;
        return { value: markPending(value) };
      }
      failed = true;
      return { value: failedSection(error) };
    }
  };
  const entries = Object.entries(loaderData).map(async ([id, data]) => {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return [id, data] as const;
    const fields = await Promise.all(
      Object.entries(data).map(async ([key, value]) => [key, value instanceof Promise ? (await settle(value)).value : value] as const),
    );
    return [id, Object.fromEntries(fields)] as const;
  });
  return { loaderData: Object.fromEntries(await Promise.all(entries)), pending, failed };
}

/** React's mark of a boundary that suspended in renderToString: its content would be left to the browser. */
const SUSPENDED_BOUNDARY = '<!--$!-->';
const LEADING_LINKS = /^(?:<link [^>]*\/>)*/;
/** The script StaticRouterProvider writes after the routes' markup. */
const HYDRATION_SCRIPT = /<script>window\.__staticRouterHydrationData = [\s\S]*?<\/script>$/;

/**
 * The page's whole markup. A lazy component not yet loaded (the first render of a block since the server started)
 * suspends: React's static render waits for it, and the page renders again, now without a suspension. A static
 * render's own output would finish those boundaries with inline scripts, which the page policy refuses.
 */
async function completeMarkup(page: ReactElement): Promise<string | null> {
  let markup = renderToString(page);
  if (markup.includes(SUSPENDED_BOUNDARY)) {
    await prerender(page);
    markup = renderToString(page);
  }
  return markup.includes(SUSPENDED_BOUNDARY) ? null : markup;
}

/**
 * The page rendered from its settled data, or null when a lazy block would not finish. `shell`: the reader's frame
 * with a loading line where the page goes (the build's page for every address it cannot know), which carries no
 * hydration data: the browser runs the loaders of whatever address it is served at.
 */
export async function renderRoot(
  handler: StaticHandler,
  context: StaticHandlerContext,
  settled: SettledPage,
  options: { origin: string; shell?: boolean },
): Promise<RenderedRoot | null> {
  const withData = { ...context, loaderData: settled.loaderData };
  const router = createStaticRouter(handler.dataRoutes, withData);
  const rendered = await completeMarkup(
    <StrictMode>
      <PageOrigin value={options.origin}>
        <HydratingShell value={options.shell ?? false}>
          <StaticRouterProvider router={router} context={withData} hydrate={!options.shell} />
        </HydratingShell>
      </PageOrigin>
    </StrictMode>,
  );
  if (rendered === null) return null;
  const headLinks = LEADING_LINKS.exec(rendered)?.[0] ?? '';
  const body = rendered.slice(headLinks.length);
  const hydrationScript = HYDRATION_SCRIPT.exec(body)?.[0] ?? '';
  return { markup: body.slice(0, body.length - hydrationScript.length), headLinks, hydrationScript };
}
