import { createStaticHandler, type RouteObject } from 'react-router';
import { readerContext, type ReaderSources } from '../features/reader/reader-sources';
import { sanitizeWithoutDom } from '../lib/rich-text/sanitize-without-dom';
import { singleFlight } from '../lib/single-flight';
import { routes } from '../app/router';
import { renderRoot, settleLoaderData } from './render-document';
import type { LoadedPage, PageRenderer, PageRenderSources } from './server-rendered';

// Every reader page rendered at request time with its data (decision 0048), on every server host: built by
// `vite build --ssr` into dist/.server/ (for Node, and for the Worker) and loaded by `npm run dev` through Vite, so the
// page paints its content before any JavaScript and hydrates with React Router's own data. The admin panel is never
// rendered here.

/** How long a render waits for the weather (edge/weather-proxy.ts) within its own RENDER_TIMEOUT_MS. */
const SERVER_WEATHER_WAIT_MS = 800;


/** Loads the reader's page modules while the server starts, not during its first reader's request. */
async function warmUp(): Promise<void> {
  const reader = routes.find((route) => route.id === 'reader');
  const pages = reader ? [reader, ...(reader.children ?? []).flatMap(function flatten(route): RouteObject[] {
    return [route, ...(route.children ?? []).flatMap(flatten)];
  })] : [];
  await Promise.all(pages.filter((route) => typeof route.lazy === 'function').map((route) => (route.lazy as () => Promise<unknown>)())).catch(
    (error: unknown) => console.error('render: loading the pages failed', error),
  );
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
    // Per renderer, like everything here: another handler in the process shares nothing with this one.
    sharedRead: singleFlight(),
  };
  const handler = createStaticHandler(routes);
  void warmUp();

  return async (request, { origin, page }): Promise<LoadedPage | null> => {
    // Known before any loader runs: the admin panel's loaders never run here.
    if (page.area !== 'reader') return null;
    const context = await handler.query(request, { requestContext: readerContext(readerSourcesOnServer) });
    // A loader's redirect (a renamed topic) is the head's to answer (page-answer.ts).
    if (context instanceof Response) return null;
    const routeId = context.matches.at(-1)?.route.id ?? page.id;
    return {
      routeId,
      loaderData: context.loaderData,
      async settle(signal) {
        const settled = await settleLoaderData(context.loaderData, signal);
        return { ...settled, render: () => renderRoot(handler, context, settled, { origin }) };
      },
    };
  };
}
