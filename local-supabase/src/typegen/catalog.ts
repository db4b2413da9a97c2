import type { Queryable } from '../db/database.ts';

// What `supabase gen types typescript` reads from the catalog (supabase/postgres-meta's queries, reduced to the
// fields its TypeScript template uses), as plain data for render-typescript.ts.

export interface CatalogColumn {
  name: string;
  /** The type's name in pg_type (a domain's base type): `text`, `int4`, `_text` for text[], `tsvector`. */
  type: string;
  nullable: boolean;
  /** A default expression exists (for a generated column, its expression). */
  hasDefault: boolean;
  identity: 'ALWAYS' | 'BY DEFAULT' | null;
  /** GENERATED ALWAYS AS (...) STORED. */
  generated: boolean;
  /** A view's column can be written through the view (always true for a table's). */
  updatable: boolean;
  /** The values a single-column `CHECK (column IN (...))` allows, else null. */
  allowedValues: string[] | null;
}

export interface CatalogRelationship {
  foreignKeyName: string;
  columns: string[];
  /** The columns are exactly the referencing table's primary key or one of its unique constraints. */
  isOneToOne: boolean;
  referencedSchema: string;
  referencedRelation: string;
  referencedColumns: string[];
}

export interface CatalogRelation {
  id: number;
  name: string;
  kind: 'table' | 'view' | 'materialized view';
  /** For a view: rows can be inserted and updated through it. */
  isUpdatable: boolean;
  /** In attnum order. */
  columns: CatalogColumn[];
  relationships: CatalogRelationship[];
}

export interface CatalogFunctionArgument {
  /** '' when the argument has no name. */
  name: string;
  mode: 'in' | 'out' | 'inout' | 'variadic' | 'table';
  type: string;
  /** The type's oid: overloads that differ only in it are reported in oid order, as supabase does. */
  typeOid: number;
  /** format_type() of the argument's type (`todos`, `auth.users`): the `from` of an embedded function. */
  typeFormat: string;
  /** The type is a table's, view's or composite type's row type. */
  isRowType: boolean;
  hasDefault: boolean;
}

export interface CatalogFunction {
  name: string;
  /** In declaration order, OUT and TABLE columns included. */
  args: CatalogFunctionArgument[];
  /** pg_get_function_arguments(): tells overloads apart and finds computed fields (`todos`). */
  argumentTypes: string;
  /** pg_get_function_result(). */
  result: string;
  returnType: string;
  /** The pg_class oid of the returned row type (a table, view or composite type), else null. */
  returnRelationId: number | null;
  returnsSet: boolean;
  /** ROWS estimate of a set-returning function. */
  rows: number | null;
}

export interface CatalogType {
  schema: string;
  name: string;
  /** An enum's labels in order; [] for other types. */
  enumValues: string[];
  /** A composite type's attributes in order; [] for other types. */
  attributes: { name: string; type: string }[];
}

export interface Catalog {
  schema: string;
  relations: CatalogRelation[];
  /** Trigger functions excluded, as supabase does. */
  functions: CatalogFunction[];
  /** Enums and composite types of every schema (a column may use another schema's). */
  types: CatalogType[];
}

const RELATION_KINDS: Record<string, CatalogRelation['kind']> = { r: 'table', p: 'table', f: 'table', v: 'view', m: 'materialized view' };
const ARGUMENT_MODES: Record<string, CatalogFunctionArgument['mode']> = { i: 'in', o: 'out', b: 'inout', v: 'variadic', t: 'table' };

