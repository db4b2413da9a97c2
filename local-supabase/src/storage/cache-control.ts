/** A year in seconds: what the app's uploads ask for (storage-js `cacheControl: '31536000'`). */
export const ONE_YEAR_SECONDS = 31_536_000;

/**
 * The Cache-Control a public object is served with: the uploader's, as stored, except for an object uploaded with a
 * plain `max-age` of a year or more and never overwritten since (no upsert, no update). Its uploader has promised that
 * the name keeps its bytes for that long (the app's names are unique: a UUID folder, x-upsert false), so it is served
 * `public, max-age=N, immutable` and a reload does not revalidate every picture on the page. An overwritten object
 * keeps its plain header, so a reload still revalidates it.
 */
export function servedCacheControl(stored: string, object: { overwritten: boolean }): string {
  const maxAge = /^max-age=(\d+)$/.exec(stored.trim());
  if (!maxAge || object.overwritten) return stored;
  const seconds = Number(maxAge[1]);
  return seconds >= ONE_YEAR_SECONDS ? `public, max-age=${seconds}, immutable` : stored;
}
