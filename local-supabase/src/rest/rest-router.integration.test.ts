import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createClient } from '@supabase/supabase-js';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createFreshDatabase } from '../../../tests/support/fresh-database.ts';
import { anonKeyFor, signJwt } from '../jwt.ts';
import { createRestRouter, type RestRouter } from './index.ts';

/**
 * The REST layer driven by real supabase-js 2.109.0 over HTTP, against PGlite with row-level security:
 * every request form of docs/architecture.md §5, the count/range table of §1.3 and the errors of §1.7.
 */

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const LOCAL = '33333333-3333-4333-8333-333333333333';
const SPORTS = '55555555-5555-4555-8555-555555555555';
const ARTICLE = '44444444-4444-4444-8444-444444444444';
const DRAFT = '66666666-6666-4666-8666-666666666666';
const EDITOR_ID = '11111111-1111-4111-8111-111111111111';
const READER_ID = '22222222-2222-4222-8222-222222222222';

const FIXTURE = `
create table public.topics (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  slug text not null unique,
  created_at timestamptz not null default now()
);
alter table public.topics enable row level security;
create policy "Anyone can read topics" on public.topics for select to anon, authenticated using (true);
create policy "Editors can write topics" on public.topics for all to authenticated
  using ((auth.jwt() -> 'app_metadata' ->> 'role') = 'editor')
  with check ((auth.jwt() -> 'app_metadata' ->> 'role') = 'editor');

create table public.publications (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 200),
  description text,
  content text,
  image_url text,
  published boolean not null default false,
  published_at timestamptz,
  views integer not null default 0,
  topic_id uuid references public.topics (id) on delete set null,
  author_id uuid default auth.uid(),
  created_at timestamptz not null default now()
);
alter table public.publications enable row level security;
create policy "Anyone can read published publications" on public.publications for select
  to anon, authenticated using (published);
create policy "Editors can do anything with publications" on public.publications for all to authenticated
  using ((auth.jwt() -> 'app_metadata' ->> 'role') = 'editor')
  with check ((auth.jwt() -> 'app_metadata' ->> 'role') = 'editor');

create table public.comments (
  id bigint generated always as identity primary key,
  publication_id uuid not null references public.publications (id) on delete cascade,
  body text not null
);
alter table public.comments enable row level security;
create policy "Anyone can read comments" on public.comments for select to anon, authenticated using (true);

create table public.media_kit_requests (
  id bigint generated always as identity primary key,
  name text not null,
  email text,
  created_at timestamptz not null default now()
);
alter table public.media_kit_requests enable row level security;
create policy "Anyone can ask for the media kit" on public.media_kit_requests for insert to anon, authenticated
  with check (true);

-- Columns granted one by one, as the digest's subscribers are: the token is nobody's to read.
create table public.subscribers (
  id bigint generated always as identity primary key,
  email text not null,
  token uuid not null default gen_random_uuid()
);
alter table public.subscribers enable row level security;
create policy "Signed-in users manage subscribers" on public.subscribers for all to authenticated
  using (true) with check (true);
revoke all on table public.subscribers from anon, authenticated;
grant select (id, email), update (email), delete on table public.subscribers to authenticated;
insert into public.subscribers (email) values ('um@example.com'), ('dois@example.com');

create function public.increment_views(publication_id uuid) returns void
language sql volatile security definer set search_path = '' as $$
  update public.publications set views = views + 1 where id = increment_views.publication_id and published;
$$;

create function public.published_count() returns integer language sql stable as $$
  select count(*)::int from public.publications where published;
$$;

create function public.topics_like(pattern text, max integer default 10) returns setof public.topics
language sql stable as $$
  select * from public.topics where name ilike pattern order by name limit max;
$$;

create function public.titles_matching(pattern text) returns setof public.publications language sql stable as $$
  select * from public.publications where title like pattern;
$$;

create function public.ranked(q text, min_views integer default 0)
returns table (id uuid, title text, published_at timestamptz, rank real) language sql stable as $$
  select p.id, p.title, p.published_at, (p.views % 3)::real from public.publications p
  where p.title ilike '%' || q || '%' and p.views >= min_views;
$$;

create function public.title_stats(q text, out total integer, out newest timestamptz) language sql stable as $$
  select count(*)::int, max(published_at) from public.publications where title ilike '%' || q || '%';
$$;

create function public.try_write() returns integer language sql stable as $$
  select 1;
$$;

create function public.always_fails(reason text) returns void language plpgsql as $$
begin
  raise exception 'refused: %', reason;
end
$$;
`;

class StubWebSocket {
  // supabase-js only needs a constructor on Node 20 when realtime is never used.
}

let db: Database;
let router: RestRouter;
let server: ServerType;
let url: string;
let anonKey: string;
type Client = ReturnType<typeof client>;
let anon: Client;
let editor: Client;
let reader: Client;

function client(token?: string) {
  const transport = (globalThis as { WebSocket?: unknown }).WebSocket ?? StubWebSocket;
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: transport as never },
    ...(token ? { global: { headers: { Authorization: `Bearer ${token}` } } } : {}),
  });
}

