import { Suspense, type ReactNode } from 'react';

/**
 * A part of a prerendered page that React hydrates on its own. Without boundaries, hydrating a page is one long task
 * that keeps a phone from answering a tap; each Suspense boundary is hydrated separately, in tasks the browser can
 * interleave with input. Nothing inside suspends outside its own boundary, so the fallback never shows.
 */
export function HydrationUnit({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
