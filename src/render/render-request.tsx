import { StrictMode, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject, type StaticHandlerContext } from 'react-router';
import { HydratingShell } from '../features/reader/layout/hydrating-shell';
import { readerContext, type ReaderSources } from '../features/reader/reader-sources';
import { PageOrigin } from '../lib/page-origin';
import { sanitizeWithoutDom } from '../lib/rich-text/sanitize-without-dom';
import { routes } from '../app/router';
import type { ReaderPageId } from '../app/route-table';
import { readerPagesRendered } from '../app/reader-pages';
import type { LoadedPage, PageRenderer, PageRenderSources, RenderedPage, RouteLoaderData } from './server-rendered';

// The reader's data pages rendered at request time, with their data (decision 0019). Built by `vite build --ssr` into
// dist/.server/ (the same transforms and build variables as the browser's bundle) and run by the Node hosts' edge
// handler, so the home page, a story, a topic, the obituaries or a search paint their content before any JavaScript.
// The admin panel is never rendered here.

/** How long a render waits for the weather (edge/weather-proxy.ts) within its own RENDER_TIMEOUT_MS. */
const SERVER_WEATHER_WAIT_MS = 800;
/** The routes whose pages render here: those their route module declares rendered per request (src/app/reader-page.ts). */
const RENDERED_ROUTES = readerPagesRendered('request');
const LEADING_LINKS = /^(?:<link [^>]*\/>)*/;

class RenderAborted extends Error {}

/** Each route's data with its promises settled, as the page shows it once loaded; throws when one fails. */
async function settled(loaderData: RouteLoaderData, signal: AbortSignal): Promise<RouteLoaderData> {
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(new RenderAborted());
    signal.addEventListener('abort', () => reject(new RenderAborted()), { once: true });
  });
  aborted.catch(() => undefined);
  const entries = Object.entries(loaderData).map(async ([id, data]) => {
    if (typeof data !== 'object' || data === null) return [id, data] as const;
    const fields = await Promise.all(
      Object.entries(data).map(async ([key, value]) => [key, value instanceof Promise ? await Promise.race([value, aborted]) : value] as const),
    );
    return [id, Object.fromEntries(fields)] as const;
  });
  return Object.fromEntries(await Promise.all(entries));
}

/** React's mark of a boundary that suspended in renderToString: its content would be left to the browser. */
const SUSPENDED_BOUNDARY = '<!--$!-->';

/**
 * The page's whole markup. A lazy component not yet loaded (the first render of a block since the server started)
 * suspends: React's static render waits for it, and the page renders again, now without a suspension. A static
 * render's own output would finish those boundaries with inline scripts, which the page policy refuses.
 */
async function completeMarkup(page: ReactElement, signal: AbortSignal): Promise<string | null> {
  let markup = renderToString(page);
  if (markup.includes(SUSPENDED_BOUNDARY)) {
    await prerender(page, { signal });
    markup = renderToString(page);
  }
  return markup.includes(SUSPENDED_BOUNDARY) ? null : markup;
}

function renderedRoute(context: StaticHandlerContext): string | undefined {
  return context.matches.at(-1)?.route.id;
}

/** Loads the rendered pages' modules while the server starts, not during its first reader's request. */
async function warmUp(): Promise<void> {
  const pages = routes.flatMap(function flatten(route): RouteObject[] {
    return [route, ...(route.children ?? []).flatMap(flatten)];
  });
  await Promise.all(
    pages.filter((route) => RENDERED_ROUTES.has((route.id ?? '') as ReaderPageId) && typeof route.lazy === 'function').map((route) => (route.lazy as () => Promise<unknown>)()),
  ).catch((error: unknown) => console.error('render: loading the pages failed', error));
}

/**
 * The renderer for the edge handler's sources. Its route loaders read through them and nowhere else: they reach the
 * loaders in the router's request context (reader-sources.ts), one per request, never through a module's state.
 */
export function createPageRenderer(sources: PageRenderSources): PageRenderer {
  const readerSourcesOnServer: ReaderSources = {
    rendering: 'server',
    client: () => sources.client,
    // The render's requests to the site's API reach the edge handler in-process: it has no page origin to be
    // relative to. The weather waits less than the render does: without it in time, the widget says so.
    api: { origin: 'http://edge.invalid', fetchImpl: sources.apiFetch, weatherTimeoutMs: SERVER_WEATHER_WAIT_MS },
    // No DOM here, on Node or in the Worker: stored rich text goes through sanitize-html (decision 0050).
    richTextSanitizer: () => Promise.resolve(sanitizeWithoutDom),
  };
  const handler = createStaticHandler(routes);
  void warmUp();

  /** The page with its settled data, or null: too slow or failed, it goes out as the build rendered it. */
  async function render(context: StaticHandlerContext, request: Request, origin: string, signal: AbortSignal): Promise<RenderedPage | null> {
    let loaderData: RouteLoaderData;
    try {
      loaderData = await settled(context.loaderData, signal);
    } catch (error) {
      if (!(error instanceof RenderAborted)) console.error(`render: the data of ${new URL(request.url).pathname} failed`, error);
      return null;
    }
    const router = createStaticRouter(handler.dataRoutes, { ...context, loaderData });
    const page = (
      <StrictMode>
        <PageOrigin value={origin}>
          <HydratingShell value={false}>
            <StaticRouterProvider router={router} context={{ ...context, loaderData }} hydrate={false} />
          </HydratingShell>
        </PageOrigin>
      </StrictMode>
    );
    const rendered = await completeMarkup(page, signal);
    if (rendered === null) return null;
    const headLinks = LEADING_LINKS.exec(rendered)?.[0] ?? '';
    return { markup: rendered.slice(headLinks.length), headLinks, loaderData };
  }

  return async (request, { origin, page }): Promise<LoadedPage | null> => {
    // Known before any loader runs: the admin panel's and the other pages' loaders never run here.
    if (page.area !== 'reader' || !RENDERED_ROUTES.has(page.id)) return null;
    const context = await handler.query(request, { requestContext: readerContext(readerSourcesOnServer) });
    if (context instanceof Response || context.errors || context.statusCode !== 200) return null;
    const routeId = renderedRoute(context);
    if (routeId !== page.id) return null;
    return { routeId, loaderData: context.loaderData, render: (signal) => render(context, request, origin, signal) };
  };
}
