import { copyFile, link, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

// The uploads and the database, as of one instant. An upload writes its file inside the transaction that inserts its
// storage.objects row, and a removal deletes the file only after the row's deletion commits
// (local-supabase/src/storage/object-service.ts). So while a SHARE lock on storage.objects is held, no upload or removal
// is half done: every committed row's file is on disk and no file of a committed row is being removed. Under that
// lock the database's snapshot is exported (pg_dump dumps exactly it) and the uploads folder is hard-linked (milliseconds,
// and later writes replace files by rename, so the links keep the bytes of that instant); then the lock goes and saves
// carry on while pg_dump runs. A story row can only name a file whose row committed before it, so the pair restores
// with no row missing its file. Files whose rows were already deleted may come along: harmless orphans.

export interface FileCount {
  files: number;
  bytes: number;
}

/** The lock waits for uploads under way; a backup that cannot get it in this time fails rather than hold up the site. */
const LOCK_TIMEOUT = '15s';

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** Hard-links (or, across file systems, copies) every finished file under `from` into `to`. */
export async function linkTree(from: string, to: string): Promise<FileCount> {
  const count: FileCount = { files: 0, bytes: 0 };
  await mkdir(to, { recursive: true });
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return count;
    throw error;
  }
  for (const entry of entries) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      const inner = await linkTree(source, target);
      count.files += inner.files;
      count.bytes += inner.bytes;
      continue;
    }
    // A `.tmp` is an upload being written (blob-store.ts writes, then renames): its row is not committed.
    if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
    try {
      await link(source, target);
    } catch (error) {
      const code = errorCode(error);
      // Gone since the listing: a removal whose row was deleted before the lock (its row is not in the snapshot).
      if (code === 'ENOENT') continue;
      if (code !== 'EXDEV' && code !== 'EPERM') throw error;
      await copyFile(source, target);
    }
    count.files += 1;
    count.bytes += (await stat(target)).size;
  }
  return count;
}

export interface ConsistentSnapshot {
  /** The exported snapshot's id, for `pg_dump --snapshot`: valid until release(). */
  snapshotId: string;
  uploads: FileCount;
  /** Ends the snapshot's transaction (after pg_dump has finished with it). */
  release(): Promise<void>;
}

/** Exports a database snapshot and links the uploads folder into `stagingDir`, both as of one instant (see above). */
export async function takeConsistentSnapshot(databaseUrl: string, storageDir: string, stagingDir: string): Promise<ConsistentSnapshot> {
  // Loaded when a backup runs, as local-supabase/src/db/database.ts loads it: a host that never backs up never loads it.
  const { default: pg } = await import('pg');
  // Named, so pg_stat_activity says what holds the lock and the snapshot.
  const connection = { connectionString: databaseUrl, application_name: 'portoferreira-backup' };
  const locker = new pg.Client(connection);
  const snapshot = new pg.Client(connection);
  await locker.connect();
  try {
    await snapshot.connect();
  } catch (error) {
    await locker.end();
    throw error;
  }
  try {
    await locker.query('begin');
    await locker.query(`set local lock_timeout = '${LOCK_TIMEOUT}'`);
    await locker.query('lock table storage.objects in share mode');
    await snapshot.query('begin isolation level repeatable read read only');
    const exported = await snapshot.query<{ id: string }>('select pg_export_snapshot() as id');
    const uploads = await linkTree(storageDir, stagingDir);
    await locker.query('commit');
    const snapshotId = exported.rows[0]?.id;
    if (!snapshotId) throw new Error('PostgreSQL exported no snapshot');
    return {
      snapshotId,
      uploads,
      async release() {
        try {
          await snapshot.query('commit');
        } finally {
          await snapshot.end();
        }
      },
    };
  } catch (error) {
    await Promise.allSettled([locker.query('rollback'), snapshot.query('rollback')]);
    await Promise.allSettled([snapshot.end()]);
    throw error;
  } finally {
    await locker.end();
  }
}
