import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// pg_dump from Debian's packages: the newest installed major version, which dumps any server up to its own version.

export function defaultPgDump(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(a) - Number(b)) : [];
  const newest = versions.reverse().find((version) => existsSync(join(root, version, 'bin', 'pg_dump')));
  // Elsewhere (another distribution), whichever pg_dump the PATH finds.
  return newest ? join(root, newest, 'bin', 'pg_dump') : 'pg_dump';
}

/** The connection string without its password, and the password for PGPASSWORD: a process list shows arguments. */
function withoutPassword(databaseUrl: string): { url: string; password: string | undefined } {
  try {
    const url = new URL(databaseUrl);
    if (!url.password) return { url: databaseUrl, password: undefined };
    const password = decodeURIComponent(url.password);
    url.password = '';
    return { url: url.toString(), password };
  } catch {
    return { url: databaseUrl, password: undefined };
  }
}

export interface PgDumpOptions {
  databaseUrl: string;
  file: string;
  /** An exported snapshot (pg_export_snapshot) the dump reads, instead of one of its own. */
  snapshotId: string;
  pgDump?: string;
}

/** `pg_dump --format=custom` of the whole database into `file`; rejects with pg_dump's own last words. */
export function runPgDump(options: PgDumpOptions): Promise<void> {
  const { url, password } = withoutPassword(options.databaseUrl);
  const command = options.pgDump ?? defaultPgDump();
  const args = ['--format=custom', `--file=${options.file}`, `--snapshot=${options.snapshotId}`, `--dbname=${url}`];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      // eslint-disable-next-line no-restricted-syntax -- pg_dump needs the PATH and locale it would have in a shell.
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', (error) => reject(new Error(`could not run ${command}: ${error.message}`)));
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`pg_dump failed (${signal ?? `exit ${code}`}): ${errors.trim().split('\n').at(-1) ?? ''}`));
    });
  });
}
