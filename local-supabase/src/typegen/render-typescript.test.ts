import { describe, expect, it } from 'vitest';
import type { Catalog, CatalogColumn, CatalogFunction, CatalogFunctionArgument, CatalogRelation, CatalogType } from './catalog.ts';
import { renderTypeScript } from './render-typescript.ts';

// Catalogs written by hand, each rendered and compared with what `supabase gen types typescript` prints for it.

let nextId = 1000;
const column = (name: string, type: string, overrides: Partial<CatalogColumn> = {}): CatalogColumn => ({
  name,
  type,
  nullable: false,
  hasDefault: false,
  identity: null,
  generated: false,
  updatable: true,
  allowedValues: null,
  ...overrides,
});
const table = (name: string, columns: CatalogColumn[], overrides: Partial<CatalogRelation> = {}): CatalogRelation => ({
  id: (nextId += 1),
  name,
  kind: 'table',
  isUpdatable: true,
  columns,
  relationships: [],
  ...overrides,
});
const arg = (name: string, type: string, overrides: Partial<CatalogFunctionArgument> = {}): CatalogFunctionArgument => ({
  name,
  mode: 'in',
  type,
  typeOid: 25,
  typeFormat: type,
  isRowType: false,
  hasDefault: false,
  ...overrides,
});
const fn = (name: string, overrides: Partial<CatalogFunction> = {}): CatalogFunction => ({
  name,
  args: [],
  argumentTypes: '',
  result: 'void',
  returnType: 'void',
  returnRelationId: null,
  returnsSet: false,
  rows: null,
  ...overrides,
});
const render = (parts: Partial<Catalog>, options = {}) =>
  renderTypeScript({ schema: 'public', relations: [], functions: [], types: [], ...parts }, options);

const mood: CatalogType = { schema: 'public', name: 'mood', enumValues: ['happy', 'sad'], attributes: [] };
const level: CatalogType = { schema: 'auth', name: 'aal_level', enumValues: ['aal1', 'aal2'], attributes: [] };
const pair: CatalogType = { schema: 'public', name: 'pair', enumValues: [], attributes: [{ name: 'left', type: 'int4' }] };

/** The lines of one block (`Row`, `Insert`, `Update`) of table `t`. */
function block(output: string, name: 'Row' | 'Insert' | 'Update'): string[] {
  const start = output.indexOf(`        ${name}: {\n`);
  const end = output.indexOf('\n        }', start);
  return output.slice(start, end).split('\n').slice(1).map((line) => line.trim());
}

