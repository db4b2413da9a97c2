import type { Operation } from './parse-query.ts';
import type {
  DeletePlan,
  EmbedNode,
  InsertPlan,
  MutationPlan,
  ReadNode,
  ReadPlan,
  ResolvedFilter,
  RpcPlan,
  UpdatePlan,
} from './plan.ts';

/**
 * Turns a checked plan into one SQL statement. Identifiers come from the schema cache and are quoted; every value
 * is a bound text parameter cast by Postgres to the column's type. The JSON is produced by Postgres itself
 * (`json_agg(...)::text`) so dates and numbers read exactly as PostgREST's do.
 *
 * Read and mutation statements answer one row: `{ total, page_count, inserted, body }`.
 */

export interface SqlQuery {
  text: string;
  params: string[];
}

export interface ResultRow {
  /** Rows matching the filters without limit/offset; null unless a count was asked for. */
  total: number | null;
  /** Rows returned (read) or affected (mutation). */
  page_count: number;
  /** Rows an upsert inserted rather than updated; null for other statements. */
  inserted: number | null;
  /** JSON text: an array, or an object for singular answers; null when no body is wanted. */
  body: string | null;
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function qualified(table: string): string {
  return `"public".${quoteIdent(table)}`;
}

/** Collects parameters and hands out fresh aliases for one statement. */
class Builder {
  readonly params: string[] = [];
  private aliases = 0;

  param(value: string): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** A bound value converted to `type` by Postgres (the text→type conversion every type has). */
  typed(value: string, type: string): string {
    return `CAST(${this.param(value)}::text AS ${type})`;
  }

  alias(prefix = 't'): string {
    return quoteIdent(`_${prefix}${this.aliases++}`);
  }
}

/** A PostgreSQL array literal whose elements are all quoted, so commas, braces and `NULL` stay plain text. */
export function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
}

const COMPARISONS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  isdistinct: 'IS DISTINCT FROM',
  cs: '@>',
  cd: '<@',
  ov: '&&',
};

const TSQUERY: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

function renderOperation(b: Builder, column: string, type: string, operation: Operation): string {
  switch (operation.op) {
    case 'is': {
      const word = { null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' }[operation.value];
      return `${column} IS ${word}`;
    }
    case 'in':
      return `${column} = ANY(${b.typed(arrayLiteral(operation.values), `${type}[]`)})`;
    case 'like':
    case 'ilike':
      // PostgREST lets `*` stand for `%` because `%` is awkward in URLs.
      return `${column} ${operation.op === 'like' ? 'LIKE' : 'ILIKE'} ${b.param(operation.value.replace(/\*/g, '%'))}::text`;
    case 'match':
    case 'imatch':
      return `${column} ${operation.op === 'match' ? '~' : '~*'} ${b.param(operation.value)}::text`;
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const fn = TSQUERY[operation.op] ?? 'to_tsquery';
      const query = operation.language
        ? `${fn}(${b.typed(operation.language, 'regconfig')}, ${b.param(operation.value)}::text)`
        : `${fn}(${b.param(operation.value)}::text)`;
      return `${column} @@ ${query}`;
    }
    default:
      return `${column} ${COMPARISONS[operation.op] ?? '='} ${b.typed(operation.value, type)}`;
  }
}

function renderFilter(b: Builder, alias: string, filter: ResolvedFilter): string {
  let sql: string;
  if (filter.kind === 'condition') {
    sql = renderOperation(b, `${alias}.${quoteIdent(filter.column.name)}`, filter.column.type, filter.operation);
  } else {
    const parts = filter.children.map((c) => renderFilter(b, alias, c));
    sql = `(${parts.join(filter.op === 'and' ? ' AND ' : ' OR ')})`;
  }
  return filter.negated ? `NOT (${sql})` : sql;
}

function joinCondition(embed: EmbedNode, parentAlias: string, childAlias: string): string[] {
  return embed.relationship.join.map((j) => `${childAlias}.${quoteIdent(j.child)} = ${parentAlias}.${quoteIdent(j.parent)}`);
}

/** WHERE conditions of a node: its filters, plus `!inner` embeds that must have a matching row. */
function whereConditions(b: Builder, node: ReadNode, alias: string): string[] {
  const conditions = node.filters.map((f) => renderFilter(b, alias, f));
  for (const item of node.projection) {
    if (item.kind !== 'embed' || !item.embed.inner) continue;
    const child = b.alias();
    const childWhere = [...joinCondition(item.embed, alias, child), ...whereConditions(b, item.embed, child)];
    conditions.push(`EXISTS (SELECT 1 FROM ${qualified(item.embed.table.name)} AS ${child} WHERE ${childWhere.join(' AND ')})`);
  }
  return conditions;
}

