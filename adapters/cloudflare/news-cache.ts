import type { CachedNews, NewsCache } from '../../edge/news-proxy';

/** The part of a Workers KV namespace binding used here. */
export interface KvNamespace {
  get(key: string, type: 'json'): Promise<unknown>;
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>;
}

/** Long enough to serve yesterday's answer if NewsAPI is down; the proxy decides what is fresh by `fetchedAt`. */
const KEEP_SECONDS = 2 * 86_400;

function isCachedNews(value: unknown): value is CachedNews {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.body === 'string' && typeof entry.status === 'number' && typeof entry.fetchedAt === 'number';
}

/**
 * The news proxy's cache in Workers KV, shared by every isolate and location. A Worker runs in many isolates at
 * once, each with its own memory: with the in-memory cache each would ask NewsAPI for each feed, and the free
 * plan's 100 requests a day are the whole site's.
 */
export function kvNewsCache(namespace: KvNamespace, prefix = 'news:'): NewsCache {
  return {
    async get(key) {
      const value = await namespace.get(prefix + key, 'json');
      return isCachedNews(value) ? value : null;
    },
    put: (key, value) => namespace.put(prefix + key, JSON.stringify(value), { expirationTtl: KEEP_SECONDS }),
  };
}
