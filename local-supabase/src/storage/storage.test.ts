import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../jwt.ts';
import { startTestBackend, uniqueEmail, type TestBackend } from '../../../tests/support/test-backend.ts';

/** A real 1×1 PNG. */
const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const HTML = new TextEncoder().encode('<!doctype html><script>alert(document.cookie)</script>');
const SIZE_LIMIT = 1024;

let backend: TestBackend<null>;
let reporter: SupabaseClient;
let otherReporter: SupabaseClient;

async function signedInClient(): Promise<SupabaseClient> {
  const client = backend.anon();
  const { error } = await client.auth.signUp({ email: uniqueEmail('reporter'), password: 'senha-segura-123' });
  if (error) throw error;
  return client;
}

beforeAll(async () => {
  backend = await startTestBackend({ schema: 'base' });
  // Fixtures in the spirit of the project's buckets: a public image bucket with a small limit, a public bucket
  // with no type list, a private one. Signed-in users may upload; each may replace, read and remove only their own.
  await backend.db.exec(`
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
      ('pictures', 'pictures', true, ${SIZE_LIMIT}, array['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']),
      ('loose', 'loose', true, null, null),
      ('private', 'private', false, null, null);
    create policy "Signed-in users can upload" on storage.objects for insert to authenticated with check (true);
    create policy "Owners can read their objects" on storage.objects for select to authenticated using (owner = auth.uid());
    create policy "Owners can replace their objects" on storage.objects for update to authenticated using (owner = auth.uid());
    create policy "Owners can remove their objects" on storage.objects for delete to authenticated using (owner = auth.uid());
  `);
  reporter = await signedInClient();
  otherReporter = await signedInClient();
});

afterAll(async () => {
  await backend?.stop();
});

let fileCounter = 0;
const newName = (extension = 'png') => `${Date.now().toString(36)}-${(fileCounter += 1)}.${extension}`;
const blob = (bytes: Uint8Array, type: string) => new Blob([bytes.slice()], { type });

