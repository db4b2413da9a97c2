import type { ServerDataHandle } from '../lib/server-data-handle';
import type { RouteLoaderData } from './server-rendered';
import { matchRoutes, type HydrationState, type LoaderFunctionArgs, type RouteObject } from 'react-router';

/**
 * Everything the router needs to start on prerendered HTML as already loaded: the lazy modules of the address's
 * routes (loaded into the route objects, as React Router's guide for lazy routes with hydration does) and the data
 * of their loaders. The reader's loaders answer at once with promises for each section, so this waits for no data;
 * a topic's old slug waits for its lookup. Null when a loader throws or redirects (an unknown address, a renamed
 * topic): the app then renders from scratch, as without prerendered HTML.
 *
 * `carried` is the data the page's HTML says it was rendered from (its data block, server-rendered.ts): all of it for
 * a page rendered with its data at request time (`complete`), which then hydrates with exactly that; some of it for a
 * prerendered page (the home page's hero). Each route keeps what it is handed (its handle's `hydratedFromServer`,
 * into the page cache) before its loader runs, so the loader answers with what is on the page.
 */
export async function hydrationDataFor(
  routes: RouteObject[],
  location: Location,
  carried: RouteLoaderData | null = null,
  complete = false,
): Promise<HydrationState | null> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );

  for (const { route, params } of matches) {
    const handle = route.handle as ServerDataHandle | undefined;
    if (carried && route.id && route.id in carried) handle?.hydratedFromServer?.({ params, data: carried[route.id] });
  }
  // A page the server rendered with its data hydrates that data; its routes did above what their loaders would have
  // done beyond loading.
  if (complete && carried) return { loaderData: carried };

  const request = new Request(location.href);
  const loaderData: Record<string, unknown> = {};
  for (const { route, params } of matches) {
    if (typeof route.loader !== 'function' || !route.id) continue;
    try {
      const data: unknown = await route.loader({ request, params, context: undefined } as LoaderFunctionArgs);
      if (data instanceof Response) return null;
      loaderData[route.id] = data;
    } catch {
      return null;
    }
  }
  return { loaderData };
}
