// npm run gen:types — writes src/types/database.generated.ts with Supabase's type generator, from supabase/migrations
// applied to a fresh in-memory PGlite database. `npm run gen:types -- --check` writes nothing and fails when the file
// is out of date.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../local-supabase/src/db/database.ts';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from './database-types.ts';

const check = process.argv.includes('--check');
const path = fileURLToPath(DATABASE_TYPES_FILE);

const db = await openDatabase();
let generated: string;
try {
  generated = await generateDatabaseTypes(db);
} finally {
  await db.close();
}

const current = await readFile(path, 'utf8').catch(() => null);
if (check) {
  if (current !== generated) {
    console.error(`${path} is out of date with supabase/migrations: run \`npm run gen:types\`.`);
    process.exit(1);
  }
  console.info(`${path} is up to date.`);
} else if (current === generated) {
  console.info(`${path} is up to date.`);
} else {
  await writeFile(path, generated);
  console.info(`Wrote ${path}.`);
}
