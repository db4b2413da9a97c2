import type { RenderStore } from './store';
import { storedSize, type StoredAnswer } from './stored-answer';

// npm start's store: one process's memory, bounded in bytes (not entries: a home page weighs a hundred feed
// entries), least recently used out first. A Map keeps insertion order, so re-inserting on use makes it an LRU list.

/** 32 MB: a few hundred pages of 50–100 kB, far more than a town paper's readers ask for within seconds. */
export const DEFAULT_RENDER_CACHE_BYTES = 32 * 1024 * 1024;

export interface MemoryRenderStore extends RenderStore {
  /** The bytes held now (storedSize of every entry): never above the bound. */
  bytes(): number;
  size(): number;
}

export function createMemoryStore(maxBytes = DEFAULT_RENDER_CACHE_BYTES): MemoryRenderStore {
  const entries = new Map<string, { answer: StoredAnswer; size: number }>();
  let total = 0;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.size;
  }

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return Promise.resolve(null);
      // Most recently used goes last.
      entries.delete(key);
      entries.set(key, entry);
      return Promise.resolve(entry.answer);
    },
    put(key, answer) {
      remove(key);
      const size = storedSize(key, answer);
      // An answer larger than the whole bound is never kept: it would push out everything else for nothing.
      if (size > maxBytes) return Promise.resolve();
      for (const [oldest] of entries) {
        if (total + size <= maxBytes) break;
        remove(oldest);
      }
      entries.set(key, { answer, size });
      total += size;
      return Promise.resolve();
    },
    bytes: () => total,
    size: () => entries.size,
  };
}