function userToken(sub: string, appRole?: string, expiresIn = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    {
      sub,
      role: 'authenticated',
      aud: 'authenticated',
      iat: now,
      exp: now + expiresIn,
      app_metadata: appRole ? { provider: 'email', role: appRole } : { provider: 'email' },
    },
    SECRET,
  );
}

/** Raw HTTP for what supabase-js hides (headers, malformed queries). */
function raw(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${anonKey}`);
  headers.set('apikey', anonKey);
  return fetch(`${url}/rest/v1${path}`, { ...init, headers });
}

async function seed(): Promise<void> {
  await db.exec(`
    truncate public.comments, public.publications, public.topics, public.media_kit_requests restart identity cascade;
    insert into public.topics (id, name, slug) values
      ('${LOCAL}', 'Local', 'local'), ('${SPORTS}', 'Esportes', 'esportes');
    insert into public.publications (id, title, description, published, published_at, views, topic_id, author_id, created_at) values
      ('${ARTICLE}', 'Hello', 'Desc', true, '2024-05-01T10:00:00.123456Z', 7, '${LOCAL}', '${EDITOR_ID}', '2024-05-01T09:00:00Z'),
      ('${DRAFT}', 'Draft', 'Hidden', false, null, 0, '${LOCAL}', '${EDITOR_ID}', '2024-05-03T09:00:00Z');
    insert into public.comments (publication_id, body) values ('${ARTICLE}', 'first'), ('${ARTICLE}', 'second');
  `);
}

/** Fifteen published stories about "foo" (plus the seed), for paging and counting. */
async function seedFooStories(): Promise<void> {
  await db.exec(`
    insert into public.publications (title, description, published, published_at, views, topic_id)
    select 'Foo story ' || lpad(n::text, 2, '0'), 'about foo', true,
           timestamptz '2024-06-01T00:00:00Z' + n * interval '1 hour', n, '${SPORTS}'
    from generate_series(1, 15) as n;
  `);
}

/**
 * PGlite in memory; with DATABASE_URL (scripts/with-postgres.sh) a fresh database on that server instead, so the
 * same requests are proved on real PostgreSQL without touching the tables of other test files.
 */
async function openTestDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  const fresh = await createFreshDatabase();
  const opened = await fresh.open();
  return {
    db: opened,
    drop: async () => {
      await opened.close();
      await fresh.drop();
    },
  };
}

let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop: dropDatabase } = await openTestDatabase());
  await db.exec(await readFile(new URL('../../sql/bootstrap.sql', import.meta.url), 'utf8'));
  await db.exec(FIXTURE);
  router = createRestRouter({ db, jwtSecret: SECRET });
  const app = new Hono();
  app.route('/rest/v1', router);
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve(info.port));
  });
  url = `http://127.0.0.1:${port}`;
  anonKey = await anonKeyFor(SECRET);
  anon = client();
  editor = client(await userToken(EDITOR_ID, 'editor'));
  reader = client(await userToken(READER_ID));
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await dropDatabase();
});

beforeEach(seed);

const SEL_PUB = 'id, title, description, content, image_url, published_at, views, author_id, topics(id, name, slug)';

