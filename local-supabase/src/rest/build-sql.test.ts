import { describe, expect, it } from 'vitest';
import { arrayLiteral, buildCountQuery, buildMutation, buildRead, buildRpc, quoteIdent } from './build-sql.ts';
import { parseQuery } from './parse-query.ts';
import { planDelete, planInsert, planRead, planRpc, planUpdate, requireTable } from './plan.ts';
import { portalSchema } from '../../../tests/support/portal-schema.ts';

const cache = portalSchema();
const q = (raw: string) => parseQuery(new URLSearchParams(raw));
const read = (tableName: string, raw: string, opts: { count?: boolean; singular?: boolean; head?: boolean } = {}) =>
  buildRead(
    planRead(cache, requireTable(cache, tableName), q(raw), {
      count: opts.count ?? false,
      singular: opts.singular ?? false,
      head: opts.head ?? false,
    }),
  );
const body = (value: unknown) => ({ raw: JSON.stringify(value), value });

describe('quoting', () => {
  it.each([
    ['name', '"name"'],
    ['we"ird', '"we""ird"'],
  ])('quoteIdent(%s)', (input, expected) => {
    expect(quoteIdent(input)).toBe(expected);
  });

  it.each([
    [[], '{}'],
    [['a', 'b,c', 'd e'], '{"a","b,c","d e"}'],
    [['say "hi"', 'back\\slash', 'NULL', '{x}'], '{"say \\"hi\\"","back\\\\slash","NULL","{x}"}'],
  ])('arrayLiteral(%j)', (values, expected) => {
    expect(arrayLiteral(values)).toBe(expected);
  });
});

describe('filters: every value is a bound parameter cast by Postgres', () => {
  const cases: [string, string, string[]][] = [
    ['title=eq.local', `"_t0"."title" = CAST($1::text AS text)`, ['local']],
    ['title=neq.x', `"_t0"."title" <> CAST($1::text AS text)`, ['x']],
    ['views=gt.5', `"_t0"."views" > CAST($1::text AS integer)`, ['5']],
    ['views=lte.5', `"_t0"."views" <= CAST($1::text AS integer)`, ['5']],
    ['published_at=lt.2024-01-01', `"_t0"."published_at" < CAST($1::text AS timestamp with time zone)`, ['2024-01-01']],
    ['title=ilike.*foo*', `"_t0"."title" ILIKE $1::text`, ['%foo%']],
    ['title=like.a%25b', `"_t0"."title" LIKE $1::text`, ['a%b']],
    ['title=match.^a', `"_t0"."title" ~ $1::text`, ['^a']],
    ['published_at=is.null', `"_t0"."published_at" IS NULL`, []],
    ['published=is.true', `"_t0"."published" IS TRUE`, []],
    ['topic_id=not.is.null', `NOT ("_t0"."topic_id" IS NULL)`, []],
    ['id=in.(a,"b,c")', `"_t0"."id" = ANY(CAST($1::text AS uuid[]))`, ['{"a","b,c"}']],
    ['title=not.eq.x', `NOT ("_t0"."title" = CAST($1::text AS text))`, ['x']],
    ['title=isdistinct.x', `"_t0"."title" IS DISTINCT FROM CAST($1::text AS text)`, ['x']],
    ['title=fts(english).cat', `"_t0"."title" @@ to_tsquery(CAST($1::text AS regconfig), $2::text)`, ['english', 'cat']],
    ['title=plfts.cat', `"_t0"."title" @@ plainto_tsquery($1::text)`, ['cat']],
    [
      'or=(title.ilike.*foo*,and(views.gt.1,views.lt.9))',
      `("_t0"."title" ILIKE $1::text OR ("_t0"."views" > CAST($2::text AS integer) AND "_t0"."views" < CAST($3::text AS integer)))`,
      ['%foo%', '1', '9'],
    ],
    ['not.and=(views.gt.1,views.lt.9)', `NOT (("_t0"."views" > CAST($1::text AS integer) AND "_t0"."views" < CAST($2::text AS integer)))`, ['1', '9']],
    ["title=eq.'; drop table topics; --", `"_t0"."title" = CAST($1::text AS text)`, ["'; drop table topics; --"]],
  ];
  it.each(cases)('%s', (raw, where, params) => {
    const sql = read('publications', `select=id&${raw}`);
    expect(sql.text).toContain(` WHERE ${where}`);
    expect(sql.params).toEqual(params);
  });
});

