import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import {
  parseCondition,
  parseInList,
  parseLogicList,
  parseOrder,
  parseQuery,
  parseSelect,
  splitRpcParams,
  type SelectItem,
} from './parse-query.ts';

/** Query strings exactly as supabase-js 2.109.0 sends them (supabase-requests.json), decoded by URLSearchParams. */
const query = (raw: string) => parseQuery(new URLSearchParams(raw));

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof RestError ? error.body.code : 'not a RestError';
  }
  return undefined;
}

describe('parseSelect', () => {
  const col = (name: string, alias?: string): SelectItem => (alias ? { kind: 'column', name, alias } : { kind: 'column', name });
  const cases: [string, SelectItem[]][] = [
    ['*', [{ kind: 'star' }]],
    ['id,name,slug', [col('id'), col('name'), col('slug')]],
    ['id, name', [col('id'), col('name')]],
    ['title:name', [col('name', 'title')]],
    ['"my col"', [col('my col')]],
    ['*,topics(name)', [{ kind: 'star' }, { kind: 'embed', relation: 'topics', inner: false, select: [col('name')] }]],
    [
      'id,topics(id,name,slug)',
      [col('id'), { kind: 'embed', relation: 'topics', inner: false, select: [col('id'), col('name'), col('slug')] }],
    ],
    ['topic:topics(*)', [{ kind: 'embed', relation: 'topics', alias: 'topic', inner: false, select: [{ kind: 'star' }] }]],
    ['topics!inner(name)', [{ kind: 'embed', relation: 'topics', inner: true, select: [col('name')] }]],
    [
      'topics!publications_topic_id_fkey(name)',
      [{ kind: 'embed', relation: 'topics', hint: 'publications_topic_id_fkey', inner: false, select: [col('name')] }],
    ],
    ['topics()', [{ kind: 'embed', relation: 'topics', inner: false, select: [{ kind: 'star' }] }]],
    [
      'a(b(c))',
      [{ kind: 'embed', relation: 'a', inner: false, select: [{ kind: 'embed', relation: 'b', inner: false, select: [col('c')] }] }],
    ],
  ];
  it.each(cases)('parses %s', (input, expected) => {
    expect(parseSelect(input)).toEqual(expected);
  });

  it.each(['id,', 'topics(name', 'id)', 'a::text', 'data->x', '...topics(name)', 'a!hint', ',id', '"open'])(
    'rejects %s with PGRST100',
    (input) => {
      expect(codeOf(() => parseSelect(input))).toBe('PGRST100');
    },
  );
});

describe('parseCondition', () => {
  const cases: [string, string, boolean, unknown][] = [
    ['slug', 'eq.local', false, { negated: false, operation: { op: 'eq', value: 'local' } }],
    ['v', 'eq.1.5.2', false, { operation: { op: 'eq', value: '1.5.2' } }],
    ['title', 'neq.x', false, { operation: { op: 'neq', value: 'x' } }],
    ['views', 'gte.10', false, { operation: { op: 'gte', value: '10' } }],
    ['title', 'ilike.*foo*', false, { operation: { op: 'ilike', value: '*foo*' } }],
    ['title', 'ilike.%foo%', false, { operation: { op: 'ilike', value: '%foo%' } }],
    ['image_url', 'is.null', false, { operation: { op: 'is', value: 'null' } }],
    ['published', 'is.TRUE', false, { operation: { op: 'is', value: 'true' } }],
    ['topic_id', 'not.is.null', false, { negated: true, operation: { op: 'is', value: 'null' } }],
    ['id', 'in.(a,"b,c",d e)', false, { operation: { op: 'in', values: ['a', 'b,c', 'd e'] } }],
    ['id', 'not.in.()', false, { negated: true, operation: { op: 'in', values: [] } }],
    ['tsv', 'fts(english).cat', false, { operation: { op: 'fts', value: 'cat', language: 'english' } }],
    ['tsv', 'wfts.cat dog', false, { operation: { op: 'wfts', value: 'cat dog' } }],
    ['tsv', 'not.plfts(pt_unaccent).saúde', false, { negated: true, operation: { op: 'plfts', value: 'saúde', language: 'pt_unaccent' } }],
    ['tsv', 'phfts( portuguese ).porto ferreira', false, { operation: { op: 'phfts', value: 'porto ferreira', language: 'portuguese' } }],
    ['tsv', 'fts.a.b', false, { operation: { op: 'fts', value: 'a.b' } }],
    ['at', 'lt.2026-03-05T23:30:00.123456+00:00', false, { operation: { op: 'lt', value: '2026-03-05T23:30:00.123456+00:00' } }],
    ['title', 'eq."a,b"', true, { operation: { op: 'eq', value: 'a,b' } }],
    ['title', 'eq."a,b"', false, { operation: { op: 'eq', value: '"a,b"' } }],
    ['title', 'eq.', false, { operation: { op: 'eq', value: '' } }],
  ];
  it.each(cases)('%s=%s (in logic: %s)', (column, raw, inLogic, expected) => {
    expect(parseCondition(column, raw, inLogic)).toMatchObject({ kind: 'condition', column, ...(expected as object) });
  });

  it.each(['foo.1', 'eq', 'is.maybe', 'in.a,b', 'not.eq', 'fts().x', 'fts(public.pt).x', 'wfts( ).x', 'fts(a;b).x'])('rejects %s with PGRST100', (raw) => {
    expect(codeOf(() => parseCondition('c', raw, false))).toBe('PGRST100');
  });
});

