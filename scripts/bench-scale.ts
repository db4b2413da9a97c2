// npm run bench:scale — how the reader and admin list queries scale to 100,000 publications.
//
// Seeds 1,000, then 10,000, then 100,000 publications (with 100, 1,000, 10,000 obituaries) into a throwaway database,
// on PostgreSQL (DATABASE_URL, which `npm run bench:scale` gets from scripts/with-postgres.sh) and on in-memory PGlite.
// At each size it times every list query through the local backend over HTTP with real supabase-js (loopback only),
// and prints p50/p95. On PostgreSQL it also prints the plans of every statement a query runs (auto_explain, nested
// statements of the search functions included) and exits non-zero if one reads publications with a sequential scan
// or if a p95 at 100,000 is over the budget.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { SAMPLES, timeQuery, type Timing } from './bench-timing.ts';
import { createFreshDatabase, type FreshDatabase } from '../tests/support/fresh-database.ts';
import type { Database } from '../local-supabase/src/db/database.ts';
import { buildRead, buildRpc, type SqlQuery } from '../local-supabase/src/rest/build-sql.ts';
import { parsePrefer, wantsSingular } from '../local-supabase/src/rest/parse-headers.ts';
import { parseQuery, splitRpcParams } from '../local-supabase/src/rest/parse-query.ts';
import { planRead, planRpc, requireTable } from '../local-supabase/src/rest/plan.ts';
import { loadSchemaCache, type SchemaCache } from '../local-supabase/src/rest/schema-cache.ts';
import { startLocalSupabase, type LocalSupabase } from '../local-supabase/src/server.ts';
import { publishedDescending } from '../src/services/published-list.ts';
import type { Database as AppDatabase } from '../src/types/database.ts';
import { AUDIENCE_BUDGET_P95_MS, benchAudience } from './bench-scale-audience.ts';

/** BENCH_LEVELS=1000,10000 runs smaller sizes (a quick check); the budget applies to the largest size run. */
/** BENCH_PARTS=audience runs only the audience screen's part (scripts/bench-scale-audience.ts), lists only the lists'. */
const PARTS = (process.env.BENCH_PARTS ?? 'lists,audience').split(',');
const LEVELS: number[] = (process.env.BENCH_LEVELS ?? '1000,10000,100000').split(',').map(Number).filter((n) => n > 0);
const OBITUARIES_PER_PUBLICATION = 0.1;
const BUDGET_P95_MS = 25;
/** The whole run stops here, whatever it is doing. */
const TIME_LIMIT_MS = 45 * 60_000;
const PAGE = 24;
/** src/features/reader/home/home-page.tsx HOME_SECTION_SIZE. */
const HOME_SECTION = 6;
const SUMMARY_COLUMNS = 'id,title,description,image_url,published_at,views,author_id,topics(id,name,slug)';
const OBITUARY_COLUMNS = 'id,name,age,death_date,biography,family,funeral_location,funeral_time,photo_url,published,created_at';
const ADMIN_COLUMNS = 'id,title,published,published_at,created_at,updated_at,views,topic_id,author_id,topics(name)';
const COMMON_TERM = 'saude';
const RARE_TERM = 'quilombola';
const ADMIN_TERM = 'ponte';

// ---------------------------------------------------------------------------------------------------------------
// Types of the search functions (what src/types/database.ts will declare for the app).

type PublicationRow = AppDatabase['public']['Tables']['publications']['Row'] & { search_vector: string };
type ObituaryRow = AppDatabase['public']['Tables']['obituaries']['Row'];
interface SearchRow {
  id: string;
  title: string;
  published_at: string;
  rank: number;
  excerpt: string | null;
}
type BenchDatabase = {
  public: Omit<AppDatabase['public'], 'Functions'> & {
    Functions: AppDatabase['public']['Functions'] & {
      search_publications: { Args: { q?: string; page_size?: number }; Returns: SearchRow[] };
      search_publications_count: { Args: { q?: string }; Returns: { total: number; exact: boolean } };
      search_obituaries: { Args: { q?: string; page_size?: number }; Returns: ObituaryRow[] };
      search_publication_titles: {
        Args: { q?: string; page_size?: number; after_created_at?: string; after_id?: string };
        Returns: PublicationRow[];
      };
    };
  };
};
type BenchClient = SupabaseClient<BenchDatabase>;

