import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

// The id of the request being answered, for the error reports (server/error-reports.ts) and the answer's
// X-Request-Id. A stand-in kept deliberately small: the request log (issue 36, item 2) owns request ids, and at merge
// `currentRequestId()` and `withRequestId()` point at its module instead.

const requests = new AsyncLocalStorage<string>();

/** A fresh id for one request. */
export function newRequestId(): string {
  return randomUUID();
}

/** Runs `answer` with `id` as the current request's id (for everything it awaits, too). */
export function withRequestId<T>(id: string, answer: () => T): T {
  return requests.run(id, answer);
}

/** The id of the request under way, or null outside one (a scheduled job, the start). */
export function currentRequestId(): string | null {
  return requests.getStore() ?? null;
}