describe('reads (docs/architecture.md §5)', () => {
  it('lists topics ordered by name', async () => {
    const result = await anon.from('topics').select('id, name, slug').order('name', { ascending: true });
    expect(result.error).toBeNull();
    expect(result.status).toBe(200);
    expect(result.data).toEqual([
      { id: SPORTS, name: 'Esportes', slug: 'esportes' },
      { id: LOCAL, name: 'Local', slug: 'local' },
    ]);
  });

  it('finds a topic by slug with .single(), and answers 406 PGRST116 when none matches', async () => {
    const found = await anon.from('topics').select('id, name, slug').eq('slug', 'local').single();
    expect(found.data).toEqual({ id: LOCAL, name: 'Local', slug: 'local' });

    const missing = await anon.from('topics').select('id, name, slug').eq('slug', 'missing').single();
    expect(missing.status).toBe(406);
    expect(missing.data).toBeNull();
    expect(missing.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows', hint: null });

    const many = await anon.from('topics').select('id').ilike('slug', '*').single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
  });

  it('resolves .maybeSingle() to an object or null', async () => {
    const found = await anon.from('topics').select('id, name, slug').eq('slug', 'local').maybeSingle();
    expect(found.data).toEqual({ id: LOCAL, name: 'Local', slug: 'local' });
    const missing = await anon.from('topics').select('id, name, slug').eq('slug', 'missing').maybeSingle();
    expect(missing).toMatchObject({ data: null, error: null, status: 200 });
  });

  it('embeds the topic of published publications only, with Postgres timestamps', async () => {
    const result = await anon
      .from('publications')
      .select(SEL_PUB)
      .eq('published', true)
      .eq('topic_id', LOCAL)
      .order('published_at', { ascending: false });
    expect(result.error).toBeNull();
    expect(result.data).toEqual([
      {
        id: ARTICLE,
        title: 'Hello',
        description: 'Desc',
        content: null,
        image_url: null,
        published_at: '2024-05-01T10:00:00.123456+00:00',
        views: 7,
        author_id: EDITOR_ID,
        topics: { id: LOCAL, name: 'Local', slug: 'local' },
      },
    ]);
  });

  it('gives null for a missing to-one embed and an array for a to-many embed', async () => {
    await db.exec(`update public.publications set topic_id = null where id = '${ARTICLE}'`);
    const result = await anon.from('publications').select('id, topic:topics(name), comments(body)').eq('id', ARTICLE).single();
    expect(result.error).toBeNull();
    expect(result.data).toEqual({ id: ARTICLE, topic: null, comments: [{ body: 'first' }, { body: 'second' }] });
  });

  it('lists the most read with limit', async () => {
    await seedFooStories();
    const result = await anon.from('publications').select(SEL_PUB).eq('published', true).order('views', { ascending: false }).limit(5);
    expect((result.data as { views: number }[] | null)?.map((p) => p.views)).toEqual([15, 14, 13, 12, 11]);
  });

  it('gets one publication, and hides a draft from anon but not from an editor', async () => {
    const one = await anon.from('publications').select(SEL_PUB).eq('id', ARTICLE).single();
    expect(one.data).toMatchObject({ id: ARTICLE, topics: { slug: 'local' } });

    const hidden = await anon.from('publications').select('*, topics(name)').eq('id', DRAFT).single();
    expect(hidden.status).toBe(406);

    const admin = await editor.from('publications').select('*, topics(name)').eq('id', DRAFT).single();
    expect(admin.data).toMatchObject({ id: DRAFT, title: 'Draft', published: false, topics: { name: 'Local' } });
  });

  it('lists everything for the admin, newest first, with the topic name after the columns', async () => {
    const result = await editor.from('publications').select('*,topics(name)').order('created_at', { ascending: false });
    const rows = result.data as Record<string, unknown>[] | null;
    expect(rows?.map((p) => p.id)).toEqual([DRAFT, ARTICLE]);
    expect(Object.keys(rows?.[0] ?? {})).toEqual([
      'id',
      'title',
      'description',
      'content',
      'image_url',
      'published',
      'published_at',
      'views',
      'topic_id',
      'author_id',
      'created_at',
      'topics',
    ]);
  });

  it('reads obituary/job-like cards with select=* and filters', async () => {
    const result = await anon.from('publications').select('*').eq('published', true).order('created_at', { ascending: false }).limit(2);
    expect(result.data).toHaveLength(1);
    expect(result.data?.[0]).toMatchObject({ id: ARTICLE, published: true, created_at: '2024-05-01T09:00:00+00:00' });
  });
});

describe('search with count=exact and ranges (docs/architecture.md §5)', () => {
  beforeEach(seedFooStories);

  const search = (from: number, to: number, term = 'foo') =>
    anon
      .from('publications')
      .select(SEL_PUB, { count: 'exact' })
      .eq('published', true)
      .or(`title.ilike.*${term}*,description.ilike.*${term}*`)
      .order('published_at', { ascending: false })
      .range(from, to);

  it('answers 206 with the total for a first page', async () => {
    const result = await search(0, 11);
    expect(result.status).toBe(206);
    expect(result.count).toBe(15);
    expect(result.data).toHaveLength(12);
    expect(result.data?.[0]?.title).toBe('Foo story 15');
  });

  it('answers a partial last page, an empty page at the end, and 416 past it', async () => {
    const last = await search(12, 23);
    expect(last).toMatchObject({ status: 206, count: 15 });
    expect(last.data).toHaveLength(3);

    const end = await search(15, 26);
    expect(end).toMatchObject({ status: 206, count: 15, data: [] });

    const past = await search(24, 35);
    expect(past.status).toBe(416);
    expect(past.error).toMatchObject({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 24 was requested, but there are only 15 rows.',
    });
  });

  it('answers 200 when every match fits, and 200 with count 0 when nothing matches', async () => {
    const all = await search(0, 99);
    expect(all).toMatchObject({ status: 200, count: 15 });
    const none = await search(0, 11, 'nothing-like-this');
    expect(none).toMatchObject({ status: 200, count: 0, data: [] });
  });

  it('sends the Content-Range headers of the table', async () => {
    const cases: [string, string, number, string][] = [
      ['?select=id&title=like.Foo*&limit=3', '', 200, '0-2/*'],
      ['?select=id&title=eq.nothing', '', 200, '*/*'],
      ['?select=id&title=like.Foo*&offset=0&limit=12', 'count=exact', 206, '0-11/15'],
      ['?select=id&title=like.Foo*', 'count=exact', 200, '0-14/15'],
      ['?select=id&title=eq.nothing', 'count=exact', 200, '*/0'],
      ['?select=id&title=like.Foo*&offset=15', 'count=exact', 206, '*/15'],
      ['?select=id&title=like.Foo*&offset=24', 'count=exact', 416, '*/15'],
    ];
    for (const [query, prefer, status, range] of cases) {
      const response = await raw(`/publications${query}`, { headers: prefer ? { prefer } : {} });
      expect({ query, status: response.status, range: response.headers.get('content-range') }).toEqual({ query, status, range });
    }
  });

  it('counts with HEAD: no body, the total in Content-Range', async () => {
    const result = await anon.from('publications').select('*', { count: 'exact', head: true }).eq('published', true);
    // HEAD runs the same query as GET, so every match "came back" and the status is 200, as PostgREST answers.
    expect(result).toMatchObject({ status: 200, count: 16, data: null, error: null });
    const limited = await anon.from('publications').select('*', { count: 'exact', head: true }).eq('published', true).limit(5);
    expect(limited).toMatchObject({ status: 206, count: 16, data: null });
  });
});

describe('full-text search operators (PostgREST 12: fts, plfts, phfts, wfts, with a configuration)', () => {
  beforeEach(seedFooStories);

  const titles = (result: { data: { title: string }[] | null }) => (result.data ?? []).map((row) => row.title).sort();

  it('sends textSearch as fts operators and matches through Postgres text search', async () => {
    const fts = await anon.from('publications').select('title').textSearch('title', 'stories & foo', { config: 'english' });
    expect(fts.error).toBeNull();
    expect(titles(fts)).toHaveLength(15);
    const plain = await anon.from('publications').select('title').textSearch('description', 'about foo', { type: 'plain', config: 'english' });
    expect(titles(plain)).toHaveLength(15);
    // A text column is parsed with the default configuration (english): the query's configuration must agree.
    const phrase = await anon.from('publications').select('title').textSearch('title', 'story 07', { type: 'phrase', config: 'english' });
    expect(titles(phrase)).toEqual(['Foo story 07']);
    const web = await anon.from('publications').select('title').textSearch('title', '"foo stories" -07 -08', { type: 'websearch', config: 'english' });
    expect(titles(web)).toHaveLength(13);
    const negated = await anon.from('publications').select('title').not('title', 'wfts(simple)', 'foo');
    expect(titles(negated)).toEqual(['Hello']);
    const noConfig = await anon.from('publications').select('title').textSearch('title', 'hello');
    expect(titles(noConfig)).toEqual(['Hello']);
  });

  it('answers 400 PGRST100 for a configuration that is no identifier, and 400 for an unknown one', async () => {
    const dotted = await raw('/publications?title=fts(pg_catalog.english).foo');
    expect(dotted.status).toBe(400);
    expect(((await dotted.json()) as { code: string }).code).toBe('PGRST100');
    const unknown = await anon.from('publications').select('title').textSearch('title', 'foo', { config: 'klingon' });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('42704');
  });
});

describe('Prefer: count=planned and count=estimated', () => {
  beforeEach(seedFooStories);

  it('answers the planner\'s estimate for planned, in Content-Range', async () => {
    await db.exec('analyze public.publications');
    const result = await anon.from('publications').select('id', { count: 'planned' }).eq('published', true).limit(3);
    expect(result.error).toBeNull();
    expect(result.data).toHaveLength(3);
    expect(typeof result.count).toBe('number');
    expect(result.count).toBeGreaterThan(0);
    const response = await raw('/publications?select=id&limit=3', { headers: { prefer: 'count=planned' } });
    expect(response.headers.get('content-range')).toMatch(/^0-2\/\d+$/);
    expect(response.headers.get('preference-applied')).toBe('count=planned');
  });

  it('counts exactly up to 1000 rows for estimated, and at least 1001 beyond', async () => {
    const small = await anon.from('publications').select('id', { count: 'estimated' }).eq('published', true).range(0, 4);
    expect(small).toMatchObject({ status: 206, count: 16 });
    await db.exec(`
      insert into public.publications (title, published, published_at)
      select 'Bulk ' || n, true, timestamptz '2023-01-01' + n * interval '1 minute' from generate_series(1, 1100) as n;
      analyze public.publications;
    `);
    const large = await anon.from('publications').select('id', { count: 'estimated' }).eq('published', true).range(0, 4);
    expect(large.status).toBe(206);
    expect(large.count).toBeGreaterThanOrEqual(1001);
    const exact = await anon.from('publications').select('id', { count: 'exact', head: true }).eq('published', true);
    expect(exact.count).toBe(1116);
  });
});

describe('keyset paging across two columns: or=(a.lt.X,and(a.eq.X,id.lt.Y))', () => {
  beforeEach(seedFooStories);

  interface Row {
    id: string;
    title: string;
    published_at: string;
  }

  /** One page after the cursor, newest first, ties broken by id, the way the app pages a list. */
  async function page(after?: Row): Promise<Row[]> {
    let query = anon.from('publications').select('id,title,published_at').eq('published', true);
    if (after) {
      query = query
        .lte('published_at', after.published_at)
        .or(`published_at.lt.${after.published_at},and(published_at.eq.${after.published_at},id.lt.${after.id})`);
    }
    const { data, error } = await query.order('published_at', { ascending: false }).order('id', { ascending: false }).limit(4);
    expect(error).toBeNull();
    return data ?? [];
  }

  it('pages without gaps or repeats over equal timestamps (with fractions and +00:00), while newer rows arrive', async () => {
    // Three stories share one timestamp with microseconds: only the id orders them.
    await db.exec(`
      insert into public.publications (id, title, published, published_at) values
        ('aaaaaaaa-0000-4000-8000-000000000001', 'Tie 1', true, '2024-06-01T05:30:00.654321Z'),
        ('aaaaaaaa-0000-4000-8000-000000000002', 'Tie 2', true, '2024-06-01T05:30:00.654321Z'),
        ('aaaaaaaa-0000-4000-8000-000000000003', 'Tie 3', true, '2024-06-01T05:30:00.654321Z');
    `);
    const { data: all } = await anon.from('publications').select('id').eq('published', true).order('published_at', { ascending: false }).order('id', { ascending: false });
    const seen: Row[] = [];
    let last: Row | undefined;
    for (let n = 0; n < 10; n++) {
      const rows = await page(last);
      if (rows.length === 0) break;
      seen.push(...rows);
      last = rows[rows.length - 1];
      // A newer story published between two page loads must not shift the pages that follow.
      await db.exec(`insert into public.publications (title, published, published_at) values ('Breaking ${n}', true, now())`);
    }
    expect(seen.map((row) => row.id)).toEqual(((all ?? []) as { id: string }[]).map((row) => row.id));
    expect(new Set(seen.map((row) => row.id)).size).toBe(seen.length);
    expect(seen.map((row) => row.title).filter((title) => title.startsWith('Tie'))).toEqual(['Tie 3', 'Tie 2', 'Tie 1']);
  });
});

describe('rpc on functions returning rows: select, filters, order, paging, count, embedding', () => {
  beforeEach(seedFooStories);

  it('POSTs the arguments and applies select, order and limit with count=exact to the rows', async () => {
    const result = await anon
      .rpc('titles_matching', { pattern: 'Foo%' }, { count: 'exact' })
      .select('title,topics(slug)')
      .order('published_at', { ascending: false })
      .limit(3);
    expect(result.error).toBeNull();
    expect(result).toMatchObject({ status: 206, count: 15 });
    expect(result.data).toEqual([
      { title: 'Foo story 15', topics: { slug: 'esportes' } },
      { title: 'Foo story 14', topics: { slug: 'esportes' } },
      { title: 'Foo story 13', topics: { slug: 'esportes' } },
    ]);
  });

  it('GETs with the arguments in the query string, filters on result columns and counts after the filters', async () => {
    const result = await anon
      .rpc('ranked', { q: 'story', min_views: 3 }, { get: true, count: 'exact' })
      .select('title,rank')
      .gte('rank', 1)
      .order('rank', { ascending: false })
      .order('title', { ascending: true })
      .range(0, 1);
    expect(result.error).toBeNull();
    // views 3..15, rank = views % 3: ranks 1 or 2 for views 4,5,7,8,10,11,13,14 → 8 rows.
    expect(result).toMatchObject({ status: 206, count: 8 });
    expect(result.data).toEqual([
      { title: 'Foo story 05', rank: 2 },
      { title: 'Foo story 08', rank: 2 },
    ]);
  });

  it('sends the same Content-Range as a table read, 416 past the end, and counts with HEAD', async () => {
    const cases: [string, string, number, string][] = [
      ['/rpc/titles_matching?pattern=Foo%25&select=title&limit=3', 'count=exact', 206, '0-2/15'],
      ['/rpc/titles_matching?pattern=Foo%25&select=title', '', 200, '0-14/*'],
      ['/rpc/titles_matching?pattern=Nothing', 'count=exact', 200, '*/0'],
      ['/rpc/titles_matching?pattern=Foo%25&offset=20', 'count=exact', 416, '*/15'],
    ];
    for (const [path, prefer, status, range] of cases) {
      const response = await raw(path, { headers: prefer ? { prefer } : {} });
      expect({ path, status: response.status, range: response.headers.get('content-range') }).toEqual({ path, status, range });
    }
    const head = await anon.rpc('titles_matching', { pattern: 'Foo%' }, { head: true, count: 'exact' });
    expect(head).toMatchObject({ status: 200, count: 15, data: null, error: null });
  });

  it('answers an object for a function returning one row, and honours .single()', async () => {
    const stats = await anon.rpc('title_stats', { q: 'story' });
    expect(stats.data).toEqual({ total: 15, newest: '2024-06-01T15:00:00+00:00' });
    const single = await anon.rpc('titles_matching', { pattern: 'Foo story 07' }).select('title').single();
    expect(single.data).toEqual({ title: 'Foo story 07' });
    const none = await anon.rpc('titles_matching', { pattern: 'Nothing' }).select('title').single();
    expect(none.status).toBe(406);
    expect(none.error?.code).toBe('PGRST116');
  });

  it('applies row-level security inside a security invoker function: drafts stay hidden from anon', async () => {
    const anonRows = await anon.rpc('titles_matching', { pattern: 'Dra%' });
    expect(anonRows.data).toEqual([]);
    const editorRows = await editor.rpc('titles_matching', { pattern: 'Dra%' }).select('title');
    expect(editorRows.data).toEqual([{ title: 'Draft' }]);
  });

  it('answers 400 for an unknown column of the rows and 400 PGRST100 for a malformed GET filter', async () => {
    const unknown = await anon.rpc('ranked', { q: 'story' }).select('nope');
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('42703');
    const malformed = await raw('/rpc/ranked?q=not.sure');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { code: string }).code).toBe('PGRST100');
  });
});

