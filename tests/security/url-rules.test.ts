import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AD_IMAGE_URL_PATTERN,
  isAdImageUrl,
  isSafeImageUrl,
  isSafeLinkUrl,
  isYoutubeUrl,
  SAFE_HTTPS_URL_PATTERN,
  SAFE_IMAGE_URL_PATTERNS,
  YOUTUBE_URL_PATTERN,
} from '../../src/lib/safe-urls.ts';
import { seed } from '../support/seed.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/test-backend.ts';

/**
 * The URL fields' rules (docs/decisions/0015): one definition in the database (private.is_youtube_url,
 * private.is_safe_image_url, behind the check constraints) and its mirror in the client (src/lib/safe-urls.ts).
 * One corpus, the expected verdict of each address, and both sides must give it.
 */

const ID = 'dQw4w9WgXcQ';

/** [address, is a YouTube video, is a safe image] */
const corpus: ReadonlyArray<readonly [string, boolean, boolean]> = [
  // YouTube, the usual shapes.
  [`https://www.youtube.com/watch?v=${ID}`, true, true],
  [`https://youtube.com/watch?v=${ID}`, true, true],
  [`https://m.youtube.com/watch?v=${ID}&t=42`, true, true],
  [`http://www.youtube.com/watch?v=${ID}`, true, false],
  [`https://www.youtube.com/watch?feature=share&v=${ID}`, true, true],
  [`https://www.youtube.com/watch?v=${ID}#t=30`, true, true],
  [`https://youtu.be/${ID}`, true, true],
  [`https://youtu.be/${ID}?si=abc_123`, true, true],
  [`https://www.youtube.com/shorts/${ID}`, true, true],
  [`https://www.youtube.com/embed/${ID}`, true, true],
  [`https://www.youtube.com/live/${ID}/`, true, true],
  [`https://www.youtube-nocookie.com/embed/${ID}`, true, true],
  [`https://youtube-nocookie.com/embed/${ID}`, true, true],
  // YouTube look-alikes and tricks.
  [`https://youtube.com.evil.example/watch?v=${ID}`, false, true],
  [`https://evil.example/watch?next=https://www.youtube.com/watch?v=${ID}`, false, true],
  [`https://evil.example/?v=${ID}&u=youtu.be/${ID}`, false, true],
  [`https://evil.example@youtube.com/watch?v=${ID}`, false, false],
  [`https://youtube.com@evil.example/watch?v=${ID}`, false, false],
  [`https://www.youtube.com:443/watch?v=${ID}`, false, false],
  [`https://www.youtube.com./watch?v=${ID}`, false, false],
  [`https://music.youtube.com/watch?v=${ID}`, false, true],
  [`https://WWW.YOUTUBE.COM/watch?v=${ID}`, false, true],
  [`https://www.youtube.com/watch?v=${ID.slice(0, 10)}`, false, true],
  [`https://www.youtube.com/watch?v=${ID}"onload="alert(1)`, false, false],
  [`https://www.youtube.com/watch?v=${ID}%0Aevil`, false, true],
  [`https://www.youtube.com\\@evil.example/watch?v=${ID}`, false, false],
  [` https://youtu.be/${ID}`, false, false],
  [`https://youtu.be/${ID}\n`, false, false],
  [`https://www.yоutube.com/watch?v=${ID}`, false, false], // Cyrillic 'о'
  [`https://youtu.be%2Fevil.example/${ID}`, false, false],
  [`//www.youtube.com/watch?v=${ID}`, false, false],
  [`javascript:alert(1)//https://www.youtube.com/watch?v=${ID}`, false, false],
  [`youtu.be/${ID}`, false, false],
  // Images: own storage, the app's static images, plain https.
  ['/storage/v1/object/public/publications/2026/foto-1.webp', false, true],
  ['https://abcdefgh.supabase.co/storage/v1/object/public/obituaries/retrato.jpg', false, true],
  ['http://127.0.0.1:54321/storage/v1/object/public/publications/a.png', false, true],
  ['/images/seed/rio-mogi-guacu/original-800w.webp', false, true],
  ['https://cdn.example/a.png', false, true],
  ['https://cdn.example/a.png?w=800&h=600', false, true],
  ['https://cdn.example/a%20b.png', false, true],
  ['https://cdn.example/a..b.png', false, true],
  ['https://cdn.example', false, true],
  // Images: tricks.
  ['http://localhost:5173/storage/v1/object/public/publications/../../rest/v1/profiles', false, false],
  ['/storage/v1/object/public/publications/../secret.png', false, false],
  ['/storage/v1/object/public/private/x.png', false, false],
  ['/images/../index.html', false, false],
  ['//evil.example/a.png', false, false],
  ['//evil.example/storage/v1/object/public/publications/a.png', false, false],
  ['https://cdn.example/a.png"onerror="alert(1)', false, false],
  ['https://cdn.example/a.png) , url(https://evil.example/x', false, false],
  ["https://cdn.example/a.png'); background:url(x", false, false],
  ['https://cdn.example/a.png<script>', false, false],
  ['https://cdn.example/a`b.png', false, false],
  ['https://cdn.example/a b.png', false, false],
  ['https://cdn.example/a.png\u0007', false, false],
  ['https://cdn.example/ímagem.png', false, false],
  ['https://cdn.example/a.png\u202egnp.exe', false, false],
  ['https://cdn.example\\evil.example/a.png', false, false],
  ['https://cdn.example/a%2.png', false, false],
  ['https://cdn.example/fotos/../admin.png', false, false],
  ['https://cdn.example/./a.png', false, false],
  ['https://user:pass@cdn.example/a.png', false, false],
  ['https://cdn.example:8443/a.png', false, false],
  ['http://cdn.example/a.png', false, false],
  ['HTTPS://cdn.example/a.png', false, false],
  ['data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=', false, false],
  ['javascript:alert(1)', false, false],
  ['', false, false],
];