// ---------------------------------------------------------------------------------------------------------------
// Seed data: Portuguese local news from word lists, deterministic (picked by a hash of the row number).

const WORDS: Record<string, string[]> = {
  subject: ['Prefeitura', 'Câmara Municipal', 'Secretaria de Saúde', 'Escola estadual', 'Polícia Militar', 'Defesa Civil',
    'Associação comercial', 'Time de futsal', 'Hospital municipal', 'Cooperativa de cerâmica', 'Moradores do Jardim Aeroporto',
    'Produtores rurais', 'Biblioteca pública', 'Conselho tutelar', 'Corpo de Bombeiros', 'Orquestra municipal', 'Santa Casa',
    'Fundo Social', 'Guarda Civil', 'Sindicato do comércio'],
  verb: ['anuncia', 'inaugura', 'discute', 'aprova', 'recebe', 'amplia', 'suspende', 'lança', 'promove', 'investiga',
    'reforma', 'celebra', 'cancela', 'adia', 'organiza', 'conquista', 'critica', 'defende'],
  object: ['novo projeto de iluminação', 'campanha de vacinação', 'reforma da praça central', 'obras na ponte do rio Mogi-Guaçu',
    'festival de cerâmica', 'mutirão de limpeza', 'programa de empregos', 'licitação do transporte escolar', 'torneio regional',
    'curso gratuito de informática', 'plano de saneamento', 'feira de artesanato', 'orçamento do próximo ano', 'coleta seletiva',
    'nova unidade básica de saúde', 'recapeamento de avenidas', 'atendimento noturno', 'concurso público',
    'semana do meio ambiente', 'programa de castração de animais'],
  place: ['no centro', 'no bairro Porto Velho', 'na zona rural', 'no Jardim Aeroporto', 'na Vila Maria', 'em Porto Ferreira',
    'na região', 'no distrito industrial', 'às margens do rio', 'no Parque Ecológico', 'na Avenida Brasil', 'no Jardim Anésia'],
  sentence: [
    'Segundo a assessoria, o investimento previsto é de R$ 450 mil, com recursos do governo estadual.',
    'Os moradores podem tirar dúvidas pelo telefone da ouvidoria, de segunda a sexta-feira.',
    'A expectativa é que os trabalhos terminem antes do início das chuvas de verão.',
    'O vereador autor do pedido afirmou que a comunidade aguardava a medida havia anos.',
    'A população deve levar documento com foto e comprovante de endereço.',
    'A equipe técnica vai percorrer os bairros para ouvir as sugestões dos comerciantes.',
    'O trânsito na região será desviado durante a semana, com sinalização e agentes no local.',
    'A diretoria da entidade agradeceu o apoio dos voluntários e dos patrocinadores.',
    'Em nota, a administração informou que o cronograma pode mudar conforme o clima.',
    'A atividade é gratuita e aberta a todas as idades, com inscrições pela internet.',
    'O atendimento acontece das 8h às 17h, inclusive aos sábados pela manhã.',
    'Especialistas ouvidos pela reportagem lembram que a prevenção continua sendo o melhor caminho.',
    'A cidade tem cerca de 56 mil habitantes e fica a 230 quilômetros da capital.',
    'O evento deve atrair visitantes de municípios vizinhos, como Santa Rita e Descalvado.',
    'Comerciantes relatam aumento do movimento desde o começo do mês.',
    'A secretaria reforçou que o calendário completo está disponível no site oficial.',
    'Pais e responsáveis participaram da reunião no auditório da escola.',
    'A obra faz parte de um pacote de melhorias anunciado no início do ano.',
    'Os atletas treinam três vezes por semana no ginásio municipal.',
    'A campanha segue até o fim do mês e a meta é atingir noventa por cento do público.',
    'Motoristas devem redobrar a atenção nos cruzamentos próximos às escolas.',
    'O projeto ainda precisa passar por duas votações antes de ir à sanção.',
    'Artesãos da cerâmica, tradição da cidade, expõem peças na estação ferroviária.',
    'Quem tiver interesse pode se inscrever na sede da entidade, na rua principal.',
  ],
  first: ['João', 'Maria', 'José', 'Ana', 'Antônio', 'Francisca', 'Luís', 'Conceição', 'Sebastião', 'Aparecida', 'Benedito',
    'Luzia', 'Geraldo', 'Terezinha', 'Irineu', 'Cecília', 'Joaquim', 'Helena', 'Olavo', 'Lúcia'],
  last: ['Silva', 'Souza', 'Oliveira', 'Gonçalves', 'Pereira', 'Rodrigues', 'Almeida', 'Conceição', 'Galvão', 'Araújo',
    'Brandão', 'Lemos', 'Camargo', 'Moraes', 'Bueno', 'Prado', 'Lacerda', 'Simões', 'Toledo', 'Ribeiro'],
};

