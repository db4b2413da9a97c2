import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../local-supabase/src/env.ts';
import { BackupConfigError, backupOptionsFrom } from '../server/backup/backup-config.ts';

// `npm run backup` reads what `npm start` reads; what it lacks stops it with one line saying what to set.

function refusal(vars: Record<string, string>): string {
  try {
    backupOptionsFrom(vars);
  } catch (error) {
    if (error instanceof BackupConfigError) return error.message;
    throw error;
  }
  throw new Error('backupOptionsFrom accepted the variables');
}

describe('npm run backup: its settings', () => {
  it("are the server's database and data folder, and BACKUP_DIR", () => {
    expect(backupOptionsFrom({ DATABASE_URL: 'postgres://u:p@127.0.0.1/db', LOCAL_SUPABASE_DATA_DIR: '/var/lib/pf', BACKUP_DIR: '/var/backups/pf' })).toEqual({
      databaseUrl: 'postgres://u:p@127.0.0.1/db',
      dataDir: '/var/lib/pf',
      backupDir: '/var/backups/pf',
    });
  });

  it('resolve relative folders from the repository, as the server does', () => {
    const options = backupOptionsFrom({ DATABASE_URL: 'postgres://127.0.0.1/db', BACKUP_DIR: 'backups' });
    expect(options.backupDir).toBe(join(REPOSITORY_ROOT, 'backups'));
    expect(options.dataDir).toBe(join(REPOSITORY_ROOT, '.local-supabase'));
  });

  it('refuse on one line naming every variable to set', () => {
    const message = refusal({});
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toMatch(/^npm run backup cannot run: set DATABASE_URL: backups need the embedded backend on PostgreSQL/);
    expect(message).toContain('set BACKUP_DIR');
  });

  it('refuse a PGlite data folder (no DATABASE_URL) and a hosted project, saying why', () => {
    expect(refusal({ BACKUP_DIR: '/b', LOCAL_SUPABASE_DATA_DIR: '/var/lib/pf' })).toContain('a PGlite data folder, without DATABASE_URL, is for development only');
    expect(refusal({ VITE_SUPABASE_URL: 'https://x.supabase.co', BACKUP_DIR: '/b' })).toContain('hosted Supabase project, which keeps its own backups');
  });
});
