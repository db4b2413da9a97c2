import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/types/database.ts';
import { buildPublicationRow } from '../support/row-factories.ts';
import { seed } from '../support/seed.ts';
import { startTestBackend, type TestBackend, type TestUser } from '../support/test-backend.ts';

/**
 * The search and paging functions of supabase/migrations/20261123100000_search_and_paging.sql, called through real
 * supabase-js against the local backend with the real migrations and seed (PGlite, or PostgreSQL under
 * `npm run test:postgres`). Every story here carries an invented word, so the seed's stories never interfere.
 */

interface SearchRow {
  id: string;
  title: string;
  description: string | null;
  image_url: string | null;
  published_at: string;
  views: number;
  author_id: string | null;
  topics: { id: string; name: string; slug: string } | null;
  rank: number;
  excerpt: string | null;
}

interface SearchArgs {
  q?: string;
  topic_slug?: string;
  day?: string;
  page_size?: number;
  after_rank?: number;
  after_published_at?: string;
  after_id?: string;
}

type Obituary = Database['public']['Tables']['obituaries']['Row'];

type SearchClient = SupabaseClient<Database>;

let backend: TestBackend;
let admin: TestUser;
let pending: TestUser;
let anon: SearchClient;
let asAdmin: SearchClient;
let asPending: SearchClient;

