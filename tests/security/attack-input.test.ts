// Oversized and malformed values sent straight to the API (not through the app's forms, which would catch most of
// them first), look-alike URLs, and reads crafted to be expensive. Writes come from the administrator, the one
// account allowed to write at all, so only the database's own rules stand in the way; each refusal is checked
// against the rows as the database owner reads them, and each rule's legitimate twin still passes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_QUERY_STRING_LENGTH, MAX_ROWS } from '../../local-supabase/src/rest/request-bounds.ts';
import { seed } from '../support/seed.ts';
import { expectRefused, ownerCount, stamp, startAttackers, type Attackers } from './support/attackers.ts';

let attackers: Attackers;
const EXTRA_TOPICS = MAX_ROWS + 100;

beforeAll(async () => {
  attackers = await startAttackers();
  // Enough rows that an unbounded page would exceed db-max-rows.
  await attackers.db.exec(
    `insert into public.topics (name, slug) select 'Tópico ' || n, 'topico-extra-' || n from generate_series(1, ${EXTRA_TOPICS}) as n`,
  );
});
afterAll(() => attackers?.stop());

const check = { status: 400, code: '23514' };
const badInput = { status: 400, code: '22P02' };

async function publicationsTitled(title: string): Promise<number> {
  return ownerCount(attackers.db, 'select count(*) from public.publications where title = $1', [title]);
}

describe('oversized values', () => {
  it('admin cannot save a publication with a 100 KB title', async () => {
    const title = `Longo ${stamp()} ${'x'.repeat(100 * 1024)}`;
    expectRefused(await attackers.admin.from('publications').insert({ title, topic_id: seed.topics.local }), check);
    expect(await publicationsTitled(title)).toBe(0);
  });

  it('admin cannot save a publication body over 200,000 characters', async () => {
    const title = `Corpo ${stamp()}`;
    const content = `<p>${'a'.repeat(200_001)}</p>`;
    expectRefused(await attackers.admin.from('publications').insert({ title, content, topic_id: seed.topics.local }), check);
    expect(await publicationsTitled(title)).toBe(0);
  });

  it('anon cannot send a media-kit request with a 100 KB message', async () => {
    const email = `grande-${stamp()}@loja.example`;
    const result = await attackers
      .anonAt('127.0.1.21')
      .from('media_kit_requests')
      .insert({ name: 'Leitor', company: 'Loja', email, phone: '19 9999-0000', interest: 'outros', message: 'm'.repeat(100 * 1024) });
    expectRefused(result, check);
    expect(await ownerCount(attackers.db, 'select count(*) from public.media_kit_requests where email = $1', [email])).toBe(0);
  });

  it('admin can save a publication with a 200-character title', async () => {
    const title = `${stamp()} ${'t'.repeat(193)}`;
    const { error } = await attackers.admin.from('publications').insert({ title, topic_id: seed.topics.local });
    expect(error).toBeNull();
    expect(await publicationsTitled(title)).toBe(1);
  });
});