describe('writes (docs/architecture.md §5)', () => {
  it('inserts, updates and deletes a topic with no Prefer: 201, 204, 204 and empty bodies', async () => {
    const inserted = await editor.from('topics').insert({ name: 'Cultura', slug: 'cultura' });
    expect(inserted).toMatchObject({ status: 201, data: null, error: null });
    const { data: row } = await editor.from('topics').select('id').eq('slug', 'cultura').single();
    const id = (row as { id: string }).id;

    const updated = await editor.from('topics').update({ name: 'Cultura e Lazer', slug: 'cultura-lazer' }).eq('id', id);
    expect(updated).toMatchObject({ status: 204, data: null, error: null });

    const deleted = await editor.from('topics').delete().eq('id', id);
    expect(deleted).toMatchObject({ status: 204, data: null, error: null });
    const after = await anon.from('topics').select('id').eq('id', id);
    expect(after.data).toEqual([]);
  });

  it('inserts a publication with .select().single() and returns the row with its defaults', async () => {
    const result = await editor
      .from('publications')
      .insert({ title: 'New', description: 'd', content: 'c', image_url: null, topic_id: LOCAL, published: false, author_id: EDITOR_ID })
      .select()
      .single();
    expect(result.status).toBe(201);
    expect(result.error).toBeNull();
    expect(result.data).toMatchObject({ title: 'New', views: 0, published: false, published_at: null, topic_id: LOCAL });
    expect((result.data as { id: string } | null)?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes, then deletes a publication', async () => {
    const published = await editor
      .from('publications')
      .update({ published: true, published_at: '2024-05-02T10:00:00.000Z' })
      .eq('id', DRAFT);
    expect(published).toMatchObject({ status: 204, error: null });
    const seen = await anon.from('publications').select('published_at').eq('id', DRAFT).single();
    expect(seen.data).toEqual({ published_at: '2024-05-02T10:00:00+00:00' });

    const deleted = await editor.from('publications').delete().eq('id', DRAFT);
    expect(deleted).toMatchObject({ status: 204, error: null });
    const gone = await editor.from('publications').select('id').eq('id', DRAFT);
    expect(gone.data).toEqual([]);
  });

  it('touches no hidden row: an anon update or delete of a draft is 204 and changes nothing', async () => {
    const deleted = await anon.from('publications').delete().eq('id', DRAFT);
    expect(deleted).toMatchObject({ status: 204, error: null });
    const still = await editor.from('publications').select('id').eq('id', DRAFT);
    expect(still.data).toHaveLength(1);
  });

  it('lets anon insert a media kit request without representation, but not read it back (401)', async () => {
    const minimal = await anon.from('media_kit_requests').insert({ name: 'Bob', email: 'bob@example.com' });
    expect(minimal).toMatchObject({ status: 201, data: null, error: null });

    const represented = await anon.from('media_kit_requests').insert({ name: 'Eve' }).select();
    expect(represented.status).toBe(401);
    expect(represented.error).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "media_kit_requests"',
      details: null,
      hint: null,
    });
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.media_kit_requests');
    expect(rows[0]?.n).toBe(1);
  });

  it('returns only the selected columns of a mutation, so a table granted column by column answers as a read', async () => {
    const updated = await editor.from('subscribers').update({ email: 'um@exemplo.com' }).eq('email', 'um@example.com').select('id,email').single();
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ email: 'um@exemplo.com' });
    const deleted = await editor.from('subscribers').delete().eq('email', 'dois@example.com').select('email');
    expect(deleted).toMatchObject({ status: 200, data: [{ email: 'dois@example.com' }] });
    // The token stays out of reach, written or read.
    const token = await editor.from('subscribers').update({ email: 'x@example.com' }).eq('email', 'um@exemplo.com').select('token');
    expect(token.error).toMatchObject({ code: '42501' });
  });

  it('rolls back a mutation whose .single() finds other than one row', async () => {
    const result = await editor.from('topics').update({ name: 'Same' }).ilike('slug', '*').select().single();
    expect(result.status).toBe(406);
    expect(result.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    const names = await anon.from('topics').select('name').order('name');
    expect(names.data).toEqual([{ name: 'Esportes' }, { name: 'Local' }]);
  });
});