const sqlArray = (items: string[]) => `array[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

/** Helper functions in a `bench` schema of the throwaway database: bulk inserts are one `insert ... select`. */
function seedFunctionsSql(): string {
  const words = (kind: string) => sqlArray(WORDS[kind] ?? []);
  return `
create schema if not exists bench;
create or replace function bench.pick(arr text[], n bigint, salt int) returns text language sql immutable as $$
  select arr[1 + (abs(hashint8(n * 1000003 + salt)) % array_length(arr, 1))]
$$;
create or replace function bench.num(n bigint, salt int, modulo bigint) returns bigint language sql immutable as $$
  select abs(hashint8(n * 7919 + salt)) % modulo
$$;
-- Publications number lo..hi: 97% published, dates spread over 2016-2026, one topic of eight, body of ~12 sentences.
-- One in 997 mentions a quilombola community (the rare word).
create or replace function bench.seed_publications(lo bigint, hi bigint) returns void language plpgsql as $f$
declare
  s text[] := ${words('subject')};
  v text[] := ${words('verb')};
  o text[] := ${words('object')};
  p text[] := ${words('place')};
  t text[] := ${words('sentence')};
  topics uuid[] := (select array_agg(id order by slug) from public.topics);
begin
  insert into public.publications (title, description, content, published, published_at, views, topic_id, created_at, updated_at)
  select
    bench.pick(s, n, 1) || ' ' || bench.pick(v, n, 2) || ' ' || bench.pick(o, n, 3) || ' ' || bench.pick(p, n, 4),
    bench.pick(t, n, 5) || ' ' || bench.pick(t, n, 6),
    '<p>' || bench.pick(s, n, 11) || ' ' || bench.pick(v, n, 12) || ' ' || bench.pick(o, n, 13) || ' ' || bench.pick(p, n, 14)
      || '. ' || bench.pick(t, n, 15) || ' ' || bench.pick(t, n, 16) || ' ' || bench.pick(t, n, 17) || '</p><h2>'
      || bench.pick(o, n, 18) || '</h2><p>' || bench.pick(t, n, 19) || ' <strong>' || bench.pick(t, n, 20) || '</strong> '
      || bench.pick(t, n, 21) || ' ' || bench.pick(t, n, 22) || '</p><p>' || bench.pick(t, n, 23) || ' ' || bench.pick(t, n, 24)
      || case when n % 997 = 0 then ' A comunidade quilombola recebeu a visita de pesquisadores.' else '' end
      || ' ' || bench.pick(t, n, 25) || '</p>',
    x.pub,
    case when x.pub then x.at end,
    bench.num(n, 30, 5000),
    topics[1 + bench.num(n, 31, array_length(topics, 1))],
    x.at - interval '2 hours',
    x.at
  from generate_series(lo, hi) as n
  cross join lateral (
    select bench.num(n, 40, 100) >= 3 as pub,
           timestamptz '2016-01-01 00:00:00-03' + bench.num(n, 41, 340000000) * interval '1 second' as at
  ) x;