describe('malformed values', () => {
  it('a filter with an invalid uuid answers 22P02', async () => {
    expectRefused(await attackers.anon.from('publications').select('id').eq('id', 'not-a-uuid'), badInput);
  });

  it('admin cannot store text in a number column (obituary age)', async () => {
    const name = `Idade ${stamp()}`;
    const result = await attackers.admin
      .from('obituaries')
      .insert({ name, age: 'muito', death_date: '2026-11-20', funeral_location: 'Velório', funeral_time: '10h' });
    expectRefused(result, badInput);
    expect(await ownerCount(attackers.db, 'select count(*) from public.obituaries where name = $1', [name])).toBe(0);
  });

  it('admin cannot store an invalid date (obituary death_date)', async () => {
    const name = `Data ${stamp()}`;
    const result = await attackers.admin
      .from('obituaries')
      .insert({ name, age: 80, death_date: '2026-02-31', funeral_location: 'Velório', funeral_time: '10h' });
    expect(result.error?.code).toMatch(/^22/);
    expect(result.status).toBe(400);
    expect(await ownerCount(attackers.db, 'select count(*) from public.obituaries where name = $1', [name])).toBe(0);
  });

  it('admin cannot store a contract type outside the list', async () => {
    const title = `Contrato ${stamp()}`;
    const result = await attackers.admin.from('jobs').insert({ title, company: 'Empresa', contract_type: 'Escravidão', location: 'Centro' });
    expectRefused(result, check);
    expect(await ownerCount(attackers.db, 'select count(*) from public.jobs where title = $1', [title])).toBe(0);
  });

  it('anon cannot send a media-kit request with an interest outside the list', async () => {
    const email = `interesse-${stamp()}@loja.example`;
    const result = await attackers
      .anonAt('127.0.1.22')
      .from('media_kit_requests')
      .insert({ name: 'Leitor', company: 'Loja', email, phone: '19 9999-0000', interest: 'tudo' });
    expectRefused(result, check);
    expect(await ownerCount(attackers.db, 'select count(*) from public.media_kit_requests where email = $1', [email])).toBe(0);
  });

  it('anon cannot send a media-kit request with a malformed e-mail', async () => {
    const email = `sem-arroba-${stamp()}`;
    const result = await attackers
      .anonAt('127.0.1.23')
      .from('media_kit_requests')
      .insert({ name: 'Leitor', company: 'Loja', email, phone: '19 9999-0000', interest: 'outros' });
    expectRefused(result, check);
    expect(await ownerCount(attackers.db, 'select count(*) from public.media_kit_requests where email = $1', [email])).toBe(0);
  });

  it('a column that does not exist answers PGRST204 and nothing is stored', async () => {
    const title = `Coluna ${stamp()}`;
    const result = await attackers.admin.from('publications').insert({ title, topic_id: seed.topics.local, is_admin: true });
    expectRefused(result, { status: 400, code: 'PGRST204' });
    expect(await publicationsTitled(title)).toBe(0);
  });

  it('a body that is not JSON answers PGRST102', async () => {
    const response = await fetch(`${attackers.backend.url}/rest/v1/media_kit_requests`, {
      method: 'POST',
      headers: { apikey: attackers.backend.anonKey, 'Content-Type': 'application/json' },
      body: '{"name": "Leitor", ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'PGRST102' });
  });

  it('a table that does not exist answers 404 PGRST205', async () => {
    expectRefused(await attackers.anon.from('users').select('*'), { status: 404, code: 'PGRST205' });
  });
});

describe('look-alike URLs', () => {
  const youtubeLookAlikes = [
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://evil.example/redirect?to=https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com@evil.example/watch?v=dQw4w9WgXcQ',
    'https://evil.example@www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
    'https://wwwyoutube.com/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)//www.youtube.com/watch?v=dQw4w9WgXcQ',
  ];

  it.each(youtubeLookAlikes)('admin cannot save %s as a publication’s video', async (url) => {
    const title = `Vídeo ${stamp()}`;
    expectRefused(await attackers.admin.from('publications').insert({ title, topic_id: seed.topics.local, youtube_url: url }), check);
    expect(await publicationsTitled(title)).toBe(0);
  });

  const imageLookAlikes = [
    'https://evil.example/a.png"onerror="alert(1)',
    "https://evil.example/a.png'),url(javascript:alert(1)",
    'https://evil.example/a.png) , url(https://evil.example/track.gif',
    'javascript:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    'http://evil.example/plain-http.png',
    'https://user:secret@evil.example/a.png',
    'https://evil.example/a b.png',
    '//evil.example/protocol-relative.png',
  ];

  it.each(imageLookAlikes)('admin cannot save %s as a publication’s image', async (url) => {
    const title = `Imagem ${stamp()}`;
    expectRefused(await attackers.admin.from('publications').insert({ title, topic_id: seed.topics.local, image_url: url }), check);
    expect(await publicationsTitled(title)).toBe(0);
  });

  it.each(imageLookAlikes)('admin cannot save %s as an obituary’s photo', async (url) => {
    const name = `Foto ${stamp()}`;
    const result = await attackers.admin
      .from('obituaries')
      .insert({ name, age: 80, death_date: '2026-11-20', funeral_location: 'Velório', funeral_time: '10h', photo_url: url });
    expectRefused(result, check);
    expect(await ownerCount(attackers.db, 'select count(*) from public.obituaries where name = $1', [name])).toBe(0);
  });

  it('admin can save a real YouTube address, an https image and an image from the project’s storage', async () => {
    const title = `Legítima ${stamp()}`;
    const { error } = await attackers.admin.from('publications').insert({
      title,
      topic_id: seed.topics.local,
      youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      image_url: 'https://images.example.com/fotos/a.png',
    });
    expect(error).toBeNull();
    const name = `Foto legítima ${stamp()}`;
    const photo = await attackers.admin.from('obituaries').insert({
      name,
      age: 80,
      death_date: '2026-11-20',
      funeral_location: 'Velório',
      funeral_time: '10h',
      photo_url: '/storage/v1/object/public/obituaries/fotos/a.png',
    });
    expect(photo.error).toBeNull();
    expect(await publicationsTitled(title)).toBe(1);
  });
});

describe('expensive reads are bounded', () => {
  it('a page size of 100,000 returns at most 1,000 rows', async () => {
    const { data, error } = await attackers.anon.from('topics').select('id').limit(100_000);
    expect(error).toBeNull();
    expect(data).toHaveLength(MAX_ROWS);
  });

  it('a page without a limit returns at most 1,000 rows, and the count tells the truth (206)', async () => {
    const { data, count, status } = await attackers.anon.from('topics').select('id', { count: 'exact' });
    expect(status).toBe(206);
    expect(data).toHaveLength(MAX_ROWS);
    expect(count).toBeGreaterThan(EXTRA_TOPICS);
  });

  it('a select embedding four levels deep is refused with PGRST100', async () => {
    const result = await attackers.anon.from('publications').select('id,topics(id,publications(id,topics(id,publications(id))))');
    expectRefused(result, { status: 400, code: 'PGRST100' });
  });

  it('a hundred and fifty filters are refused with PGRST100', async () => {
    const ids = Array.from({ length: 150 }, () => crypto.randomUUID());
    expectRefused(await attackers.anon.from('publications').select('id').in('id', ids), { status: 400, code: 'PGRST100' });
  });

  it('and/or groups nested six deep are refused with PGRST100', async () => {
    const nested = 'or(and(or(and(or(title.eq.a,title.eq.b),title.eq.c),title.eq.d),title.eq.e),title.eq.f)';
    expectRefused(await attackers.anon.from('publications').select('id').or(`${nested},title.eq.g`), { status: 400, code: 'PGRST100' });
  });

  it('a query string over 8 KB is refused with 414', async () => {
    const pattern = `%${'a'.repeat(MAX_QUERY_STRING_LENGTH)}%`;
    expectRefused(await attackers.anon.from('publications').select('id').ilike('title', pattern), { status: 414, code: 'PGRST100' });
  });

  it('a filter on a column that does not exist is refused with 42703', async () => {
    expectRefused(await attackers.anon.from('publications').select('id').eq('password', 'x'), { status: 400, code: '42703' });
  });

  it('the reader’s own search request still works', async () => {
    const { data, error, count } = await attackers.anon
      .from('publications')
      .select('id,title,description,content,image_url,published_at,views,author_id,topics(id,name,slug)', { count: 'exact' })
      .or('title.ilike.*cerâmica*,description.ilike.*cerâmica*')
      .order('published_at', { ascending: false })
      .range(0, 11);
    expect(error).toBeNull();
    expect(count).toBeGreaterThan(0);
    expect(data?.length).toBeGreaterThan(0);
  });
});
