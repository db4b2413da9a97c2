import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileBlobStore, createMemoryBlobStore, type BlobStore } from './blob-store.ts';

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

async function fileStore(): Promise<BlobStore> {
  const folder = await mkdtemp(join(tmpdir(), 'blob-store-'));
  folders.push(folder);
  return createFileBlobStore(folder);
}

describe.each([
  ['memory', () => Promise.resolve(createMemoryBlobStore())],
  ['file system', fileStore],
])('%s blob store', (_kind, create) => {
  it('stores, replaces, reads and deletes bytes per bucket and name', async () => {
    const store = await create();
    expect(await store.get('publications', 'a.png')).toBeNull();

    await store.put('publications', 'a.png', new Uint8Array([1, 2, 3]));
    await store.put('publications', 'a.png/b.png', new Uint8Array([9]));
    await store.put('obituaries', 'a.png', new Uint8Array([7]));
    expect(await store.get('publications', 'a.png')).toEqual(new Uint8Array([1, 2, 3]));
    expect(await store.get('publications', 'a.png/b.png')).toEqual(new Uint8Array([9]));
    expect(await store.get('obituaries', 'a.png')).toEqual(new Uint8Array([7]));

    await store.put('publications', 'a.png', new Uint8Array([4]));
    expect(await store.get('publications', 'a.png')).toEqual(new Uint8Array([4]));

    await store.delete('publications', 'a.png');
    await store.delete('publications', 'never-stored.png');
    expect(await store.get('publications', 'a.png')).toBeNull();
    expect(await store.get('obituaries', 'a.png')).toEqual(new Uint8Array([7]));
  });

  it('keeps names that look like paths inside the store', async () => {
    const store = await create();
    await store.put('b', '../../escape', new Uint8Array([1]));
    expect(await store.get('b', '../../escape')).toEqual(new Uint8Array([1]));
  });
});
