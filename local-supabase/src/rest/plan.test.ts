import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { parseQuery } from './parse-query.ts';
import { planDelete, planInsert, planRead, planRpc, planUpdate, requireTable, type ProjectionItem } from './plan.ts';
import { findRelationships } from './schema-cache.ts';
import { portalSchema } from '../../../tests/support/portal-schema.ts';

const cache = portalSchema();
const table = (name: string) => requireTable(cache, name);
const q = (raw: string) => parseQuery(new URLSearchParams(raw));
const read = (tableName: string, raw: string) =>
  planRead(cache, table(tableName), q(raw), { count: false, singular: false, head: false });
const body = (value: unknown) => ({ raw: JSON.stringify(value), value });

function errorOf(fn: () => unknown): { status: number; code: string; message: string } | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof RestError) return { status: error.status, code: error.body.code, message: error.body.message };
    throw error;
  }
  return undefined;
}

const names = (items: ProjectionItem[]) => items.map((i) => (i.kind === 'column' ? `${i.as}=${i.column.name}` : `${i.as}(...)`));

describe('read plans', () => {
  it('expands * in table order and keeps embeds after the columns, in select order', () => {
    const plan = read('publications', 'select=*,topics(name)');
    expect(names(plan.node.projection)).toEqual([
      'id=id',
      'title=title',
      'published=published',
      'published_at=published_at',
      'views=views',
      'topic_id=topic_id',
      'editor_id=editor_id',
      'reviewer_id=reviewer_id',
      'topics(...)',
    ]);
  });

  it('resolves aliases, a to-one embed by table or column name, a to-many embed, and a hinted embed', () => {
    const plan = read(
      'publications',
      'select=headline:title,topic:topics(name),t2:topic_id(slug),comments(body),editor:people!publications_editor_id_fkey(id)',
    );
    const embeds = plan.node.projection.flatMap((p) => (p.kind === 'embed' ? [[p.as, p.embed.relationship.cardinality, p.embed.table.name]] : []));
    expect(names(plan.node.projection)[0]).toBe('headline=title');
    expect(embeds).toEqual([
      ['topic', 'to-one', 'topics'],
      ['t2', 'to-one', 'topics'],
      ['comments', 'to-many', 'comments'],
      ['editor', 'to-one', 'people'],
    ]);
  });

  it('attaches embedded filters, order and limit to the embed, by name or alias', () => {
    const plan = read('publications', 'select=id,c:comments(body)&c.order=body.desc&c.limit=1&c.body=like.x*');
    const embed = plan.node.projection[1];
    expect(embed?.kind === 'embed' && embed.embed).toMatchObject({ limit: 1, order: [{ column: { name: 'body' }, direction: 'desc' }] });
    expect(embed?.kind === 'embed' && embed.embed.filters).toHaveLength(1);
  });

  const failures: [string, string, string, number, string][] = [
    ['unknown select column', 'topics', 'select=id,nope', 400, '42703'],
    ['unknown filter column', 'topics', 'nope=eq.1', 400, '42703'],
    ['unknown column inside or', 'topics', 'or=(id.eq.1,nope.eq.2)', 400, '42703'],
    ['unknown order column', 'topics', 'order=nope.asc', 400, '42703'],
    ['unknown embed column', 'publications', 'select=topics(nope)', 400, '42703'],
    ['unknown relationship', 'topics', 'select=id,nope(id)', 400, 'PGRST200'],
    ['ambiguous relationship', 'publications', 'select=people(id)', 300, 'PGRST201'],
    ['filter on an embed that is not selected', 'publications', 'select=id&topics.name=eq.x', 400, 'PGRST100'],
  ];
  it.each(failures)('%s → %i %s', (_name, tableName, raw, status, code) => {
    expect(errorOf(() => read(tableName, raw))).toMatchObject({ status, code });
  });

  it('answers PGRST205 for an unknown table', () => {
    expect(errorOf(() => table('nope'))).toEqual({
      status: 404,
      code: 'PGRST205',
      message: "Could not find the table 'public.nope' in the schema cache",
    });
  });
});