describe('reads', () => {
  it('builds the whole statement for a plain list', () => {
    expect(read('topics', 'select=id,name&order=name.asc').text).toBe(
      'WITH "pgrst_source" AS (SELECT "_t0"."id" AS "id", "_t0"."name" AS "name" FROM "public"."topics" AS "_t0" ORDER BY "_t0"."name" ASC) ' +
        'SELECT NULL::int AS total, (SELECT count(*) FROM "pgrst_source")::int AS page_count, NULL::int AS inserted, ' +
        `(SELECT coalesce(json_agg("_s1"), '[]')::text FROM "pgrst_source" AS "_s1") AS body`,
    );
  });

  it('orders with nulls options and binds limit and offset', () => {
    const sql = read('publications', 'select=id&order=published_at.desc.nullslast,title.asc.nullsfirst&offset=12&limit=12');
    expect(sql.text).toContain(
      'ORDER BY "_t0"."published_at" DESC NULLS LAST, "_t0"."title" ASC NULLS FIRST LIMIT CAST($1::text AS bigint) OFFSET CAST($2::text AS bigint)',
    );
    expect(sql.params).toEqual(['12', '12']);
  });

  it('counts over the same filters without paging when count is asked', () => {
    const sql = read('topics', 'select=id&slug=eq.a&limit=1', { count: true });
    expect(sql.text).toContain(`(SELECT count(*) FROM "public"."topics" AS "_t1" WHERE "_t1"."slug" = CAST($3::text AS text))::int AS total`);
    expect(sql.params).toEqual(['a', '1', 'a']);
  });

  it('answers one object for a singular read and no body for HEAD', () => {
    expect(read('topics', 'select=id', { singular: true }).text).toContain(`(SELECT row_to_json("_s1")::text FROM "pgrst_source" AS "_s1" LIMIT 1) AS body`);
    expect(read('topics', 'select=id', { head: true }).text).toContain('NULL::text AS body');
  });

  it('embeds a to-one relation as an object and a to-many relation as an array, correlated on the foreign key', () => {
    const sql = read('publications', 'select=id,topics(name),comments(body)&comments.order=body.desc&comments.limit=1');
    expect(sql.text).toContain(
      `(SELECT row_to_json("_e2") FROM (SELECT "_t1"."name" AS "name" FROM "public"."topics" AS "_t1" WHERE "_t1"."id" = "_t0"."topic_id") AS "_e2") AS "topics"`,
    );
    expect(sql.text).toContain(
      `(SELECT coalesce(json_agg("_e4"), '[]') FROM (SELECT "_t3"."body" AS "body" FROM "public"."comments" AS "_t3" WHERE "_t3"."publication_id" = "_t0"."id" ORDER BY "_t3"."body" DESC LIMIT CAST($1::text AS bigint)) AS "_e4") AS "comments"`,
    );
  });

  it('filters parents on an !inner embed with EXISTS', () => {
    const sql = read('publications', 'select=id,topics!inner(name)&topics.slug=eq.local');
    expect(sql.text).toContain(`WHERE EXISTS (SELECT 1 FROM "public"."topics" AS "_t`);
    expect(sql.params).toContain('local');
  });
});

