import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while React hydrates the server's HTML (React renders with the server snapshot then), true
 * in the render that follows and on every client-only render. A component renders its server form until then, so
 * hydration meets exactly the HTML it expects.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
