// npm run bench:scale, the audience part (issue 38, docs/decisions/0053): the 'Audiência' screen's queries at a year of
// daily aggregates for 20,000 stories, on PostgreSQL, each within 200 ms at the 95th percentile.
//
// Seeds, in a throwaway database: 20,000 published stories spread over the last 365 days (about 55 a day); each read
// for its first 14 days from 4 of the 12 sources on a device each (views falling with age: 1.1 million rows of
// public.audience_days), the home and topic pages by every source and device each day, each story page's and the
// site's daily readers, a year of Web Vitals histograms (20 bins per page type, device and metric), a digest send and
// unsubscribes a day, and 5,000 reader marks over the last 48 hours. It then times every reading function over HTTP
// with real supabase-js as the local administrator, prints p50/p95 beside the load average, prints the scans of each
// plan (auto_explain, nested statements), and fails on a p95 over the budget or a sequential scan of the audience
// tables or the marks.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { createFreshDatabase } from '../tests/support/fresh-database.ts';
import { startLocalSupabase, type LocalSupabase } from '../local-supabase/src/server.ts';
import type { Database } from '../src/types/database.ts';
import { SAMPLES, timeQuery, type TimedQuery } from './bench-timing.ts';

export const AUDIENCE_STORIES = 20_000;
export const AUDIENCE_BUDGET_P95_MS = 200;

const SEED_SQL = `
do $seed$
declare
  today constant date := private.sao_paulo_date(now());
  topics uuid[] := (select array_agg(id order by slug) from public.topics);
  sources text[] := array['whatsapp', 'facebook', 'instagram', 'x', 'google-search', 'google-discover', 'google-news',
                          'search', 'digest', 'campaign', 'site', 'direct'];
  devices text[] := array['mobile', 'desktop', 'tablet'];
begin
  -- 20,000 stories, about 55 a day over the last 365 days; a third unsigned.
  insert into public.publications (title, description, content, published, published_at, topic_id, created_at, updated_at)
  select 'Matéria ' || n || ' de Porto Ferreira', 'Resumo ' || n, '<p>Texto da matéria ' || n || '.</p>', true,
         ((today - 364 + (n * 365 / ${AUDIENCE_STORIES})::integer)::timestamp + interval '9 hours') at time zone 'America/Sao_Paulo',
         topics[1 + n % array_length(topics, 1)], now(), now()
    from generate_series(0, ${AUDIENCE_STORIES - 1}) as n;
  update public.publications set byline = 'Repórter ' || (abs(hashtext(id::text)) % 12) where abs(hashtext(id::text)) % 3 > 0;

  create temporary table story_days on commit drop as
  select p.id, row_number() over (order by p.published_at, p.id) as n,
         (p.published_at at time zone 'America/Sao_Paulo')::date + age as day, age
    from public.publications p, generate_series(0, 13) as age
   where (p.published_at at time zone 'America/Sao_Paulo')::date + age <= today;

  -- Each story-day: 4 sources, one device each; views fall with the story's age; depth and visible time follow.
  insert into public.audience_days (day, path, page_type, publication_id, source, source_host, campaign, device, views,
                                    readers, read_25, read_50, read_75, read_100, visible_seconds)
  select d.day, '/noticia/' || d.id, 'article', d.id, src.source, '', case when src.source = 'digest' then 'resumo-' || d.day else '' end,
         devices[1 + k % 3], v.views, (v.views * 0.8)::integer, (v.views * 0.8)::integer, (v.views * 0.6)::integer,
         (v.views * 0.4)::integer, (v.views * 0.2)::integer, v.views * 45
    from story_days d, generate_series(0, 3) as k,
         lateral (select sources[1 + ((d.n + k * 3) % 12)] as source) src,
         lateral (select greatest(1, (240 / (d.age + 1) / (k + 1))::integer) as views) v
   -- In the order the days come, as the beacon's function writes them: a day's rows sit together, as on a live site.
   order by d.day;

  -- The home and topic pages: every source and device, every day.
  insert into public.audience_days (day, path, page_type, source, device, views, readers)
  select today - back, page.path, page.kind, source, device, 50 + back % 40, 30 + back % 20
    from generate_series(0, 364) as back, unnest(sources) as source, unnest(devices) as device,
         (values ('/', 'home'), ('/topic/local', 'topic'), ('/topic/politica', 'topic')) as page(path, kind);

  insert into public.audience_page_readers (day, path, readers)
  select d.day, '/noticia/' || d.id, 300 / (d.age + 1) from story_days d;
  insert into public.audience_page_readers (day, path, readers)
  select today - back, page, 2000 + back % 300 from generate_series(0, 364) as back, unnest(array['', '/', '/topic/local', '/topic/politica']) as page;

  -- Web Vitals: 20 bins per page type, device and metric, every day.
  insert into public.audience_vitals_days (day, page_type, device, metric, bucket, samples)
  select today - back, page_type, device, metric,
         case metric when 'CLS' then bin * 0.025 when 'INP' then bin * 50 else bin * 250 end, 1 + (bin * 7 + back) % 13
    from generate_series(0, 364) as back, unnest(array['home', 'article', 'topic', 'search', 'obituaries', 'jobs']) as page_type,
         unnest(devices) as device, unnest(array['LCP', 'INP', 'CLS']) as metric, generate_series(1, 20) as bin;

  -- The digest: a send a day and a few readers leaving it.
  insert into public.newsletter_sends (digest_date, scheduled, state, stories_since, stories_until, story_count, recipient_count,
                                       sent_count, failed_count, started_at, finished_at)
  select today - back, true, 'enviado', now() - (back + 1) * interval '1 day', now() - back * interval '1 day', 12, 900, 897, 3,
         now() - back * interval '1 day', now() - back * interval '1 day'
    from generate_series(1, 364) as back;
  insert into public.newsletter_unsubscribe_days (day, unsubscribes) select today - back, back % 4 from generate_series(0, 364) as back;

  -- Reader marks over the last 48 hours (what 'readers now' counts the last 5 minutes of).
  insert into private.audience_marks (day, reader_hash, path, source, device, first_seen_at, last_seen_at)
  select today, md5(n::text), '/', 'direct', 'mobile', now() - (n % 2880) * interval '1 minute', now() - (n % 2880) * interval '1 minute'
    from generate_series(1, 5000) as n;
end
$seed$;`;