describe('mutations', () => {
  const opts = { prefs: {}, singular: false };

  it('inserts from json_populate_recordset, RETURNING 1 without representation', () => {
    const plan = planInsert(cache, requireTable(cache, 'topics'), q(''), body({ name: 'A', slug: 'a' }), opts);
    const sql = buildMutation(plan);
    expect(sql.text).toBe(
      'WITH "pgrst_mut_0" AS (INSERT INTO "public"."topics" AS "_t0" ("name", "slug") SELECT "name", "slug" ' +
        'FROM json_populate_recordset(NULL::"public"."topics", $1::json) RETURNING 1), "pgrst_mut" AS (SELECT * FROM "pgrst_mut_0") ' +
        'SELECT NULL::int AS total, (SELECT count(*) FROM "pgrst_mut")::int AS page_count, NULL::int AS inserted, NULL::text AS body',
    );
    expect(sql.params).toEqual(['[{"name":"A","slug":"a"}]']);
  });

  it('upserts with ON CONFLICT and tells inserts from updates by xmax', () => {
    const plan = planInsert(cache, requireTable(cache, 'topics'), q(''), body({ id: 'x', name: 'A' }), {
      prefs: { resolution: 'merge-duplicates', return: 'representation' },
      singular: false,
    });
    const sql = buildMutation(plan).text;
    expect(sql).toContain('ON CONFLICT ("id") DO UPDATE SET "id" = EXCLUDED."id", "name" = EXCLUDED."name" RETURNING "_t0"."id", "_t0"."name", "_t0"."slug", ("_t0".xmax = 0) AS "pgrst_inserted"');
    expect(sql).toContain(`(SELECT count(*) FROM "pgrst_mut" WHERE "pgrst_inserted")::int AS inserted`);
    expect(sql).toContain(`"pgrst_source" AS (SELECT "_t1"."id" AS "id", "_t1"."name" AS "name", "_t1"."slug" AS "slug" FROM "pgrst_mut" AS "_t1")`);
  });

  it('inserts each key group separately with missing=default, an empty group as defaults only', () => {
    const plan = planInsert(cache, requireTable(cache, 'topics'), q(''), body([{ name: 'A' }, {}]), {
      prefs: { missing: 'default' },
      singular: false,
    });
    const sql = buildMutation(plan);
    expect(sql.text).toContain(`INSERT INTO "public"."topics" AS "_t0" ("name") SELECT "name" FROM json_populate_recordset(NULL::"public"."topics", (SELECT json_agg(x.e ORDER BY x.i)`);
    expect(sql.text).toContain(`INSERT INTO "public"."topics" AS "_t1" SELECT  FROM json_populate_recordset`);
    expect(sql.text).toContain(`"pgrst_mut" AS (SELECT * FROM "pgrst_mut_0" UNION ALL SELECT * FROM "pgrst_mut_1")`);
    expect(sql.params).toEqual(['[{"name":"A"},{}]', '{"1"}', '{"2"}']);
  });

  it('updates only the body columns of the filtered rows', () => {
    const plan = planUpdate(cache, requireTable(cache, 'topics'), q('id=eq.5'), body({ name: 'B' }), opts);
    const sql = buildMutation(plan);
    expect(sql.text).toContain(
      `"pgrst_mut" AS (UPDATE "public"."topics" AS "_t0" SET "name" = "_b1"."name" FROM json_populate_record(NULL::"public"."topics", $2::json) AS "_b1" WHERE "_t0"."id" = CAST($1::text AS uuid) RETURNING 1)`,
    );
    expect(sql.params).toEqual(['5', '{"name":"B"}']);
  });

  it('deletes the filtered rows, returning them for representation', () => {
    const plan = planDelete(cache, requireTable(cache, 'topics'), q('id=eq.5&select=id'), { prefs: { return: 'representation' }, singular: true });
    const sql = buildMutation(plan).text;
    expect(sql).toContain(`"pgrst_mut" AS (DELETE FROM "public"."topics" AS "_t0" WHERE "_t0"."id" = CAST($1::text AS uuid) RETURNING "_t0"."id")`);
    expect(sql).toContain(`row_to_json(`);
  });
});

describe('rpc', () => {
  const cases: [string, unknown, string][] = [
    [
      'increment_views',
      { publication_id: 'x' },
      `SELECT NULL::text AS body FROM json_to_record($1::json) AS "_a"("publication_id" uuid) CROSS JOIN LATERAL "public"."increment_views"("publication_id" := "_a"."publication_id") AS "_r"`,
    ],
    [
      'stats',
      { since: '2024-01-01' },
      `SELECT to_json("public"."stats"("since" := "_a"."since"))::text AS body FROM json_to_record($1::json) AS "_a"("since" date)`,
    ],
    ['slugs', {}, `SELECT coalesce(json_agg("_r"."v"), '[]')::text AS body FROM (VALUES (1)) AS "_a"("_") CROSS JOIN LATERAL "public"."slugs"() AS "_r"("v")`],
    ['handle', { a: 1 }, `SELECT to_json("public"."handle"($1::jsonb))::text AS body FROM (VALUES (1)) AS "_a"("_")`],
  ];
  it.each(cases)('%s', (fn, args, expected) => {
    expect(buildRpc(planRpc(cache, fn, body(args))).text).toBe(expected);
  });
});

