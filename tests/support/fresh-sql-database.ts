import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../local-supabase/src/db/database.ts';

export interface FreshDatabase {
  db: Database;
  /** Closes the connection and, on PostgreSQL, drops the throwaway database. */
  dispose(): Promise<void>;
}

/**
 * An empty database for one test file: in-memory PGlite by default, or, when DATABASE_URL points at a PostgreSQL
 * server, a uniquely named database created on that server for this file and dropped afterwards.
 */
export async function openFreshDatabase(databaseUrl = process.env.DATABASE_URL): Promise<FreshDatabase> {
  if (!databaseUrl) {
    const db = await openDatabase();
    return { db, dispose: () => db.close() };
  }
  const name = `pf_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const server = await openDatabase({ databaseUrl });
  await server.exec(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString() });
  return {
    db,
    async dispose() {
      await db.close();
      try {
        await dropWhenClosed(server, name);
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * The pool's connections may take a moment to go after close(); a forced drop would kill them while the client
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
