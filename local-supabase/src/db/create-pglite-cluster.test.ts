import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { createClusterInChild, hasCluster } from './create-pglite-cluster.ts';

const folders: string[] = [];
function freshFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'pfn-cluster-'));
  folders.push(folder);
  return folder;
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('a new data folder', () => {
  it('gets its database made before it is opened, and keeps what it holds across restarts', async () => {
    const folder = freshFolder();
    expect(hasCluster(folder)).toBe(false);
    const first = await openDatabase({ dataDir: folder });
    expect(hasCluster(folder)).toBe(true);
    await first.exec('create table kept (note text); insert into kept values ($$guardado$$)');
    await first.close();

    const again = await openDatabase({ dataDir: folder });
    expect((await again.query<{ note: string }>('select note from kept')).rows).toEqual([{ note: 'guardado' }]);
    await again.close();
  }, 120_000);

  it('names the folder and what went wrong when the database cannot be made there', async () => {
    const blocked = join(freshFolder(), 'a-file');
    writeFileSync(blocked, 'not a folder');
    await expect(createClusterInChild(blocked, [])).rejects.toThrow(`creating the database in ${blocked} failed`);
  }, 120_000);
});