let backend: TestBackend;
let admin: TestUser;

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
});
afterAll(() => backend?.stop());

describe('the URL rules, client and database alike', () => {
  it('the corpus has at least 40 addresses, no address twice', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
    expect(new Set(corpus.map(([url]) => url)).size).toBe(corpus.length);
  });

  it.each(corpus)('client: %j is a video: %s, a safe image: %s', (url, video, image) => {
    expect(isYoutubeUrl(url)).toBe(video);
    expect(isSafeImageUrl(url)).toBe(image);
  });

  it('the database gives every address of the corpus the same verdicts', async () => {
    const { rows } = await backend.db.query<{ url: string; video: boolean; image: boolean }>(
      `select u.url, private.is_youtube_url(u.url) as video, private.is_safe_image_url(u.url) as image
         from unnest($1::text[]) with ordinality as u(url, n) order by u.n`,
      [corpus.map(([url]) => url)],
    );
    expect(rows.map(({ url, video, image }) => [url, video, image])).toEqual(corpus.map((entry) => [...entry]));
  });

  it('the database functions hold the very expressions of src/lib/safe-urls.ts', async () => {
    const definition = async (name: string) =>
      (await backend.db.query<{ source: string }>(`select prosrc as source from pg_proc where oid = $1::regproc`, [name])).rows[0]!.source;
    expect(await definition('private.is_youtube_url')).toContain(`'${YOUTUBE_URL_PATTERN}'`);
    const imageSource = await definition('private.is_safe_image_url');
    for (const pattern of SAFE_IMAGE_URL_PATTERNS) expect(imageSource).toContain(`'${pattern}'`);
  });
});

/** [address, is an advertiser's destination link, is an ad creative] */
const advertisingCorpus: ReadonlyArray<readonly [string, boolean, boolean]> = [
  ['https://loja.example.com.br/promocao?utm_source=portal', true, false],
  ['https://padaria-central.com.br', true, false],
  ['https://padaria-central.com.br/#cardapio', true, false],
  ['http://padaria-central.com.br', false, false],
  ['javascript:alert(1)', false, false],
  ['https://user:senha@loja.example.com', false, false],
  ['https://loja.example.com:8443/x', false, false],
  ['https://loja.example.com/../admin', false, false],
  ['https://loja.example.com/"onmouseover="x', false, false],
  ['//loja.example.com', false, false],
  ['https://abc123.supabase.co/storage/v1/object/public/ads/2026/banner.webp', true, true],
  ['http://127.0.0.1:54321/storage/v1/object/public/ads/banner.png', false, true],
  ['/storage/v1/object/public/ads/2026/lateral.jpg', false, true],
  ['/storage/v1/object/public/publications/2026/foto.webp', false, false],
  ['https://cdn.ads.example/banner.webp', true, false],
  ['/storage/v1/object/public/ads/../publications/x.png', false, false],
];

