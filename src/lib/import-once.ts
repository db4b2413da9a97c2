/**
 * A module's dynamic import, made once and shared by every later call. The server renders every page in one process:
 * each `import()` of a module already loaded still went through Node's module loader (and under `npm start`'s
 * `--import tsx`, through its resolver on another thread), 5 % of a story's render (decision 0051). A failed load
 * (a chunk the browser could not fetch) is not kept: the next call asks again.
 */
export function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
