import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from '../scripts/database-types.ts';
import { CHECKED_VALUES } from '../src/types/database.ts';
import { openFreshDatabase, type FreshSqlDatabase } from './support/fresh-database.ts';

// src/types/database.generated.ts is what Supabase's generator makes of supabase/migrations (`npm run gen:types`), and
// src/types/database.ts narrows some of its columns to the values their CHECK constraints allow. Both are checked on a
// fresh database of this run's engine: in-memory PGlite under `npm test`, PostgreSQL under `npm run test:postgres`.

let fresh: FreshSqlDatabase;
let generated: string;

beforeAll(async () => {
  fresh = await openFreshDatabase();
  // generateDatabaseTypes migrates the fresh database; the constraint test below reads the same one.
  generated = await generateDatabaseTypes(fresh.db);
}, 120_000);

afterAll(async () => {
  await fresh?.dispose();
});

it('src/types/database.generated.ts is what the generator makes of supabase/migrations', async () => {
  const committed = await readFile(DATABASE_TYPES_FILE, 'utf8');
  expect(committed, 'src/types/database.generated.ts is out of date: run `npm run gen:types`').toBe(generated);
});

it.each(
  Object.entries(CHECKED_VALUES).flatMap(([table, columns]) =>
    Object.entries<readonly string[]>(columns).map(([column, values]) => ({
      name: `${table}.${column}`,
      table,
      column,
      values: [...values],
    })),
  ),
)('$name is typed with exactly the values its CHECK constraint allows', async ({ table, column, values }) => {
  const { rows } = await fresh.db.query<{ definition: string }>(
    `select pg_get_constraintdef(k.oid) as definition
       from pg_constraint k join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any (k.conkey)
      where k.conrelid = $1::regclass and k.contype = 'c' and a.attname = $2`,
    [`public.${table}`, column],
  );
  expect(rows, `one CHECK constraint on ${table}.${column}`).toHaveLength(1);
  // pg_get_constraintdef spells `column in ('a', 'b')` as `column = ANY (ARRAY['a'::text, 'b'::text])`.
  const allowed = [...(rows[0]?.definition ?? '').matchAll(/'((?:[^']|'')*)'::text/g)].map((match) =>
    (match[1] ?? '').replaceAll("''", "'"),
  );
  expect(allowed).toEqual(values);
});