describe('rpc (docs/architecture.md §5)', () => {
  it('increments views with 204 and no body', async () => {
    const result = await anon.rpc('increment_views', { publication_id: ARTICLE });
    expect(result).toMatchObject({ status: 204, data: null, error: null });
    const { data } = await anon.from('publications').select('views').eq('id', ARTICLE).single();
    expect(data).toEqual({ views: 8 });
  });

  it('returns a scalar, and a set of rows with a default argument left out', async () => {
    expect(await anon.rpc('published_count')).toMatchObject({ status: 200, data: 1 });
    const set = await anon.rpc('topics_like', { pattern: '%o%' });
    expect(set.data).toEqual([
      expect.objectContaining({ slug: 'esportes' }),
      expect.objectContaining({ slug: 'local' }),
    ]);
    const limited = await anon.rpc('topics_like', { pattern: '%', max: 1 });
    expect(limited.data).toHaveLength(1);
  });

  it('runs a STABLE function read-only and a raise as 400 P0001', async () => {
    const get = await anon.rpc('published_count', {}, { get: true });
    expect(get.data).toBe(1);
    const failed = await anon.rpc('always_fails', { reason: 'no' });
    expect(failed.status).toBe(400);
    expect(failed.error).toMatchObject({ code: 'P0001', message: 'refused: no' });
  });

  it('answers 404 PGRST202 for an unknown function or unknown argument names', async () => {
    const unknown = await anon.rpc('nope', { publication_id: ARTICLE });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.nope(publication_id) in the schema cache',
    });
    const wrongArgs = await anon.rpc('increment_views', { id: ARTICLE });
    expect(wrongArgs.error?.code).toBe('PGRST202');
  });
});

