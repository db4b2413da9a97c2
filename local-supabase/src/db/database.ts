import type { PGlite } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';

export interface QueryResult<Row> {
  rows: Row[];
  /** Rows touched by INSERT/UPDATE/DELETE; undefined for plain selects. */
  affectedRows?: number;
}

/** Anything that runs SQL with bound parameters: the database itself or an open transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /** Runs fn in one transaction; rolls back when fn throws. Transactions are serialised. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

export interface OpenDatabaseOptions {
  /** PGlite data folder; omitted means an in-memory database. */
  dataDir?: string;
  /** A PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const [{ PGlite }, { unaccent }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  // Contrib extensions the migrations create (search): PGlite can only load those it is given here.
  const extensions = { unaccent, pg_trgm };
  const pg: PGlite = await PGlite.create(dataDir ? { dataDir, extensions } : { extensions });
  await pg.exec(`set timezone to 'UTC'`);
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await q.query<Row>(sql, params);
      return { rows: result.rows, affectedRows: result.affectedRows };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  // PGlite is a single connection: queue transactions so concurrent requests never interleave.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const run = queue.then(() => pg.transaction((tx) => fn(wrap(tx))));
      queue = run.catch(() => undefined);
      return run;
    },
    close: () => pg.close(),
  };
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const { default: pg } = await import('pg');
  // Timestamps in UTC, as PostgREST on Supabase answers them.
  const pool: Pool = new pg.Pool({ connectionString: databaseUrl, max: 8, options: '-c timezone=UTC' });
  const wrap = (client: Pool | PoolClient): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []) {
      const result = await client.query(sql, params);
      const affected = result.command === 'SELECT' ? undefined : (result.rowCount ?? undefined);
      return { rows: result.rows as Row[], affectedRows: affected };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