describe('findRelationships', () => {
  const publications = table('publications');
  const cases: [string, string | undefined, string[]][] = [
    ['topics', undefined, ['publications_topic_id_fkey']],
    ['topic_id', undefined, ['publications_topic_id_fkey']],
    ['comments', undefined, ['comments_publication_id_fkey']],
    ['people', undefined, ['publications_editor_id_fkey', 'publications_reviewer_id_fkey']],
    ['people', 'reviewer_id', ['publications_reviewer_id_fkey']],
    ['nope', undefined, []],
  ];
  it.each(cases)('%s!%s', (name, hint, constraints) => {
    expect(findRelationships(cache, publications, name, hint).map((r) => r.constraint)).toEqual(constraints);
  });
});

describe('mutation plans', () => {
  const prefs = {};

  it('inserts the union of the keys, wrapping a single object in an array', () => {
    const plan = planInsert(cache, table('topics'), q(''), body({ name: 'A', slug: 'a' }), { prefs, singular: false });
    expect(plan).toMatchObject({ groups: [{ columns: ['name', 'slug'] }], body: '[{"name":"A","slug":"a"}]', representation: false });
    const many = planInsert(cache, table('topics'), q(''), body([{ name: 'A' }, { slug: 'b' }]), { prefs, singular: false });
    expect(many.groups).toEqual([{ columns: ['name', 'slug'] }]);
  });

  it('keeps the raw body text so big numbers are never re-serialised', () => {
    const raw = '{"views": 12345678901234567890}';
    expect(planInsert(cache, table('publications'), q(''), { raw, value: JSON.parse(raw) }, { prefs, singular: false }).body).toBe(`[${raw}]`);
  });

  it('takes columns= over the keys, and groups rows by their keys with missing=default', () => {
    const rows = [{ name: 'A', slug: 'a' }, { name: 'B' }, { name: 'C', slug: 'c', extra: 1 }];
    const plan = planInsert(cache, table('topics'), q('columns="name","slug"'), body(rows), {
      prefs: { missing: 'default' },
      singular: false,
    });
    expect(plan.groups).toEqual([
      { columns: ['name', 'slug'], rows: [1, 3] },
      { columns: ['name'], rows: [2] },
    ]);
  });

  it('upserts on the primary key, or on on_conflict', () => {
    const merge = planInsert(cache, table('topics'), q(''), body({ id: 'x' }), { prefs: { resolution: 'merge-duplicates' }, singular: false });
    expect(merge.upsert).toEqual({ conflict: ['id'], action: 'merge' });
    const ignore = planInsert(cache, table('topics'), q('on_conflict=slug'), body({ slug: 'x' }), {
      prefs: { resolution: 'ignore-duplicates' },
      singular: false,
    });
    expect(ignore.upsert).toEqual({ conflict: ['slug'], action: 'ignore' });
  });

  const failures: [string, () => unknown, number, string][] = [
    ['unknown body column', () => planInsert(cache, table('topics'), q(''), body({ nope: 1 }), { prefs, singular: false }), 400, 'PGRST204'],
    ['unknown columns= entry', () => planInsert(cache, table('topics'), q('columns=nope'), body({}), { prefs, singular: false }), 400, 'PGRST204'],
    ['array of scalars', () => planInsert(cache, table('topics'), q(''), body([1, 2]), { prefs, singular: false }), 400, 'PGRST102'],
    ['upsert without a key', () => planInsert(cache, table('log'), q(''), body({ line: 'x' }), { prefs: { resolution: 'merge-duplicates' }, singular: false }), 400, 'PGRST100'],
    ['unknown on_conflict column', () => planInsert(cache, table('topics'), q('on_conflict=nope'), body({}), { prefs: { resolution: 'merge-duplicates' }, singular: false }), 400, '42703'],
    ['update with an array', () => planUpdate(cache, table('topics'), q(''), body([{ name: 'x' }]), { prefs, singular: false }), 400, 'PGRST102'],
    ['update of an unknown column', () => planUpdate(cache, table('topics'), q('id=eq.1'), body({ nope: 1 }), { prefs, singular: false }), 400, 'PGRST204'],
    ['delete with an unknown filter column', () => planDelete(cache, table('topics'), q('nope=eq.1'), { prefs, singular: false }), 400, '42703'],
  ];
  it.each(failures)('%s → %i %s', (_name, fn, status, code) => {
    expect(errorOf(fn)).toMatchObject({ status, code });
  });
});

