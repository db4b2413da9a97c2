import type { ServerDataHandle } from '../lib/server-data-handle';
import type { RouteLoaderData } from './server-rendered';
import { matchRoutes, type HydrationState, type LoaderFunctionArgs, type RouteObject } from 'react-router';

/**
 * Everything the router needs to start on prerendered HTML as already loaded: the lazy modules of the address's
 * routes (loaded into the route objects, as React Router's guide for lazy routes with hydration does) and the data
 * of their loaders. The reader's loaders answer at once with promises for each section, so this waits for no data;
 * a topic's old slug waits for its lookup. A page rendered with its data at request time brings that data instead.
 * Null when a loader throws or redirects (an unknown address, a renamed
 * topic): the app then renders from scratch, as without prerendered HTML.
 */
export async function hydrationDataFor(
  routes: RouteObject[],
  location: Location,
  serverData: RouteLoaderData | null = null,
): Promise<HydrationState | null> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );

  // A page the server rendered with its data (server-rendered.ts) hydrates that data; its routes do what their
  // loaders would have done beyond loading.
  if (serverData) {
    for (const { route, params } of matches) {
      const handle = route.handle as ServerDataHandle | undefined;
      if (route.id && route.id in serverData) handle?.hydratedFromServer?.({ params, data: serverData[route.id] });
    }
    return { loaderData: serverData };
  }

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
