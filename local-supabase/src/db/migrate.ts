import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './database.ts';

export interface ApplyMigrationsOptions {
  /** Repository root holding `local-supabase/sql` and `supabase/`; defaults to this repository. */
  root?: string;
  /** Run `supabase/seed.sql` when the database has no content yet (default true). */
  seed?: boolean;
}

export interface ApplyMigrationsResult {
  /** Versions (file names without `.sql`) applied by this call, in order. */
  applied: string[];
  seeded: boolean;
}

const defaultRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** `20261001090100_topics.sql` → version `20261001090100`, name `topics` (the Supabase CLI's split). */
export function parseMigrationFileName(fileName: string): { version: string; name: string } | null {
  const match = /^(\d+)_(.+)\.sql$/.exec(fileName);
  return match ? { version: match[1] as string, name: match[2] as string } : null;
}

async function sqlFilesIn(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir);
    return entries.filter((entry) => entry.endsWith('.sql')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Brings a database up to date the way the Supabase CLI does: Supabase's own base schema first
 * (`local-supabase/sql/bootstrap.sql`, then the other `local-supabase/sql/*.sql`; idempotent, every time), then each `supabase/migrations/*.sql` once and in order,
 * each in its own transaction and recorded in `supabase_migrations.schema_migrations`, then `supabase/seed.sql` on
 * a database this call created (no migration recorded before) that has no content.
 */
export async function applyMigrations(
  db: Database,
  options: ApplyMigrationsOptions = {},
): Promise<ApplyMigrationsResult> {
  const root = options.root ?? defaultRoot;
  const migrationsDir = join(root, 'supabase', 'migrations');

  await applyBaseSchema(db, root);

  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key,
      name text,
      applied_at timestamptz not null default now()
    );
    -- The API's connection rests as the backend's role (decision 0044): a readiness check on it reads which migration
    -- is applied, nothing else.
    do $$
    begin
      if exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
        grant usage on schema supabase_migrations to supabase_auth_admin;
        grant select on supabase_migrations.schema_migrations to supabase_auth_admin;
      end if;
    end
    $$;
  `);

  const done = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  const appliedBefore = new Set(done.rows.map((row) => row.version));

  const applied: string[] = [];
  for (const file of await sqlFilesIn(migrationsDir)) {
    const parsed = parseMigrationFileName(file);
    if (!parsed) throw new Error(`Migration file name must be <timestamp>_<name>.sql: ${file}`);
    if (appliedBefore.has(parsed.version)) continue;
    const sql = await readFile(join(migrationsDir, file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        parsed.version,
        parsed.name,
      ]);
    }).catch((error: unknown) => {
      throw new Error(`Migration ${file} failed: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    });
    applied.push(parsed.version);
  }

  // Demo content belongs to a database made now, never to one migrated before: a production database that is empty
  // because it is new (or emptied by its newsroom) must not get demo stories when a development server opens it.
  const created = appliedBefore.size === 0;
  let seeded = false;
  if ((options.seed ?? true) && created && !(await hasContent(db))) {
    const seedSql = await readFile(join(root, 'supabase', 'seed.sql'), 'utf8').catch(() => null);
    if (seedSql !== null) {
      await db.transaction((tx) => tx.exec(seedSql));
      seeded = true;
    }
  }

  return { applied, seeded };
}

/**
 * Supabase's own base schema, what a project has before its first migration (roles, auth, storage): runs
 * `local-supabase/sql/bootstrap.sql` and then the other `local-supabase/sql/*.sql` in name order. Idempotent.
 */
export async function applyBaseSchema(db: Database, root = defaultRoot): Promise<void> {
  const baseDir = join(root, 'local-supabase', 'sql');
  const baseFiles = (await sqlFilesIn(baseDir)).sort((a, b) => Number(b === 'bootstrap.sql') - Number(a === 'bootstrap.sql'));
  for (const file of baseFiles) {
    const sql = await readFile(join(baseDir, file), 'utf8');
    await runBaseScript(db, sql);
  }
}

// Not topics: the navigation's topics come from a migration (supabase/migrations/20261126090000_navigation_topics.sql),
// so every migrated database has them.
const contentTables = ['publications', 'obituaries', 'jobs'] as const;

/** Whether any content table has a row (missing tables count as empty). */
async function hasContent(db: Queryable): Promise<boolean> {
  for (const table of contentTables) {
    const result = await db.query<{ has_rows: boolean | null }>(
      `select case when to_regclass($1) is null then false end as has_rows`,
      [`public.${table}`],
    );
    if (result.rows[0]?.has_rows === false) continue;
    const rows = await db.query<{ has_rows: boolean }>(`select exists (select 1 from public.${table}) as has_rows`);
    if (rows.rows[0]?.has_rows) return true;
  }
  return false;
}

/**
 * Runs one idempotent base script in a transaction. Roles are shared by every database of a PostgreSQL cluster,
 * so two databases bootstrapping at once (parallel test files) can race on `create role`; a retry then finds
 * the role in place.
 */
async function runBaseScript(db: Database, sql: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction((tx) => tx.exec(sql));
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const raced = code === '23505' || code === '42710' || code === 'XX000' || code === '40P01';
      if (!raced || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