end
$f$;
create or replace function bench.seed_obituaries(lo bigint, hi bigint) returns void language plpgsql as $f$
declare
  f text[] := ${words('first')};
  l text[] := ${words('last')};
begin
  insert into public.obituaries (name, age, death_date, funeral_location, funeral_time, published)
  select bench.pick(f, n, 1) || ' ' || bench.pick(l, n, 2) || ' ' || bench.pick(l, n, 3),
         40 + bench.num(n, 4, 60), date '2016-01-01' + bench.num(n, 5, 3900)::int, 'Velório Municipal', '10h',
         bench.num(n, 6, 100) >= 3
  from generate_series(lo, hi) as n;
end
$f$;`;
}

async function countOf(db: Database, table: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from public.${table}`);
  return rows[0]?.n ?? 0;
}

/** Tops the database up to `publications` rows (and a tenth as many obituaries), then refreshes statistics. */
async function growTo(db: Database, publications: number): Promise<void> {
  const have = await countOf(db, 'publications');
  if (publications > have) await db.query('select bench.seed_publications($1, $2)', [have + 1, publications]);
  const obituaries = Math.round(publications * OBITUARIES_PER_PUBLICATION);
  const haveObituaries = await countOf(db, 'obituaries');
  if (obituaries > haveObituaries) await db.query('select bench.seed_obituaries($1, $2)', [haveObituaries + 1, obituaries]);
  // What autovacuum does on a live database: statistics, and the visibility map that index-only scans need.
  await db.exec('vacuum analyze');
  // Write the bulk load's dirty pages now rather than while requests are timed (PGlite has no checkpointer to wait on).
  if (db.kind === 'postgres') await db.exec('checkpoint');
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

interface Recorded {
  method: string;
  url: URL;
  body: string;
  prefer: string | null;
  accept: string | null;
}

interface Scenario {
  name: string;
  who: 'anon' | 'admin';
  run: () => PromiseLike<{ error: { message: string } | null }>;
}

/** A supabase-js client whose requests are recorded, so each one's SQL can be explained afterwards. */
function recordingClient(url: string, anonKey: string, log: Recorded[], token?: string): BenchClient {
  const recordingFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    log.push({
      method: request.method,
      url: new URL(request.url),
      body: typeof init?.body === 'string' ? init.body : '',
      prefer: request.headers.get('prefer'),
      accept: request.headers.get('accept'),
    });
    return fetch(input, init);
  };
  return createClient<BenchDatabase>(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: recordingFetch, ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}) },
  });
}

interface Cursor {
  at: string;
  id: string;
}

/** The (date, id) of the row that starts the last page of an ordering, so the last page is read by keyset. */
async function lastPageCursor(db: Database, sql: string, params: unknown[]): Promise<Cursor> {
  const { rows } = await db.query<{ at: string; id: string }>(sql, params);
  const row = rows[0];
  if (!row) throw new Error(`no cursor for ${sql}`);
  return { at: row.at, id: row.id };
}

/** `after` as the app sends it: a bound on the date (an index range) and the exact keyset condition. */
const keyset = (column: string, cursor: Cursor) =>
  `${column}.lt.${cursor.at},and(${column}.eq.${cursor.at},id.lt.${cursor.id})`;

