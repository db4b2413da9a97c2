// The hydration phase of the page the server rendered (docs/decisions/0019): from main.tsx's hydrateRoot until the
// last HydrationUnit has taken its turn. While it lasts, components render what the server rendered (useHydrated is
// false), so every unit, whenever its turn comes, meets exactly the markup it expects.

let hydrating = false;
const listeners = new Set<() => void>();
let lastTurn: Promise<void> = Promise.resolve();

export function isHydrating(): boolean {
  return hydrating;
}

export function beginHydration(): void {
  hydrating = true;
}

/** Ends the phase once every turn handed out (also those handed out meanwhile, by units inside units) is over. */
export async function endHydrationAfterTurns(): Promise<void> {
  let awaited: Promise<void>;
  do {
    awaited = lastTurn;
    await awaited;
  } while (awaited !== lastTurn);
  hydrating = false;
  // Each component that waited renders its own final form in a task of its own, like the turns above.
  for (const listener of [...listeners]) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    listener();
  }
}

export function subscribeToHydration(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A task of its own for one part of the page, after those handed out before it: hydrating each part separately keeps
 * every task short, so a phone answers a tap between them (TBT).
 */
export function nextHydrationTurn(): Promise<void> {
  lastTurn = lastTurn.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  return lastTurn;
}