function renderProjection(b: Builder, node: ReadNode, alias: string): string {
  if (node.projection.length === 0) return '';
  return node.projection
    .map((item) => {
      if (item.kind === 'column') return `${alias}.${quoteIdent(item.column.name)} AS ${quoteIdent(item.as)}`;
      return `(${renderEmbed(b, item.embed, alias)}) AS ${quoteIdent(item.as)}`;
    })
    .join(', ');
}

/**
 * A correlated subquery per embed, as PostgREST's lateral join: a to-one relation gives an object or null,
 * a to-many relation an array.
 */
function renderEmbed(b: Builder, embed: EmbedNode, parentAlias: string): string {
  const child = b.alias();
  const row = b.alias('e');
  const inner = renderSelect(b, embed, `${qualified(embed.table.name)} AS ${child}`, child, joinCondition(embed, parentAlias, child));
  return embed.relationship.cardinality === 'to-one'
    ? `SELECT row_to_json(${row}) FROM (${inner}) AS ${row}`
    : `SELECT coalesce(json_agg(${row}), '[]') FROM (${inner}) AS ${row}`;
}

function renderPaging(b: Builder, node: ReadNode, alias: string): string {
  let sql = '';
  if (node.order.length > 0) {
    const terms = node.order.map((o) => {
      let term = `${alias}.${quoteIdent(o.column.name)}`;
      if (o.direction) term += o.direction === 'asc' ? ' ASC' : ' DESC';
      if (o.nulls) term += o.nulls === 'first' ? ' NULLS FIRST' : ' NULLS LAST';
      return term;
    });
    sql += ` ORDER BY ${terms.join(', ')}`;
  }
  if (node.limit !== undefined) sql += ` LIMIT ${b.typed(String(node.limit), 'bigint')}`;
  if (node.offset !== undefined) sql += ` OFFSET ${b.typed(String(node.offset), 'bigint')}`;
  return sql;
}

function renderSelect(b: Builder, node: ReadNode, from: string, alias: string, extraWhere: string[] = []): string {
  const where = [...extraWhere, ...whereConditions(b, node, alias)];
  return (
    `SELECT ${renderProjection(b, node, alias)} FROM ${from}` +
    (where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '') +
    renderPaging(b, node, alias)
  );
}

const SOURCE = '"pgrst_source"';
const MUTATED = '"pgrst_mut"';

function bodyExpression(b: Builder, singular: boolean): string {
  const row = b.alias('s');
  return singular
    ? `(SELECT row_to_json(${row})::text FROM ${SOURCE} AS ${row} LIMIT 1)`
    : `(SELECT coalesce(json_agg(${row}), '[]')::text FROM ${SOURCE} AS ${row})`;
}

/** `FROM` and `WHERE` of the rows a count counts: the read's filters, no order, no paging. */
function countedRows(b: Builder, plan: ReadPlan, from: string): string {
  const alias = b.alias();
  const where = whereConditions(b, plan.node, alias);
  return `SELECT 1 FROM ${from} AS ${alias}` + (where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '');
}

/**
 * The read statement over `from` (a table, or the CTE of a function's rows defined in `ctes`): one row
 * `{ total, page_count, inserted, body }`.
 */
function readStatement(b: Builder, plan: ReadPlan, from: string, ctes: string[] = []): string {
  const alias = b.alias();
  const source = renderSelect(b, plan.node, `${from} AS ${alias}`, alias);
  let total = 'NULL::int';
  if (plan.count) {
    const countAlias = b.alias();
    const where = whereConditions(b, plan.node, countAlias);
    total =
      plan.countLimit === undefined
        ? `(SELECT count(*) FROM ${from} AS ${countAlias}` + (where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '') + ')::int'
        : `(SELECT count(*) FROM (SELECT 1 FROM ${from} AS ${countAlias}` +
          (where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '') +
          ` LIMIT ${b.typed(String(plan.countLimit), 'bigint')}) AS "pgrst_counted")::int`;
  }
  const body = plan.head ? 'NULL::text' : bodyExpression(b, plan.singular);
  return (
    `WITH ${[...ctes, `${SOURCE} AS (${source})`].join(', ')} ` +
    `SELECT ${total} AS total, (SELECT count(*) FROM ${SOURCE})::int AS page_count, NULL::int AS inserted, ${body} AS body`
  );
}

