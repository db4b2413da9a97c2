import { isAbsolute, resolve } from 'node:path';
import { readEnv, REPOSITORY_ROOT } from '../../local-supabase/src/env.ts';
import type { BackupOptions } from './take-backup.ts';

// What a backup needs from the variables `npm start` reads: the embedded backend on PostgreSQL and a folder for the
// backups. Anything missing stops `npm run backup` with one line saying what to set.

type Vars = Readonly<Record<string, string | undefined>>;

export class BackupConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`npm run backup cannot run: ${problems.join('; ')}. See README § Backup and restore.`);
    this.name = 'BackupConfigError';
  }
}

function text(vars: Vars, name: string): string | null {
  const value = vars[name]?.trim();
  return value ? value : null;
}

/** The backup's settings from the server's variables; throws BackupConfigError naming every problem. */
export function backupOptionsFrom(vars: Vars): Omit<BackupOptions, 'now' | 'pgDump'> {
  if (text(vars, 'VITE_SUPABASE_URL')) {
    throw new BackupConfigError([
      'VITE_SUPABASE_URL names a hosted Supabase project, which keeps its own backups (its dashboard, Database → Backups); npm run backup is for the embedded backend',
    ]);
  }
  const problems: string[] = [];
  const databaseUrl = text(vars, 'DATABASE_URL');
  if (!databaseUrl) {
    // PGlite's folder belongs to the running server's process (one connection), and pg_dump cannot read it.
    problems.push('set DATABASE_URL: backups need the embedded backend on PostgreSQL (a PGlite data folder, without DATABASE_URL, is for development only)');
  }
  const rawBackupDir = text(vars, 'BACKUP_DIR');
  if (!rawBackupDir) problems.push('set BACKUP_DIR to the folder that keeps the backups (e.g. /var/backups/portoferreira)');
  if (problems.length > 0) throw new BackupConfigError(problems);
  // The data folder exactly as the embedded backend resolves it (local-supabase/src/env.ts).
  const { dataDir } = readEnv({ LOCAL_SUPABASE_DATA_DIR: vars.LOCAL_SUPABASE_DATA_DIR });
  const backupDir = isAbsolute(rawBackupDir!) ? rawBackupDir! : resolve(REPOSITORY_ROOT, rawBackupDir!);
  return { databaseUrl: databaseUrl!, dataDir, backupDir };
}
