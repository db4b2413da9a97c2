import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from '../scripts/database-types.ts';
import { openFreshDatabase, type FreshSqlDatabase } from './support/fresh-database.ts';

// src/types/database.ts is what `npm run gen:types` makes of supabase/migrations. The check runs on a fresh database
// of this run's engine, so under `npm run test:postgres` it also proves PostgreSQL's catalog gives the same file.

let fresh: FreshSqlDatabase;

beforeAll(async () => {
  fresh = await openFreshDatabase();
}, 60_000);

afterAll(async () => {
  await fresh?.dispose();
});

it('src/types/database.ts is up to date with supabase/migrations', async () => {
  const generated = await generateDatabaseTypes(fresh.db);
  const committed = await readFile(DATABASE_TYPES_FILE, 'utf8');
  expect(committed, 'src/types/database.ts is out of date: run `npm run gen:types`').toBe(generated);
}, 120_000);