describe('upload and public read', () => {
  it('stores an image for a signed-in user and serves the same bytes publicly', async () => {
    const name = `dir/${newName()}`;
    const { data, error } = await reporter.storage.from('pictures').upload(name, blob(PNG, 'image/png'));
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: name, fullPath: `pictures/${name}` });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const { data: session } = await reporter.auth.getSession();
    const { rows } = await backend.db.query<{ owner: string; metadata: Record<string, unknown> }>(
      'select owner, metadata from storage.objects where bucket_id = $1 and name = $2',
      ['pictures', name],
    );
    expect(rows[0]?.owner).toBe(session.session?.user.id);
    expect(rows[0]?.metadata).toMatchObject({ mimetype: 'image/png', size: PNG.byteLength, cacheControl: 'max-age=3600' });

    const url = backend.anon().storage.from('pictures').getPublicUrl(name).data.publicUrl;
    expect(url).toBe(`${backend.url}/storage/v1/object/public/pictures/${name}`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('max-age=3600');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
  });

  it('accepts a raw body and a file part under any field name', async () => {
    const raw = newName('jpg');
    const { error } = await reporter.storage.from('pictures').upload(raw, JPEG.slice().buffer, { contentType: 'image/jpeg', cacheControl: '60' });
    expect(error).toBeNull();
    const served = await fetch(`${backend.url}/storage/v1/object/public/pictures/${raw}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('max-age=60');

    const { data: session } = await reporter.auth.getSession();
    const form = new FormData();
    form.append('file', blob(PNG, 'image/png'), 'photo.png');
    const named = newName();
    const response = await fetch(`${backend.url}/storage/v1/object/pictures/${named}`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${session.session?.access_token}` },
      body: form,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ Key: `pictures/${named}` });
  });

  it('refuses a second upload to the same name without upsert, and replaces with upsert', async () => {
    const name = newName();
    await reporter.storage.from('pictures').upload(name, blob(PNG, 'image/png'));
    const duplicate = await reporter.storage.from('pictures').upload(name, blob(PNG, 'image/png'));
    expect(duplicate.data).toBeNull();
    expect(duplicate.error).toMatchObject({ name: 'StorageApiError', status: 400, statusCode: '409', message: 'The resource already exists' });

    const replaced = await reporter.storage.from('pictures').upload(name, blob(JPEG, 'image/jpeg'), { upsert: true });
    expect(replaced.error).toBeNull();
    const served = await fetch(`${backend.url}/storage/v1/object/public/pictures/${name}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(JPEG);
  });

  it('serves a never-overwritten object uploaded for a year as immutable, and an overwritten one as uploaded', async () => {
    const name = `folder-${newName('x')}/original-800w.png`;
    const { error } = await reporter.storage.from('pictures').upload(name, blob(PNG, 'image/png'), { cacheControl: '31536000' });
    expect(error).toBeNull();
    const url = `${backend.url}/storage/v1/object/public/pictures/${name}`;
    expect((await fetch(url)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const replaced = await reporter.storage.from('pictures').upload(name, blob(PNG, 'image/png'), { cacheControl: '31536000', upsert: true });
    expect(replaced.error).toBeNull();
    expect((await fetch(url)).headers.get('cache-control')).toBe('max-age=31536000');
  });

  it('update() replaces an existing object and reports a missing one', async () => {
    const name = newName();
    await reporter.storage.from('pictures').upload(name, blob(PNG, 'image/png'));
    const updated = await reporter.storage.from('pictures').update(name, blob(JPEG, 'image/jpeg'));
    expect(updated.error).toBeNull();
    const missing = await reporter.storage.from('pictures').update(newName(), blob(JPEG, 'image/jpeg'));
    expect(missing.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });
});

describe('bucket rules and file contents', () => {
  it.each([
    ['a type the bucket does not allow', 'pictures', HTML, 'text/html'],
    ['SVG, which can run scripts', 'pictures', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
    ['HTML disguised as PNG', 'pictures', HTML, 'image/png'],
    ['a JPEG declared as PNG', 'pictures', JPEG, 'image/png'],
    ['plain text in a bucket with no type list', 'loose', new TextEncoder().encode('hello'), 'text/plain'],
    ['HTML disguised as PNG in a bucket with no type list', 'loose', HTML, 'image/png'],
  ])('refuses %s with 415 InvalidMimeType', async (_label, bucket, bytes, type) => {
    const { data, error } = await reporter.storage.from(bucket).upload(newName(), blob(bytes, type));
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 400, statusCode: '415' });
    expect(error?.message).toContain(`mime type ${type}`);
  });

  it('refuses a file over the bucket’s size limit with 413', async () => {
    const big = new Uint8Array(SIZE_LIMIT + 1);
    big.set(PNG);
    const { error } = await reporter.storage.from('pictures').upload(newName(), blob(big, 'image/png'));
    expect(error).toMatchObject({ status: 400, statusCode: '413', message: 'The object exceeded the maximum allowed size' });
  });

  it('answers 404 NoSuchBucket for an unknown bucket', async () => {
    const { error } = await reporter.storage.from('nope').upload(newName(), blob(PNG, 'image/png'));
    expect(error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });
});

describe('policies on storage.objects', () => {
  it('denies an anonymous upload with 403 AccessDenied', async () => {
    const { data, error } = await backend.anon().storage.from('pictures').upload(newName(), blob(PNG, 'image/png'));
    expect(data).toBeNull();
    expect(error).toMatchObject({
      name: 'StorageApiError',
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
  });

  it('refuses an invalid JWT', async () => {
    const forged = await signJwt({ role: 'service_role' }, 'not-the-secret-but-long-enough-to-sign-with');
    const response = await fetch(`${backend.url}/storage/v1/object/pictures/${newName()}`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${forged}`, 'content-type': 'image/png' },
      body: PNG.slice(),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });
  });
});

