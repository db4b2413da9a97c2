import { randomBytes } from 'node:crypto';
import { cp, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { backupName, PARTIAL_PREFIX, partialName } from './backup-names.ts';
import { runPgDump } from './pg-dump.ts';
import { planRotation } from './rotation.ts';
import { takeConsistentSnapshot } from './storage-snapshot.ts';

// One backup of the embedded backend on PostgreSQL: the database (pg_dump's custom format) and the uploads folder,
// as of one instant (storage-snapshot.ts), into BACKUP_DIR/<UTC instant>/, then 7 daily and 4 weekly kept
// (rotation.ts). Written into a `.partial-` folder and renamed when complete, so a crash or a full disk never leaves a
// folder that looks like a backup: rotation counts only complete ones, and never deletes one for a failed run.

export const DATABASE_FILE = 'database.dump';
export const UPLOADS_FOLDER = 'storage';
export const MANIFEST_FILE = 'manifest.json';

/** Left-overs of a run that died (a `.partial-` backup, a staging folder) are deleted once this old. */
const STALE_MS = 6 * 3_600_000;

export interface BackupOptions {
  /** The database, as `npm start` reaches it (DATABASE_URL). */
  databaseUrl: string;
  /** LOCAL_SUPABASE_DATA_DIR: the uploads are in its `storage/` folder. */
  dataDir: string;
  /** BACKUP_DIR: one folder per backup. */
  backupDir: string;
  /** The clock that names the backup. */
  now?: () => Date;
  /** pg_dump to run (default: Debian's newest). */
  pgDump?: string;
}

export interface BackupResult {
  /** The backup's folder name, e.g. 2026-11-29T063000Z. */
  name: string;
  /** Where it is: BACKUP_DIR/<name>. */
  path: string;
  /** Everything it holds, in bytes. */
  bytes: number;
  databaseBytes: number;
  /** Uploaded files in it, and their bytes. */
  files: number;
  fileBytes: number;
  /** Older backups rotation deleted. */
  removed: string[];
}

async function removeStale(dir: string, prefix: string, now: Date): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((entry) => entry.startsWith(prefix))) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > STALE_MS) await rm(path, { recursive: true, force: true });
  }
}

/** Deletes the backups rotation does not keep; returns their names. */
export async function rotateBackups(backupDir: string): Promise<string[]> {
  const entries = await readdir(backupDir, { withFileTypes: true });
  const { remove } = planRotation(entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name));
  for (const name of remove) await rm(join(backupDir, name), { recursive: true, force: true });
  return remove;
}

/** Moves a folder, or copies it when `to` is on another file system. */
async function move(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EXDEV')) throw error;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}

export async function takeBackup(options: BackupOptions): Promise<BackupResult> {
  const takenAt = (options.now ?? (() => new Date()))();
  const name = backupName(takenAt);
  const path = join(options.backupDir, name);
  const partial = join(options.backupDir, partialName(name));
  // Beside the uploads, so hard links work; moved into the backup once the database is dumped.
  const stagingPrefix = '.backup-staging-';
  const staging = join(options.dataDir, `${stagingPrefix}${name}-${randomBytes(4).toString('hex')}`);

  await mkdir(options.backupDir, { recursive: true });
  await removeStale(options.backupDir, PARTIAL_PREFIX, takenAt);
  await removeStale(options.dataDir, stagingPrefix, takenAt);
  if (await stat(path).catch(() => null)) throw new Error(`${path} already exists: one backup per second`);
  await mkdir(partial);
  try {
    const snapshot = await takeConsistentSnapshot(options.databaseUrl, join(options.dataDir, 'storage'), staging);
    try {
      await runPgDump({ databaseUrl: options.databaseUrl, file: join(partial, DATABASE_FILE), snapshotId: snapshot.snapshotId, pgDump: options.pgDump });
    } finally {
      await snapshot.release();
    }
    await move(staging, join(partial, UPLOADS_FOLDER));
    const databaseBytes = (await stat(join(partial, DATABASE_FILE))).size;
    const manifest = {
      name,
      takenAt: takenAt.toISOString(),
      database: { file: DATABASE_FILE, format: 'pg_dump custom', bytes: databaseBytes },
      uploads: { folder: UPLOADS_FOLDER, files: snapshot.uploads.files, bytes: snapshot.uploads.bytes },
    };
    await writeFile(join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, path);
    const removed = await rotateBackups(options.backupDir);
    return {
      name,
      path,
      bytes: databaseBytes + snapshot.uploads.bytes,
      databaseBytes,
      files: snapshot.uploads.files,
      fileBytes: snapshot.uploads.bytes,
      removed,
    };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
