import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { HydratingShell } from '../features/reader/layout/hydrating-shell';
import { browserSources, readerContext } from '../features/reader/reader-sources';
import type { PrerenderedPage } from './prerendered-pages';
import type { RouteLoaderData } from './server-rendered';
import { routes } from '../app/router';

/**
 * The markup of one prerendered page (run at build time by scripts/prerender.ts, on Node). The tree is the one
 * main.tsx hydrates, so React meets exactly this HTML: every section is in its skeleton (Deferred renders its
 * fallback until hydration is over), and a `shell` page has the loading line where the page goes.
 */
export interface PrerenderedMarkup {
  markup: string;
  /**
   * What the page was rendered from that the build knows, by route id: its loaders' fields that are values, not
   * requests on their way (the home page's sample hero). The page carries them in its data block, and the browser
   * hydrates with them (hydration-data.ts), so it renders what is on the page without asking a document for it.
   */
  carried: RouteLoaderData;
}

/** The loader fields that are already values; a route with none is left out. */
function settledFields(loaderData: RouteLoaderData): RouteLoaderData {
  const carried: RouteLoaderData = {};
  for (const [id, data] of Object.entries(loaderData)) {
    if (typeof data !== 'object' || data === null) continue;
    const values = Object.entries(data).filter(([, value]) => !(value instanceof Promise));
    if (values.length > 0) carried[id] = Object.fromEntries(values);
  }
  return carried;
}

export async function renderPrerendered(page: PrerenderedPage, origin: string): Promise<PrerenderedMarkup> {
  const handler = createStaticHandler(routes);
  // The build has no data: its loaders read nothing that settles, and every section prerenders as its skeleton.
  const context = await handler.query(new Request(new URL(page.path, origin)), {
    requestContext: readerContext({ ...browserSources, rendering: 'build', richTextSanitizer: () => Promise.resolve(null) }),
  });
  if (context instanceof Response) throw new Error(`prerendering ${page.path} answered a ${context.status} redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <StrictMode>
      <HydratingShell value={page.mode === 'shell'}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </HydratingShell>
    </StrictMode>,
  );
  return { markup, carried: page.mode === 'page' ? settledFields(context.loaderData) : {} };
}
