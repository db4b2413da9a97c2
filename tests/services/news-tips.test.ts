import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSupabaseClient, type Client } from '../../src/services/client.ts';
import { getDashboardSummary } from '../../src/services/dashboard.ts';
import { NotFoundError, ServiceError, StorageError } from '../../src/services/errors.ts';
import {
  countNewNewsTips,
  deleteNewsTip,
  listNewsTips,
  listNewsTipsWithPhotos,
  setNewsTipStatus,
} from '../../src/services/news-tip-admin.ts';
import { isNewsTipRateLimited, submitNewsTip, type NewsTipInput, type TipPhoto } from '../../src/services/news-tips.ts';
import { fetchFromAddress, loopbackClientAddress } from '../support/fetch-from-address.ts';
import { startTestBackend, type TestBackend } from '../support/test-backend.ts';

// The tip line (docs/product.md §8a): a reader sends a tip with photos through the services the page uses, and the
// newsroom lists it with its photos, marks it and deletes it, photos included. Each reader is a loopback address of
// its own, since the backend tells clients apart by their TCP peer. Addresses 127.0.40.x keep clear of the other
// suites' (they each start their own backend anyway).

/** A real 1×1 PNG and a real JPEG header with its end marker: the backend checks the bytes against the type. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

let backend: TestBackend;
let nextAddress = 0;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend?.stop());

class NoRealtime {
  constructor() {
    throw new Error('realtime is not available in these tests');
  }
}

/** A reader's anonymous client from a loopback address of its own (or the given one). */
function reader(address = loopbackClientAddress(2000 + nextAddress++)): Client {
  return createSupabaseClient(backend.url, backend.anonKey, {
    global: { fetch: fetchFromAddress(address) },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: `tip-reader-${address}` },
    realtime: { transport: globalThis.WebSocket ?? NoRealtime },
  });
}

function photo(bytes: Uint8Array, type: string, name: string): TipPhoto {
  return Object.assign(new Blob([bytes.slice()], { type }), { name });
}

let tipCounter = 0;
function tip(photos: TipPhoto[] = [], overrides: Partial<NewsTipInput> = {}): NewsTipInput {
  tipCounter += 1;
  return {
    whatHappened: `Buraco enorme na rua ${tipCounter} ${Date.now().toString(36)}`,
    place: 'Rua Sete de Setembro, Centro',
    senderName: 'Maria Leitora',
    senderContact: '(19) 99999-1234',
    consentText: 'Autorizo o uso deste material e o contato da redação.',
    photos,
    ...overrides,
  };
}

async function storedTip(whatHappened: string) {
  const { rows } = await backend.db.query<{ id: string; photo_folder: string | null; photo_paths: string[]; status: string; consent_text: string }>(
    'select id, photo_folder, photo_paths, status, consent_text from public.news_tips where what_happened = $1',
    [whatHappened],
  );
  return rows[0];
}

async function objectsIn(folder: string): Promise<string[]> {
  const { rows } = await backend.db.query<{ name: string }>(
    `select name from storage.objects where bucket_id = 'news-tips' and name like $1 || '/%' order by name`,
    [folder],
  );
  return rows.map((row) => row.name);
}

