import { NEWSROOM_TIME_ZONE } from '../../src/lib/dates.ts';
import { takeBackup, type BackupOptions, type BackupResult } from './take-backup.ts';

// The daily backup as a scheduled job of `npm start` with the embedded backend on PostgreSQL. The job registry
// (issue 36, item 4) runs it; this module only says what it is and when.

export const BACKUP_JOB = {
  name: 'backup',
  /** Shown on the 'Sistema' screen. */
  label: 'Cópia de segurança (banco de dados e arquivos enviados)',
  /** Once a day at this newsroom time: the site's quietest hour. */
  schedule: { every: 'day', at: '03:30', timeZone: NEWSROOM_TIME_ZONE },
} as const;

/** The counts a job run records. */
export function backupCounts(result: BackupResult): Record<string, number | string> {
  return { backup: result.name, bytes: result.bytes, databaseBytes: result.databaseBytes, files: result.files, removed: result.removed.length };
}

/** The job's run: one backup with the server's settings, its counts for the run's record. */
export function backupJobRun(options: BackupOptions): () => Promise<Record<string, number | string>> {
  return async () => backupCounts(await takeBackup(options));
}
