// Attacks on the image buckets through real supabase-js (and raw HTTP where supabase-js would clean the request
// up first): listing, uploading, overwriting and deleting as an anonymous reader and a pending account, and
// dangerous files even from the administrator. Each refusal is checked against storage.objects and the stored
// bytes; next to them the administrator's ordinary upload, listing, overwrite and removal work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPng } from '../support/seed.ts';
import { ownerCount, stamp, startAttackers, type Attackers } from './support/attackers.ts';

const BUCKETS = ['publications', 'obituaries', 'ads'] as const;
type Bucket = (typeof BUCKETS)[number];
/** Each bucket's file size limit: 10 MB for a story's or a notice's photo, a banner's 150 KB for a creative. */
const BUCKET_LIMITS: Record<Bucket, { bytes: number; label: string }> = {
  publications: { bytes: 10 * 1024 * 1024, label: '10 MB' },
  obituaries: { bytes: 10 * 1024 * 1024, label: '10 MB' },
  ads: { bytes: 150 * 1024, label: '150 KB' },
};

let attackers: Attackers;
/** The administrator's object in each bucket, which the attackers go after. */
const adminObject = {} as Record<Bucket, string>;

const png = (bytes: Uint8Array = tinyPng) => new Blob([bytes.slice()], { type: 'image/png' });
const otherPng = () => {
  const bytes = Uint8Array.from(tinyPng);
  const at = bytes.length - 13; // inside the image data: still a PNG signature, other bytes
  bytes[at] = (bytes[at] ?? 0) ^ 0xff;
  return bytes;
};

beforeAll(async () => {
  attackers = await startAttackers();
  for (const bucket of BUCKETS) {
    adminObject[bucket] = `rascunho/${stamp()}.png`;
    const { error } = await attackers.admin.storage.from(bucket).upload(adminObject[bucket], png());
    if (error) throw new Error(`fixture upload: ${error.message}`);
  }
});
afterAll(() => attackers?.stop());

const objectCount = (bucket: string, name: string) =>
  ownerCount(attackers.db, 'select count(*) from storage.objects where bucket_id = $1 and name = $2', [bucket, name]);

async function storedBytes(bucket: Bucket, name: string): Promise<Uint8Array | null> {
  return attackers.backend.blobs.get(bucket, name);
}

