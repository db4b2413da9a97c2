import type { ServerDataHandle } from '../lib/server-data-handle';
import { revivedRouteData } from '../lib/settled-sections';
import { matchRoutes, type HydrationState, type LoaderFunctionArgs, type RouteObject } from 'react-router';

declare global {
  interface Window {
    /** React Router's hydration data, written by the page's render (src/render/render-document.tsx). */
    __staticRouterHydrationData?: HydrationState;
  }
}

/**
 * Everything the router needs to start on the page's HTML as already loaded (decision 0048): the lazy modules of the
 * address's routes (loaded into the route objects, as React Router's guide for lazy routes with hydration does) and
 * the data of their loaders, from the hydration data the page was rendered with (`state`). A route the page carries
 * whole hydrates exactly that, and does what its loader would have done beyond loading (its handle's
 * `hydratedFromServer`: counting a story's view, keeping the answer for a revisit). A route with a section the render
 * did not wait for, or missing from `state` (the build's shell), runs its loader here, which answers at once with a
 * promise for each section; what the page already shows is kept. So does every route of a page the build rendered
 * (not `fresh`): what it shows is kept and then refreshed (the page cache's background refresh). Null when a loader
 * throws or redirects (an unknown address, a renamed topic): the app then renders from scratch.
 */
export async function hydrationDataFor(
  routes: RouteObject[],
  location: Location,
  state: HydrationState | null,
  { fresh }: { fresh: boolean } = { fresh: true },
): Promise<HydrationState | null> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );

  const request = new Request(location.href);
  const loaderData: Record<string, unknown> = {};
  for (const { route, params } of matches) {
    if (!route.id) continue;
    const carried: unknown = state?.loaderData?.[route.id];
    const revived = carried === undefined ? null : revivedRouteData(carried);
    // What the page shows is kept first, so a loader run below answers with it (its page cache). A view counted here
    // and by the loader too is one view: the database counts a reader's once in its window.
    if (revived) (route.handle as ServerDataHandle | undefined)?.hydratedFromServer?.({ params, data: revived.data });
    if (revived?.complete && fresh) {
      loaderData[route.id] = revived.data;
      continue;
    }
    if (typeof route.loader !== 'function') continue;
    try {
      const data: unknown = await route.loader({ request, params, context: undefined } as LoaderFunctionArgs);
      if (data instanceof Response) return null;
      loaderData[route.id] = withShown(data, revived?.data);
    } catch {
      return null;
    }
  }
  return { ...state, loaderData };
}

/** The loader's fresh data with the sections the page already shows kept as shown. */
function withShown(fresh: unknown, shown: unknown): unknown {
  if (typeof fresh !== 'object' || fresh === null || typeof shown !== 'object' || shown === null) return fresh;
  return { ...fresh, ...shown };
}