describe('remove', () => {
  it('deletes the caller’s objects, returns their rows, and the public URL then answers NoSuchKey', async () => {
    const name = newName();
    await reporter.storage.from('pictures').upload(name, blob(PNG, 'image/png'));
    const { data, error } = await reporter.storage.from('pictures').remove([name, 'never-uploaded.png']);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data?.[0]).toMatchObject({ name, bucket_id: 'pictures', metadata: { mimetype: 'image/png' } });

    const response = await fetch(`${backend.url}/storage/v1/object/public/pictures/${name}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' });
    expect(await backend.blobs.get('pictures', name)).toBeNull();
  });

  it('leaves objects that the caller’s policies hide', async () => {
    const name = newName();
    await reporter.storage.from('pictures').upload(name, blob(PNG, 'image/png'));
    const { data, error } = await otherReporter.storage.from('pictures').remove([name]);
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect((await fetch(`${backend.url}/storage/v1/object/public/pictures/${name}`)).status).toBe(200);
  });

  it('requires at least one name', async () => {
    const response = await fetch(`${backend.url}/storage/v1/object/pictures`, {
      method: 'DELETE',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}`, 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '400' });
  });
});

describe('public read', () => {
  it('answers NoSuchKey for a missing object and NoSuchBucket for a private bucket', async () => {
    const missing = await fetch(`${backend.url}/storage/v1/object/public/pictures/missing.png`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });

    const name = newName();
    const uploaded = await reporter.storage.from('private').upload(name, blob(PNG, 'image/png'));
    expect(uploaded.error).toBeNull();
    const hidden = await fetch(`${backend.url}/storage/v1/object/public/private/${name}`);
    expect(await hidden.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
  });
});

describe('signed URLs of a private bucket', () => {
  it('signs only what the caller may select, and serves it by token alone until the token names another object', async () => {
    const name = `sealed/${newName()}`;
    expect((await reporter.storage.from('private').upload(name, blob(PNG, 'image/png'))).error).toBeNull();

    // The owner's SELECT policy lets the reporter sign it; the other reporter's signing gets nothing.
    const { data: signed, error } = await reporter.storage.from('private').createSignedUrl(name, 60);
    expect(error).toBeNull();
    const read = await fetch(signed!.signedUrl);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(read.headers.get('cache-control')).toBe('private, max-age=300');
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(PNG);

    const { data: many } = await otherReporter.storage.from('private').createSignedUrls([name], 60);
    expect(many).toEqual([expect.objectContaining({ path: name, signedURL: null })]);
    expect(many?.[0]?.error).toContain('does not exist');
    expect((await otherReporter.storage.from('private').createSignedUrl(name, 60)).error).not.toBeNull();

    // The private bucket has no public address, and a token for one object opens no other.
    expect((await fetch(`${backend.url}/storage/v1/object/public/private/${name}`)).status).toBe(400);
    const other = `sealed/${newName()}`;
    await reporter.storage.from('private').upload(other, blob(PNG, 'image/png'));
    const token = new URL(signed!.signedUrl).searchParams.get('token');
    const swapped = await fetch(`${backend.url}/storage/v1/object/sign/private/${other}?token=${token}`);
    expect(swapped.status).toBe(400);
    expect((await swapped.json()) as unknown).toMatchObject({ statusCode: '400', error: 'InvalidSignature' });
    const forged = await signJwt({ url: `private/${other}`, exp: Math.floor(Date.now() / 1000) + 60 }, 'another-secret-of-32-characters!!');
    expect((await fetch(`${backend.url}/storage/v1/object/sign/private/${other}?token=${forged}`)).status).toBe(400);
    const expired = await signJwt({ url: `private/${other}`, exp: Math.floor(Date.now() / 1000) - 1 }, backend.jwtSecret);
    expect((await fetch(`${backend.url}/storage/v1/object/sign/private/${other}?token=${expired}`)).status).toBe(400);
  });
});