describe('a column in Row, Insert and Update', () => {
  it.each<[string, CatalogColumn, string, string, string]>([
    ['required', column('a', 'text'), 'a: string', 'a: string', 'a?: string'],
    ['nullable', column('a', 'text', { nullable: true }), 'a: string | null', 'a?: string | null', 'a?: string | null'],
    ['with a default', column('a', 'int4', { hasDefault: true }), 'a: number', 'a?: number', 'a?: number'],
    ['identity by default', column('a', 'int8', { identity: 'BY DEFAULT' }), 'a: number', 'a?: number', 'a?: number'],
    ['identity always', column('a', 'int8', { identity: 'ALWAYS' }), 'a: number', 'a?: never', 'a?: never'],
    ['generated tsvector', column('a', 'tsvector', { nullable: true, hasDefault: true, generated: true }), 'a: unknown', 'a?: never', 'a?: never'],
    ['uuid, timestamptz, date', column('a', 'timestamptz'), 'a: string', 'a: string', 'a?: string'],
    ['boolean', column('a', 'bool'), 'a: boolean', 'a: boolean', 'a?: boolean'],
    ['jsonb', column('a', 'jsonb', { nullable: true }), 'a: Json | null', 'a?: Json | null', 'a?: Json | null'],
    ['text[]', column('a', '_text'), 'a: string[]', 'a: string[]', 'a?: string[]'],
    ['an enum of the schema', column('a', 'mood'), 'a: Database["public"]["Enums"]["mood"]', 'a: Database["public"]["Enums"]["mood"]', 'a?: Database["public"]["Enums"]["mood"]'],
    ['an enum of another schema', column('a', 'aal_level'), 'a: "aal1" | "aal2"', 'a: "aal1" | "aal2"', 'a?: "aal1" | "aal2"'],
    ['a composite type', column('a', 'pair', { nullable: true }), 'a: Database["public"]["CompositeTypes"]["pair"] | null', 'a?: Database["public"]["CompositeTypes"]["pair"] | null', 'a?: Database["public"]["CompositeTypes"]["pair"] | null'],
    ['a type TypeScript has no name for', column('a', 'point'), 'a: unknown', 'a: unknown', 'a?: unknown'],
    ['a name that is not an identifier', column('user-id', 'int4'), '"user-id": number', '"user-id": number', '"user-id"?: number'],
  ])('%s', (_, given, row, insert, update) => {
    const output = render({ relations: [table('t', [given])], types: [mood, level, pair] });
    expect([block(output, 'Row'), block(output, 'Insert'), block(output, 'Update')]).toEqual([[row], [insert], [update]]);
  });

  it('lists columns by name, as supabase does', () => {
    const output = render({ relations: [table('t', [column('b', 'text'), column('a', 'text')])] });
    expect(block(output, 'Row')).toEqual(['a: string', 'b: string']);
  });

  it('gives a listed column the union of its CHECK values, declared once under the given name', () => {
    const kind = column('kind', 'text', { hasDefault: true, allowedValues: ['news', "o'clock"] });
    const output = render({ relations: [table('t', [kind])] }, { allowedValueTypes: { 't.kind': 'Kind' } });
    expect(output).toContain(`export type Kind = "news" | "o'clock"\n`);
    expect([block(output, 'Row'), block(output, 'Insert')]).toEqual([['kind: Kind'], ['kind?: Kind']]);
  });

  it.each([
    ['a column without such a check', { 't.a': 'A' }, /t\.a has no CHECK/],
    ['a column that does not exist', { 't.missing': 'Missing' }, /unknown columns: t\.missing/],
  ])('refuses to name %s', (_, allowedValueTypes, message) => {
    expect(() => render({ relations: [table('t', [column('a', 'text')])] }, { allowedValueTypes })).toThrow(message);
  });
});

describe('relationships', () => {
  it("lists the table's foreign keys into the same schema, by name, and leaves out other schemas'", () => {
    const output = render({
      relations: [
        table('posts', [column('topic_id', 'uuid')], {
          relationships: [
            { foreignKeyName: 'posts_topic_id_fkey', columns: ['topic_id'], isOneToOne: true, referencedSchema: 'public', referencedRelation: 'topics', referencedColumns: ['id'] },
            { foreignKeyName: 'posts_author_id_fkey', columns: ['author_id'], isOneToOne: false, referencedSchema: 'auth', referencedRelation: 'users', referencedColumns: ['id'] },
          ],
        }),
      ],
    });
    expect(output).toContain(`        Relationships: [
          {
            foreignKeyName: "posts_topic_id_fkey"
            columns: ["topic_id"]
            isOneToOne: true
            referencedRelation: "topics"
            referencedColumns: ["id"]
          },
        ]`);
    expect(output).not.toContain('users');
  });
});

