import { createStaticHandler } from 'react-router';
import { browserSources, readerContext } from '../features/reader/reader-sources';
import type { PrerenderedPage } from './prerendered-pages';
import { renderRoot, settleLoaderData, type RenderedRoot } from './render-document';
import { routes } from '../app/router';

/**
 * One prerendered page (run at build time by scripts/prerender.ts, on Node), by the request render's producer
 * (render-document.tsx). The build has no data: its loaders read nothing that settles, so every section is its
 * skeleton and the hydration data marks it pending (the browser runs that loader); what is already a value (the home
 * page's sample hero) is rendered and carried. A `shell` page has the loading line where the page goes.
 */
export async function renderPrerendered(page: PrerenderedPage, origin: string): Promise<RenderedRoot> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(page.path, origin)), {
    requestContext: readerContext({ ...browserSources, rendering: 'build', richTextSanitizer: () => Promise.resolve(null) }),
  });
  if (context instanceof Response) throw new Error(`prerendering ${page.path} answered a ${context.status} redirect`);
  const settled = await settleLoaderData(context.loaderData, AbortSignal.abort());
  const rendered = await renderRoot(handler, context, settled, { origin, shell: page.mode === 'shell' });
  if (!rendered) throw new Error(`prerendering ${page.path}: a lazy block did not load`);
  return rendered;
}
