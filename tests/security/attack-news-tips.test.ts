// Attacks on the tip line (supabase/migrations/20261128110000_news_tips.sql, docs/decisions/0035-tip-line.md): the
// news_tips table and the private news-tips bucket, through real supabase-js as an anonymous reader and a pending
// account, each refusal checked against what the database holds; next to them what readers and the administrator
// may do works. Readers that must succeed come from loopback addresses of their own (127.0.41.x), so the per-client
// limits of one test never decide another's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPng } from '../support/seed.ts';
import {
  expectNoRowMatched,
  expectRefused,
  ownerCount,
  ownerRow,
  permissionDenied,
  stamp,
  startAttackers,
  type Attackers,
  type Client,
} from './support/attackers.ts';

const BUCKET = 'news-tips';

let attackers: Attackers;
let addressCounter = 0;
/** A reader of its own, from a fresh loopback address. */
const freshReader = (): Client => attackers.anonAt(`127.0.41.${(addressCounter += 1)}`);

const png = (bytes: Uint8Array = tinyPng) => new Blob([bytes.slice()], { type: 'image/png' });
const folder = () => crypto.randomUUID();

/** What the form sends, without photos. */
const tipRow = (overrides: Record<string, unknown> = {}) => ({
  what_happened: `Alagamento ${stamp()}`,
  place: 'Avenida Brasil',
  consent_text: 'Autorizo o uso deste material.',
  ...overrides,
});

/** A tip as a reader sends it, with one photo; its id, folder and photo path as stored. */
async function sentTip(): Promise<{ id: string; folder: string; path: string }> {
  const reader = freshReader();
  const own = folder();
  const path = `${own}/1.png`;
  const upload = await reader.storage.from(BUCKET).upload(path, png());
  if (upload.error) throw new Error(`fixture upload: ${upload.error.message}`);
  const row = tipRow();
  const { error } = await reader.from('news_tips').insert({ ...row, photo_folder: own, photo_paths: [path] });
  if (error) throw new Error(`fixture tip: ${error.message}`);
  const { rows } = await attackers.db.query<{ id: string }>('select id from public.news_tips where what_happened = $1', [row.what_happened]);
  return { id: rows[0]!.id, folder: own, path };
}

const tipCount = (whatHappened: unknown) =>
  ownerCount(attackers.db, 'select count(*) from public.news_tips where what_happened = $1', [whatHappened]);
const objectCount = (name: string) =>
  ownerCount(attackers.db, 'select count(*) from storage.objects where bucket_id = $1 and name = $2', [BUCKET, name]);

let victim: { id: string; folder: string; path: string };

beforeAll(async () => {
  attackers = await startAttackers();
  victim = await sentTip();
});
afterAll(() => attackers?.stop());

