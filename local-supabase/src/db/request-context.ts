import type { Database, Queryable } from './database.ts';
import type { JwtClaims } from '../jwt.ts';

export interface CallerContext {
  role: string;
  claims: JwtClaims;
  readOnly?: boolean;
  method?: string;
  path?: string;
}

/**
 * Runs fn in one transaction as the caller, exactly as PostgREST does: transaction-local role and JWT claims,
 * so row-level security is enforced by Postgres itself. The settings vanish when the transaction ends.
 */
export function runAsCaller<T>(db: Database, caller: CallerContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (caller.readOnly) await tx.query('set transaction read only');
    await tx.query(
      `select set_config('search_path', 'public', true),
              set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true),
              set_config('request.path', $4, true)`,
      [caller.role, JSON.stringify(caller.claims), caller.method ?? '', caller.path ?? ''],
    );
    return fn(tx);
  });
}
