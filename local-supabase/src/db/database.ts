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
  /** Whether the database answers a trivial query within timeoutMs (a readiness check's question); never throws. */
  ping(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

/**
 * The database cannot be reached right now (down, restarting, refusing connections): a request should be answered
 * 503 with Retry-After, and the pool reconnects by itself once the database is back.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`the database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** Seconds a client is told to wait (Retry-After) while the database is away: a restart takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// Class 08 (connection exception) and 57P01..57P03 (admin/crash shutdown, cannot connect now); node's socket errors.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123])$/;
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
// What pg says when a connection ends under it or cannot be made in time.
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** Whether an error means the database is away rather than that the statement failed. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET.has(code))) return true;
  return UNAVAILABLE_MESSAGE.test(error.message);
}

function asUnavailable(error: unknown): unknown {
  return isDatabaseUnavailable(error) && !(error instanceof DatabaseUnavailableError) ? new DatabaseUnavailableError(error) : error;
}

/** ping's shape on any Queryable: a trivial query raced against a timer. */
async function pingWith(db: Queryable, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([db.query('select 1').then(() => true, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface OpenDatabaseOptions extends OpenPostgresOptions {
  /** PGlite data folder; omitted means an in-memory database. */
  dataDir?: string;
  /** A PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options.dataDir);
}

/** PGlite's shared buffers (see openPglite). */
export const PGLITE_SHARED_BUFFERS = '32MB';

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const [{ PGlite }, { unaccent }, { pg_trgm }, { preparedStatements }, { hasCluster, createClusterInChild }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('./pglite-prepared.ts'),
    import('./create-pglite-cluster.ts'),
  ]);
  // Contrib extensions the migrations create (search): PGlite can only load those it is given here.
  const extensions = { unaccent, pg_trgm };
  // PGlite starts Postgres with shared_buffers at 128 MB, allocated inside its WebAssembly memory, which never gives
  // memory back: a newsroom's database (tens of MB, its files in the OS's page cache) is read as fast from 32 MB, and
  // the server holds about 110 MB less (docs/decisions/0051).
  // A start parameter, beside PGlite's own: its `postgresqlconf` option would replace the data folder's whole
  // postgresql.conf (initdb's time zone, locale and text search settings with it).
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  if (dataDir && !hasCluster(dataDir)) await createClusterInChild(dataDir, startParams);
  const pg: PGlite = await PGlite.create(dataDir ? { dataDir, extensions, startParams } : { extensions, startParams });
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
  // A transaction's statements (every API request's) go out prepared: parsed and planned once (pglite-prepared.ts).
  const prepared = preparedStatements(pg);
  const inTransaction = (tx: Pick<PGlite, 'exec'>): Queryable => ({
    query: (sql, params = []) => prepared.query(sql, params),
    async exec(sql: string) {
      await tx.exec(sql);
    },
  });
  // PGlite is a single connection: queue transactions so concurrent requests never interleave.
  let queue: Promise<unknown> = Promise.resolve();
  const database: Database = {
    kind: 'pglite',
    ...wrap(pg),
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const run = queue.then(() => pg.transaction((tx) => fn(inTransaction(tx))));
      queue = run.catch(() => undefined);
      return run;
    },
    ping: (timeoutMs: number) => pingWith(database, timeoutMs),
    close: () => pg.close(),
  };
  return database;
}

export interface OpenPostgresOptions {
  /**
   * A role every new connection switches to (`set role`) before its first use: the API's connection logs in as
   * `authenticator`, which may do nothing by itself, and rests as the backend's own role between requests
   * (docs/decisions/0044).
   */
  sessionRole?: string;
  /** Logs a line; the pool's errors are said once per outage, not once per connection. */
  log?: (line: string) => void;
}

async function openPostgres(databaseUrl: string, options: OpenPostgresOptions = {}): Promise<Database> {
  const { default: pg } = await import('pg');
  const log = options.log ?? ((line: string) => console.error(line));
  // Timestamps in UTC, as PostgREST on Supabase answers them. A connection that cannot be made within 5 s fails the
  // request (503) instead of queueing it behind a database that is away.
  const pool: Pool = new pg.Pool({ connectionString: databaseUrl, max: 8, options: '-c timezone=UTC', connectionTimeoutMillis: 5_000 });
  // A restart of PostgreSQL terminates every connection; an idle one reports it here. Unhandled, that error event
  // ends the process: it is said once per outage, and the pool opens new connections when asked again.
  let away = false;
  const noteAway = (error: unknown) => {
    if (away) return;
    away = true;
    log(`[local-supabase] database connection lost (${error instanceof Error ? error.message : String(error)}); answering 503 until it is back`);
  };
  const noteBack = () => {
    if (!away) return;
    away = false;
    log('[local-supabase] database connection is back');
  };
  pool.on('error', noteAway);
  if (options.sessionRole) {
    const role = options.sessionRole;
    // Queued before any other query on the new connection, so it never serves a request as the login role itself.
    pool.on('connect', (client) => {
      client.query(`set role ${quoteIdent(role)}`).catch((error: unknown) => log(`[local-supabase] set role ${role} failed: ${String(error)}`));
    });
  }
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      const result = await work();
      noteBack();
      return result;
    } catch (error) {
      if (isDatabaseUnavailable(error)) noteAway(error);
      throw asUnavailable(error);
    }
  };
  const wrap = (client: Pool | PoolClient): Queryable => ({
    query<Row>(sql: string, params: unknown[] = []) {
      return run(async () => {
        const result = await client.query(sql, params);
        const affected = result.command === 'SELECT' ? undefined : (result.rowCount ?? undefined);
        return { rows: result.rows as Row[], affectedRows: affected };
      });
    },
    exec(sql: string) {
      return run(async () => {
        await client.query(sql);
      });
    },
  });
  const database: Database = {
    kind: 'postgres',
    ...wrap(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await run(() => pool.connect());
      // A checked-out connection terminated between two queries reports it on the client: handled, not fatal.
      let broken: unknown;
      const onError = (error: unknown) => {
        broken = error;
        noteAway(error);
      };
      client.on('error', onError);
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        if (isDatabaseUnavailable(error)) broken ??= error;
        if (!broken) await client.query('rollback').catch((rollbackError: unknown) => (broken = rollbackError));
        throw asUnavailable(error);
      } finally {
        client.off('error', onError);
        // A connection that failed is destroyed rather than handed to the next request.
        client.release(broken instanceof Error ? broken : broken === undefined ? undefined : true);
      }
    },
    ping: (timeoutMs: number) => pingWith(database, timeoutMs),
    close: () => pool.end(),
  };
  return database;
}

/** A role name as an SQL identifier. */
function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
