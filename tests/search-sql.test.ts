import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../local-supabase/src/db/migrate.ts';
import type { Database } from '../local-supabase/src/db/database.ts';
import { openFreshDatabase, type FreshSqlDatabase } from './support/fresh-database.ts';

/**
 * The SQL pieces of supabase/migrations/20261123100000_search_and_paging.sql that the API tests do not reach one by
 * one: text normalisation, excerpts, LIKE patterns, the indexes behind keyset paging, and how the functions run.
 */

let fresh: FreshSqlDatabase;
let db: Database;

async function value<T>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await db.query<{ v: T }>(`select (${sql}) as v`, params);
  return rows[0]?.v as T;
}

beforeAll(async () => {
  fresh = await openFreshDatabase();
  db = fresh.db;
  await applyMigrations(db, { seed: false });
}, 120_000);

afterAll(async () => {
  await fresh?.dispose();
});

describe('public.pt_unaccent', () => {
  it.each([
    ['Saúde', 'saude'],
    ['SAÚDE', 'saude'],
    ['Ação', 'acao'],
    ['Porto', 'PORTO'],
    ['vacinação', 'VACINACAO'],
    ['Mogi-Guaçu', 'mogi guacu'],
  ])('%s matches %s', async (text, query) => {
    expect(await value<boolean>(`to_tsvector('public.pt_unaccent', $1) @@ websearch_to_tsquery('public.pt_unaccent', $2)`, [text, query])).toBe(true);
  });
});

describe('private.html_to_text', () => {
  it.each([
    ['<p>Olá</p><p>mundo</p>', 'Olá mundo'],
    ['<p><strong>Sa</strong>úde</p>', 'Saúde'],
    ['linha<br>outra<br/>fim', 'linha outra fim'],
    ['<ul><li>um</li><li>dois</li></ul>', 'um dois'],
    ['<p>A &amp; B &lt;b&gt; &quot;x&quot; &#39;y&#39;&nbsp;z &amp;lt;</p>', `A & B <b> "x" 'y' z &lt;`],
    ['<a href="https://x.y/?a=1&amp;b=2">link</a>', 'link'],
  ])('%s', async (html, text) => {
    expect(await value<string>('private.html_to_text($1)', [html])).toBe(text);
  });
});

describe('private.search_excerpt', () => {
  const long = `${'palavra '.repeat(80)}A Secretaria de Saúde abriu vagas. ${'depois '.repeat(80)}`.trim();
  it.each([
    ['the beginning when there is no query', 'Curto e simples.', null, 'Curto e simples.'],
    ['the text around the first match, cut at words', long, 'saude', /^… (palavra ){10,}A Secretaria de Saúde abriu vagas\. (depois ){10,}…$/],
    ['the beginning when nothing matches', long, 'inexistente', /^(palavra ){30,}…$/],
    ['a word at the start of a word only', 'oportunidade para o Porto.', 'porto', 'oportunidade para o Porto.'],
    ['a word after punctuation, accents and case ignored', `${'texto '.repeat(60)}«SAÚDE»: (vacinação) e Mogi-Guaçu.`, 'guacu', /^… (texto ){10,}«SAÚDE»: \(vacinação\) e Mogi-Guaçu\.$/],
  ])('%s', async (_name, doc, query, expected) => {
    const excerpt = await value<string>(
      `private.search_excerpt($1, case when $2::text is null then null else private.search_lexemes(websearch_to_tsquery('public.pt_unaccent', $2::text)) end)`,
      [doc, query],
    );
    if (expected instanceof RegExp) expect(excerpt).toMatch(expected);
    else expect(excerpt).toBe(expected);
    expect(excerpt.length).toBeLessThanOrEqual(310);
  });
});

describe('private.search_like_patterns', () => {
  it.each([
    ['João  da SILVA', ['%joao%', '%da%', '%silva%']],
    ['100%_\\', ['%100\\%\\_\\\\%']],
    ['   ', []],
    ['a b c d e f g', ['%a%', '%b%', '%c%', '%d%', '%e%']],
  ])('%s', async (q, patterns) => {
    expect(await value<string[]>('private.search_like_patterns($1)', [q])).toEqual(patterns);
  });
});

describe('indexes behind keyset paging and search', () => {
  // Each keyset list orders by (date, id) after its equality filters: an index must lead with exactly these.
  it.each([
    ['publications', 'published,topic_id,published_at,id'],
    ['publications', 'published,published_at,id'],
    ['publications', 'created_at,id'],
    ['obituaries', 'published,death_date,id'],
    ['obituaries', 'death_date,id'],
    ['jobs', 'published,created_at,id'],
    ['jobs', 'created_at,id'],
    ['media_kit_requests', 'created_at,id'],
    ['profiles', 'created_at,id'],
  ])('%s (%s)', async (table, columns) => {
    const { rows } = await db.query<{ columns: string }>(
      `select string_agg(a.attname, ',' order by k.ordinality) as columns
         from pg_index i
         join pg_class c on c.oid = i.indrelid and c.relnamespace = 'public'::regnamespace
         cross join lateral unnest(i.indkey) with ordinality as k(attnum, ordinality)
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
        where c.relname = $1
        group by i.indexrelid`,
      [table],
    );
    expect(rows.map((row) => row.columns)).toContain(columns);
  });

  it.each([
    ['publications_search_idx', 'gin'],
    ['publications_search_title_idx', 'gin'],
    ['publications_search_lead_idx', 'gin'],
    ['publications_title_trgm_idx', 'gin'],
    ['obituaries_name_trgm_idx', 'gin'],
  ])('%s is a %s index', async (name, method) => {
    expect(await value<string>(`select am.amname from pg_class c join pg_am am on am.oid = c.relam where c.relname = $1`, [name])).toBe(method);
  });

  it('keeps the search vector in the row (STORAGE MAIN), not in TOAST', async () => {
    expect(await value<string>(`select attstorage::text from pg_attribute where attrelid = 'public.publications'::regclass and attname = 'search_vector'`)).toBe('m');
  });
});

describe('the API functions', () => {
  // docs/decisions/0020: the API's searches run as their caller; the indexed search they call is owner-run in
  // `private`, which the API does not expose.
  it.each([
    ['search_publications', 'search_publications'],
    ['search_publications_count', 'search_publication_matches'],
    ['search_obituaries', 'search_obituaries'],
    ['search_publication_titles', 'search_publication_titles'],
  ])('%s is STABLE, SECURITY INVOKER with an empty search_path; private.%s is the owner-run search', async (name, search) => {
    const { rows } = await db.query<{ schema: string; volatile: string; definer: boolean; config: string[] }>(
      `select pronamespace::regnamespace::text as schema, provolatile::text as volatile, prosecdef as definer,
              proconfig as config
         from pg_proc where (proname = $1 and pronamespace = 'public'::regnamespace)
                         or (proname = $2 and pronamespace = 'private'::regnamespace)
        order by 1 desc`,
      [name, search],
    );
    expect(rows.map(({ schema, volatile, definer }) => ({ schema, volatile, definer }))).toEqual([
      { schema: 'public', volatile: 's', definer: false },
      { schema: 'private', volatile: 's', definer: true },
    ]);
    for (const row of rows) expect(row.config).toContain('search_path=""');
  });
});