describe.each(BUCKETS)('the %s bucket', (bucket) => {
  describe('listing', () => {
    it.each(['anon', 'pending'] as const)(`%s cannot list ${bucket} (an empty list, as from hosted Storage)`, async (actor) => {
      const top = await attackers[actor].storage.from(bucket).list();
      expect(top.error).toBeNull();
      expect(top.data).toEqual([]);
      const folder = await attackers[actor].storage.from(bucket).list('rascunho');
      expect(folder.data).toEqual([]);
    });

    it(`admin can list ${bucket}`, async () => {
      const { data, error } = await attackers.admin.storage.from(bucket).list('rascunho');
      expect(error).toBeNull();
      expect(data?.map((entry) => entry.name)).toContain(adminObject[bucket].split('/')[1]);
    });

    it(`anon still fetches an image from ${bucket} by its public URL`, async () => {
      const url = attackers.anon.storage.from(bucket).getPublicUrl(adminObject[bucket]).data.publicUrl;
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    });
  });

  describe.each(['anon', 'pending'] as const)('as %s', (actor) => {
    it(`${actor} cannot upload to ${bucket}`, async () => {
      const name = `invasor-${stamp()}.png`;
      const { data, error } = await attackers[actor].storage.from(bucket).upload(name, png());
      expect(data).toBeNull();
      expect(error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
      expect(await objectCount(bucket, name)).toBe(0);
      expect(await storedBytes(bucket, name)).toBeNull();
    });

    it(`${actor} cannot overwrite the admin’s ${bucket} object with upsert`, async () => {
      const before = await storedBytes(bucket, adminObject[bucket]);
      const { error } = await attackers[actor].storage.from(bucket).upload(adminObject[bucket], png(otherPng()), { upsert: true });
      expect(error).toMatchObject({ statusCode: '403' });
      expect(await storedBytes(bucket, adminObject[bucket])).toEqual(before);
    });

    it(`${actor} cannot replace the admin’s ${bucket} object with update`, async () => {
      const before = await storedBytes(bucket, adminObject[bucket]);
      const { error } = await attackers[actor].storage.from(bucket).update(adminObject[bucket], png(otherPng()));
      // Row-level security hides the row, so there is nothing to replace.
      expect(error).toMatchObject({ statusCode: '404' });
      expect(await storedBytes(bucket, adminObject[bucket])).toEqual(before);
    });

    it(`${actor} cannot delete the admin’s ${bucket} object`, async () => {
      const { data, error } = await attackers[actor].storage.from(bucket).remove([adminObject[bucket]]);
      expect(error).toBeNull();
      expect(data).toEqual([]);
      expect(await objectCount(bucket, adminObject[bucket])).toBe(1);
      expect(await storedBytes(bucket, adminObject[bucket])).not.toBeNull();
    });
  });

  describe('dangerous files, even from the admin', () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    const cases: [string, () => Blob, string, string][] = [
      ['an HTML page', () => new Blob([encode('<!doctype html><script>alert(1)</script>')], { type: 'text/html' }), 'html', '415'],
      ['an SVG image', () => new Blob([encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')], { type: 'image/svg+xml' }), 'svg', '415'],
      ['a script named .jpg', () => new Blob([encode('alert(document.cookie)')], { type: 'image/jpeg' }), 'jpg', '415'],
      ['HTML sent with a spoofed image/png type', () => new Blob([encode('<html><script>alert(1)</script></html>')], { type: 'image/png' }), 'png', '415'],
      [
        `a PNG of ${BUCKET_LIMITS[bucket].label} + 1 byte`,
        () => {
          const big = new Uint8Array(BUCKET_LIMITS[bucket].bytes + 1);
          big.set(tinyPng);
          return new Blob([big], { type: 'image/png' });
        },
        'png',
        '413',
      ],
    ];

    it.each(cases)(`admin cannot upload %s to ${bucket}`, async (_label, file, extension, statusCode) => {
      const name = `perigo-${stamp()}.${extension}`;
      const { data, error } = await attackers.admin.storage.from(bucket).upload(name, file());
      expect(data).toBeNull();
      expect(error).toMatchObject({ status: 400, statusCode });
      expect(await objectCount(bucket, name)).toBe(0);
      expect(await storedBytes(bucket, name)).toBeNull();
    });

    it.each([
      ['a name climbing out with ../', '..%2Fevil.png'],
      ['a name with a backslash', '..%5Cevil.png'],
      ['a name with a control character', 'a%0Ab.png'],
      ['a deeper ../ climb', 'pasta%2F..%2F..%2Fevil.png'],
    ])(`admin cannot upload to ${bucket} under %s`, async (_label, encodedName) => {
      const { data: session } = await attackers.admin.auth.getSession();
      const before = await ownerCount(attackers.db, 'select count(*) from storage.objects');
      const response = await fetch(`${attackers.backend.url}/storage/v1/object/${bucket}/${encodedName}`, {
        method: 'POST',
        headers: {
          apikey: attackers.backend.anonKey,
          Authorization: `Bearer ${session.session?.access_token}`,
          'Content-Type': 'image/png',
        },
        body: tinyPng,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
      expect(await ownerCount(attackers.db, 'select count(*) from storage.objects')).toBe(before);
    });

    it(`a ../ name sent through supabase-js never lands outside ${bucket}`, async () => {
      const before = await ownerCount(attackers.db, 'select count(*) from storage.objects');
      const { error } = await attackers.admin.storage.from(bucket).upload(`../${stamp()}.png`, png());
      // The URL parser resolves the dot segment before the request leaves: no route takes it.
      expect(error).toMatchObject({ statusCode: '404' });
      expect(await ownerCount(attackers.db, 'select count(*) from storage.objects')).toBe(before);
      expect(await ownerCount(attackers.db, "select count(*) from storage.objects where name like '%..%'")).toBe(0);
    });
  });

  it(`admin can upload, overwrite and delete its own ${bucket} image`, async () => {
    const name = `legitimo-${stamp()}.png`;
    const uploaded = await attackers.admin.storage.from(bucket).upload(name, png());
    expect(uploaded.error).toBeNull();
    const replaced = await attackers.admin.storage.from(bucket).upload(name, png(otherPng()), { upsert: true });
    expect(replaced.error).toBeNull();
    expect(await storedBytes(bucket, name)).toEqual(otherPng());
    const removed = await attackers.admin.storage.from(bucket).remove([name]);
    expect(removed.data?.map((row) => row.name)).toEqual([name]);
    expect(await objectCount(bucket, name)).toBe(0);
  });
});

describe('coverage', () => {
  it('every bucket is attacked above, or in attack-news-tips.test.ts (the tips\' private bucket)', async () => {
    const { rows } = await attackers.db.query<{ id: string }>('select id from storage.buckets order by id');
    expect(rows.map((row) => row.id)).toEqual([...BUCKETS, 'news-tips'].sort());
  });
});
