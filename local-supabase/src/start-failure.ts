import { DataDirError } from './data-dir.ts';
import { DatabaseRoleError } from './db/connection-roles.ts';

/**
 * What start-up prints when the backend cannot start, before the process exits: one line for a problem the user
 * can fix from its text (the data folder), the full error for anything unexpected.
 */
export function describeStartFailure(error: unknown): string {
  if (error instanceof DataDirError || error instanceof DatabaseRoleError) return `[local-supabase] could not start: ${error.message}`;
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return `[local-supabase] could not start: ${detail}`;
}
