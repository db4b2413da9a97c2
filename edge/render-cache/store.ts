import type { StoredAnswer } from './stored-answer';

/**
 * Where the render cache keeps its answers: memory on Node (memory-store.ts), the Cache API on the Worker
 * (cache-api-store.ts). A store may forget anything at any time; the cache then renders again.
 */
export interface RenderStore {
  get(key: string): Promise<StoredAnswer | null>;
  put(key: string, answer: StoredAnswer): Promise<void>;
}
