import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageError } from '../../src/services/errors.ts';
import { checkImageFile } from '../../src/lib/image-files.ts';
import { storageObjectName, uploadImage } from '../../src/services/storage.ts';
import { tinyPng } from '../support/seed.ts';
import { startTestBackend, type TestBackend } from '../support/test-backend.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const pngFile = (name = 'foto.png') => new File([tinyPng], name, { type: 'image/png' });

describe('image uploads', () => {
  it('an admin uploads to either bucket under a random name and the public URL serves the bytes', async () => {
    const admin = await backend.admin();
    for (const bucket of ['publications', 'obituaries'] as const) {
      const url = await uploadImage(admin.client, bucket, pngFile('Retrato Família.PNG'));
      expect(url).toMatch(new RegExp(`/storage/v1/object/public/${bucket}/[0-9a-f-]{36}\\.png$`));
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('image/png');
      expect(Buffer.from(await response.arrayBuffer()).equals(tinyPng)).toBe(true);
    }
  });

  it('anonymous and pending users cannot upload', async () => {
    const anonError = await uploadImage(backend.anon(), 'publications', pngFile()).catch((e: unknown) => e);
    expect(anonError).toBeInstanceOf(StorageError);
    const pending = await backend.newUser();
    const pendingError = await uploadImage(pending.client, 'obituaries', pngFile()).catch((e: unknown) => e);
    expect((pendingError as StorageError).code).toBe('403');
  });

  it('refuses non-images and files over 10 MB before sending anything', async () => {
    const admin = await backend.admin();
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'x.svg', { type: 'image/svg+xml' });
    expect(((await uploadImage(admin.client, 'publications', svg).catch((e: unknown) => e)) as StorageError).code).toBe('415');
    expect(checkImageFile({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe('too-large');
    expect(checkImageFile({ type: 'text/html', size: 10 })).toBe('not-an-image');
    expect(checkImageFile({ type: 'image/webp', size: 10 })).toBeNull();
  });

  it('the bucket itself refuses HTML disguised as a PNG', async () => {
    const admin = await backend.admin();
    const disguised = new File(['<html><script>alert(1)</script></html>'], 'x.png', { type: 'image/png' });
    const { error } = await admin.client.storage.from('publications').upload('disfarce.png', disguised);
    expect(error).not.toBeNull();
    const response = await fetch(`${backend.url}/storage/v1/object/public/publications/disfarce.png`);
    expect(response.status).not.toBe(200);
  });

  it('names objects with a random id and the original extension', () => {
    expect(storageObjectName({ name: 'Foto.JPEG', type: 'image/jpeg' }, 'abc')).toBe('abc.jpeg');
    expect(storageObjectName({ name: 'sem-extensao', type: 'image/webp' }, 'abc')).toBe('abc.webp');
  });
});