describe('rpc over a function returning rows: a read of its result', () => {
  const rpcRead = (fn: string, args: unknown, raw: string, opts: { count?: boolean; countLimit?: number; singular?: boolean } = {}) =>
    planRpc(cache, fn, body(args), {
      query: q(raw),
      count: opts.count ?? false,
      ...(opts.countLimit !== undefined ? { countLimit: opts.countLimit } : {}),
      singular: opts.singular ?? false,
      head: false,
    });
  const CALL_TOPICS = `"pgrst_call" AS (SELECT "_r".* FROM json_to_record($1::json) AS "_a"("pattern" text) CROSS JOIN LATERAL "public"."topics_like"("pattern" := "_a"."pattern") AS "_r")`;

  it('calls the function once in a CTE and reads it like a table', () => {
    expect(buildRpc(rpcRead('topics_like', { pattern: '%' }, '')).text).toBe(
      `WITH ${CALL_TOPICS}, "pgrst_source" AS (SELECT "_t0"."id" AS "id", "_t0"."name" AS "name", "_t0"."slug" AS "slug" FROM "pgrst_call" AS "_t0") ` +
        'SELECT NULL::int AS total, (SELECT count(*) FROM "pgrst_source")::int AS page_count, NULL::int AS inserted, ' +
        `(SELECT coalesce(json_agg("_s1"), '[]')::text FROM "pgrst_source" AS "_s1") AS body`,
    );
  });

  const cases: [string, string, unknown, string, { count?: boolean; countLimit?: number }, string[], string[]][] = [
    [
      'select, filter, order, limit and offset on the rows',
      'topics_like',
      { pattern: '%' },
      'select=slug&name=neq.x&order=slug.desc&limit=2&offset=1',
      {},
      [
        `"pgrst_source" AS (SELECT "_t0"."slug" AS "slug" FROM "pgrst_call" AS "_t0" WHERE "_t0"."name" <> CAST($2::text AS text) ORDER BY "_t0"."slug" DESC LIMIT CAST($3::text AS bigint) OFFSET CAST($4::text AS bigint))`,
      ],
      ['{"pattern":"%"}', 'x', '2', '1'],
    ],
    [
      'count=exact counts the filtered rows without paging',
      'topics_like',
      { pattern: '%' },
      'select=slug&name=neq.x&limit=2',
      { count: true },
      [`(SELECT count(*) FROM "pgrst_call" AS "_t1" WHERE "_t1"."name" <> CAST($4::text AS text))::int AS total`],
      ['{"pattern":"%"}', 'x', '2', 'x'],
    ],
    [
      'count=estimated counts at most the threshold and one more',
      'topics_like',
      { pattern: '%' },
      'select=slug',
      { count: true, countLimit: 1001 },
      [`(SELECT count(*) FROM (SELECT 1 FROM "pgrst_call" AS "_t1" LIMIT CAST($2::text AS bigint)) AS "pgrst_counted")::int AS total`],
      ['{"pattern":"%"}', '1001'],
    ],
    [
      'embeds through the relationships of the returned table',
      'topics_like',
      { pattern: '%' },
      'select=slug,publications(title)',
      {},
      [`"public"."publications" AS "_t1" WHERE "_t1"."topic_id" = "_t0"."id"`],
      ['{"pattern":"%"}'],
    ],
    [
      'keyset over RETURNS TABLE columns: or with a nested and, timestamps with : and +',
      'search',
      { q: 'saude' },
      'select=id,rank&or=(rank.lt.2,and(rank.eq.2,id.lt.44444444-4444-4444-8444-444444444444))&order=rank.desc,id.desc&limit=20',
      {},
      [
        `WHERE ("_t0"."rank" < CAST($2::text AS real) OR ("_t0"."rank" = CAST($3::text AS real) AND "_t0"."id" < CAST($4::text AS uuid))) ORDER BY "_t0"."rank" DESC, "_t0"."id" DESC`,
      ],
      ['{"q":"saude"}', '2', '2', '44444444-4444-4444-8444-444444444444', '20'],
    ],
  ];
  it.each(cases)('%s', (_name, fn, args, raw, opts, fragments, params) => {
    const sql = buildRpc(rpcRead(fn, args, raw, opts));
    for (const fragment of fragments) expect(sql.text).toContain(fragment);
    expect(sql.params).toEqual(params);
  });

  it('answers one object for a function returning one row (OUT parameters)', () => {
    const plan = rpcRead('totals', { q: 'x' }, '');
    expect(plan.read?.singular).toBe(true);
    expect(buildRpc(plan).text).toContain(`(SELECT row_to_json("_s1")::text FROM "pgrst_source" AS "_s1" LIMIT 1) AS body`);
  });
});

