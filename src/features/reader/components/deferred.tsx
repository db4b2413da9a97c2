/** @jsxRuntime automatic @jsxImportSource react */
// (The pragma: the edge handler renders this outside Vite, under npm start's tsx and wrangler's bundler, which read no tsconfig for it.)
import { Suspense, useEffect, type ReactNode } from 'react';
import { Await, useAsyncError } from 'react-router';
import { useHydrated } from '../../../lib/use-hydrated';
import { isFailedSection } from '../../../lib/settled-sections';

/** What a page shows: already here (kept from an earlier visit, see page-cache.ts) or still on its way. */
export type Later<T> = T | Promise<T>;

interface DeferredProps<T> {
  promise: Later<T>;
  /** Shown until the promise settles: the section's skeleton or loading text. */
  fallback: ReactNode;
  /** Shown when it rejects; the error also goes to the console. */
  errorElement: ReactNode;
  children: (value: T) => ReactNode;
}

/**
 * One section of a page waiting for its own data, so the page renders at once and every request runs in parallel.
 * While the app hydrates prerendered HTML the section stays the skeleton that was prerendered, then waits as usual;
 * a section the server found failed (src/render/settled-data.ts) shows its error state there and then alike.
 */
export function Deferred<T>({ promise, fallback, errorElement, children }: DeferredProps<T>) {
  const hydrated = useHydrated();
  if (!(promise instanceof Promise)) return children(promise);
  if (!hydrated && !isFailedSection(promise)) return fallback;
  return (
    <Suspense fallback={fallback}>
      <Await resolve={promise} errorElement={<LoggedError>{errorElement}</LoggedError>}>
        {(value: T) => children(value)}
      </Await>
    </Suspense>
  );
}

function LoggedError({ children }: { children: ReactNode }) {
  const error = useAsyncError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return children;
}

/**
 * Marks a loader's promise as handled: <Await> attaches its handlers only when it renders, so a promise that fails
 * before then would be reported as an unhandled rejection. The failure still reaches <Await>'s error element.
 */
export function awaitedLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
