import type { Database } from '../../local-supabase/src/db/database.ts';

// The database's clock (supabase/migrations/20261123130000_newsroom_day.sql): private.clock_now() answers this
// instant instead of now() while it is set. Only the database owner can set it; tests act as the owner through `db`.

export async function setDatabaseClock(db: Database, at: Date): Promise<void> {
  await db.query(
    `insert into private.clock_override (only_row, at) values (true, $1) on conflict (only_row) do update set at = excluded.at`,
    [at.toISOString()],
  );
}

export async function resetDatabaseClock(db: Database): Promise<void> {
  await db.query('delete from private.clock_override');
}
