import type { Database, Queryable } from './database.ts';
import type { JwtClaims } from '../jwt.ts';

export interface CallerContext {
  role: string;
  claims: JwtClaims;
  readOnly?: boolean;
  method?: string;
  path?: string;
  /** `request.headers`: lowercase names, the client address as request-headers.ts sets it. */
  headers?: Record<string, string>;
}

/**
 * Hosted Supabase's per-role statement_timeout (anon 3 s, authenticated 8 s): one expensive request cannot hold
 * the database. Real PostgreSQL enforces it; PGlite accepts the setting but has no timer to enforce it (checked:
 * a 2 s pg_sleep under a 500 ms timeout completes), so there the request bounds of rest/request-bounds.ts are
 * the whole defence.
 */
export function statementTimeoutFor(role: string): string {
  return role === 'anon' ? '3s' : '8s';
}

/** The caller's settings, one statement for all of them. */
const CALLER_SETTINGS = `select set_config('search_path', 'public', true),
              set_config('statement_timeout', $6, true),
              set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true),
              set_config('request.path', $4, true),
              set_config('request.headers', $5, true)`;

/**
 * A read's settings with its read-only mode in the same statement: `set transaction read only` is that setting, and
 * a separate statement cost PGlite a whole extended-protocol round (parse, describe, bind, execute, sync) on every
 * read (docs/decisions/0051). Postgres allows a transaction to turn read-only at any point, and the caller's query
 * comes after it.
 */
const READ_ONLY_CALLER_SETTINGS = `${CALLER_SETTINGS},
              set_config('transaction_read_only', 'on', true)`;

/**
 * Runs fn in one transaction as the caller, exactly as PostgREST does: transaction-local role, JWT claims, method,
 * path and headers, so row-level security is enforced by Postgres itself. The settings vanish when the transaction ends.
 */
export function runAsCaller<T>(db: Database, caller: CallerContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(caller.readOnly ? READ_ONLY_CALLER_SETTINGS : CALLER_SETTINGS, [
      caller.role,
      JSON.stringify(caller.claims),
      caller.method ?? '',
      caller.path ?? '',
      JSON.stringify(caller.headers ?? {}),
      statementTimeoutFor(caller.role),
    ]);
    return fn(tx);
  });
}
