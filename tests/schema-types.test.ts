import { readFile } from 'node:fs/promises';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../local-supabase/src/db/migrate.ts';
import { openFreshDatabase, type FreshSqlDatabase } from './support/fresh-sql-database.ts';

/**
 * Keeps src/types/database.ts (what the app is typed against) in step with supabase/migrations: the same
 * columns, the same nullability, compatible base types, and Insert fields optional exactly where the database
 * has a default or allows null.
 */

const TABLES = ['topics', 'topic_slug_redirects', 'publications', 'obituaries', 'jobs', 'media_kit_requests', 'profiles'] as const;
type Kind = 'string' | 'number' | 'boolean';

interface TsColumn {
  kind: Kind | 'other';
  nullable: boolean;
  optional: boolean;
}
type TsTable = { Row: Map<string, TsColumn>; Insert: Map<string, TsColumn> };

interface DbColumn {
  table_name: string;
  column_name: string;
  is_nullable: 'YES' | 'NO';
  data_type: string;
  column_default: string | null;
}

// Aliases of string unions declared in the types file (ContractType, MediaKitInterest, ProfileRole).
function collectStringAliases(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  source.forEachChild((node) => {
    if (!ts.isTypeAliasDeclaration(node) || !ts.isUnionTypeNode(node.type)) return;
    const allStrings = node.type.types.every(
      (member) => ts.isLiteralTypeNode(member) && ts.isStringLiteral(member.literal),
    );
    if (allStrings) names.add(node.name.text);
  });
  return names;
}

function memberMap(node: ts.TypeNode | undefined): Map<string, ts.PropertySignature> {
  const map = new Map<string, ts.PropertySignature>();
  if (!node || !ts.isTypeLiteralNode(node)) return map;
  for (const member of node.members) {
    if (ts.isPropertySignature(member) && member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))) {
      map.set(member.name.text, member);
    }
  }
  return map;
}

function describeColumn(member: ts.PropertySignature, stringAliases: Set<string>): TsColumn {
  const parts = member.type && ts.isUnionTypeNode(member.type) ? [...member.type.types] : member.type ? [member.type] : [];
  let nullable = false;
  const kinds = new Set<TsColumn['kind']>();
  for (const part of parts) {
    if (ts.isLiteralTypeNode(part) && part.literal.kind === ts.SyntaxKind.NullKeyword) nullable = true;
    else if (part.kind === ts.SyntaxKind.StringKeyword) kinds.add('string');
    else if (part.kind === ts.SyntaxKind.NumberKeyword) kinds.add('number');
    else if (part.kind === ts.SyntaxKind.BooleanKeyword) kinds.add('boolean');
    else if (ts.isTypeReferenceNode(part) && ts.isIdentifier(part.typeName) && stringAliases.has(part.typeName.text)) {
      kinds.add('string');
    } else kinds.add('other');
  }
  const kind = kinds.size === 1 ? [...kinds][0] ?? 'other' : 'other';
  return { kind, nullable, optional: member.questionToken !== undefined };
}

async function readTypesFile(): Promise<Map<string, TsTable>> {
  const path = new URL('../src/types/database.ts', import.meta.url);
  const text = await readFile(path, 'utf8');
  const source = ts.createSourceFile('database.ts', text, ts.ScriptTarget.Latest, true);
  const stringAliases = collectStringAliases(source);
  let databaseType: ts.TypeNode | undefined;
  source.forEachChild((node) => {
    if (ts.isTypeAliasDeclaration(node) && node.name.text === 'Database') databaseType = node.type;
  });
  const tablesNode = memberMap(memberMap(databaseType).get('public')?.type).get('Tables')?.type;
  const tables = new Map<string, TsTable>();
  for (const [table, member] of memberMap(tablesNode)) {
    const blocks = memberMap(member.type);
    const columns = (block: string) =>
      new Map([...memberMap(blocks.get(block)?.type)].map(([name, column]) => [name, describeColumn(column, stringAliases)]));
    tables.set(table, { Row: columns('Row'), Insert: columns('Insert') });
  }
  return tables;
}

function kindOfDataType(dataType: string): Kind | 'other' {
  if (['uuid', 'text', 'character varying', 'date', 'timestamp with time zone'].includes(dataType)) return 'string';
  if (['integer', 'smallint', 'bigint', 'numeric', 'real', 'double precision'].includes(dataType)) return 'number';
  if (dataType === 'boolean') return 'boolean';
  return 'other';
}

let fresh: FreshSqlDatabase;
let dbColumns: DbColumn[];
let tsTables: Map<string, TsTable>;

beforeAll(async () => {
  fresh = await openFreshDatabase();
  await applyMigrations(fresh.db, { seed: false });
  const result = await fresh.db.query<DbColumn>(
    `select table_name::text, column_name::text, is_nullable::text, data_type::text, column_default::text
       from information_schema.columns
      where table_schema = 'public' and table_name = any($1)
      order by table_name, ordinal_position`,
    [[...TABLES]],
  );
  dbColumns = result.rows;
  tsTables = await readTypesFile();
}, 120_000);

afterAll(async () => {
  await fresh?.dispose();
});

describe('src/types/database.ts against the migrated schema', () => {
  it('declares exactly the public tables', () => {
    expect([...tsTables.keys()].sort()).toEqual([...TABLES].sort());
    expect([...new Set(dbColumns.map((column) => column.table_name))].sort()).toEqual([...TABLES].sort());
  });

  describe.each(TABLES)('%s', (table) => {
    it('Row has the same columns, nullability and base types as the table', () => {
      const fromDb = dbColumns
        .filter((column) => column.table_name === table)
        .map((column) => ({
          column: column.column_name,
          kind: kindOfDataType(column.data_type),
          nullable: column.is_nullable === 'YES',
        }))
        .sort((a, b) => a.column.localeCompare(b.column));
      const fromTs = [...(tsTables.get(table)?.Row ?? new Map<string, TsColumn>())]
        .map(([column, info]) => ({ column, kind: info.kind, nullable: info.nullable }))
        .sort((a, b) => a.column.localeCompare(b.column));
      expect(fromTs).toEqual(fromDb);
    });

    it('Insert fields are optional exactly where the column has a default or accepts null', () => {
      const insert = tsTables.get(table)?.Insert ?? new Map<string, TsColumn>();
      expect(insert.size).toBeGreaterThan(0);
      for (const [column, info] of insert) {
        const dbColumn = dbColumns.find((c) => c.table_name === table && c.column_name === column);
        expect(dbColumn, `${table}.${column} exists`).toBeDefined();
        if (!dbColumn) continue;
        const mayBeOmitted = dbColumn.is_nullable === 'YES' || dbColumn.column_default !== null;
        expect({ column, optional: info.optional }).toEqual({ column, optional: mayBeOmitted });
        expect({ column, nullable: info.nullable }).toEqual({ column, nullable: dbColumn.is_nullable === 'YES' });
      }
    });
  });

  it('leaves publications.views out of Insert, as the database refuses it from clients', () => {
    expect(tsTables.get('publications')?.Insert.has('views')).toBe(false);
    expect(tsTables.get('publications')?.Row.has('views')).toBe(true);
  });
});
