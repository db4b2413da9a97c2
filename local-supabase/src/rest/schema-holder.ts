import type { Database } from '../db/database.ts';
import { RestError } from './errors.ts';
import { loadSchemaCache, type SchemaCache } from './schema-cache.ts';

/** Errors that may only mean the cache is older than the schema (a migration ran after the router was built). */
const SCHEMA_MISS_CODES = new Set(['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205', '42703']);

export interface SchemaHolder {
  get(): Promise<SchemaCache>;
  reload(): Promise<SchemaCache>;
  /**
   * Runs a pure planning step against the cache; if it fails on an unknown name, reloads the cache once and tries
   * again, as PostgREST does after `NOTIFY pgrst, 'reload schema'`.
   */
  withSchema<T>(fn: (cache: SchemaCache) => T): Promise<T>;
}

export function createSchemaHolder(db: Database): SchemaHolder {
  let current: Promise<SchemaCache> | undefined;

  const reload = (): Promise<SchemaCache> => {
    // Through the transaction queue, so PGlite's single connection is never shared mid-request.
    const loading = db.transaction((tx) => loadSchemaCache(tx));
    current = loading;
    loading.catch(() => {
      if (current === loading) current = undefined; // the next request tries again
    });
    return loading;
  };

  const get = (): Promise<SchemaCache> => current ?? reload();

  // Introspect once at creation; requests wait for it.
  void reload().catch(() => undefined);

  return {
    get,
    reload,
    async withSchema<T>(fn: (cache: SchemaCache) => T): Promise<T> {
      const cache = await get();
      try {
        return fn(cache);
      } catch (error) {
        if (!(error instanceof RestError) || !SCHEMA_MISS_CODES.has(error.body.code)) throw error;
        return fn(await reload());
      }
    },
  };
}