export function buildRead(plan: ReadPlan): SqlQuery {
  const b = new Builder();
  const text = readStatement(b, plan, qualified(plan.node.table.name));
  return { text, params: b.params };
}

/**
 * What `Prefer: count=planned` asks the planner about (`EXPLAIN` of it): the rows the read's filters match, the query
 * PostgREST explains (its readPlanToCountQuery). For a function, over its rows.
 */
export function buildCountQuery(plan: ReadPlan | RpcPlan): SqlQuery {
  const b = new Builder();
  if (plan.kind === 'read') {
    const text = countedRows(b, plan, qualified(plan.node.table.name));
    return { text, params: b.params };
  }
  if (!plan.read) throw new Error('only a function returning rows can be counted');
  const call = callSource(b, plan);
  const text = `WITH ${CALL} AS (${call}) ${countedRows(b, plan.read, CALL)}`;
  return { text, params: b.params };
}

// ---------------------------------------------------------------------------------------------------------------
// mutations

/**
 * The columns a representation needs: those it selects and those its embeds join on. PostgREST returns only these,
 * so a table whose columns are granted one by one answers a mutation with representation as it answers a read.
 */
function returnedColumns(node: ReadNode): string[] {
  const names = new Set<string>();
  for (const item of node.projection) {
    if (item.kind === 'column') names.add(item.column.name);
    else for (const j of item.embed.relationship.join) names.add(j.parent);
  }
  return [...names];
}

function returningList(alias: string, representation: ReadNode | null, upsertMerge: boolean): string {
  // `RETURNING 1` keeps SELECT policies out of a plain insert, exactly as PostgREST (docs/architecture.md §5).
  const columns = representation ? returnedColumns(representation).map((c) => `${alias}.${quoteIdent(c)}`) : [];
  const items = columns.length > 0 ? columns : ['1'];
  // xmax is 0 for a freshly inserted row and set for one an upsert updated: it tells 201 from 200.
  if (upsertMerge) items.push(`(${alias}.xmax = 0) AS "pgrst_inserted"`);
  return items.join(', ');
}

function insertStatements(b: Builder, plan: InsertPlan): string[] {
  const table = qualified(plan.node.table.name);
  const body = b.param(plan.body);
  const merge = plan.upsert?.action === 'merge';
  return plan.groups.map((group) => {
    const alias = b.alias();
    const rowsJson = group.rows
      ? `(SELECT json_agg(x.e ORDER BY x.i) FROM json_array_elements(${body}::json) WITH ORDINALITY AS x(e, i) ` +
        `WHERE x.i = ANY(${b.typed(arrayLiteral(group.rows.map(String)), 'int[]')}))`
      : `${body}::json`;
    const cols = group.columns.map(quoteIdent).join(', ');
    // With no columns at all, a zero-column SELECT inserts rows made only of defaults.
    const target = group.columns.length > 0 ? `${table} AS ${alias} (${cols})` : `${table} AS ${alias}`;
    let sql = `INSERT INTO ${target} SELECT ${cols} FROM json_populate_recordset(NULL::${table}, ${rowsJson})`;
    if (plan.upsert) {
      const conflict = plan.upsert.conflict.map(quoteIdent).join(', ');
      const sets = group.columns.map((c) => `${quoteIdent(c)} = EXCLUDED.${quoteIdent(c)}`);
      sql +=
        merge && sets.length > 0
          ? ` ON CONFLICT (${conflict}) DO UPDATE SET ${sets.join(', ')}`
          : ` ON CONFLICT (${conflict}) DO NOTHING`;
    }
    return `${sql} RETURNING ${returningList(alias, plan.representation ? plan.node : null, merge)}`;
  });
}

function updateStatement(b: Builder, plan: UpdatePlan): string {
  const alias = b.alias();
  const table = qualified(plan.node.table.name);
  const where = whereConditions(b, plan.node, alias);
  if (plan.columns.length === 0) {
    // Nothing to set: PostgREST touches no row.
    return `SELECT ${returningList(alias, plan.representation ? plan.node : null, false)} FROM ${table} AS ${alias} WHERE FALSE`;
  }
  const body = b.alias('b');
  const sets = plan.columns.map((c) => `${quoteIdent(c)} = ${body}.${quoteIdent(c)}`);
  return (
    `UPDATE ${table} AS ${alias} SET ${sets.join(', ')} ` +
    `FROM json_populate_record(NULL::${table}, ${b.param(plan.body)}::json) AS ${body}` +
    (where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '') +
    ` RETURNING ${returningList(alias, plan.representation ? plan.node : null, false)}`
  );
}

