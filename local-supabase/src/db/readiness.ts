import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { within, type Readiness } from '../../../edge/health.ts';
import type { Queryable } from './database.ts';
import { parseMigrationFileName } from './migrate.ts';

// What /readyz asks of the embedded backend (docs/decisions/0040): the database answers in time, and it has the
// newest migration this build carries. The database's own ping() (db/database.ts) is the outage handling's probe.

/** The newest version among supabase/migrations' files (their timestamp prefix), or null when there is none. */
export async function newestMigrationVersion(root: string): Promise<string | null> {
  const files = await readdir(join(root, 'supabase', 'migrations')).catch(() => [] as string[]);
  const versions = files.map((file) => parseMigrationFileName(file)?.version).filter((version): version is string => !!version);
  return versions.sort().at(-1) ?? null;
}

/**
 * The database answered within `timeoutMs`, and recorded `newest` as applied (the migration runner's own table,
 * local-supabase/src/db/migrate.ts). Never throws: a failure is a failing check, its message stays in the process.
 */
export async function databaseReadiness(db: Queryable, newest: string | null, timeoutMs: number): Promise<Readiness> {
  const applied = db
    .query<{ applied: boolean }>('select exists (select 1 from supabase_migrations.schema_migrations where version = $1) as applied', [newest ?? ''])
    .then(({ rows }) => (newest === null ? true : rows[0]?.applied === true));
  const answer = await within<boolean | null>(applied, timeoutMs, null);
  const database = answer !== null;
  const migrations = answer === true;
  return { ready: database && migrations, checks: { database: database ? 'ok' : 'failing', migrations: migrations ? 'ok' : 'failing' } };
}
