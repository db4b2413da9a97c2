import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The data folder cannot be used; its message is the one line a newcomer sees, naming the variable and path. */
export class DataDirError extends Error {
  override readonly name = 'DataDirError';
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(
      `cannot create or write the data folder ${path} (${reason}); ` +
        'set LOCAL_SUPABASE_DATA_DIR to a folder this user can write, or delete the one that is in the way',
    );
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return error.code;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Creates the data folder with its `db/` and `storage/` parts and proves it writable. PGlite creates only the
 * last folder of its path, so on a clean clone nothing would exist yet; and a folder that exists but cannot be
 * written must stop the start-up here rather than surface later as a 500 behind a running page.
 */
export async function prepareDataDir(dataDir: string): Promise<{ dbDir: string; storageDir: string }> {
  const dbDir = join(dataDir, 'db');
  const storageDir = join(dataDir, 'storage');
  try {
    await mkdir(dbDir, { recursive: true });
    await mkdir(storageDir, { recursive: true });
    const probe = join(dataDir, `.write-test-${process.pid}`);
    await writeFile(probe, '');
    await rm(probe);
  } catch (error) {
    throw new DataDirError(dataDir, reasonOf(error));
  }
  return { dbDir, storageDir };
}