describe('other request forms the client produces (docs/architecture.md §5)', () => {
  it('parses neq, is, in with quoted values, and nulls ordering', async () => {
    await db.exec(`insert into public.topics (name, slug) values ('b,c', 'bc'), ('d e', 'de'), ('x(y)', 'xy')`);
    const inList = await anon.from('topics').select('slug').in('name', ['Local', 'b,c', 'd e', 'x(y)']).order('slug');
    expect(inList.data).toEqual([{ slug: 'bc' }, { slug: 'de' }, { slug: 'local' }, { slug: 'xy' }]);

    const result = await editor
      .from('publications')
      .select('id')
      .neq('title', 'x')
      .is('image_url', null)
      .not('topic_id', 'is', null)
      .order('published_at', { ascending: false, nullsFirst: false })
      .order('title', { ascending: true, nullsFirst: true });
    expect(result.data).toEqual([{ id: ARTICLE }, { id: DRAFT }]);

    const defaultNulls = await editor.from('publications').select('id').order('published_at', { ascending: false });
    expect(defaultNulls.data).toEqual([{ id: DRAFT }, { id: ARTICLE }]);
  });

  it('filters with is.true, ilike with %, and nested or/and', async () => {
    const result = await editor.from('publications').select('id').is('published', true).ilike('title', '%ell%');
    expect(result.data).toEqual([{ id: ARTICLE }]);

    const nested = await editor
      .from('publications')
      .select('id')
      .or(`and(published.eq.false,title.eq."Draft"),id.eq.${ARTICLE}`)
      .order('created_at');
    expect(nested.data).toEqual([{ id: ARTICLE }, { id: DRAFT }]);

    const negated = await editor.from('publications').select('id').or('not.and(published.eq.true,views.gt.5)');
    expect(negated.data).toEqual([{ id: DRAFT }]);
  });

  it('orders and limits inside an embed', async () => {
    const result = await anon
      .from('publications')
      .select('id, comments(body)')
      .eq('id', ARTICLE)
      .order('body', { referencedTable: 'comments', ascending: false })
      .limit(1, { referencedTable: 'comments' });
    expect(result.data).toEqual([{ id: ARTICLE, comments: [{ body: 'second' }] }]);
  });

  it('accepts the captured embedded order/limit request on a to-one embed', async () => {
    const result = await anon
      .from('publications')
      .select('id,topics(name)')
      .order('name', { referencedTable: 'topics', ascending: true })
      .limit(1, { referencedTable: 'topics' });
    expect(result.data).toEqual([{ id: ARTICLE, topics: { name: 'Local' } }]);
  });

  it('keeps only parents with a matching embedded row for !inner', async () => {
    await db.exec(`update public.publications set topic_id = '${SPORTS}' where id = '${DRAFT}'`);
    const result = await editor.from('publications').select('id, topics!inner(slug)').eq('topics.slug', 'esportes');
    expect(result.data).toEqual([{ id: DRAFT, topics: { slug: 'esportes' } }]);
  });

  it('answers but keeps nothing with Prefer: tx=rollback, and echoes Preference-Applied', async () => {
    const token = await userToken(EDITOR_ID, 'editor');
    const response = await raw('/topics?select=slug', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        prefer: 'return=representation, tx=rollback',
      },
      body: '{"name":"Tmp","slug":"tmp"}',
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual([{ slug: 'tmp' }]);
    expect(response.headers.get('preference-applied')).toBe('return=representation, tx=rollback');
    const after = await anon.from('topics').select('id').eq('slug', 'tmp');
    expect(after.data).toEqual([]);
  });

  it('upserts: 201 when it inserts, 200 when it only updates', async () => {
    const updated = await editor.from('topics').upsert({ id: LOCAL, name: 'Local News', slug: 'local' });
    expect(updated).toMatchObject({ status: 200, error: null });
    const inserted = await editor.from('topics').upsert({ id: '77777777-7777-4777-8777-777777777777', name: 'New', slug: 'new' });
    expect(inserted).toMatchObject({ status: 201, error: null });
    const names = await anon.from('topics').select('name').order('name');
    expect(names.data).toEqual([{ name: 'Esportes' }, { name: 'Local News' }, { name: 'New' }]);
  });

  it('upserts on another unique column with on_conflict and returns the rows', async () => {
    const result = await editor
      .from('topics')
      .upsert([{ name: 'Renamed', slug: 'local' }], { onConflict: 'slug' })
      .select('id, name');
    expect(result.data).toEqual([{ id: LOCAL, name: 'Renamed' }]);
  });

  it('bulk-inserts with columns=: missing keys are NULL, or the default with missing=default', async () => {
    const nulls = await editor.from('publications').insert([{ title: 'A', views: 3 }, { title: 'B' }]).select('title, views');
    expect(nulls.error).toMatchObject({ code: '23502' });
    expect(nulls.status).toBe(400);

    const defaults = await editor
      .from('publications')
      .insert([{ title: 'A', views: 3 }, { title: 'B' }], { defaultToNull: false })
      .select('title, views');
    expect(defaults.error).toBeNull();
    expect(defaults.data).toEqual([
      { title: 'A', views: 3 },
      { title: 'B', views: 0 },
    ]);
  });

  it('returns the changed rows of update().select() and delete().select() with 200', async () => {
    const updated = await editor.from('topics').update({ name: 'Z' }).eq('id', LOCAL).select('*');
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([expect.objectContaining({ id: LOCAL, name: 'Z', slug: 'local' })]);
    const deleted = await editor.from('topics').delete().eq('id', SPORTS).select('id');
    expect(deleted).toMatchObject({ status: 200, data: [{ id: SPORTS }] });
  });
});

