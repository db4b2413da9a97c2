import type { Database } from '../../local-supabase/src/db/database.ts';
import { createFreshDatabase } from '../../local-supabase/src/db/fresh-database.ts';

export interface FreshSqlDatabase {
  db: Database;
  /** Closes the connection and, on PostgreSQL, drops the throwaway database. */
  dispose(): Promise<void>;
}

/** An empty database with one open connection, for the SQL-level suites (see createFreshDatabase). */
export async function openFreshDatabase(databaseUrl = process.env.DATABASE_URL): Promise<FreshSqlDatabase> {
  const fresh = await createFreshDatabase(databaseUrl);
  const db = await fresh.open();
  return {
    db,
    async dispose() {
      await db.close();
      await fresh.drop();
    },
  };
}