describe('the advertising URL rules, client and database alike', () => {
  it.each(advertisingCorpus)('client: %j is a destination link: %s, a creative: %s', (url, link, creative) => {
    expect(isSafeLinkUrl(url)).toBe(link);
    expect(isAdImageUrl(url)).toBe(creative);
  });

  it('the database gives every address the same verdicts, with the very expressions of src/lib/safe-urls.ts', async () => {
    const { rows } = await backend.db.query<{ url: string; link: boolean; creative: boolean }>(
      `select u.url, private.is_safe_link_url(u.url) as link, private.is_ad_image_url(u.url) as creative
         from unnest($1::text[]) with ordinality as u(url, n) order by u.n`,
      [advertisingCorpus.map(([url]) => url)],
    );
    expect(rows.map(({ url, link, creative }) => [url, link, creative])).toEqual(advertisingCorpus.map((entry) => [...entry]));
    const definition = async (name: string) =>
      (await backend.db.query<{ source: string }>(`select prosrc as source from pg_proc where oid = $1::regproc`, [name])).rows[0]!.source;
    expect(await definition('private.is_safe_link_url')).toContain(`'${SAFE_HTTPS_URL_PATTERN}'`);
    expect(await definition('private.is_ad_image_url')).toContain(`'${AD_IMAGE_URL_PATTERN}'`);
  });
});

describe('an administrator writing straight to the API', () => {
  const publication = (fields: Record<string, string>) => ({
    title: `Teste de endereço ${crypto.randomUUID()}`,
    topic_id: seed.topics.local,
    ...fields,
  });

  it.each([
    ['youtube_url', `https://youtube.com.evil.example/watch?v=${ID}`],
    ['youtube_url', `https://evil.example@youtube.com/watch?v=${ID}`],
    ['youtube_url', `https://evil.example/?u=https://www.youtube.com/watch?v=${ID}`],
    ['image_url', 'https://cdn.example/a.png) , url(https://evil.example/x'],
    ['image_url', 'https://cdn.example/a.png"onerror="alert(1)'],
    ['image_url', 'javascript:alert(1)'],
  ])('saving a publication with %s %j is refused (23514) and stores nothing', async (column, url) => {
    const row = publication({ [column]: url });
    const { error } = await admin.client.from('publications').insert(row);
    expect(error?.code).toBe('23514');
    const stored = await backend.db.query('select id from public.publications where title = $1', [row.title]);
    expect(stored.rows).toEqual([]);
  });

  it('changing an obituary photo to a look-alike is refused (23514) and leaves the photo as it was', async () => {
    const before = await backend.db.query<{ photo_url: string | null }>('select photo_url from public.obituaries where id = $1', [
      seed.obituaries.published,
    ]);
    const { error } = await admin.client
      .from('obituaries')
      .update({ photo_url: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' })
      .eq('id', seed.obituaries.published);
    expect(error?.code).toBe('23514');
    const after = await backend.db.query('select photo_url from public.obituaries where id = $1', [seed.obituaries.published]);
    expect(after.rows).toEqual(before.rows);
  });

  it('the addresses the app itself stores are accepted', async () => {
    const row = publication({
      youtube_url: `https://www.youtube.com/watch?v=${ID}`,
      image_url: `${backend.url}/storage/v1/object/public/publications/2026/foto.webp`,
    });
    const { error } = await admin.client.from('publications').insert(row);
    expect(error).toBeNull();
    await backend.db.query('delete from public.publications where title = $1', [row.title]);
  });
});
