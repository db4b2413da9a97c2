import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../local-supabase/src/db/database.ts';
import { env } from '../../local-supabase/src/env.ts';

/** A throwaway database for one test file, and how to get rid of it. */
export interface FreshDatabase {
  /** Where it lives: undefined for in-memory PGlite, else a connection string to a database of its own. */
  databaseUrl: string | undefined;
  /**
   * The same database as the README's `authenticator` (DATABASE_API_URL's role, on `npm run test:postgres`): the
   * connection a backend serves requests on. Undefined on PGlite or without DATABASE_API_URL.
   */
  apiDatabaseUrl: string | undefined;
  /** Opens a connection to it (each call a new one; PGlite in memory when databaseUrl is undefined). */
  open(): Promise<Database>;
  /** On PostgreSQL, drops the database once every connection to it has closed. */
  drop(): Promise<void>;
}

/**
 * Tests run on in-memory PGlite by default; when DATABASE_URL points at a PostgreSQL server (`npm run
 * test:postgres`), each test file gets a uniquely named database created on that server, so files run in parallel
 * without touching each other's tables.
 */
export async function createFreshDatabase(serverUrl = env().databaseUrl, apiServerUrl = env().databaseApiUrl): Promise<FreshDatabase> {
  if (!serverUrl) return { databaseUrl: undefined, apiDatabaseUrl: undefined, open: () => openDatabase(), drop: () => Promise.resolve() };
  const name = `pf_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const server = await openDatabase({ databaseUrl: serverUrl });
  await server.exec(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const apiUrl = apiServerUrl ? new URL(apiServerUrl) : null;
  if (apiUrl) apiUrl.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    apiDatabaseUrl: apiUrl?.toString(),
    open: () => openDatabase({ databaseUrl: url.toString() }),
    async drop() {
      try {
        await dropWhenClosed(server, name);
      } finally {
        await server.close();
      }
    },
  };
}

export interface FreshSqlDatabase {
  db: Database;
  /** Closes the connection and, on PostgreSQL, drops the throwaway database. */
  dispose(): Promise<void>;
}

/** An empty database with one open connection, for the suites that speak SQL to it (see createFreshDatabase). */
export async function openFreshDatabase(serverUrl?: string): Promise<FreshSqlDatabase> {
  const fresh = await createFreshDatabase(serverUrl);
  const db = await fresh.open();
  return {
    db,
    async dispose() {
      await db.close();
      await fresh.drop();
    },
  };
}

/**
 * A pool's connections may take a moment to go after close(); a forced drop would kill them while the client
 * still listens, which surfaces as an uncaught error. Wait for them instead (55006: still in use).
 */
async function dropWhenClosed(server: Database, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await server.exec(`drop database if exists ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
