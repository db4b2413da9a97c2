import type { RenderStore } from './store';
import { answerFrom, storedAnswer, type StoredAnswer } from './stored-answer';

// Render once, serve many (docs/decisions/0049): an anonymous reader's page, feed or sitemap is rendered once per
// address and served from the store to everyone who asks within seconds. Concurrent requests for one address wait
// for the same render (coalescing); an answer past its freshness is served while one newer render runs
// (stale-while-revalidate), and one past its maximum age is never served: the request waits for a new render.

export interface Freshness {
  /** Served as is this long after its render started. */
  freshMs: number;
  /**
   * Never served older than this (from its render's start): a change made at time T is in every answer served from
   * T + maxAgeMs on, plus the time of one render. Between freshMs and maxAgeMs it is served while a render runs.
   */
  maxAgeMs: number;
}

/** Every change reaches readers within 5 s: no answer older than 4 s, and a render takes well under a second. */
export const RENDER_FRESHNESS: Freshness = { freshMs: 1_000, maxAgeMs: 4_000 };

/** Statuses worth keeping: a page, a page that is not there, a story's old address. */
const KEPT_STATUSES = new Set([200, 404, 301]);

/**
 * Whether an answer may be kept for others: one of the statuses above, marked public by the handler (a page behind a
 * secret address is `private`, an outage's page `no-store`, the admin's `no-cache`), and setting no cookie.
 */
export function isKeepable(response: Response): boolean {
  if (!KEPT_STATUSES.has(response.status) || response.headers.has('Set-Cookie')) return false;
  const directives = (response.headers.get('Cache-Control') ?? '').toLowerCase().split(',').map((part) => part.trim());
  return directives.includes('public') && !directives.some((part) => part === 'no-store' || part === 'private' || part === 'no-cache');
}

/**
 * Whether the request may be answered from the cache: a GET carrying no credentials. A signed-in request (a cookie
 * or an Authorization header) always reaches the render, and so does anything but GET (HEAD is cheap uncached).
 */
export function isAnonymousRead(request: Request): boolean {
  return request.method === 'GET' && !request.headers.has('Authorization') && !request.headers.has('Cookie');
}

export interface RenderCacheOptions {
  store: RenderStore;
  freshness?: Freshness;
  now?: () => number;
  /** Told of a background render's failure (the stale answer keeps being served until its maximum age). */
  onError?: (error: unknown, key: string) => void;
}

/** Lets a background render outlive the request that started it (the Worker's ctx.waitUntil). */
export type WaitUntil = (promise: Promise<unknown>) => void;

export interface RenderCache {
  /**
   * The answer for `key` (the request's address): from the store, or from `render` (once for all concurrent
   * requests). `render` answering null (not a cached kind of address) passes through.
   */
  answer(key: string, render: () => Promise<Response | null>, waitUntil?: WaitUntil): Promise<Response | null>;
}

/** One render's outcome: its answer once read (null: not the handler's), and whether the store took it. */
type Rendered = StoredAnswer | null;

export function createRenderCache(options: RenderCacheOptions): RenderCache {
  const { store } = options;
  const { freshMs, maxAgeMs } = options.freshness ?? RENDER_FRESHNESS;
  const now = options.now ?? Date.now;
  const inFlight = new Map<string, Promise<Rendered>>();

  /** The one render under way for the key, or a new one; kept in the store when the answer allows. */
  function renderOnce(key: string, render: () => Promise<Response | null>): Promise<Rendered> {
    const running = inFlight.get(key);
    if (running) return running;
    const renderedAt = now();
    const rendering = (async () => {
      const response = await render();
      if (!response) return null;
      const stored = await storedAnswer(response, renderedAt);
      if (isKeepable(response)) await store.put(key, stored).catch((error: unknown) => options.onError?.(error, key));
      return stored;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, rendering);
    return rendering;
  }

  async function kept(key: string): Promise<StoredAnswer | null> {
    try {
      return await store.get(key);
    } catch (error) {
      options.onError?.(error, key);
      return null;
    }
  }

  return {
    async answer(key, render, waitUntil) {
      const stored = await kept(key);
      const age = stored ? now() - stored.renderedAt : Infinity;
      if (stored && age < freshMs) return answerFrom(stored, 'HIT');
      if (stored && age < maxAgeMs) {
        if (!inFlight.has(key)) {
          const revalidation = renderOnce(key, render).catch((error: unknown) => options.onError?.(error, key));
          waitUntil?.(revalidation);
        }
        return answerFrom(stored, 'STALE');
      }
      const rendered = await renderOnce(key, render);
      return rendered ? answerFrom(rendered, 'MISS') : null;
    },
  };
}
