import { etagOf } from '../body-etag';

// A rendered answer as the render cache keeps it: status, headers and the whole body, with the time its render
// started (its data was read after that moment). Web APIs only: Node and the Worker keep the same shape.

export interface StoredAnswer {
  status: number;
  headers: readonly (readonly [string, string])[];
  body: Uint8Array;
  /** When the render that made it started (ms since the epoch): the data in it is no older than this. */
  renderedAt: number;
}

/**
 * The whole answer read once, so that every request waiting on it (and every later hit) gets its own copy; with its
 * ETag computed once here rather than hashed again for each request it answers.
 */
export async function storedAnswer(response: Response, renderedAt: number): Promise<StoredAnswer> {
  const bytes = await response.arrayBuffer();
  const body = new Uint8Array(bytes);
  const headers = [...response.headers.entries()];
  if (!response.headers.has('ETag') && response.status === 200) headers.push(['etag', await etagOf(bytes)]);
  return { status: response.status, headers, body, renderedAt };
}

/** What the cache answered: HIT (fresh), STALE (while a newer render runs) or MISS (rendered for this request). */
export type CacheState = 'HIT' | 'STALE' | 'MISS';

/** The header naming the state, read by the request log (edge/request-line.ts). */
export const RENDER_CACHE_HEADER = 'X-Render-Cache';

/** A new Response for one request; HEAD gets the headers only. */
export function answerFrom(stored: StoredAnswer, state: CacheState, head = false): Response {
  const headers = new Headers(stored.headers.map(([name, value]) => [name, value] as [string, string]));
  headers.set(RENDER_CACHE_HEADER, state);
  const noBody = head || stored.status === 301 || stored.status === 304;
  return new Response(noBody ? null : stored.body.slice(), { status: stored.status, headers });
}

/** Roughly what it holds in memory: the body, the headers and the key, in bytes. */
export function storedSize(key: string, stored: StoredAnswer): number {
  const headerBytes = stored.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  return stored.body.byteLength + 2 * (headerBytes + key.length) + 64;
}
