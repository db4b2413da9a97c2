import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirError, prepareDataDir } from './data-dir.ts';

describe('prepareDataDir', () => {
  const made: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'pf-data-dir-'));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('creates the whole path, as on a clean clone where no parent exists', async () => {
    const root = join(tempDir(), 'not', 'there', '.local-supabase');
    const { dbDir, storageDir } = await prepareDataDir(root);
    expect(statSync(dbDir).isDirectory()).toBe(true);
    expect(statSync(storageDir).isDirectory()).toBe(true);
  });

  it('accepts a folder that already exists and leaves no probe file behind', async () => {
    const root = tempDir();
    await prepareDataDir(root);
    await prepareDataDir(root);
    expect(existsSync(join(root, `.write-test-${process.pid}`))).toBe(false);
  });

  it('names the variable and the path when the folder cannot be created', async () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'in the way');
    const target = join(file, 'data');
    const failure = await prepareDataDir(target).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DataDirError);
    const message = (failure as DataDirError).message;
    expect(message).toContain('LOCAL_SUPABASE_DATA_DIR');
    expect(message).toContain(target);
    expect(message).toContain('ENOTDIR');
    expect(message).not.toContain('\n');
  });
});
