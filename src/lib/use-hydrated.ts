import { useSyncExternalStore } from 'react';
import { isHydrating, subscribeToHydration } from './hydration-phase';

/**
 * False on the server and while the browser hydrates the server's HTML (src/lib/hydration-phase.ts), true afterwards
 * and on every client-only render. A component renders its server form until then, so hydration meets exactly the
 * HTML it expects. The phase is kept by the app rather than left to the runtime: preact/compat (docs/decisions/0017)
 * does not use the server snapshot while hydrating.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToHydration,
    () => !isHydrating(),
    () => false,
  );
}
