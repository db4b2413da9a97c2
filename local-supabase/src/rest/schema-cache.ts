import type { Queryable } from '../db/database.ts';

/**
 * What PostgREST keeps in its schema cache, for the exposed schema `public` only: every identifier of a request is
 * checked against it, and column types give the casts of bound values.
 */

export interface Column {
  name: string;
  /** Type name without modifiers (`character varying`, not `character varying(80)`), ready for `::type`. */
  type: string;
}

export interface ForeignKey {
  constraint: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface Table {
  name: string;
  /** In table order, so `*` expands as Postgres expands it. */
  columns: Column[];
  primaryKey: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface DbFunction {
  name: string;
  /** Input arguments in declaration order. */
  args: FunctionArg[];
  returns: 'void' | 'scalar' | 'composite';
  returnsSet: boolean;
  /** STABLE and IMMUTABLE functions run in a read-only transaction. */
  readOnly: boolean;
  /** Columns of a composite result (a row type, OUT or TABLE parameters): what select, filters and order may name. */
  columns: Column[];
  /** The table whose row type the function returns, if any: its relationships allow embedding, as PostgREST does. */
  table?: string;
}

export interface SchemaCache {
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  /** Overloads share a name. */
  functions: Map<string, DbFunction[]>;
}

/** The raw catalog rows, decoded from one JSON document so PGlite and node-postgres read them alike. */
export interface CatalogSnapshot {
  tables: { name: string; columns: Column[]; primary_key: string[] | null }[];
  foreign_keys: { constraint: string; table: string; columns: string[]; ref_table: string; ref_columns: string[] }[];
  functions: {
    name: string;
    args: { name: string | null; type: string; mode: string }[] | null;
    nargdefaults: number;
    return_type: string;
    return_typtype: string;
    returns_set: boolean;
    volatility: string;
    /** Attributes of a named row type (table or composite type); absent for other return types. */
    return_columns?: Column[] | null;
    /** The public table or view whose row type is returned. */
    return_relation?: string | null;
  }[];
}

const CATALOG_SQL = `
with rels as (
  select c.oid, c.relname
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p')
)
select json_build_object(
  'tables', coalesce((
    select json_agg(json_build_object(
      'name', r.relname,
      'columns', coalesce((
        select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, null)) order by a.attnum)
        from pg_attribute a
        where a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped
      ), '[]'),
      'primary_key', (
        select json_agg(a.attname order by k.ord)
        from pg_constraint con
        cross join unnest(con.conkey) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
        where con.conrelid = r.oid and con.contype = 'p'
      )
    ) order by r.relname)
    from rels r
  ), '[]'),
  'foreign_keys', coalesce((
    select json_agg(json_build_object(
      'constraint', con.conname,
      'table', src.relname,
      'columns', (
        select json_agg(a.attname order by k.ord)
        from unnest(con.conkey) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
      ),
      'ref_table', dst.relname,
      'ref_columns', (
        select json_agg(a.attname order by k.ord)
        from unnest(con.confkey) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum
      )
    ) order by con.conname)
    from pg_constraint con
    join rels src on src.oid = con.conrelid
    join rels dst on dst.oid = con.confrelid
    where con.contype = 'f'
  ), '[]'),
  'functions', coalesce((
    select json_agg(json_build_object(
      'name', p.proname,
      'args', (
        select json_agg(json_build_object('name', x.name, 'type', format_type(x.type, null), 'mode', coalesce(x.mode, 'i'))
                        order by x.ord)
        from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargnames, p.proargmodes::text[])
             with ordinality as x(type, name, mode, ord)
        where x.type is not null
      ),
      'nargdefaults', p.pronargdefaults,
      'return_type', format_type(p.prorettype, null),
      'return_typtype', t.typtype,
      'returns_set', p.proretset,
      'volatility', p.provolatile,
      'return_columns', (
        select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, null)) order by a.attnum)
        from pg_attribute a
        where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped
      ),
      'return_relation', (select r.relname from rels r where r.oid = t.typrelid)
    ) order by p.proname, p.oid)
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type t on t.oid = p.prorettype
    where n.nspname = 'public' and p.prokind = 'f'
  ), '[]')
)::text as catalog`;

export async function readCatalog(db: Queryable): Promise<CatalogSnapshot> {
  const { rows } = await db.query<{ catalog: string }>(CATALOG_SQL);
  return JSON.parse(rows[0]?.catalog ?? '{"tables":[],"foreign_keys":[],"functions":[]}') as CatalogSnapshot;
}

/** Pure: turns catalog rows into the cache (tested without a database). */
export function buildSchemaCache(snapshot: CatalogSnapshot): SchemaCache {
  const tables = new Map<string, Table>();
  for (const t of snapshot.tables) {
    tables.set(t.name, { name: t.name, columns: t.columns, primaryKey: t.primary_key ?? [] });
  }
  const foreignKeys = snapshot.foreign_keys.map((fk) => ({
    constraint: fk.constraint,
    table: fk.table,
    columns: fk.columns,
    refTable: fk.ref_table,
    refColumns: fk.ref_columns,
  }));
  const functions = new Map<string, DbFunction[]>();
  for (const f of snapshot.functions) {
    const all = f.args ?? [];
    // IN, INOUT and VARIADIC arguments are the ones a caller passes; the last `nargdefaults` of them have defaults.
    const inputs = all.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
    const firstDefault = inputs.length - f.nargdefaults;
    const args = inputs.map((a, i) => ({ name: a.name ?? '', type: a.type, hasDefault: i >= firstDefault }));
    const composite = f.return_typtype === 'c' || f.return_type === 'record';
    // A record's columns are its OUT, INOUT and TABLE parameters; a row type's are its attributes.
    const outputs = all.filter((a) => a.mode === 'o' || a.mode === 'b' || a.mode === 't');
    const columns = composite
      ? (f.return_columns ?? outputs.map((a) => ({ name: a.name ?? '', type: a.type })))
      : [];
    const fn: DbFunction = {
      name: f.name,
      args,
      returns: f.return_type === 'void' ? 'void' : composite ? 'composite' : 'scalar',
      returnsSet: f.returns_set,
      readOnly: f.volatility === 's' || f.volatility === 'i',
      columns,
      ...(f.return_relation ? { table: f.return_relation } : {}),
    };
    functions.set(f.name, [...(functions.get(f.name) ?? []), fn]);
  }
  return { tables, foreignKeys, functions };
}

export async function loadSchemaCache(db: Queryable): Promise<SchemaCache> {
  return buildSchemaCache(await readCatalog(db));
}

export function findColumn(table: Table, name: string): Column | undefined {
  return table.columns.find((c) => c.name === name);
}

export interface Relationship {
  /** to-one: the row's foreign key points at the embedded table; to-many: the embedded table points back. */
  cardinality: 'to-one' | 'to-many';
  target: Table;
  /** Pairs of (column of the parent, column of the embedded table) to join on. */
  join: { parent: string; child: string }[];
  constraint: string;
}

function relationshipsFrom(cache: SchemaCache, parent: Table): Relationship[] {
  const found: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    // A foreign key joins both ways: from its table to one referenced row, and from the referenced table to many rows.
    const sides = [
      { cardinality: 'to-one', from: fk.table, to: fk.refTable, parentColumns: fk.columns, childColumns: fk.refColumns },
      { cardinality: 'to-many', from: fk.refTable, to: fk.table, parentColumns: fk.refColumns, childColumns: fk.columns },
    ] as const;
    for (const side of sides) {
      const target = side.from === parent.name ? cache.tables.get(side.to) : undefined;
      if (!target) continue;
      const join = side.parentColumns.map((c, i) => ({ parent: c, child: side.childColumns[i] ?? c }));
      found.push({ cardinality: side.cardinality, target, join, constraint: fk.constraint });
    }
  }
  return found;
}

/**
 * Resolves `name` (optionally `name!hint`) as PostgREST does: the embedded table's name, or the name of a foreign key
 * column of the parent (`topic_id(...)`) or of the constraint; the hint picks a constraint or a column.
 * Returns the matches; the caller reports none (PGRST200) or several (PGRST201).
 */
export function findRelationships(cache: SchemaCache, parent: Table, name: string, hint?: string): Relationship[] {
  const candidates = relationshipsFrom(cache, parent).filter((r) => {
    if (r.target.name === name) return true;
    if (r.constraint === name) return true;
    return r.cardinality === 'to-one' && r.join.length === 1 && r.join[0]?.parent === name;
  });
  if (!hint) return candidates;
  return candidates.filter(
    (r) =>
      r.constraint === hint ||
      r.join.some((j) => (r.cardinality === 'to-one' ? j.parent : j.child) === hint) ||
      r.target.name === hint,
  );
}
