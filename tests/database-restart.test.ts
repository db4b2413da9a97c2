// The embedded backend's PostgreSQL pool through a restart and an outage (docs/decisions/0044): an idle connection
// terminated by the administrator is not fatal, a query while the database is away fails as DatabaseUnavailableError
// (answered 503), ping says so without throwing, and the pool serves again once the database is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, openDatabase, type Database } from '../local-supabase/src/db/database.ts';
import { startPostgresCluster, type PostgresCluster } from '../e2e/deploy/support/postgres-cluster.ts';

let cluster: PostgresCluster;
let db: Database;
const lines: string[] = [];

beforeAll(async () => {
  cluster = await startPostgresCluster();
  db = await openDatabase({ databaseUrl: cluster.url, log: (line) => lines.push(line) });
});
afterAll(async () => {
  await db?.close();
  cluster?.stop();
});

/** Polls until the pool answers again: the database takes its own time to come back. */
async function untilAnswers(): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (await db.ping(1_000)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the pool never answered again');
}

describe('the PostgreSQL pool when the database restarts or goes away', () => {
  it('survives a restart with idle connections in the pool, and answers again', async () => {
    // Several connections, left idle in the pool: each gets the administrator's termination as an error event.
    await Promise.all(Array.from({ length: 4 }, () => db.transaction((tx) => tx.query('select pg_sleep(0.05)'))));
    await cluster.restart();
    await untilAnswers();
    expect((await db.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('while the database is away: queries fail as DatabaseUnavailableError, ping is false, said once; then it serves again', async () => {
    lines.length = 0;
    await db.transaction((tx) => tx.query('select 1'));
    await cluster.pause();
    try {
      await expect(db.query('select 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
      await expect(db.transaction((tx) => tx.query('select 1'))).rejects.toBeInstanceOf(DatabaseUnavailableError);
      expect(await db.ping(1_000)).toBe(false);
      expect(lines.filter((line) => line.includes('database connection lost'))).toHaveLength(1);
    } finally {
      await cluster.resume();
    }
    await untilAnswers();
    expect(lines.filter((line) => line.includes('database connection is back'))).toHaveLength(1);
  });
});
