import { awaitedLater, type Later } from './components/deferred';

export type { Later };

interface Entry {
  value: unknown;
  /** When a background refresh stored it (null for an answer the page waited for). */
  refreshedAt: number | null;
}

/** Enough for the home page's sections and a couple of dozen topics; the oldest entry goes first. */
const MAX_ENTRIES = 48;
/**
 * A refresh that brought news re-renders the page, which runs its loader again: an answer refreshed this recently is
 * shown as it is, or every re-render would refresh and re-render again.
 */
const JUST_REFRESHED_MS = 2_000;

const entries = new Map<string, Entry>();
const refreshListeners = new Set<() => void>();

function store(key: string, value: unknown, refreshed: boolean): void {
  entries.delete(key);
  entries.set(key, { value, refreshedAt: refreshed ? Date.now() : null });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
}

/**
 * Stale-while-revalidate for the reader's pages (decision 0010): the first visit waits for `request`; a later visit
 * gets the kept answer at once and asks again in the background, and when the new answer differs the page is told
 * (onPageCacheRefresh) to render it. `keep` decides which answers are worth keeping (not a degraded one).
 */
export function cachedRequest<T>(key: string, request: () => Promise<T>, keep: (value: T) => boolean = () => true): Later<T> {
  const entry = entries.get(key);
  if (entry?.refreshedAt != null && Date.now() - entry.refreshedAt < JUST_REFRESHED_MS) return entry.value as T;

  const answer = request();
  void answer.then(
    (value) => {
      if (!keep(value)) return;
      const changed = !entry || JSON.stringify(entry.value) !== JSON.stringify(value);
      store(key, value, entry !== undefined);
      if (entry && changed) for (const listener of refreshListeners) listener();
    },
    () => undefined,
  );
  if (!entry) return awaitedLater(answer);
  // The page already shows the kept answer: a failed refresh leaves it there and says so only to developers.
  answer.catch((error: unknown) => console.warn(`Refreshing ${key} failed; the page keeps what it showed`, error));
  return entry.value as T;
}

/**
 * Keeps an answer the page already has (what its HTML was rendered from), at once: the next ask for `key` shows it
 * and refreshes it in the background, as on a revisit. `keep` as for cachedRequest.
 */
export function keepAnswer<T>(key: string, value: T, keep: (value: T) => boolean = () => true): void {
  if (keep(value)) store(key, value, false);
}

/** The answer kept for `key`, if any: for a request whose new answer depends on what the page shows now. */
export function keptAnswer<T>(key: string): T | undefined {
  return entries.get(key)?.value as T | undefined;
}

/** Calls `listener` whenever a background refresh brought a different answer; returns the unsubscribe. */
export function onPageCacheRefresh(listener: () => void): () => void {
  refreshListeners.add(listener);
  return () => refreshListeners.delete(listener);
}

/** Applies `transform` to a value that may still be on its way, keeping it synchronous when it is already here. */
export function mapLater<T, U>(later: Later<T>, transform: (value: T) => U): Later<U> {
  return later instanceof Promise ? awaitedLater(later.then(transform)) : transform(later);
}

/** Forgets every kept answer (tests). */
export function clearPageCache(): void {
  entries.clear();
}
