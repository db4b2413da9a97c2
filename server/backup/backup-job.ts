import { backupOptionsFrom, BackupConfigError } from './backup-config.ts';
import { takeBackup, type BackupOptions, type BackupResult } from './take-backup.ts';

// The daily backup as a scheduled job of `npm start` with the embedded backend. The job registry (issue 36 §4,
// docs/decisions/0042) runs and records it; this module says what it is, when, and what it counts. Its shape is the
// registry's ScheduledJob, so npm start lists it with `extraJobs: [backupJob(vars)]`.

/** Once a day at 03:00 São Paulo time, the site's quietest hour. */
export const BACKUP_HOUR = 3;

export interface BackupJob {
  name: 'backup';
  /** pt-BR, as the 'Sistema' screen names it. */
  label: string;
  schedule: { every: 'day'; atHour: number };
  scheduleLabel: string;
  /** Only on the machine that has the database and the uploads folder. */
  needs: readonly ['one-machine'];
  /** Null when it can run; else why not, in pt-BR (the same text a run fails with), for a registry that shows it off. */
  off: string | null;
  run(): Promise<Record<string, number>>;
}

/** What a run records: sizes in bytes, how many files, how many old backups rotation deleted. */
export function backupCounts(result: BackupResult): Record<string, number> {
  return { bytes: result.bytes, databaseBytes: result.databaseBytes, files: result.files, removed: result.removed.length };
}

/** Why the job cannot run, in the administrator's words (the 'Sistema' screen shows a run's error). */
function reasonOnScreen(error: BackupConfigError): string {
  const text = error.problems.join(' ');
  if (text.includes('VITE_SUPABASE_URL')) return 'O projeto Supabase hospedado faz as próprias cópias de segurança (painel do Supabase, Database → Backups).';
  if (text.includes('DATABASE_URL')) return 'Cópias de segurança exigem o banco PostgreSQL (DATABASE_URL); o banco PGlite é só para desenvolvimento.';
  return 'Cópias de segurança desligadas: defina BACKUP_DIR (a pasta das cópias) e reinicie o servidor (README, “Backup and restore”).';
}

/** The job, from the variables `npm start` read; without BACKUP_DIR or DATABASE_URL each run fails saying what to set. */
export function backupJob(vars: Readonly<Record<string, string | undefined>>, options: Pick<BackupOptions, 'now' | 'pgDump'> = {}): BackupJob {
  let settings: Omit<BackupOptions, 'now' | 'pgDump'> | null = null;
  let problem: string | null = null;
  try {
    settings = backupOptionsFrom(vars);
  } catch (error) {
    if (!(error instanceof BackupConfigError)) throw error;
    problem = reasonOnScreen(error);
  }
  return {
    name: 'backup',
    label: 'Cópia de segurança (banco de dados e arquivos enviados)',
    schedule: { every: 'day', atHour: BACKUP_HOUR },
    scheduleLabel: 'Diária, às 03:00',
    needs: ['one-machine'],
    off: problem,
    async run() {
      if (!settings) throw new Error(problem ?? 'Cópias de segurança desligadas.');
      return backupCounts(await takeBackup({ ...settings, ...options }));
    },
  };
}
