// A page's loader data as React Router's hydration data carries it (decision 0048). The server renders each section
// from its settled answer; a section whose request failed renders its error state, and one still on its way when the
// render stopped waiting renders its skeleton. JSON cannot carry a promise, so those two travel as marks that the
// browser turns back (src/render/hydration-data.ts; <Deferred> shows a failed one's error state before hydration too): a failure into the same failed promise, a pending section into
// its loader run again.

export type RouteLoaderData = Record<string, unknown>;

/** The mark of a section whose request failed on the server. */
export const FAILED_MARK = '$failed';
/** The mark of a section the server stopped waiting for. */
export const PENDING_MARK = '$pending';

/**
 * A promise already rejected, as <Await> (React Router) knows one it has tracked: it renders the error element at
 * once, on the server and while the browser hydrates, instead of suspending.
 */
export function failedSection(error: unknown): Promise<never> {
  const promise = Promise.reject(error instanceof Error ? error : new Error(String(error)));
  promise.catch(() => undefined);
  return Object.defineProperties(promise, {
    _tracked: { get: () => true },
    _error: { get: () => error },
    toJSON: { value: () => ({ [FAILED_MARK]: true }) },
  });
}

/** True for a section `failedSection` made: it renders its error state before hydration too. */
export function isFailedSection(value: unknown): boolean {
  return value instanceof Promise && '_tracked' in value && '_error' in value;
}

/** Marks a section still on its way, so the hydration data says so (a promise alone serialises as `{}`). */
export function markPending<T>(promise: Promise<T>): Promise<T> {
  if (Object.prototype.hasOwnProperty.call(promise, 'toJSON')) return promise;
  return Object.defineProperty(promise, 'toJSON', { value: () => ({ [PENDING_MARK]: true }) });
}

function isMark(value: unknown, mark: string): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1 && mark in value;
}

/**
 * One route's data from the hydration data as the page renders it again in the browser: failed sections become
 * failed promises again, pending ones are left out. `complete` is false when one was pending: the route's loader runs.
 */
export function revivedRouteData(data: unknown): { data: unknown; complete: boolean } {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { data, complete: true };
  const entries = Object.entries(data as Record<string, unknown>);
  // A pending section is left out: its loader's request takes its place.
  const shown = entries.filter(([, value]) => !isMark(value, PENDING_MARK));
  const fields = shown.map(([key, value]) => [key, isMark(value, FAILED_MARK) ? failedSection(new Error('A seção não pôde ser carregada no servidor.')) : value] as const);
  return { data: Object.fromEntries(fields), complete: shown.length === entries.length };
}