describe('a reader sends a tip', () => {
  it('stores the tip with its photos in its own folder, and the admin sees them through signed addresses', async () => {
    const input = tip([photo(PNG, 'image/png', 'foto.png'), photo(JPEG, 'image/jpeg', 'foto 2.JPG')]);
    await submitNewsTip(reader(), input);

    const stored = await storedTip(input.whatHappened);
    expect(stored).toMatchObject({ status: 'new', consent_text: input.consentText });
    const folder = stored!.photo_folder!;
    expect(stored!.photo_paths).toEqual([`${folder}/1.png`, `${folder}/2.jpg`]);
    expect(await objectsIn(folder)).toEqual([`${folder}/1.png`, `${folder}/2.jpg`]);

    const admin = await backend.admin();
    const listed = (await listNewsTipsWithPhotos(admin.client, 'new')).find((row) => row.id === stored!.id);
    expect(listed).toMatchObject({ place: input.place, sender_name: 'Maria Leitora', sender_contact: '(19) 99999-1234' });
    expect(listed!.photos.map((p) => p.path)).toEqual(stored!.photo_paths);
    const image = await fetch(listed!.photos[0]!.url!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
  });

  it('stores a tip without photos, name or contact', async () => {
    const input = tip([], { senderName: '  ', senderContact: null });
    await submitNewsTip(reader(), input);
    expect(await storedTip(input.whatHappened)).toMatchObject({ photo_folder: null, photo_paths: [] });
  });

  it('refuses a file that is not an image before uploading anything', async () => {
    const input = tip([photo(new TextEncoder().encode('<svg onload=alert(1)>'), 'image/svg+xml', 'x.svg')]);
    const error = await submitNewsTip(reader(), input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).code).toBe('415');
    expect(await storedTip(input.whatHappened)).toBeUndefined();
  });

  it('refuses bytes that are not the declared image type (the bucket checks the file itself)', async () => {
    const input = tip([photo(new TextEncoder().encode('<html>não é foto</html>'), 'image/png', 'falsa.png')]);
    const error = await submitNewsTip(reader(), input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).code).toBe('415');
    expect(await storedTip(input.whatHappened)).toBeUndefined();
  });

  it('limits a client to 3 tips an hour (PT429), which another reader does not feel', async () => {
    const address = loopbackClientAddress(2500);
    for (let i = 0; i < 3; i += 1) await submitNewsTip(reader(address), tip());
    const fourth = tip();
    const error = await submitNewsTip(reader(address), fourth).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(isNewsTipRateLimited(error)).toBe(true);
    expect(await storedTip(fourth.whatHappened)).toBeUndefined();

    const other = tip();
    await submitNewsTip(reader(), other);
    expect(await storedTip(other.whatHappened)).toBeDefined();
  });

  it('limits a client to 9 photos an hour: the tenth upload is refused as the rate limit', async () => {
    const address = loopbackClientAddress(2501);
    const three = () => [1, 2, 3].map((n) => photo(PNG, 'image/png', `${n}.png`));
    // Three folders of three photos, whose tips are refused (no consent text): the uploads count all the same.
    for (let i = 0; i < 3; i += 1) {
      await expect(submitNewsTip(reader(address), tip(three(), { consentText: '' }))).rejects.toBeInstanceOf(ServiceError);
    }
    const error = await submitNewsTip(reader(address), tip([photo(PNG, 'image/png', 'x.png')])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageError);
    expect(isNewsTipRateLimited(error)).toBe(true);
  });
});

describe('the newsroom handles tips', () => {
  it('marks a tip read, then used; the status filter follows; the dashboard counts the new ones', async () => {
    const admin = await backend.admin();
    const input = tip();
    await submitNewsTip(reader(), input);
    const { id } = (await storedTip(input.whatHappened))!;
    const newBefore = await countNewNewsTips(admin.client);
    expect(newBefore).toBeGreaterThanOrEqual(1);
    expect((await getDashboardSummary(admin.client)).newTips).toBe(newBefore);

    await setNewsTipStatus(admin.client, id, 'read');
    expect((await listNewsTips(admin.client, 'read')).map((row) => row.id)).toContain(id);
    expect((await listNewsTips(admin.client, 'new')).map((row) => row.id)).not.toContain(id);
    expect(await countNewNewsTips(admin.client)).toBe(newBefore - 1);
    expect((await getDashboardSummary(admin.client)).newTips).toBe(newBefore - 1);

    await setNewsTipStatus(admin.client, id, 'used');
    expect((await storedTip(input.whatHappened))?.status).toBe('used');
  });

  it('lists newest first', async () => {
    const admin = await backend.admin();
    const first = tip();
    const second = tip();
    await submitNewsTip(reader(), first);
    await submitNewsTip(reader(), second);
    const ids = (await listNewsTips(admin.client, 'new')).map((row) => row.id);
    const firstId = (await storedTip(first.whatHappened))!.id;
    const secondId = (await storedTip(second.whatHappened))!.id;
    expect(ids.indexOf(secondId)).toBeLessThan(ids.indexOf(firstId));
  });

  it('deletes a tip and every photo of its folder', async () => {
    const admin = await backend.admin();
    const input = tip([photo(PNG, 'image/png', 'a.png')]);
    await submitNewsTip(reader(), input);
    const stored = (await storedTip(input.whatHappened))!;
    expect(await objectsIn(stored.photo_folder!)).toHaveLength(1);

    await deleteNewsTip(admin.client, stored.id);
    expect(await storedTip(input.whatHappened)).toBeUndefined();
    expect(await objectsIn(stored.photo_folder!)).toEqual([]);
    await expect(deleteNewsTip(admin.client, stored.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a signed-in account that is not an administrator sees, marks and deletes nothing', async () => {
    const pending = await backend.newUser();
    const input = tip([photo(PNG, 'image/png', 'a.png')]);
    await submitNewsTip(reader(), input);
    const stored = (await storedTip(input.whatHappened))!;

    expect(await listNewsTips(pending.client, 'new')).toEqual([]);
    expect(await countNewNewsTips(pending.client)).toBe(0);
    await expect(setNewsTipStatus(pending.client, stored.id, 'used')).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteNewsTip(pending.client, stored.id)).rejects.toBeInstanceOf(NotFoundError);
    const { data } = await pending.client.storage.from('news-tips').createSignedUrls(stored.photo_paths, 60);
    expect(data?.[0]?.signedUrl).toBeNull();
    expect(await storedTip(input.whatHappened)).toMatchObject({ status: 'new' });
    expect(await objectsIn(stored.photo_folder!)).toHaveLength(1);
  });
});