/** A typed client carrying the session of a signed-in test user. */
async function clientOf(user: TestUser): Promise<SearchClient> {
  const { data } = await user.client.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new Error(`${user.email} has no session`);
  return createClient<Database>(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

interface Story {
  title: string;
  description?: string;
  content?: string;
  published?: boolean;
  published_at?: string;
  topic_id?: string;
}

/** Inserts stories as the administrator (through the API, as the newsroom does); returns their ids in order. */
async function insertStories(stories: Story[]): Promise<string[]> {
  const rows = stories.map((story) =>
    buildPublicationRow({
      ...story,
      description: story.description ?? null,
      content: story.content ?? null,
      published_at: (story.published ?? true) ? (story.published_at ?? new Date().toISOString()) : null,
    }),
  );
  const { data, error } = await admin.client.from('publications').insert(rows).select('id');
  if (error) throw new Error(`insert failed: ${error.message}`);
  return (data ?? []).map((row) => row.id);
}

async function search(client: SearchClient, args: SearchArgs): Promise<SearchRow[]> {
  const { data, error } = await client.rpc('search_publications', args);
  if (error) throw new Error(`search_publications failed: ${error.message}`);
  // The generated types say `Json` for the embedded topic; the function builds it as { id, name, slug } or null.
  return (data ?? []) as unknown as SearchRow[];
}

const titlesOf = (rows: { title: string }[]) => rows.map((row) => row.title);

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await backend.admin();
  pending = await backend.newUser('Repórter Pendente');
  anon = createClient<Database>(backend.url, backend.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  asAdmin = await clientOf(admin);
  asPending = await clientOf(pending);
}, 120_000);
afterAll(() => backend.stop());

describe('search_publications: Portuguese full-text search that ignores accents and case', () => {
  beforeAll(async () => {
    await insertStories([
      { title: 'Mutirão da Saúde no Jardim Quixabeira', description: 'Vacinação e exames no sábado.' },
      { title: 'Feira no Quixabeira', content: '<p>Barracas de <strong>PORTO</strong> e da região.</p>' },
    ]);
  });

  it.each([
    ['saude quixabeira', ['Mutirão da Saúde no Jardim Quixabeira']],
    ['SAÚDE QUIXABEIRA', ['Mutirão da Saúde no Jardim Quixabeira']],
    ['vacinacao quixabeira', ['Mutirão da Saúde no Jardim Quixabeira']],
    ['mutirao', ['Mutirão da Saúde no Jardim Quixabeira']],
    ['porto quixabeira', ['Feira no Quixabeira']],
    ['Porto Quixabeira', ['Feira no Quixabeira']],
    ['"feira no quixabeira"', ['Feira no Quixabeira']],
    ['quixabeira -feira', ['Mutirão da Saúde no Jardim Quixabeira']],
    ['de', []],
    ['', []],
  ])('%s', async (q, titles) => {
    const rows = await search(anon, { q, ...(q === '' ? { topic_slug: 'nao-existe' } : {}) });
    expect(titlesOf(rows)).toEqual(titles);
  });

  it('answers the card columns, the embedded topic, the rank and a plain-text excerpt around the match', async () => {
    const [row] = await search(anon, { q: 'porto quixabeira' });
    expect(row).toMatchObject({
      title: 'Feira no Quixabeira',
      description: null,
      topics: { id: seed.topics.local, slug: 'local' },
      rank: 1,
      excerpt: 'Barracas de PORTO e da região.',
      // The card's 'Conteúdo patrocinado' (20261127100000_sponsored_stories.sql): null for the newsroom's own story.
      sponsor_name: null,
    });
    expect(Object.keys(row ?? {}).sort()).toEqual(
      ['author_id', 'description', 'excerpt', 'id', 'image_url', 'published_at', 'rank', 'sponsor_name', 'topics', 'title', 'views'].sort(),
    );
  });

  it('is callable with GET too, and select/order/limit apply to its rows', async () => {
    const { data, error } = await anon
      .rpc('search_publications', { q: 'quixabeira' }, { get: true })
      .select('title,rank')
      .order('title', { ascending: true })
      .limit(1);
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Feira no Quixabeira', rank: 3 }]);
  });
});

describe('search_publications: ranking', () => {
  it('puts title matches first, then description, then body; newest first among equals', async () => {
    await insertStories([
      { title: 'Xerimbabo antigo no título', published_at: '2026-01-01T10:00:00Z' },
      { title: 'Só no corpo', content: '<p>Um xerimbabo apareceu no texto.</p>', published_at: '2026-01-05T10:00:00Z' },
      { title: 'Na descrição', description: 'O xerimbabo da descrição', published_at: '2026-01-03T10:00:00Z' },
      { title: 'Xerimbabo novo no título', published_at: '2026-01-02T10:00:00Z' },
    ]);
    const rows = await search(anon, { q: 'xerimbabo' });
    expect(rows.map((row) => [row.title, row.rank])).toEqual([
      ['Xerimbabo novo no título', 3],
      ['Xerimbabo antigo no título', 3],
      ['Na descrição', 2],
      ['Só no corpo', 1],
    ]);
    expect(rows[3]?.excerpt).toBe('Um xerimbabo apareceu no texto.');
  });
});

describe('search_publications: the calendar day in São Paulo time', () => {
  it('counts 23:30 -03:00 on the 5th as the 5th and 00:30 -03:00 on the 6th as the 6th', async () => {
    await insertStories([
      { title: 'Jequitibazal tarde da noite', published_at: '2026-03-05T23:30:00-03:00' },
      { title: 'Jequitibazal de madrugada', published_at: '2026-03-06T00:30:00-03:00' },
    ]);
    expect(titlesOf(await search(anon, { q: 'jequitibazal', day: '2026-03-05' }))).toEqual(['Jequitibazal tarde da noite']);
    expect(titlesOf(await search(anon, { q: 'jequitibazal', day: '2026-03-06' }))).toEqual(['Jequitibazal de madrugada']);
    // Without q: the archive of that day, newest first.
    expect(titlesOf(await search(anon, { day: '2026-03-06' }))).toEqual(['Jequitibazal de madrugada']);
    expect(titlesOf(await search(anon, { day: '2026-03-05', topic_slug: 'local' }))).toEqual(['Jequitibazal tarde da noite']);
    expect(await search(anon, { day: '2026-03-05', topic_slug: 'economia' })).toEqual([]);
  });
});

describe('drafts are never found', () => {
  beforeAll(async () => {
    await insertStories([
      { title: 'Pitombeiral publicado', published_at: '2026-02-01T12:00:00Z' },
      { title: 'Pitombeiral rascunho', published: false },
    ]);
  });

  it.each([
    ['anon', () => anon],
    ['a pending account', () => asPending],
    ['the administrator (the search is the readers’)', () => asAdmin],
  ])('by search_publications as %s', async (_who, client) => {
    expect(titlesOf(await search(client(), { q: 'pitombeiral' }))).toEqual(['Pitombeiral publicado']);
    const { data } = await client().rpc('search_publications_count', { q: 'pitombeiral' });
    expect(data).toEqual({ total: 1, exact: true });
  });

  it('by the admin title search, except for the administrator', async () => {
    const forAdmin = await asAdmin.rpc('search_publication_titles', { q: 'PITOMBEIRAL' }).select('title,published');
    // Inserted together, so created_at ties and the id orders them: compare as a set.
    expect(forAdmin.data).toHaveLength(2);
    expect(forAdmin.data).toEqual(
      expect.arrayContaining([
        { title: 'Pitombeiral rascunho', published: false },
        { title: 'Pitombeiral publicado', published: true },
      ]),
    );
    const forPending = await asPending.rpc('search_publication_titles', { q: 'pitombeiral' }).select('title');
    expect(forPending.data).toEqual([{ title: 'Pitombeiral publicado' }]);
    const forAnon = await anon.rpc('search_publication_titles', { q: 'pitombeiral' });
    expect(forAnon.status).toBe(401);
  });
});

describe('keyset paging', () => {
  it('pages through every match once, across tiers, while new stories are published between page loads', async () => {
    const stories: Story[] = [];
    for (let n = 1; n <= 9; n++) {
      // Three share a timestamp, so only the id orders them.
      const at = n <= 3 ? '2025-05-05T12:00:00.000001Z' : `2025-05-0${n - 3}T08:00:00Z`;
      stories.push({ title: `Boitatazal ${n}`, published_at: at });
    }
    for (let n = 1; n <= 4; n++) {
      stories.push({ title: `Corpo ${n}`, content: `<p>O boitatazal número ${n}.</p>`, published_at: `2025-04-0${n}T08:00:00Z` });
    }
    await insertStories(stories);
    const expected = (await search(anon, { q: 'boitatazal', page_size: 50 })).map((row) => row.id);
    expect(expected).toHaveLength(13);

    const seen: string[] = [];
    let last: SearchRow | undefined;
    for (let page = 0; page < 10; page++) {
      const rows = await search(anon, {
        q: 'boitatazal',
        page_size: 4,
        ...(last ? { after_rank: last.rank, after_published_at: last.published_at, after_id: last.id } : {}),
      });
      if (rows.length === 0) break;
      seen.push(...rows.map((row) => row.id));
      last = rows[rows.length - 1];
      await insertStories([{ title: `Boitatazal urgente ${page}` }]);
    }
    expect(seen).toEqual(expected);
  });

  it('pages the archive of a topic without q, newest first', async () => {
    const first = await search(anon, { topic_slug: 'economia', page_size: 2 });
    const last = first[first.length - 1];
    const second = await search(anon, {
      topic_slug: 'economia',
      page_size: 2,
      after_published_at: last?.published_at,
      after_id: last?.id,
    });
    const { data: all } = await backend
      .anon()
      .from('publications')
      .select('id')
      .eq('published', true)
      .eq('topic_id', seed.topics.economia)
      .order('published_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(4);
    expect([...first, ...second].map((row) => row.id)).toEqual((all ?? []).map((row) => row.id));
    expect(first.every((row) => row.rank === 0 && row.topics?.slug === 'economia')).toBe(true);
  });

  it('clamps the page size to 50', async () => {
    const stories = Array.from({ length: 55 }, (_, n) => ({ title: `Curupiral ${n}` }));
    await insertStories(stories);
    expect(await search(anon, { q: 'curupiral', page_size: 500 })).toHaveLength(50);
    expect(await search(anon, { q: 'curupiral', page_size: 0 })).toHaveLength(1);
  });
});

describe('counts', () => {
  it('counts exactly up to 1000, then says more than 1000', async () => {
    await insertStories(Array.from({ length: 12 }, (_, n) => ({ title: `Tatuzinhal-açu ${n}`, topic_id: seed.topics.politica })));
    expect((await anon.rpc('search_publications_count', { q: 'tatuzinhal açu' })).data).toEqual({ total: 12, exact: true });
    expect((await anon.rpc('search_publications_count', { q: 'tatuzinhal', topic_slug: 'politica' })).data).toEqual({ total: 12, exact: true });
    expect((await anon.rpc('search_publications_count', { q: 'tatuzinhal', topic_slug: 'local' })).data).toEqual({ total: 0, exact: true });

    await insertStories(Array.from({ length: 1001 }, (_, n) => ({ title: `Mapinguari ${n}` })));
    expect((await anon.rpc('search_publications_count', { q: 'mapinguari' })).data).toEqual({ total: 1001, exact: false });
  }, 60_000);

  it('counts a list exactly with Prefer: count=exact, and the function’s page with count on the RPC', async () => {
    const list = await anon
      .from('publications')
      .select('id', { count: 'exact' })
      .eq('published', true)
      .eq('topic_id', seed.topics.politica)
      .order('published_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(5);
    const { data: all } = await anon.from('publications').select('id').eq('published', true).eq('topic_id', seed.topics.politica);
    expect(list).toMatchObject({ status: 206, count: all?.length });
    // On an RPC, count=exact counts the rows the function returned (one page): totals come from the count function.
    const page = await anon.rpc('search_publications', { q: 'tatuzinhal', page_size: 5 }, { count: 'exact' });
    expect(page).toMatchObject({ status: 200, count: 5 });
  });
});

describe('search_obituaries: by name, accents and case ignored', () => {
  beforeAll(async () => {
    const base = { age: 80, funeral_location: 'Velório Municipal', funeral_time: '10h' };
    const { error } = await admin.client.from('obituaries').insert([
      { ...base, name: 'João Conceição da Silvaçu', death_date: '2026-02-01', published: true },
      { ...base, name: 'Maria Silvaçu', death_date: '2026-02-03', published: true },
      { ...base, name: 'José Silvaçu (rascunho)', death_date: '2026-02-04', published: false },
    ]);
    if (error) throw new Error(error.message);
  });

  it.each([
    ['silvacu', ['Maria Silvaçu', 'João Conceição da Silvaçu']],
    ['JOAO SILVAÇU', ['João Conceição da Silvaçu']],
    ['conceicao silv', ['João Conceição da Silvaçu']],
    ['100%', []],
  ])('%s', async (q, names) => {
    const { data, error } = await anon.rpc('search_obituaries', { q });
    expect(error).toBeNull();
    expect(((data ?? []) as Obituary[]).map((row) => row.name)).toEqual(names);
  });

  it('shows drafts only to an administrator who asks for them, and pages by (death_date, id)', async () => {
    const drafts = await asAdmin.rpc('search_obituaries', { q: 'silvaçu', include_drafts: true }).select('name');
    expect(drafts.data?.[0]).toEqual({ name: 'José Silvaçu (rascunho)' });
    const notForAnon = await anon.rpc('search_obituaries', { q: 'silvaçu', include_drafts: true }).select('name');
    expect(notForAnon.data).toHaveLength(2);
    const next = await anon.rpc('search_obituaries', {
      q: 'silvaçu',
      page_size: 1,
      after_death_date: '2026-02-03',
      after_id: '00000000-0000-0000-0000-000000000000',
    });
    expect(((next.data ?? []) as Obituary[]).map((row) => row.name)).toEqual(['João Conceição da Silvaçu']);
  });
});