describe('parseInList', () => {
  const cases: [string, string[]][] = [
    ['()', []],
    ['(1,2,3)', ['1', '2', '3']],
    ['("a\\"b","c\\\\d")', ['a"b', 'c\\d']],
    ['("x(y)",z)', ['x(y)', 'z']],
  ];
  it.each(cases)('%s', (input, expected) => {
    expect(parseInList(input, input)).toEqual(expected);
  });
});

describe('parseLogicList', () => {
  it('parses the search of the app', () => {
    expect(parseLogicList('(title.ilike.*foo*,description.ilike.*foo*)', 'or')).toEqual([
      { kind: 'condition', column: 'title', negated: false, operation: { op: 'ilike', value: '*foo*' } },
      { kind: 'condition', column: 'description', negated: false, operation: { op: 'ilike', value: '*foo*' } },
    ]);
  });

  it('nests and(), or(), not.and() and both negation spellings', () => {
    expect(parseLogicList('(a.eq.1,and(b.gt.2,or(c.is.null,d.not.eq.3)),not.and(e.eq.4),not.f.eq.5,g.in.(1,2))', 'or')).toEqual([
      { kind: 'condition', column: 'a', negated: false, operation: { op: 'eq', value: '1' } },
      {
        kind: 'logic',
        op: 'and',
        negated: false,
        children: [
          { kind: 'condition', column: 'b', negated: false, operation: { op: 'gt', value: '2' } },
          {
            kind: 'logic',
            op: 'or',
            negated: false,
            children: [
              { kind: 'condition', column: 'c', negated: false, operation: { op: 'is', value: 'null' } },
              { kind: 'condition', column: 'd', negated: true, operation: { op: 'eq', value: '3' } },
            ],
          },
        ],
      },
      {
        kind: 'logic',
        op: 'and',
        negated: true,
        children: [{ kind: 'condition', column: 'e', negated: false, operation: { op: 'eq', value: '4' } }],
      },
      { kind: 'condition', column: 'f', negated: true, operation: { op: 'eq', value: '5' } },
      { kind: 'condition', column: 'g', negated: false, operation: { op: 'in', values: ['1', '2'] } },
    ]);
  });

  it('keeps commas and parentheses inside double-quoted values', () => {
    expect(parseLogicList('(title.eq."a,b)",title.eq."say \\"hi\\"")', 'or')).toMatchObject([
      { operation: { value: 'a,b)' } },
      { operation: { value: 'say "hi"' } },
    ]);
  });

  it.each(['a.eq.1', '()', '(a)', '(a.zz.1)'])('rejects %s with PGRST100', (input) => {
    expect(codeOf(() => parseLogicList(input, input))).toBe('PGRST100');
  });
});

describe('parseOrder', () => {
  const cases: [string, unknown][] = [
    ['name.asc', [{ column: 'name', direction: 'asc' }]],
    ['name', [{ column: 'name' }]],
    ['published_at.desc.nullslast,title.asc.nullsfirst', [
      { column: 'published_at', direction: 'desc', nulls: 'last' },
      { column: 'title', direction: 'asc', nulls: 'first' },
    ]],
    ['views.nullsfirst', [{ column: 'views', nulls: 'first' }]],
  ];
  it.each(cases)('%s', (input, expected) => {
    expect(parseOrder(input)).toEqual(expected);
  });

  it.each(['name.up', 'name.asc.desc', 'a.nullslast.asc', 'topics(name).asc', '.asc'])('rejects %s', (input) => {
    expect(codeOf(() => parseOrder(input))).toBe('PGRST100');
  });
});

