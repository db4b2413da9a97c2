import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../local-supabase/src/db/database.ts';
import { applyMigrations } from '../local-supabase/src/db/migrate.ts';
import { generateSchemaSnapshot, SCHEMA_SNAPSHOT_FILE } from '../scripts/schema-snapshot.ts';

// supabase/schema.sql is what scripts/schema-snapshot.ts reads from the catalog after supabase/migrations, on the
// engine `npm run gen:types` uses: in-memory PGlite, also under `npm run test:postgres` (PostgreSQL 15 spells some
// grants and expressions differently, and the file must not depend on where the check runs).

let db: Database;
let generated: string;

beforeAll(async () => {
  db = await openDatabase();
  await applyMigrations(db, { seed: false });
  generated = await generateSchemaSnapshot(db);
}, 120_000);

afterAll(async () => {
  await db?.close();
});

it('supabase/schema.sql is the schema supabase/migrations make', async () => {
  const committed = await readFile(SCHEMA_SNAPSHOT_FILE, 'utf8').catch(() => '');
  if (committed === generated) return;
  const committedLines = committed.split('\n');
  const generatedLines = generated.split('\n');
  const first = generatedLines.findIndex((line, index) => line !== committedLines[index]);
  expect.fail(
    `supabase/schema.sql is out of date with supabase/migrations: run \`npm run gen:types\`. First difference at line ${first + 1}:\n` +
      `  committed: ${committedLines[first] ?? '(end of file)'}\n  migrations: ${generatedLines[first] ?? '(end of file)'}`,
  );
});

it('shows a function by its current body, a table with its policies and grants, in a stable order', () => {
  // The rate limit's helper as the last migration defined it, not as an earlier one did.
  expect(generated).toContain('CREATE OR REPLACE FUNCTION private.rate_limit_take(keys text[], windows interval[], limits integer[])');
  expect(generated).not.toContain('private.media_kit_submissions');
  expect(generated).toMatch(/create policy "[^"]+" on public\.publications for select to anon\n {2}using \(/);
  expect(generated).toContain('grant execute on function public.increment_views(publication_id uuid) to anon;');
  const functions = [...generated.matchAll(/^CREATE OR REPLACE FUNCTION (\S+?)\(/gm)].map((match) => match[1]!);
  expect(functions).toEqual([...functions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
});