type AudienceClient = ReturnType<typeof createClient<Database>>;

type Scenario = TimedQuery;

function scenarios(client: AudienceClient, story: string, list: string[]): Scenario[] {
  const periodic = (['audience_totals', 'audience_top_stories', 'audience_topics', 'audience_authors', 'audience_sources_by_day', 'audience_digest', 'audience_vitals'] as const).flatMap((fn) =>
    ([1, 7, 30] as const).map((days) => ({ name: `${fn} (${days === 1 ? 'today' : `${days} days`})`, run: () => client.rpc(fn, { days }) })),
  );
  return [
    { name: 'audience_readers_now', run: () => client.rpc('audience_readers_now') },
    ...periodic,
    { name: 'audience_story (30 days)', run: () => client.rpc('audience_story', { story, days: 30 }) },
    { name: 'audience_story_list (25 stories)', run: () => client.rpc('audience_story_list', { stories: list }) },
  ];
}

/** The scans of every statement one function call runs as the administrator (auto_explain, nested statements). */
async function scansOf(databaseUrl: string, adminId: string, sql: string, params: unknown[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl, options: '-c timezone=UTC' });
  await client.connect();
  const plans: string[] = [];
  client.on('notice', (notice: { message?: string }) => {
    if (notice.message?.includes('plan:')) plans.push(notice.message);
  });
  try {
    await client.query(`load 'auto_explain'`);
    await client.query(
      `set auto_explain.log_min_duration = 0; set auto_explain.log_nested_statements = on; set auto_explain.log_analyze = on;
       set auto_explain.log_timing = off; set client_min_messages = log`,
    );
    await client.query('begin');
    await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ role: 'authenticated', sub: adminId }),
    ]);
    await client.query(sql, params);
    await client.query('rollback');
  } finally {
    await client.end();
  }
  return plans.flatMap((plan) => plan.split('\n').filter((line) => /Scan/.test(line)).map((line) => line.replace(/\s+\(cost=.*$/, '').trim()));
}

const SQL_OF: Record<string, (story: string, list: string[]) => [string, unknown[]]> = {
  audience_readers_now: () => ['select public.audience_readers_now()', []],
  'audience_story (30 days)': (story) => ['select * from public.audience_story($1, 30)', [story]],
  'audience_story_list (25 stories)': (_story, list) => ['select * from public.audience_story_list($1::uuid[])', [list]],
};

export interface AudienceBenchResult {
  failures: string[];
}