describe('count queries for Prefer: count=planned (EXPLAIN of the rows the filters match)', () => {
  it.each([
    ['a table', () => buildCountQuery(planRead(cache, requireTable(cache, 'topics'), q('select=id&slug=eq.a&limit=1'), { count: false, singular: false, head: false })),
      `SELECT 1 FROM "public"."topics" AS "_t0" WHERE "_t0"."slug" = CAST($1::text AS text)`, ['a']],
    ['a function', () => buildCountQuery(planRpc(cache, 'topics_like', body({ pattern: '%' }), { query: q('name=eq.b'), count: false, singular: false, head: false })),
      `WITH "pgrst_call" AS (SELECT "_r".* FROM json_to_record($1::json) AS "_a"("pattern" text) CROSS JOIN LATERAL "public"."topics_like"("pattern" := "_a"."pattern") AS "_r") SELECT 1 FROM "pgrst_call" AS "_t0" WHERE "_t0"."name" = CAST($2::text AS text)`,
      ['{"pattern":"%"}', 'b']],
  ])('%s', (_name, build, text, params) => {
    expect(build()).toEqual({ text, params });
  });
});

describe('full-text search operators (PostgREST 12: `@@ to_tsquery([config,] value)`)', () => {
  const cases: [string, string, string[]][] = [
    ['title=fts.gato', `"_t0"."title" @@ to_tsquery($1::text)`, ['gato']],
    ['title=fts(portuguese).saude', `"_t0"."title" @@ to_tsquery(CAST($1::text AS regconfig), $2::text)`, ['portuguese', 'saude']],
    ['title=plfts(pt_unaccent).saude porto', `"_t0"."title" @@ plainto_tsquery(CAST($1::text AS regconfig), $2::text)`, ['pt_unaccent', 'saude porto']],
    ['title=phfts(pt_unaccent).porto ferreira', `"_t0"."title" @@ phraseto_tsquery(CAST($1::text AS regconfig), $2::text)`, ['pt_unaccent', 'porto ferreira']],
    ['title=wfts(pt_unaccent)."porto ferreira" -chuva', `"_t0"."title" @@ websearch_to_tsquery(CAST($1::text AS regconfig), $2::text)`, ['pt_unaccent', '"porto ferreira" -chuva']],
    ['title=not.wfts(pt_unaccent).chuva', `NOT ("_t0"."title" @@ websearch_to_tsquery(CAST($1::text AS regconfig), $2::text))`, ['pt_unaccent', 'chuva']],
    ['or=(title.wfts(pt_unaccent).chuva,title.not.fts.sol)', `("_t0"."title" @@ websearch_to_tsquery(CAST($1::text AS regconfig), $2::text) OR NOT ("_t0"."title" @@ to_tsquery($3::text)))`, ['pt_unaccent', 'chuva', 'sol']],
  ];
  it.each(cases)('%s', (raw, where, params) => {
    const sql = read('publications', `select=id&${new URLSearchParams(raw).toString()}`);
    expect(sql.text).toContain(` WHERE ${where}`);
    expect(sql.params).toEqual(params);
  });
});

describe('keyset filters across two columns', () => {
  const cases: [string, string, string[]][] = [
    [
      'published_at=lte.2026-03-05T23:30:00+00:00&or=(published_at.lt.2026-03-05T23:30:00+00:00,and(published_at.eq.2026-03-05T23:30:00+00:00,id.lt.44444444-4444-4444-8444-444444444444))',
      `"_t0"."published_at" <= CAST($1::text AS timestamp with time zone) AND ("_t0"."published_at" < CAST($2::text AS timestamp with time zone) OR ("_t0"."published_at" = CAST($3::text AS timestamp with time zone) AND "_t0"."id" < CAST($4::text AS uuid)))`,
      ['2026-03-05T23:30:00+00:00', '2026-03-05T23:30:00+00:00', '2026-03-05T23:30:00+00:00', '44444444-4444-4444-8444-444444444444'],
    ],
    [
      'or=(published_at.lt."2026-03-05 23:30:00.123456-03",and(published_at.eq."2026-03-05 23:30:00.123456-03",id.lt.4))',
      `("_t0"."published_at" < CAST($1::text AS timestamp with time zone) OR ("_t0"."published_at" = CAST($2::text AS timestamp with time zone) AND "_t0"."id" < CAST($3::text AS uuid)))`,
      ['2026-03-05 23:30:00.123456-03', '2026-03-05 23:30:00.123456-03', '4'],
    ],
  ];
  it.each(cases)('%s', (raw, where, params) => {
    // Encoded as supabase-js sends it (URLSearchParams: `+` as %2B, `:` as %3A), decoded by the router the same way.
    const encoded = new URLSearchParams(raw.split('&').map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)] as [string, string];
    })).toString();
    const sql = read('publications', `select=id&${encoded}`);
    expect(sql.text).toContain(` WHERE ${where}`);
    expect(sql.params).toEqual(params);
  });
});