describe('errors (docs/architecture.md §5)', () => {
  it('denies an anonymous write with 401 and WWW-Authenticate, an authenticated one with 403', async () => {
    const asAnon = await anon.from('topics').insert({ name: 'x', slug: 'x' });
    expect(asAnon.status).toBe(401);
    expect(asAnon.error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "topics"' });
    const response = await raw('/topics', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x","slug":"x"}' });
    expect(response.headers.get('www-authenticate')).toBe('Bearer');

    const asReader = await reader.from('topics').insert({ name: 'x', slug: 'x' });
    expect(asReader.status).toBe(403);
    expect(asReader.error?.code).toBe('42501');
  });

  it('maps unique and foreign-key violations to 409', async () => {
    const duplicate = await editor.from('topics').insert({ name: 'Local', slug: 'local' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error).toMatchObject({ code: '23505', message: 'duplicate key value violates unique constraint "topics_slug_key"' });
    const orphan = await editor.from('publications').insert({ title: 'x', topic_id: '99999999-9999-4999-8999-999999999999' });
    expect(orphan.status).toBe(409);
    expect(orphan.error?.code).toBe('23503');
  });

  it('answers 400 for bad input: invalid uuid, check violation, unparsable filter', async () => {
    const badUuid = await anon.from('publications').select('id').eq('id', 'undefined');
    expect(badUuid.status).toBe(400);
    expect(badUuid.error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type uuid: "undefined"' });

    const check = await editor.from('publications').insert({ title: '' });
    expect(check).toMatchObject({ status: 400, error: { code: '23514' } });

    const response = await raw('/publications?id=foo.1');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'PGRST100', message: 'failed to parse filter (foo.1)' });

    const emptyBody = await raw('/topics', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    expect(emptyBody.status).toBe(400);
    expect(((await emptyBody.json()) as { code: string }).code).toBe('PGRST102');
  });

  it('answers for unknown tables, columns and relationships', async () => {
    const table = await anon.from('nope').select('*');
    expect(table.status).toBe(404);
    expect(table.error).toEqual({
      code: 'PGRST205',
      details: null,
      hint: null,
      message: "Could not find the table 'public.nope' in the schema cache",
    });

    const column = await anon.from('topics').select('id, nope');
    expect(column).toMatchObject({ status: 400, error: { code: '42703', message: 'column topics.nope does not exist' } });

    const filter = await anon.from('topics').select('id').eq('nope', 1);
    expect(filter.error?.code).toBe('42703');

    const body = await editor.from('topics').insert({ name: 'x', slug: 'x', nope: 1 });
    expect(body).toMatchObject({
      status: 400,
      error: { code: 'PGRST204', message: "Could not find the 'nope' column of 'topics' in the schema cache" },
    });

    const relation = await anon.from('topics').select('id, nope(id)');
    expect(relation).toMatchObject({
      status: 400,
      error: { code: 'PGRST200', message: "Could not find a relationship between 'topics' and 'nope' in the schema cache" },
    });
  });

  it('rejects bad and expired JWTs with 401 before touching the database', async () => {
    const forged = client(await signJwt({ role: 'authenticated', sub: READER_ID }, 'another-secret-another-secret-another-secret'));
    const bad = await forged.from('topics').select('id');
    expect(bad.status).toBe(401);
    expect(bad.error?.code).toBe('PGRST301');

    const expired = client(await userToken(READER_ID, undefined, -60));
    const old = await expired.from('topics').select('id');
    expect(old.status).toBe(401);
    expect(old.error).toEqual({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' });

    const response = await raw('/topics', { headers: { authorization: `Bearer ${await userToken(READER_ID, undefined, -60)}` } });
    expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="JWT expired"');
  });

  it('answers a PostgREST-shaped 404 for an unknown route, and never a 5xx for expected errors', async () => {
    const response = await raw('/topics/extra/segments');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'PGRST125' });
  });

  it('answers 405 for a volatile function called with GET (read-only transaction) and for PUT', async () => {
    const response = await raw('/rpc/increment_views?publication_id=' + ARTICLE);
    expect(response.status).toBe(405);
    expect(((await response.json()) as { code: string }).code).toBe('25006');
    const put = await raw('/topics', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(put.status).toBe(405);
  });

  it('sees a table created after the router was built', async () => {
    await db.exec(`create table public.late (id int primary key); insert into public.late values (1);`);
    const result = await anon.from('late').select('id');
    expect(result.data).toEqual([{ id: 1 }]);
    await db.exec('drop table public.late');
    await router.reloadSchema();
  });
});