/** `CHECK (role = ANY (ARRAY['admin'::text, 'pending'::text]))` or `CHECK (kind = 'news'::text)` → the values. */
export function allowedValuesOf(constraintDefinition: string): string[] | null {
  const literal = String.raw`'((?:[^']|'')*)'::(?:text|character varying)`;
  const single = new RegExp(String.raw`^CHECK \(\(?"?[\w-]+"? = ${literal}\)?\)$`).exec(constraintDefinition);
  if (single) return [unquote(single[1] as string)];
  const list = new RegExp(String.raw`^CHECK \(\(?"?[\w-]+"? = ANY \(ARRAY\[(.*)\]\)\)?\)$`).exec(constraintDefinition);
  if (!list) return null;
  const items = (list[1] as string).split(/,\s*(?=')/);
  const values: string[] = [];
  for (const item of items) {
    const match = new RegExp(`^${literal}$`).exec(item.trim());
    if (!match) return null;
    values.push(unquote(match[1] as string));
  }
  return values;
}

function unquote(value: string): string {
  return value.replaceAll("''", "'");
}

/** Reads one schema's tables, views, functions and types, and every schema's enums and composite types. */
export async function readCatalog(db: Queryable, schema = 'public'): Promise<Catalog> {
  const relations = await db.query<{ id: string | number; name: string; relkind: string; is_updatable: boolean }>(
    `select c.oid::int8 as id, c.relname as name, c.relkind::text as relkind,
            case when c.relkind = 'v' then (pg_relation_is_updatable(c.oid, false) & 20) = 20
                 else c.relkind in ('r', 'p', 'f') end as is_updatable
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm')`,
    [schema],
  );

  const columns = await db.query<{
    relation_id: string | number;
    name: string;
    type: string;
    nullable: boolean;
    has_default: boolean;
    identity: string;
    generated: boolean;
    updatable: boolean;
    check_definitions: string[];
  }>(
    `select c.oid::int8 as relation_id, a.attname as name, coalesce(bt.typname, t.typname)::text as type,
            not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as nullable,
            a.atthasdef as has_default, a.attidentity::text as identity, a.attgenerated = 's' as generated,
            (c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and pg_column_is_updatable(c.oid, a.attnum, false))) as updatable,
            array(select pg_get_constraintdef(k.oid, true) from pg_constraint k
                   where k.conrelid = c.oid and k.contype = 'c' and k.conkey = array[a.attnum]
                   order by k.oid) as check_definitions
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_type t on t.oid = a.atttypid
       left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
      where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm') and a.attnum > 0 and not a.attisdropped
      order by c.oid, a.attnum`,
    [schema],
  );

  // Foreign keys declared on this schema's tables, as PostgREST's schema cache reads them.
  const foreignKeys = await db.query<{
    relation: string;
    foreign_key_name: string;
    columns: string[];
    is_one_to_one: boolean;
    referenced_schema: string;
    referenced_relation: string;
    referenced_columns: string[];
  }>(
    `select tab.relname as relation, k.conname as foreign_key_name,
            array(select a.attname::text from unnest(k.conkey) with ordinality u(attnum, ord)
                    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum order by u.ord) as columns,
            exists (select 1 from pg_constraint pk
                     where pk.conrelid = k.conrelid and pk.contype in ('p', 'u')
                       and array(select a.attname::text from unnest(pk.conkey) u(attnum)
                                   join pg_attribute a on a.attrelid = pk.conrelid and a.attnum = u.attnum
                                  order by a.attnum)
                         = array(select a.attname::text from unnest(k.conkey) with ordinality u(attnum, ord)
                                   join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum
                                  order by u.ord)) as is_one_to_one,
            ref_ns.nspname as referenced_schema, ref.relname as referenced_relation,
            array(select a.attname::text from unnest(k.confkey) with ordinality u(attnum, ord)
                    join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum order by u.ord) as referenced_columns
       from pg_constraint k
       join pg_class tab on tab.oid = k.conrelid
       join pg_namespace ns on ns.oid = tab.relnamespace
       join pg_class ref on ref.oid = k.confrelid
       join pg_namespace ref_ns on ref_ns.oid = ref.relnamespace
      where k.contype = 'f' and k.conparentid = 0 and ns.nspname = $1`,
    [schema],
  );

  const functions = await db.query<{
    name: string;
    args: { name: string; mode: string; type: string; type_oid: number; type_format: string; is_row_type: boolean }[];
    input_count: number;
    default_count: number;
    argument_types: string;
    result: string;
    return_type: string;
    return_relation_id: string | number | null;
    returns_set: boolean;
    rows: number | null;
  }>(
    `select p.proname as name,
            (select coalesce(jsonb_agg(jsonb_build_object(
                      'name', coalesce(p.proargnames[u.ord], ''),
                      'mode', coalesce(p.proargmodes[u.ord]::text, 'i'),
                      'type', t.typname,
                      'type_oid', t.oid::int8,
                      'type_format', format_type(t.oid, null),
                      'is_row_type', t.typrelid <> 0) order by u.ord), '[]'::jsonb)
               from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(type_oid, ord)
               join pg_type t on t.oid = u.type_oid) as args,
            p.pronargs::int as input_count, p.pronargdefaults::int as default_count,
            pg_get_function_arguments(p.oid) as argument_types, pg_get_function_result(p.oid) as result,
            rt.typname::text as return_type, nullif(rt.typrelid, 0)::int8 as return_relation_id,
            p.proretset as returns_set, case when p.proretset then nullif(p.prorows, 0)::float8 end as rows
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type rt on rt.oid = p.prorettype
      where n.nspname = $1 and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')`,
    [schema],
  );

  const types = await db.query<{ schema: string; name: string; enum_values: string[]; attributes: { name: string; type: string }[] }>(
    `select n.nspname as schema, t.typname as name,
            array(select e.enumlabel::text from pg_enum e where e.enumtypid = t.oid order by e.enumsortorder) as enum_values,
            (select coalesce(jsonb_agg(jsonb_build_object('name', a.attname, 'type', at.typname) order by a.attnum), '[]'::jsonb)
               from pg_class c join pg_attribute a on a.attrelid = c.oid join pg_type at on at.oid = a.atttypid
              where c.oid = t.typrelid and c.relkind = 'c' and a.attnum > 0 and not a.attisdropped) as attributes
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where t.typtype = 'e' or (t.typtype = 'c' and exists (select 1 from pg_class c where c.oid = t.typrelid and c.relkind = 'c'))`,
  );

  return {
    schema,
    relations: relations.rows.map((relation) => ({
      id: Number(relation.id),
      name: relation.name,
      kind: RELATION_KINDS[relation.relkind] ?? 'table',
      isUpdatable: relation.is_updatable,
      columns: columns.rows
        .filter((column) => Number(column.relation_id) === Number(relation.id))
        .map((column) => ({
          name: column.name,
          type: column.type,
          nullable: column.nullable,
          hasDefault: column.has_default,
          identity: column.identity === 'a' ? 'ALWAYS' : column.identity === 'd' ? 'BY DEFAULT' : null,
          generated: column.generated,
          updatable: column.updatable,
          allowedValues: column.check_definitions.map(allowedValuesOf).find((values) => values !== null) ?? null,
        })),
      relationships: foreignKeys.rows
        .filter((key) => key.relation === relation.name)
        .map((key) => ({
          foreignKeyName: key.foreign_key_name,
          columns: key.columns,
          isOneToOne: key.is_one_to_one,
          referencedSchema: key.referenced_schema,
          referencedRelation: key.referenced_relation,
          referencedColumns: key.referenced_columns,
        })),
    })),
    functions: functions.rows.map((fn) => {
      let inputIndex = 0;
      return {
        name: fn.name,
        args: fn.args.map((arg) => {
          const mode = ARGUMENT_MODES[arg.mode] ?? 'in';
          // The last pronargdefaults input arguments have defaults.
          const isInput = mode === 'in' || mode === 'inout' || mode === 'variadic';
          const hasDefault = isInput && inputIndex++ >= fn.input_count - fn.default_count;
          return {
            name: arg.name,
            mode,
            type: arg.type,
            typeOid: Number(arg.type_oid),
            typeFormat: arg.type_format,
            isRowType: arg.is_row_type,
            hasDefault,
          };
        }),
        argumentTypes: fn.argument_types,
        result: fn.result,
        returnType: fn.return_type,
        returnRelationId: fn.return_relation_id === null ? null : Number(fn.return_relation_id),
        returnsSet: fn.returns_set,
        rows: fn.rows,
      };
    }),
    types: types.rows.map((type) => ({
      schema: type.schema,
      name: type.name,
      enumValues: type.enum_values,
      attributes: type.attributes,
    })),
  };
}
