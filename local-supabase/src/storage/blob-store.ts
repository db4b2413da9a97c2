import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where object bytes live; their metadata row lives in storage.objects. Keys are bucket + object name, so the
 * store needs no knowledge of buckets or policies.
 */
export interface BlobStore {
  put(bucket: string, name: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when nothing is stored under that name. */
  get(bucket: string, name: string): Promise<Uint8Array<ArrayBuffer> | null>;
  delete(bucket: string, name: string): Promise<void>;
}

/** For tests and throwaway servers: nothing touches the disk. */
export function createMemoryBlobStore(): BlobStore {
  const blobs = new Map<string, Uint8Array>();
  const key = (bucket: string, name: string) => `${bucket}\u0000${name}`;
  return {
    put(bucket, name, bytes) {
      blobs.set(key(bucket, name), bytes.slice());
      return Promise.resolve();
    },
    get(bucket, name) {
      const bytes = blobs.get(key(bucket, name));
      return Promise.resolve(bytes ? bytes.slice() : null);
    },
    delete(bucket, name) {
      blobs.delete(key(bucket, name));
      return Promise.resolve();
    },
  };
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/**
 * Files under `<root>/<sha256 of bucket>/<sha256 of name>`. Hashed names cannot escape the root whatever the
 * object name holds, and "a" and "a/b" cannot collide as file and folder.
 */
export function createFileBlobStore(root: string): BlobStore {
  const digest = (text: string) => createHash('sha256').update(text).digest('hex');
  const folderOf = (bucket: string) => join(root, digest(bucket));
  const fileOf = (bucket: string, name: string) => join(folderOf(bucket), digest(name));
  return {
    async put(bucket, name, bytes) {
      await mkdir(folderOf(bucket), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const target = fileOf(bucket, name);
      const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    async get(bucket, name) {
      try {
        return new Uint8Array(await readFile(fileOf(bucket, name)));
      } catch (error) {
        if (isMissingFile(error)) return null;
        throw error;
      }
    },
    async delete(bucket, name) {
      await rm(fileOf(bucket, name), { force: true });
    },
  };
}