describe('functions', () => {
  const topics = table('topics', [column('id', 'uuid'), column('name', 'text', { nullable: true })]);

  it.each<[string, CatalogFunction, string]>([
    ['without arguments, returning void', fn('touch'), `touch: {
        Args: never
        Returns: undefined
      }`],
    ['with arguments, those with a default optional, by name', fn('find', { args: [arg('q', 'text', { hasDefault: true }), arg('limit_to', 'int4')], returnType: 'bool' }), `find: {
        Args: {
          limit_to: number
          q?: string
        }
        Returns: boolean
      }`],
    ['returning an array', fn('slugs', { returnType: '_text' }), `slugs: {
        Args: never
        Returns: string[]
      }`],
    ['returning a set of a scalar', fn('slugs', { returnType: 'text', returnsSet: true, rows: 1000 }), `slugs: {
        Args: never
        Returns: string[]
      }`],
    ['returning a table', fn('cards', { args: [arg('q', 'text'), arg('title', 'text', { mode: 'table' }), arg('rank', 'float4', { mode: 'table' })], returnType: 'record', returnsSet: true, rows: 1000 }), `cards: {
        Args: {
          q: string
        }
        Returns: {
          rank: number
          title: string
        }[]
      }`],
    ['with OUT parameters (a record)', fn('stats', { args: [arg('total', 'int4', { mode: 'out' })], returnType: 'record' }), `stats: {
        Args: never
        Returns: Record<string, unknown>
      }`],
    ['returning a set of rows of a table', fn('list_topics', { returnType: 'topics', returnRelationId: topics.id, returnsSet: true, rows: 1000 }), `list_topics: {
        Args: never
        Returns: {
          id: string
          name: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "topics"
          isOneToOne: false
          isSetofReturn: true
        }
      }`],
    ['returning one row of a table', fn('first_topic', { returnType: 'topics', returnRelationId: topics.id }), `first_topic: {
        Args: never
        Returns: {
          id: string
          name: string | null
        }
        SetofOptions: {
          from: "*"
          to: "topics"
          isOneToOne: true
          isSetofReturn: false
        }
      }`],
    ['taking one unnamed json argument', fn('handle', { args: [arg('', 'jsonb')], returnType: 'jsonb' }), `handle: {
        Args: {
          "": Json
        }
        Returns: Json
      }`],
  ])('%s', (_, given, expected) => {
    expect(render({ relations: [topics], functions: [given] })).toContain(`    Functions: {\n      ${expected}\n    }`);
  });

  it('leaves out a function PostgREST cannot call (an unnamed argument it cannot fill)', () => {
    expect(render({ functions: [fn('hidden', { args: [arg('', 'int4')] })] })).toContain('    Functions: {\n      [_ in never]: never\n    }');
  });

  it('renders overloads as a union, ordered by their arguments', () => {
    const output = render({
      functions: [
        fn('pick', { args: [arg('b', 'int4')], argumentTypes: 'b integer', returnType: 'text' }),
        fn('pick', { args: [arg('a', 'text')], argumentTypes: 'a text', returnType: 'int4' }),
      ],
    });
    expect(output).toContain(`      pick:
        | {
            Args: {
              a: string
            }
            Returns: number
          }
        | {
            Args: {
              b: number
            }
            Returns: string
          }`);
  });

  it('adds a function taking a row of a table to that table as a computed field', () => {
    const output = render({
      relations: [topics],
      functions: [fn('label', { args: [arg('', 'topics', { isRowType: true, typeFormat: 'topics' })], argumentTypes: 'topics', returnType: 'text' })],
    });
    expect(block(output, 'Row')).toEqual(['id: string', 'name: string | null', 'label: string | null']);
  });
});

describe('the rest of the file', () => {
  it('says "nothing" for an empty section, exports Json, the helpers and Constants, and puts header and footer around', () => {
    const output = render({ types: [mood] }, { header: '// header\n', footer: '// footer\n' });
    expect(output.startsWith('// header\n\nexport type Json =\n  | string\n')).toBe(true);
    expect(output).toContain('    Tables: {\n      [_ in never]: never\n    }');
    expect(output).toContain('    Enums: {\n      mood: "happy" | "sad"\n    }');
    expect(output).toContain('export type TablesInsert<');
    expect(output).toContain('export const Constants = {\n  public: {\n    Enums: {\n      mood: ["happy", "sad"],\n    },\n  },\n} as const\n');
    expect(output.endsWith('} as const\n\n// footer\n')).toBe(true);
  });

  it('renders composite types with nullable attributes', () => {
    expect(render({ types: [pair] })).toContain('    CompositeTypes: {\n      pair: {\n        left: number | null\n      }\n    }');
  });
});
