import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation, type RouteObject } from 'react-router';

/** What a route module exports, as the router takes it. */
type RouteModule = Pick<RouteObject, 'loader' | 'action' | 'shouldRevalidate' | 'Component' | 'ErrorBoundary'>;

/** Stands for every other page: says where the app went (after a save, the list; without a session, the login). */
function OtherPage() {
  const location = useLocation();
  return <p>outra página: {`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders a route module (its loader, action, Component and error element, as the app's router would) at `path`,
 * matched by `pattern`, in a memory router, with `children` under it (for a layout). Returns the router, to
 * navigate or read where it is.
 */
export function renderRoute(
  route: RouteModule,
  { pattern, path = pattern, children }: { pattern: string; path?: string; children?: RouteObject[] },
) {
  const router = createMemoryRouter(
    [
      { path: pattern, ...route, HydrateFallback: () => null, children },
      { path: '*', Component: OtherPage },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}