/** Runs the audience part against a PostgreSQL server (DATABASE_URL): seeds, times, explains, and says what failed. */
export async function benchAudience(serverUrl: string): Promise<AudienceBenchResult> {
  const fresh = await createFreshDatabase(serverUrl);
  let backend: LocalSupabase | null = null;
  let server: Server | null = null;
  const failures: string[] = [];
  try {
    console.info(`\n[audience] starting the backend (migrations, seed)…`);
    backend = await startLocalSupabase({ dataDir: null, databaseUrl: fresh.databaseUrl, quiet: true });
    const started = performance.now();
    await backend.db.exec(SEED_SQL);
    // What autovacuum does on a live database (statistics, the visibility map), then the bulk load's pages written.
    await backend.db.exec('vacuum analyze');
    await backend.db.exec('checkpoint');
    const { rows } = await backend.db.query<{ days: number; readers: number; vitals: number }>(
      `select (select count(*)::integer from public.audience_days) as days, (select count(*)::integer from public.audience_page_readers) as readers,
              (select count(*)::integer from public.audience_vitals_days) as vitals`,
    );
    console.info(
      `[audience] seeded ${AUDIENCE_STORIES.toLocaleString('en')} stories, ${rows[0]!.days.toLocaleString('en')} daily rows, ` +
        `${rows[0]!.readers.toLocaleString('en')} page-reader rows, ${rows[0]!.vitals.toLocaleString('en')} Web Vitals bins in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const localBackend = backend;
    server = createServer((req, res) => void localBackend.handler(req, res));
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = createClient<Database>(url, backend.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const signIn = await client.auth.signInWithPassword({ email: backend.adminEmail, password: backend.adminPassword });
    if (!signIn.data.user) throw new Error(`admin sign-in failed: ${signIn.error?.message ?? 'no user'}`);
    const stories = await backend.db.query<{ id: string }>(
      `select publication_id as id from public.audience_days where publication_id is not null and day = private.sao_paulo_date(now()) - 3 group by 1 limit 25`,
    );
    const list = stories.rows.map((row) => row.id);
    const story = list[0]!;

    const load: [number, number] = [loadavg()[0] ?? 0, 0];
    const timings: { name: string; p50: number; p95: number }[] = [];
    for (const scenario of scenarios(client, story, list)) timings.push({ name: scenario.name, ...(await timeQuery(scenario)) });
    load[1] = loadavg()[0] ?? 0;

    const width = Math.max(...timings.map((t) => t.name.length));
    console.info(`\nAudience on PostgreSQL, a year of daily aggregates for ${AUDIENCE_STORIES.toLocaleString('en')} stories: p50 / p95 over ${SAMPLES} requests each (HTTP, supabase-js, loopback)`);
    console.info(`load average ${load[0].toFixed(2)} before, ${load[1].toFixed(2)} after the timings, on ${cpus().length} cores`);
    for (const t of timings) {
      console.info(`${t.name.padEnd(width)} | ${t.p50.toFixed(1).padStart(7)} / ${t.p95.toFixed(1).padStart(7)} ms`);
      if (t.p95 > AUDIENCE_BUDGET_P95_MS) failures.push(`audience: ${t.name} p95 ${t.p95.toFixed(1)} ms > ${AUDIENCE_BUDGET_P95_MS} ms`);
    }

    console.info('\nAudience plans (auto_explain, nested statements, scans only; 30 days)');
    const adminId = signIn.data.user.id;
    const explained: [string, string, unknown[]][] = [
      ...['audience_totals', 'audience_top_stories', 'audience_topics', 'audience_authors', 'audience_sources_by_day', 'audience_vitals'].map(
        (fn): [string, string, unknown[]] => [`${fn} (30 days)`, `select * from public.${fn}(30)`, []],
      ),
      ['audience_digest (30 days)', 'select public.audience_digest(30)', []],
      ...Object.entries(SQL_OF).map(([name, sqlFor]): [string, string, unknown[]] => [name, ...sqlFor(story, list)]),
    ];
    for (const [name, sql, params] of explained) {
      const scans = await scansOf(fresh.databaseUrl!, adminId, sql, params);
      console.info(`- ${name}`);
      for (const line of scans) console.info(`    ${line}`);
      const sequential = scans.filter((line) => /Seq Scan on (audience_days|audience_page_readers|audience_vitals_days|audience_marks|publications)\b/.test(line));
      if (sequential.length > 0) failures.push(`audience: ${name} reads with a sequential scan (${sequential.join('; ')})`);
    }
  } finally {
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((done) => server!.close(() => done()));
    }
    await backend?.close();
    await fresh.drop();
  }
  return { failures };
}
