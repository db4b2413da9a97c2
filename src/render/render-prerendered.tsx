import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { HydratingShell } from '../features/reader/layout/hydrating-shell';
import { browserSources, readerContext } from '../features/reader/reader-sources';
import type { PrerenderedPage } from './prerendered-pages';
import { routes } from '../app/router';

/**
 * The markup of one prerendered page (run at build time by scripts/prerender.ts, on Node). The tree is the one
 * main.tsx hydrates, so React meets exactly this HTML: every section is in its skeleton (Deferred renders its
 * fallback until hydration is over), and a `shell` page has the loading line where the page goes.
 */
export async function renderPrerendered(page: PrerenderedPage, origin: string): Promise<string> {
  const handler = createStaticHandler(routes);
  // The build has no data: its loaders read nothing that settles, and every section prerenders as its skeleton.
  const context = await handler.query(new Request(new URL(page.path, origin)), {
    requestContext: readerContext({ ...browserSources, rendering: 'build', htmlWindow: () => null }),
  });
  if (context instanceof Response) throw new Error(`prerendering ${page.path} answered a ${context.status} redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <HydratingShell value={page.mode === 'shell'}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </HydratingShell>
    </StrictMode>,
  );
}
