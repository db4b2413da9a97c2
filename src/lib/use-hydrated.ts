import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while React hydrates prerendered HTML, true afterwards (and on every client-only render).
 * A component renders its prerendered form until then, so hydration meets exactly the HTML it expects.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