async function scenarios(db: Database, anon: BenchClient, admin: BenchClient): Promise<Scenario[]> {
  const local = (await db.query<{ id: string }>(`select id from public.topics where slug = 'local'`)).rows[0]?.id ?? '';
  // Timestamps as PostgREST prints them (ISO with offset), which is what a client copies from the previous page.
  const iso = `to_char(%s at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"')`;
  const topicLast = await lastPageCursor(
    db,
    `select ${iso.replace('%s', 'published_at')} as at, id from public.publications where published and topic_id = $1
      order by published_at desc, id desc offset greatest((select count(*) from public.publications where published and topic_id = $1) - $2, 0) limit 1`,
    [local, PAGE + 1],
  );
  const obituaryLast = await lastPageCursor(
    db,
    `select death_date::text as at, id from public.obituaries where published order by death_date desc, id desc
      offset greatest((select count(*) from public.obituaries where published) - $1, 0) limit 1`,
    [PAGE + 1],
  );
  const adminLast = await lastPageCursor(
    db,
    `select ${iso.replace('%s', 'created_at')} as at, id from public.publications order by created_at desc, id desc
      offset greatest((select count(*) from public.publications) - $1, 0) limit 1`,
    [PAGE + 1],
  );
  const adminSearchLast = await lastPageCursor(
    db,
    `select ${iso.replace('%s', 'created_at')} as at, id from public.publications where private.unaccent_lower(title) like $1
      order by created_at desc, id desc
      offset greatest((select count(*) from public.publications where private.unaccent_lower(title) like $1) - $2, 0) limit 1`,
    [`%${ADMIN_TERM}%`, PAGE + 1],
  );

  return [
    {
      name: `home section (local, ${HOME_SECTION})`,
      who: 'anon',
      run: () =>
        publishedDescending(
          anon
            .from('publications')
            .select('id,title,description,image_url,published_at,views,author_id,topics!inner(id,name,slug)')
            .eq('topics.slug', 'local'),
          ['published_at'],
          HOME_SECTION,
        ),
    },
    {
      name: 'most read (5)',
      who: 'anon',
      run: () => publishedDescending(anon.from('publications').select(SUMMARY_COLUMNS), ['views'], 5),
    },
    {
      name: 'topic page 1 (count=exact)',
      who: 'anon',
      run: () =>
        publishedDescending(
          anon
            .from('publications')
            .select(SUMMARY_COLUMNS, { count: 'exact' })
            .eq('topic_id', local),
          ['published_at', 'id'],
          PAGE,
        ),
    },
    {
      name: 'topic last page (keyset)',
      who: 'anon',
      run: () =>
        publishedDescending(
          anon
            .from('publications')
            .select(SUMMARY_COLUMNS)
            .eq('topic_id', local)
            .lte('published_at', topicLast.at)
            .or(keyset('published_at', topicLast)),
          ['published_at', 'id'],
          PAGE,
        ),
    },
    {
      name: `search common ('${COMMON_TERM}')`,
      who: 'anon',
      run: () => anon.rpc('search_publications', { q: COMMON_TERM, page_size: 20 }),
    },
    {
      name: `search rare ('${RARE_TERM}')`,
      who: 'anon',
      run: () => anon.rpc('search_publications', { q: RARE_TERM, page_size: 20 }),
    },
    {
      name: `search count ('${COMMON_TERM}')`,
      who: 'anon',
      run: () => anon.rpc('search_publications_count', { q: COMMON_TERM }),
    },
    {
      name: 'obituaries page 1',
      who: 'anon',
      run: () =>
        publishedDescending(
          anon
            .from('obituaries')
            .select(OBITUARY_COLUMNS),
          ['death_date', 'id'],
          PAGE,
        ),
    },
    {
      name: 'obituaries last page (keyset)',
      who: 'anon',
      run: () =>
        publishedDescending(
          anon
            .from('obituaries')
            .select(OBITUARY_COLUMNS)
            .lte('death_date', obituaryLast.at)
            .or(keyset('death_date', obituaryLast)),
          ['death_date', 'id'],
          PAGE,
        ),
    },
    {
      name: 'admin list page 1 (count=estimated)',
      who: 'admin',
      run: () =>
        admin
          .from('publications')
          .select(ADMIN_COLUMNS, { count: 'estimated' })
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(PAGE),
    },
    {
      name: 'admin list last page (keyset)',
      who: 'admin',
      run: () =>
        admin
          .from('publications')
          .select(ADMIN_COLUMNS)
          .lte('created_at', adminLast.at)
          .or(keyset('created_at', adminLast))
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(PAGE),
    },
    {
      name: `admin search page 1 ('${ADMIN_TERM}')`,
      who: 'admin',
      run: () => admin.rpc('search_publication_titles', { q: ADMIN_TERM, page_size: PAGE }).select(ADMIN_COLUMNS),
    },
    {
      name: `admin search last page ('${ADMIN_TERM}')`,
      who: 'admin',
      run: () =>
        admin
          .rpc('search_publication_titles', {
            q: ADMIN_TERM,
            page_size: PAGE,
            after_created_at: adminSearchLast.at,
            after_id: adminSearchLast.id,
          })
          .select(ADMIN_COLUMNS),
    },
  ];
}


