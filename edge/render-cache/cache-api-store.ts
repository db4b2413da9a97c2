import type { RenderStore } from './store';
import { storedAnswer } from './stored-answer';

// The Worker's store: the Cache API of the data centre (shared by its isolates), which bounds and evicts on its own.
// The render's start time travels in a header of ours; the entry's own max-age lets the Cache API drop it once no
// request may be answered from it any more.

const RENDERED_AT = 'X-Render-Rendered-At';

/** The cache's entries are keyed by the page's own address (the cache is ours alone: caches.open's name). */
export function cacheApiStore(open: () => Promise<Cache>, maxAgeMs: number): RenderStore {
  let cache: Promise<Cache> | undefined;
  const opened = () => (cache ??= open());
  return {
    async get(key) {
      const hit = await (await opened()).match(new Request(key));
      if (!hit) return null;
      const renderedAt = Number(hit.headers.get(RENDERED_AT));
      if (!Number.isFinite(renderedAt)) return null;
      const answer = await storedAnswer(hit, renderedAt);
      // Our own headers go: the Cache API's Cache-Control and the start time are not the page's.
      const own = new Set([RENDERED_AT.toLowerCase(), 'cache-control']);
      const original = hit.headers.get('X-Render-Cache-Control');
      const headers = answer.headers.filter(([name]) => !own.has(name) && name !== 'x-render-cache-control');
      return { ...answer, headers: original === null ? headers : [...headers, ['cache-control', original] as const] };
    },
    async put(key, answer) {
      const headers = new Headers(answer.headers.map(([name, value]) => [name, value] as [string, string]));
      const original = headers.get('Cache-Control');
      if (original !== null) headers.set('X-Render-Cache-Control', original);
      headers.set('Cache-Control', `public, max-age=${Math.ceil(maxAgeMs / 1000)}`);
      headers.set(RENDERED_AT, String(answer.renderedAt));
      await (await opened()).put(new Request(key), new Response(answer.body.slice(), { status: answer.status, headers }));
    },
  };
}
