import type { ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';

/** Renders a screen inside a data router (Links, Await, navigation) at `path`; other routes can be added. */
export function renderInRouter(element: ReactNode, { path = '/', routes = [] as RouteObject[] } = {}) {
  const router = createMemoryRouter([{ path, element }, ...routes, { path: '*', element: <p>outra página</p> }], {
    initialEntries: [path],
  });
  return { router, ...render(<RouterProvider router={router} />) };
}

/** A promise the test settles when it wants, to see a section before and after its data. */
export function controllablePromise<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Settles test promises inside act and gives React a turn to render what they unblock. */
export async function settle(change: () => void): Promise<void> {
  await act(async () => {
    change();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