function deleteStatement(b: Builder, plan: DeletePlan): string {
  const alias = b.alias();
  const where = whereConditions(b, plan.node, alias);
  return (
    `DELETE FROM ${qualified(plan.node.table.name)} AS ${alias}` +
    (where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '') +
    ` RETURNING ${returningList(alias, plan.representation ? plan.node : null, false)}`
  );
}

export function buildMutation(plan: MutationPlan): SqlQuery {
  const b = new Builder();
  const ctes: string[] = [];
  if (plan.kind === 'insert') {
    const statements = insertStatements(b, plan);
    statements.forEach((sql, i) => ctes.push(`"pgrst_mut_${i}" AS (${sql})`));
    const union = statements.map((_, i) => `SELECT * FROM "pgrst_mut_${i}"`).join(' UNION ALL ');
    ctes.push(`${MUTATED} AS (${union})`);
  } else {
    ctes.push(`${MUTATED} AS (${plan.kind === 'update' ? updateStatement(b, plan) : deleteStatement(b, plan)})`);
  }
  let body = 'NULL::text';
  if (plan.representation) {
    // The representation goes through the same projection as a read, embeds included.
    const alias = b.alias();
    const projected = { ...plan.node, filters: [], order: [] };
    delete projected.limit;
    delete projected.offset;
    ctes.push(`${SOURCE} AS (${renderSelect(b, projected, `${MUTATED} AS ${alias}`, alias)})`);
    body = bodyExpression(b, plan.singular);
  }
  const inserted =
    plan.kind === 'insert' && plan.upsert?.action === 'merge'
      ? `(SELECT count(*) FROM ${MUTATED} WHERE "pgrst_inserted")::int`
      : 'NULL::int';
  const text =
    `WITH ${ctes.join(', ')} ` +
    `SELECT NULL::int AS total, (SELECT count(*) FROM ${MUTATED})::int AS page_count, ${inserted} AS inserted, ${body} AS body`;
  return { text, params: b.params };
}

// ---------------------------------------------------------------------------------------------------------------
// rpc

const CALL = '"pgrst_call"';

/** `FROM` item that binds the arguments, and the call itself. */
function callParts(b: Builder, plan: RpcPlan): { from: string; call: string } {
  const fn = `"public".${quoteIdent(plan.fn.name)}`;
  if (plan.singleJson) {
    return { call: `${fn}(${b.param(plan.body)}::${plan.singleJson})`, from: '(VALUES (1)) AS "_a"("_")' };
  }
  if (plan.args.length > 0) {
    // json_to_record converts each JSON value to the parameter's type, as PostgREST does.
    const defs = plan.args.map((a) => `${quoteIdent(a.name)} ${a.type}`).join(', ');
    return {
      from: `json_to_record(${b.param(plan.body)}::json) AS "_a"(${defs})`,
      call: `${fn}(${plan.args.map((a) => `${quoteIdent(a.name)} := "_a".${quoteIdent(a.name)}`).join(', ')})`,
    };
  }
  return { call: `${fn}()`, from: '(VALUES (1)) AS "_a"("_")' };
}

/** The function's rows, as the CTE that reads, counts and embeds use (PostgREST's pgrst_call). */
function callSource(b: Builder, plan: RpcPlan): string {
  const { from, call } = callParts(b, plan);
  return `SELECT "_r".* FROM ${from} CROSS JOIN LATERAL ${call} AS "_r"`;
}

/**
 * A function returning rows: the same statement as a read, over its rows (`{ total, page_count, inserted, body }`).
 * Others: one row `{ body }`, the function's result as JSON text, or null for a void function.
 */
export function buildRpc(plan: RpcPlan): SqlQuery {
  const b = new Builder();
  if (plan.read) {
    // A CTE is evaluated once, however often the source and the count read it.
    const text = readStatement(b, plan.read, CALL, [`${CALL} AS (${callSource(b, plan)})`]);
    return { text, params: b.params };
  }
  const { from, call } = callParts(b, plan);
  let text: string;
  if (plan.fn.returns === 'void') {
    text = `SELECT NULL::text AS body FROM ${from} CROSS JOIN LATERAL ${call} AS "_r"`;
  } else if (plan.fn.returnsSet) {
    text = `SELECT coalesce(json_agg("_r"."v"), '[]')::text AS body FROM ${from} CROSS JOIN LATERAL ${call} AS "_r"("v")`;
  } else {
    text = `SELECT to_json(${call})::text AS body FROM ${from}`;
  }
  return { text, params: b.params };
}