describe('parseQuery', () => {
  it('splits the search request of the app into select, filters, order and paging', () => {
    const parsed = query(
      'select=id%2Ctitle%2Ctopics%28id%2Cname%2Cslug%29&published=eq.true&or=%28title.ilike.*foo*%2Cdescription.ilike.*foo*%29&order=published_at.desc&offset=0&limit=12',
    );
    expect(parsed.select).toHaveLength(3);
    expect(parsed.root.filters.map((f) => f.kind)).toEqual(['condition', 'logic']);
    expect(parsed.root.order).toEqual([{ column: 'published_at', direction: 'desc' }]);
    expect(parsed.root).toMatchObject({ limit: 12, offset: 0 });
  });

  it('decodes + as a space and keeps repeated keys as separate filters', () => {
    const parsed = query('id=in.%2844%2C%22b%2Cc%22%2Cd+e%29&views=gt.1&views=lt.9');
    expect(parsed.root.filters).toMatchObject([
      { column: 'id', operation: { op: 'in', values: ['44', 'b,c', 'd e'] } },
      { column: 'views', operation: { op: 'gt', value: '1' } },
      { column: 'views', operation: { op: 'lt', value: '9' } },
    ]);
  });

  it('routes embedded order, limit and filters to the embed, and reads not.or', () => {
    const parsed = query('select=id,topics(name)&topics.order=name.asc&topics.limit=1&topics.name=eq.x&not.or=(a.eq.1,b.eq.2)');
    expect(parsed.embedded.get('topics')).toMatchObject({ order: [{ column: 'name', direction: 'asc' }], limit: 1 });
    expect(parsed.embedded.get('topics')?.filters).toHaveLength(1);
    expect(parsed.root.filters).toMatchObject([{ kind: 'logic', op: 'or', negated: true }]);
  });

  it('reads columns= and on_conflict=', () => {
    expect(query('columns=%22name%22%2C%22slug%22&on_conflict=slug')).toMatchObject({ columns: ['name', 'slug'], onConflict: ['slug'] });
  });

  it('defaults to select=*', () => {
    expect(query('').select).toEqual([{ kind: 'star' }]);
  });

  it.each(['limit=-1', 'offset=x', 'limit=1.5', 'id=zz.1', '=eq.1'])('rejects %s with PGRST100', (raw) => {
    expect(codeOf(() => query(raw))).toBe('PGRST100');
  });
});

describe('splitRpcParams: arguments and read parameters of GET /rpc/fn (PostgREST isRpcRead)', () => {
  const cases: [string, string, Record<string, string>, string][] = [
    ['plain values are arguments', 'q=saude&topic_slug=local&page_size=20', { q: 'saude', topic_slug: 'local', page_size: '20' }, ''],
    [
      'dates, timestamps, numbers and uuids are arguments',
      'day=2026-03-05&after_published_at=2026-03-05T23:30:00.5%2B00:00&after_rank=0.75&after_id=44444444-4444-4444-8444-444444444444',
      {
        day: '2026-03-05',
        after_published_at: '2026-03-05T23:30:00.5+00:00',
        after_rank: '0.75',
        after_id: '44444444-4444-4444-8444-444444444444',
      },
      '',
    ],
    ['words that begin like operators are arguments', 'q=isento&x=inside&y=equipe&z=notas', { q: 'isento', x: 'inside', y: 'equipe', z: 'notas' }, ''],
    [
      'reserved keys and operator expressions are read parameters',
      'q=saude&select=id,rank&rank=gt.1&order=rank.desc&limit=5&offset=5&or=(rank.eq.1,rank.eq.3)&topics.slug=eq.local',
      { q: 'saude' },
      'select=id%2Crank&rank=gt.1&order=rank.desc&limit=5&offset=5&or=%28rank.eq.1%2Crank.eq.3%29&topics.slug=eq.local',
    ],
    ['a value that is an operator expression filters, even on an argument name', 'q=eq.x', {}, 'q=eq.x'],
  ];
  it.each(cases)('%s', (_name, raw, args, query) => {
    const split = splitRpcParams(new URLSearchParams(raw));
    expect(split.args).toEqual(args);
    expect(split.query.toString()).toBe(query);
  });

  it.each(['q=not.sure', 'q=in.flacao', 'q=is.maybe'])('%s: committed to an operator, then malformed → PGRST100', (raw) => {
    expect(codeOf(() => splitRpcParams(new URLSearchParams(raw)))).toBe('PGRST100');
  });
});
