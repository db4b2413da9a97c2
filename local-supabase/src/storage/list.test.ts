import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from '../../../tests/support/test-backend.ts';
import { MAX_LIST_LIMIT, parseListRequest } from './list-request.ts';
import { servedMimeType } from './object-service.ts';
import { StorageApiError } from './storage-error.ts';

/**
 * `storage.from(b).list(prefix, options)` (POST /storage/v1/object/list/<bucket>) under the caller's role: RLS on
 * storage.objects decides what is listed, so a caller without a SELECT policy gets [] (as from hosted Storage),
 * not an error. The fixture lets each signed-in user see only their own objects.
 */

const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
);

let backend: TestBackend<null>;
let owner: SupabaseClient;
let stranger: SupabaseClient;

async function signedInClient(): Promise<SupabaseClient> {
  const client = backend.anon();
  const { error } = await client.auth.signUp({ email: uniqueEmail('lister'), password: 'senha-segura-123' });
  if (error) throw error;
  return client;
}

beforeAll(async () => {
  backend = await startTestBackend({ schema: 'base' });
  await backend.db.exec(`
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
      values ('pictures', 'pictures', true, 1048576, array['image/png']);
    create policy "Signed-in users can upload" on storage.objects for insert to authenticated with check (true);
    create policy "Owners can read their objects" on storage.objects for select to authenticated using (owner = auth.uid());
  `);
  owner = await signedInClient();
  stranger = await signedInClient();
  for (const name of ['b.png', 'A.png', 'c.png', 'news/one.png', 'news/two.png', 'news/2026/deep.png', 'obits/x.png']) {
    const { error } = await owner.storage.from('pictures').upload(name, new Blob([PNG.slice()], { type: 'image/png' }));
    if (error) throw error;
  }
});

afterAll(async () => {
  await backend?.stop();
});

const names = (entries: { name: string }[] | null) => entries?.map((entry) => entry.name);

describe('list under the caller’s role', () => {
  it('lists the top level: files and one entry per folder, by name', async () => {
    const { data, error } = await owner.storage.from('pictures').list();
    expect(error).toBeNull();
    expect(names(data)).toEqual(['A.png', 'b.png', 'c.png', 'news', 'obits']);
    const folder = data?.find((entry) => entry.name === 'news');
    expect(folder).toMatchObject({ id: null, metadata: null, created_at: null });
    const file = data?.find((entry) => entry.name === 'b.png');
    expect(file?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(file?.metadata).toMatchObject({ mimetype: 'image/png', size: PNG.byteLength });
    expect(file?.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('lists a folder with names relative to it, with or without the trailing slash', async () => {
    const { data } = await owner.storage.from('pictures').list('news');
    expect(names(data)).toEqual(['2026', 'one.png', 'two.png']);
    const { data: again } = await owner.storage.from('pictures').list('news/');
    expect(names(again)).toEqual(['2026', 'one.png', 'two.png']);
  });

  it('pages with limit and offset, sorts descending, and searches the start of names', async () => {
    const { data: page } = await owner.storage.from('pictures').list('', { limit: 2, offset: 1 });
    expect(names(page)).toEqual(['b.png', 'c.png']);
    const { data: desc } = await owner.storage.from('pictures').list('news', { sortBy: { column: 'name', order: 'desc' } });
    expect(names(desc)).toEqual(['two.png', 'one.png', '2026']);
    const { data: found } = await owner.storage.from('pictures').list('news', { search: 'TW' });
    expect(names(found)).toEqual(['two.png']);
  });

  it('puts folders first when sorting by a date', async () => {
    const { data } = await owner.storage.from('pictures').list('news', { sortBy: { column: 'created_at', order: 'desc' } });
    expect(names(data)).toEqual(['2026', 'two.png', 'one.png']);
  });

  it('answers [] to an anonymous caller, whom no policy lets select', async () => {
    const { data, error } = await backend.anon().storage.from('pictures').list();
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('answers [] to a signed-in caller who owns none of the objects', async () => {
    const { data, error } = await stranger.storage.from('pictures').list('news');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('answers [] for a bucket that does not exist', async () => {
    const { data, error } = await owner.storage.from('nope').list();
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('refuses a body without a prefix, as Storage’s schema does', async () => {
    const response = await fetch(`${backend.url}/storage/v1/object/list/pictures`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
  });
});

describe('parseListRequest', () => {
  const refusal = (body: unknown) => {
    try {
      parseListRequest(body);
    } catch (error) {
      if (error instanceof StorageApiError) return error.message;
      throw error;
    }
    return null;
  };

  it('fills storage-js’s defaults and makes the prefix a folder', () => {
    expect(parseListRequest({ prefix: 'news' })).toEqual({
      prefix: 'news/',
      search: '',
      limit: 100,
      offset: 0,
      sortColumn: 'name',
      ascending: true,
    });
  });

  it('bounds the limit as Storage’s search function does', () => {
    expect(parseListRequest({ prefix: '', limit: 1e9 }).limit).toBe(MAX_LIST_LIMIT);
  });

  it.each([
    [{}, "body must have required property 'prefix'"],
    [{ prefix: 1 }, 'body/prefix must be string'],
    [{ prefix: '', limit: 0 }, 'body/limit must be >= 1'],
    [{ prefix: '', limit: 1.5 }, 'body/limit must be integer'],
    [{ prefix: '', offset: -1 }, 'body/offset must be >= 0'],
    [{ prefix: '', sortBy: { column: 'name; drop table x' } }, 'body/sortBy/column must be equal to one of the allowed values'],
    [{ prefix: '', sortBy: { column: 'name', order: 'sideways' } }, 'body/sortBy/order must be equal to one of the allowed values'],
    [{ prefix: '', search: 5 }, 'body/search must be string'],
  ])('refuses %j', (body, message) => {
    expect(refusal(body)).toBe(message);
  });
});

describe('servedMimeType', () => {
  it.each([
    ['image/png', 'image/png'],
    ['image/jpg', 'image/jpeg'],
    ['image/svg+xml', 'application/octet-stream'],
    ['text/html', 'application/octet-stream'],
    [null, 'application/octet-stream'],
  ])('serves a stored %j as %s', (stored, served) => {
    expect(servedMimeType(stored)).toBe(served);
  });
});