describe('news_tips: reading', () => {
  it('anon cannot read tips', async () => {
    expectRefused(await attackers.anon.from('news_tips').select('id,sender_contact'), permissionDenied('anon'));
  });

  it('pending reads no tip', async () => {
    const { data, error } = await attackers.pending.from('news_tips').select('id,sender_contact');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('admin reads the tip', async () => {
    const { data } = await attackers.admin.from('news_tips').select('id,photo_paths').eq('id', victim.id);
    expect(data).toEqual([{ id: victim.id, photo_paths: [victim.path] }]);
  });
});

describe('news_tips: changing and deleting', () => {
  it('anon cannot mark a tip', async () => {
    expectRefused(await attackers.anon.from('news_tips').update({ status: 'used' }).eq('id', victim.id), permissionDenied('anon'));
    expect((await ownerRow(attackers.db, 'news_tips', victim.id))?.status).toBe('new');
  });

  it('pending cannot mark a tip (no row matches)', async () => {
    expectNoRowMatched(await attackers.pending.from('news_tips').update({ status: 'used' }).eq('id', victim.id).select('id'));
    expect((await ownerRow(attackers.db, 'news_tips', victim.id))?.status).toBe('new');
  });

  it.each(['anon', 'pending', 'admin'] as const)('%s cannot rewrite what a reader sent, or the photos it names', async (actor) => {
    const before = await ownerRow(attackers.db, 'news_tips', victim.id);
    for (const change of [{ what_happened: 'Texto trocado' }, { photo_paths: [] }, { consent_text: 'Nada autorizado' }]) {
      expectRefused(await attackers[actor].from('news_tips').update(change).eq('id', victim.id), permissionDenied(actor));
    }
    expect(await ownerRow(attackers.db, 'news_tips', victim.id)).toEqual(before);
  });

  it('anon cannot delete a tip; pending deletes nothing', async () => {
    expectRefused(await attackers.anon.from('news_tips').delete().eq('id', victim.id), permissionDenied('anon'));
    expectNoRowMatched(await attackers.pending.from('news_tips').delete().eq('id', victim.id).select('id'));
    expect(await ownerRow(attackers.db, 'news_tips', victim.id)).not.toBeNull();
  });

  it.each(['anon', 'pending'] as const)('%s cannot upsert over a tip', async (actor) => {
    const before = await ownerRow(attackers.db, 'news_tips', victim.id);
    expectRefused(await attackers[actor].from('news_tips').upsert({ id: victim.id, ...tipRow() }), permissionDenied(actor));
    expect(await ownerRow(attackers.db, 'news_tips', victim.id)).toEqual(before);
  });
});

describe('news_tips: sending', () => {
  it.each([
    ['already marked used', { status: 'used' }],
    ['back-dated', { created_at: '2020-01-01T00:00:00Z' }],
    ['with a consent time of its own', { consented_at: '2020-01-01T00:00:00Z' }],
    ['with an id of its choosing', { id: crypto.randomUUID() }],
  ])('anon cannot send a tip %s', async (_label, extra) => {
    const row = tipRow(extra);
    expectRefused(await attackers.anon.from('news_tips').insert(row), permissionDenied('anon'));
    expect(await tipCount(row.what_happened)).toBe(0);
  });

  it.each([
    ['a 4,001-character account', { what_happened: 'a'.repeat(4001) }],
    ['a blank account', { what_happened: '   ' }],
    ['a 201-character place', { place: 'p'.repeat(201) }],
    ['a 161-character contact', { sender_contact: 'c'.repeat(161) }],
    ['no consent line', { consent_text: '' }],
  ])('anon cannot send a tip with %s', async (_label, extra) => {
    const row = tipRow(extra);
    expectRefused(await freshReader().from('news_tips').insert(row), { status: 400, code: '23514' });
    expect(await tipCount(row.what_happened)).toBe(0);
  });

  it('anon cannot claim another tip’s photo, nor its folder', async () => {
    const reader = freshReader();
    const stolen = tipRow({ photo_folder: folder(), photo_paths: [victim.path] });
    expectRefused(await reader.from('news_tips').insert(stolen), { status: 400, code: '23514' });
    const sameFolder = tipRow({ photo_folder: victim.folder, photo_paths: [victim.path] });
    expectRefused(await reader.from('news_tips').insert(sameFolder), { status: 400, code: '23514' });
    expect(await tipCount(stolen.what_happened)).toBe(0);
    expect(await tipCount(sameFolder.what_happened)).toBe(0);
  });

  it('anon cannot name a photo that was never uploaded, a fourth photo, or one photo twice', async () => {
    const reader = freshReader();
    const own = folder();
    for (const n of [1, 2, 3]) expect((await reader.storage.from(BUCKET).upload(`${own}/${n}.png`, png())).error).toBeNull();
    const cases = [
      { photo_paths: [`${own}/1.png`, `${own}/2.jpg`] },
      { photo_paths: [`${own}/1.png`, `${own}/2.png`, `${own}/3.png`, `${own}/1.png`] },
      { photo_paths: [`${own}/1.png`, `${own}/1.png`] },
      { photo_paths: [`${own}/../${victim.path}`] },
    ];
    for (const extra of cases) {
      const row = tipRow({ photo_folder: own, ...extra });
      expectRefused(await reader.from('news_tips').insert(row), { status: 400, code: '23514' });
      expect(await tipCount(row.what_happened)).toBe(0);
    }
    // The three uploads themselves make a valid tip.
    const row = tipRow({ photo_folder: own, photo_paths: [`${own}/1.png`, `${own}/2.png`, `${own}/3.png`] });
    expect((await reader.from('news_tips').insert(row)).error).toBeNull();
    expect(await tipCount(row.what_happened)).toBe(1);
  });
});

describe('the news-tips bucket', () => {
  it.each(['anon', 'pending'] as const)('%s lists nothing, signs nothing and has no public address', async (actor) => {
    expect((await attackers[actor].storage.from(BUCKET).list()).data).toEqual([]);
    expect((await attackers[actor].storage.from(BUCKET).list(victim.folder)).data).toEqual([]);
    const { data } = await attackers[actor].storage.from(BUCKET).createSignedUrls([victim.path], 60);
    expect(data).toEqual([expect.objectContaining({ path: victim.path, signedURL: null })]);
    expect((await attackers[actor].storage.from(BUCKET).createSignedUrl(victim.path, 60)).data).toBeNull();
    const publicUrl = attackers[actor].storage.from(BUCKET).getPublicUrl(victim.path).data.publicUrl;
    const response = await fetch(publicUrl);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).not.toMatch(/^image\//);
  });

  it('a forged signed address opens nothing', async () => {
    const response = await fetch(`${attackers.backend.url}/storage/v1/object/sign/${BUCKET}/${victim.path}?token=${attackers.backend.anonKey}`);
    expect(response.status).toBe(400);
  });

  it.each(['anon', 'pending'] as const)('%s cannot overwrite, replace or delete a tip’s photo', async (actor) => {
    const before = await attackers.backend.blobs.get(BUCKET, victim.path);
    const other = Uint8Array.from(tinyPng);
    other[other.length - 13] = (other[other.length - 13] ?? 0) ^ 0xff;
    expect((await attackers[actor].storage.from(BUCKET).upload(victim.path, png(other), { upsert: true })).error).not.toBeNull();
    expect((await attackers[actor].storage.from(BUCKET).update(victim.path, png(other))).error).not.toBeNull();
    expect((await attackers[actor].storage.from(BUCKET).remove([victim.path])).data).toEqual([]);
    expect(await attackers.backend.blobs.get(BUCKET, victim.path)).toEqual(before);
    expect(await objectCount(victim.path)).toBe(1);
  });

  it.each(['anon', 'pending'] as const)('%s cannot upload into a folder a tip has claimed', async (actor) => {
    const name = `${victim.folder}/2.png`;
    const { error } = await attackers[actor].storage.from(BUCKET).upload(name, png());
    expect(error).toMatchObject({ statusCode: '403' });
    expect(await objectCount(name)).toBe(0);
  });

  it.each([
    ['outside any folder', () => 'solta.png'],
    ['as a fourth photo', () => `${folder()}/4.png`],
    ['in a sub-folder', () => `${folder()}/a/1.png`],
    ['in a folder that is not a uuid', () => 'pasta/1.png'],
    ['with an extension of no image type', () => `${folder()}/1.html`],
  ])('anon cannot upload a photo %s', async (_label, nameOf) => {
    const name = nameOf();
    const { error } = await freshReader().storage.from(BUCKET).upload(name, png());
    expect(error).toMatchObject({ statusCode: '403' });
    expect(await objectCount(name)).toBe(0);
  });

  it.each([
    ['an HTML page typed image/png', () => new Blob([new TextEncoder().encode('<html><script>alert(1)</script></html>')], { type: 'image/png' }), '415'],
    ['an SVG image', () => new Blob([new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')], { type: 'image/svg+xml' }), '415'],
    [
      'a PNG of 10 MB + 1 byte',
      () => {
        const big = new Uint8Array(10 * 1024 * 1024 + 1);
        big.set(tinyPng);
        return new Blob([big], { type: 'image/png' });
      },
      '413',
    ],
  ])('anon cannot upload %s', async (_label, file, statusCode) => {
    const name = `${folder()}/1.png`;
    const { error } = await freshReader().storage.from(BUCKET).upload(name, file());
    expect(error).toMatchObject({ statusCode });
    expect(await objectCount(name)).toBe(0);
  });

  it('admin signs a photo, reads it by that address, and deletes it', async () => {
    const tip = await sentTip();
    const { data, error } = await attackers.admin.storage.from(BUCKET).createSignedUrl(tip.path, 60);
    expect(error).toBeNull();
    const response = await fetch(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(tinyPng));
    const removed = await attackers.admin.storage.from(BUCKET).remove([tip.path]);
    expect(removed.data?.map((row) => row.name)).toEqual([tip.path]);
    expect(await objectCount(tip.path)).toBe(0);
  });
});