describe('rpc plans', () => {
  it('matches named arguments, leaving defaults out', () => {
    expect(planRpc(cache, 'increment_views', body({ publication_id: 'x' }))).toMatchObject({
      args: [{ name: 'publication_id', type: 'uuid' }],
      fn: { returns: 'void', readOnly: false },
    });
    expect(planRpc(cache, 'topics_like', body({ pattern: '%' })).args).toEqual([{ name: 'pattern', type: 'text' }]);
    expect(planRpc(cache, 'topics_like', body({ max: 1, pattern: '%' })).args.map((a) => a.name)).toEqual(['pattern', 'max']);
  });

  it('ignores OUT parameters and knows STABLE/IMMUTABLE functions are read-only', () => {
    expect(planRpc(cache, 'stats', body({ since: '2024-01-01' })).fn).toMatchObject({ readOnly: true, args: [{ name: 'since' }] });
    expect(planRpc(cache, 'slugs', body({})).fn).toMatchObject({ returnsSet: true, returns: 'scalar' });
  });

  it('reads the rows of a function returning a table type through that table: its columns and relationships', () => {
    const plan = planRpc(cache, 'topics_like', body({ pattern: '%' }), {
      query: q('select=slug,publications(title)&order=slug.desc&limit=3'),
      count: true,
      singular: false,
      head: false,
    });
    expect(plan.read?.node.table.name).toBe('topics');
    expect(names(plan.read?.node.projection ?? [])).toEqual(['slug=slug', 'publications(...)']);
    expect(plan.read).toMatchObject({ count: true, singular: false, node: { limit: 3, order: [{ column: { name: 'slug' }, direction: 'desc' }] } });
  });

  it('reads RETURNS TABLE and OUT columns; a function returning one row answers an object', () => {
    const search = planRpc(cache, 'search', body({ q: 'x' }), { query: q('select=id,rank&rank=gte.2'), count: false, singular: false, head: false });
    expect(search.fn.columns.map((c) => `${c.name} ${c.type}`)).toEqual(['id uuid', 'title text', 'rank real']);
    expect(search.read?.node.filters).toMatchObject([{ column: { name: 'rank', type: 'real' } }]);
    expect(planRpc(cache, 'totals', body({ q: 'x' })).read).toMatchObject({ singular: true, node: { table: { name: 'totals' } } });
  });

  it('has no read for void and scalar functions', () => {
    expect(planRpc(cache, 'increment_views', body({ publication_id: 'x' })).read).toBeUndefined();
    expect(planRpc(cache, 'slugs', body({})).read).toBeUndefined();
  });

  it.each([
    ['select=nope', 42703],
    ['nope=eq.1', 42703],
    ['select=id,topics(name)', 'PGRST200'],
  ])('rejects %s on the rows of a RETURNS TABLE function', (raw, code) => {
    const error = errorOf(() => planRpc(cache, 'search', body({ q: 'x' }), { query: q(raw), count: false, singular: false, head: false }));
    expect(String(error?.code)).toBe(String(code));
  });

  it('passes the whole body to a single unnamed json parameter', () => {
    expect(planRpc(cache, 'handle', body({ anything: 1 }))).toMatchObject({ singleJson: 'jsonb', args: [] });
  });

  const failures: [string, string, unknown, string][] = [
    ['unknown function', 'nope', {}, 'Could not find the function public.nope() in the schema cache'],
    ['wrong argument name', 'increment_views', { id: 'x' }, 'Could not find the function public.increment_views(id) in the schema cache'],
    ['missing required argument', 'topics_like', { max: 1 }, 'Could not find the function public.topics_like(max) in the schema cache'],
  ];
  it.each(failures)('%s → 404 PGRST202', (_name, fn, args, message) => {
    expect(errorOf(() => planRpc(cache, fn, body(args)))).toEqual({ status: 404, code: 'PGRST202', message });
  });
});
