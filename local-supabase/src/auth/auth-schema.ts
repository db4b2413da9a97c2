import { readFile } from 'node:fs/promises';
import type { Queryable } from '../db/database.ts';

const AUTH_LOCAL_SQL = new URL('../../sql/auth-local.sql', import.meta.url);

/** Creates the session and refresh-token tables the auth server needs (idempotent; needs bootstrap.sql first). */
export async function ensureAuthSchema(db: Queryable): Promise<void> {
  await db.exec(await readFile(AUTH_LOCAL_SQL, 'utf8'));
}
