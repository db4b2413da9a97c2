// The edge app's plain answers and their cache rules, shared by its sub-apps. Web APIs only.

/** How each kind of answer may be kept (docs/decisions/0012, 0049). Hashed assets are the host's: immutable. */
export const CACHE = {
  /** Pages: every visit asks again (a story's correction shows at once); a CDN may hold them a minute. */
  page: 'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
  /** Feeds and sitemaps: readers and crawlers poll them; five minutes behind is fine. */
  feed: 'public, max-age=300, s-maxage=300',
  robots: 'public, max-age=3600',
  /** A story's old address: its slug may change again, so the redirect is not kept for good. */
  redirect: 'public, max-age=3600',
  /** A page behind a secret address (an advertiser's report): a revoked link must stop working at once. */
  private: 'private, no-store',
  /** Something failed on the way: nothing should keep this answer. */
  none: 'no-store',
} as const;

export function text(body: string, type: string, cacheControl: string, status = 200, head = false): Response {
  return new Response(head ? null : body, { status, headers: { 'Content-Type': type, 'Cache-Control': cacheControl } });
}

export const xml = (body: string) => text(body, 'application/xml; charset=utf-8', CACHE.feed);
export const rss = (body: string) => text(body, 'application/rss+xml; charset=utf-8', CACHE.feed);
export const notFoundText = () => text('Não encontrado.', 'text/plain; charset=utf-8', CACHE.feed, 404);

export const UNAVAILABLE_TEXT = 'Serviço temporariamente indisponível.';

/** A path naming a file (its last segment has an extension): the host's to serve, unless one of the app's. */
export function isFilePath(pathname: string): boolean {
  return /\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

/**
 * "Not the edge's": the host serves a built file or its own fallback. The app answers it as a 404 with this header,
 * which createEdgeHandler turns into null; it never reaches a client.
 */
const PASS_HEADER = 'X-Edge-Pass';

export function passToHost(): Response {
  return new Response(null, { status: 404, headers: { [PASS_HEADER]: '1' } });
}

export function isPassedToHost(response: Response): boolean {
  return response.headers.has(PASS_HEADER);
}
