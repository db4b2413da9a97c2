// npm run gen:types — writes, from supabase/migrations applied to a fresh in-memory PGlite database,
// src/types/database.generated.ts (Supabase's type generator) and supabase/schema.sql (the schema as the migrations
// leave it, scripts/schema-snapshot.ts). `npm run gen:types -- --check` writes nothing and fails when either is out of
// date.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../local-supabase/src/db/database.ts';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from './database-types.ts';
import { generateSchemaSnapshot, SCHEMA_SNAPSHOT_FILE } from './schema-snapshot.ts';

const check = process.argv.includes('--check');

const db = await openDatabase();
const outputs: { file: URL; content: string }[] = [];
try {
  // generateDatabaseTypes migrates the empty database; the snapshot reads the same one.
  outputs.push({ file: DATABASE_TYPES_FILE, content: await generateDatabaseTypes(db) });
  outputs.push({ file: SCHEMA_SNAPSHOT_FILE, content: await generateSchemaSnapshot(db) });
} finally {
  await db.close();
}

let stale = false;
for (const { file, content } of outputs) {
  const path = fileURLToPath(file);
  const current = await readFile(path, 'utf8').catch(() => null);
  if (current === content) {
    console.info(`${path} is up to date.`);
  } else if (check) {
    console.error(`${path} is out of date with supabase/migrations: run \`npm run gen:types\`.`);
    stale = true;
  } else {
    await writeFile(path, content);
    console.info(`Wrote ${path}.`);
  }
}
if (stale) process.exit(1);
