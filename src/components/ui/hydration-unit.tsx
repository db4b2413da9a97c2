import { Suspense, useState, type ReactNode } from 'react';
import { isHydrating, nextHydrationTurn } from '../../lib/hydration-phase';

const taken = new WeakSet<Promise<void>>();

/** Waits for its turn once (throwing to the Suspense boundary above), then renders its children. */
function Turn({ turn, children }: { turn: Promise<void> | null; children: ReactNode }) {
  if (turn && !taken.has(turn)) {
    // Suspense's protocol: a thrown promise suspends the boundary until it settles.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw turn.then(() => {
      taken.add(turn);
    });
  }
  return children;
}

/**
 * A part of a server-rendered page that hydrates in a task of its own (docs/decisions/0019). While the page hydrates,
 * the part waits for its turn; the boundary keeps its server markup meanwhile (src/app/suspense-markers.ts), so the
 * fallback never shows. Without boundaries, hydrating a page is one long task that keeps a phone from answering a tap.
 */
export function HydrationUnit({ children }: { children: ReactNode }) {
  const [turn] = useState(() => (isHydrating() ? nextHydrationTurn() : null));
  return (
    <Suspense fallback={null}>
      <Turn turn={turn}>{children}</Turn>
    </Suspense>
  );
}
