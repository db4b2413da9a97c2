import { useDeferredValue } from 'react';

/**
 * False on the server, while React hydrates the server's HTML, and in a component's first client render; true in the
 * render React runs next in the background. A component renders its server form until then, so hydration meets
 * exactly the HTML it expects. Background, not at once: React renders what changes (a home section's stories, the
 * footer's year) in slices of a few milliseconds, yielding to the reader's taps, where a store whose snapshot differs
 * from the server's (useSyncExternalStore) would re-render them all in one synchronous task.
 */
export function useHydrated(): boolean {
  return useDeferredValue(true, false);
}