// ---------------------------------------------------------------------------------------------------------------
// Plans (PostgreSQL): the statement the backend builds for a recorded request, run under auto_explain as its caller.

/** The SQL the router runs for a recorded request (same parse, plan and build modules). */
function sqlOf(cache: SchemaCache, request: Recorded): SqlQuery {
  const prefs = parsePrefer(request.prefer);
  const counting = { count: prefs.count === 'exact' || prefs.count === 'estimated' };
  const singular = wantsSingular(request.accept);
  const path = request.url.pathname.replace(/^\/rest\/v1\//, '');
  if (path.startsWith('rpc/')) {
    const fn = path.slice(4);
    const split = request.method === 'POST' ? { query: request.url.searchParams, args: undefined } : splitRpcParams(request.url.searchParams);
    const raw = split.args ? JSON.stringify(split.args) : request.body || '{}';
    const plan = planRpc(cache, fn, { raw, value: JSON.parse(raw) as unknown }, {
      query: parseQuery(split.query),
      ...counting,
      singular,
      head: request.method === 'HEAD',
    });
    return buildRpc(plan);
  }
  const plan = planRead(cache, requireTable(cache, path), parseQuery(request.url.searchParams), {
    ...counting,
    singular,
    head: request.method === 'HEAD',
  });
  return buildRead(plan);
}

/** The claims of a bearer token, for request.jwt.claims (the signature was checked when the backend answered). */
function claimsOf(token: string | undefined): Record<string, unknown> {
  if (!token) return { role: 'anon' };
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Every plan the statement executes, nested ones included, in the order they finished. */
async function explain(client: pg.Client, sql: SqlQuery, claims: Record<string, unknown>): Promise<string[]> {
  const plans: string[] = [];
  const onNotice = (notice: { message?: string }) => {
    if (notice.message?.includes('plan:')) plans.push(notice.message);
  };
  client.on('notice', onNotice);
  try {
    await client.query('begin');
    await client.query(
      `select set_config('search_path', 'public', true), set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`,
      [typeof claims.role === 'string' ? claims.role : 'anon', JSON.stringify(claims)],
    );
    await client.query(sql.text, sql.params);
  } finally {
    await client.query('rollback');
    client.off('notice', onNotice);
  }
  return plans;
}

/** The statement (its first 100 characters) and its scan nodes without costs: a compact listing of one plan. */
function scanLines(plan: string): string[] {
  const lines = plan.split('\n');
  // The statement runs from `Query Text:` to the first plan line, over several lines for a function body.
  const from = lines.findIndex((line) => line.includes('Query Text:'));
  const planStart = lines.findIndex((line, i) => i > from && /^\s*\S.*\(cost=/.test(line));
  const statement = lines
    .slice(from, planStart < 0 ? undefined : planStart)
    .join(' ')
    .replace(/^.*Query Text:\s*/, '')
    .replace(/\s+/g, ' ')
    .trim();
  const scans = lines
    .filter((line) => /Scan/.test(line) && !/Function Scan on regexp_/.test(line))
    .map((line) => `  ${line.replace(/\s+\(cost=.*$/, '').trim()}`);
  return scans.length > 0 ? [statement.slice(0, 100), ...scans] : [];
}

// ---------------------------------------------------------------------------------------------------------------
// One backend

interface Result {
  name: string;
  timings: Map<number, Timing>;
}

interface Report {
  label: string;
  results: Result[];
  explained: { name: string; plans: string[] }[];
  /** 1-minute load average before and after the timings: other work on the machine shows up as latency. */
  load: [number, number];
}

async function startServer(backend: LocalSupabase): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => void backend.handler(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function benchBackend(label: string, fresh: FreshDatabase, deadline: number): Promise<Report> {
  console.info(`\n[${label}] starting the backend (migrations, seed)…`);
  const backend = await startLocalSupabase({ dataDir: null, databaseUrl: fresh.databaseUrl, quiet: true });
  const { url, server } = await startServer(backend);
  const report: Report = { label, results: [], explained: [], load: [loadavg()[0] ?? 0, 0] };
  try {
    await backend.db.exec(seedFunctionsSql());
    const log: Recorded[] = [];
    const anon = recordingClient(url, backend.anonKey, log);
    const signIn = await createClient(url, backend.anonKey, { auth: { persistSession: false } }).auth.signInWithPassword({
      email: backend.adminEmail,
      password: backend.adminPassword,
    });
    const adminToken = signIn.data.session?.access_token;
    if (!adminToken) throw new Error(`admin sign-in failed: ${signIn.error?.message ?? 'no session'}`);
    const admin = recordingClient(url, backend.anonKey, log, adminToken);

    for (const level of LEVELS) {
      if (Date.now() > deadline) throw new Error('time limit reached');
      const started = performance.now();
      await growTo(backend.db, level);
      console.info(`[${label}] ${level.toLocaleString('en')} publications seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      for (const scenario of await scenarios(backend.db, anon, admin)) {
        let result = report.results.find((r) => r.name === scenario.name);
        if (!result) {
          result = { name: scenario.name, timings: new Map() };
          report.results.push(result);
        }
        result.timings.set(level, await timeQuery(scenario, 8));
      }
    }

    report.load[1] = loadavg()[0] ?? 0;

    if (fresh.databaseUrl) {
      // The plans at the largest size: replay the last request of every scenario under auto_explain.
      const cache = await loadSchemaCache(backend.db);
      const client = new pg.Client({ connectionString: fresh.databaseUrl, options: '-c timezone=UTC' });
      await client.connect();
      try {
        await client.query(`load 'auto_explain'`);
        await client.query(
          `set auto_explain.log_min_duration = 0; set auto_explain.log_nested_statements = on;
           set auto_explain.log_analyze = on; set auto_explain.log_timing = off; set client_min_messages = log`,
        );
        for (const scenario of await scenarios(backend.db, anon, admin)) {
          log.length = 0;
          await scenario.run();
          const request = log[log.length - 1];
          if (!request) continue;
          const plans = await explain(client, sqlOf(cache, request), claimsOf(scenario.who === 'admin' ? adminToken : undefined));
          report.explained.push({ name: scenario.name, plans });
        }
      } finally {
        await client.end();
      }
    }
  } finally {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
    await backend.close();
  }
  return report;
}

// ---------------------------------------------------------------------------------------------------------------
// Output

const ms = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(1));

function printTable(report: Report): void {
  const width = Math.max(...report.results.map((r) => r.name.length), 10);
  const header = ['scenario'.padEnd(width), ...LEVELS.map((l) => `${l.toLocaleString('en')} p50 / p95 ms`.padStart(24))];
  console.info(`\n${report.label}: p50 / p95 over ${SAMPLES} requests each (HTTP, supabase-js, loopback)`);
  console.info(
    `load average ${report.load[0].toFixed(2)} before, ${report.load[1].toFixed(2)} after the timings, on ${cpus().length} cores`,
  );
  console.info(header.join(' | '));
  console.info(header.map((h) => '-'.repeat(h.length)).join('-|-'));
  for (const result of report.results) {
    const cells = LEVELS.map((level) => {
      const t = result.timings.get(level);
      return `${ms(t?.p50)} / ${ms(t?.p95)}`.padStart(24);
    });
    console.info([result.name.padEnd(width), ...cells].join(' | '));
  }
}

/** Prints the scans of every plan and returns the scenarios that read publications sequentially. */
function printPlans(report: Report): string[] {
  const offenders: string[] = [];
  console.info(`\n${report.label}: plans at ${(LEVELS[LEVELS.length - 1] ?? 0).toLocaleString('en')} (auto_explain, nested statements, scans only)`);
  for (const { name, plans } of report.explained) {
    console.info(`- ${name}`);
    for (const plan of plans) for (const line of scanLines(plan)) console.info(`    ${line}`);
    if (plans.some((plan) => /Seq Scan on publications\b/.test(plan))) offenders.push(name);
  }
  return offenders;
}

async function main(): Promise<void> {
  const deadline = Date.now() + TIME_LIMIT_MS;
  const timer = setTimeout(() => {
    console.error('bench:scale: time limit reached');
    process.exit(2);
  }, TIME_LIMIT_MS);
  timer.unref();

  const reports: Report[] = [];
  const failures: string[] = [];
  if (process.env.DATABASE_URL && PARTS.includes('lists')) {
    const fresh = await createFreshDatabase(process.env.DATABASE_URL);
    try {
      reports.push(await benchBackend('PostgreSQL', fresh, deadline));
    } finally {
      await fresh.drop();
    }
  } else if (!process.env.DATABASE_URL) {
    console.warn('bench:scale: DATABASE_URL is not set, PostgreSQL is skipped (npm run bench:scale sets it)');
  }
  if (PARTS.includes('lists')) reports.push(await benchBackend('PGlite (in memory)', await createFreshDatabase(''), deadline));
  // The audience screen's year of figures (issue 38): PostgreSQL only, as the site's database at that size.
  if (process.env.DATABASE_URL && PARTS.includes('audience')) failures.push(...(await benchAudience(process.env.DATABASE_URL)).failures);

  for (const report of reports) printTable(report);
  for (const report of reports.filter((r) => r.explained.length > 0)) {
    for (const name of printPlans(report)) failures.push(`${report.label}: ${name} reads publications with a sequential scan`);
    const largest = LEVELS[LEVELS.length - 1] ?? 0;
    for (const result of report.results) {
      const p95 = result.timings.get(largest)?.p95 ?? Number.POSITIVE_INFINITY;
      if (p95 > BUDGET_P95_MS) failures.push(`${report.label}: ${result.name} p95 ${ms(p95)} ms > ${BUDGET_P95_MS} ms at ${largest.toLocaleString('en')}`);
    }
  }
  if (failures.length > 0) {
    console.error(`\nbench:scale FAILED:\n${failures.map((f) => `  ${f}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.info(`\nbench:scale passed: no sequential scan of publications, every p95 ≤ ${BUDGET_P95_MS} ms at ${(LEVELS[LEVELS.length - 1] ?? 0).toLocaleString('en')} on PostgreSQL; the audience's within ${AUDIENCE_BUDGET_P95_MS} ms`);
  }
}

await main();
