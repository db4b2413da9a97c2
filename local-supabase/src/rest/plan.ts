import {
  ambiguousRelationship,
  invalidBody,
  parseError,
  unknownBodyColumn,
  unknownColumn,
  unknownFunction,
  unknownRelationship,
  unknownTable,
} from './errors.ts';
import type { Preferences } from './parse-headers.ts';
import type { FilterNode, NodeOptions, Operation, OrderTerm, ParsedQuery, SelectItem } from './parse-query.ts';
import {
  findColumn,
  findRelationships,
  type Column,
  type DbFunction,
  type Relationship,
  type SchemaCache,
  type Table,
} from './schema-cache.ts';

/**
 * Checks a parsed request against the schema cache and turns it into a plan whose every identifier exists.
 * Pure: the schema is an argument, nothing is read from the database here.
 */

export type ResolvedFilter =
  | { kind: 'condition'; column: Column; negated: boolean; operation: Operation }
  | { kind: 'logic'; op: 'and' | 'or'; negated: boolean; children: ResolvedFilter[] };

export interface ResolvedOrder {
  column: Column;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export type ProjectionItem = { kind: 'column'; column: Column; as: string } | { kind: 'embed'; as: string; embed: EmbedNode };

export interface ReadNode {
  table: Table;
  projection: ProjectionItem[];
  filters: ResolvedFilter[];
  order: ResolvedOrder[];
  limit?: number;
  offset?: number;
}

export interface EmbedNode extends ReadNode {
  relationship: Relationship;
  /** `rel!inner(...)`: only parents with a matching embedded row. */
  inner: boolean;
}

export interface ReadPlan {
  kind: 'read';
  node: ReadNode;
  /** Count the rows matching the filters (without limit and offset). */
  count: boolean;
  /** Count at most this many (`Prefer: count=estimated` needs to know only whether the total passes a threshold). */
  countLimit?: number;
  singular: boolean;
  head: boolean;
}

/** A group of body rows inserted with the same column list (one group unless `missing=default`). */
export interface InsertGroup {
  columns: string[];
  /** 1-based positions in the body array; undefined means every row. */
  rows?: number[];
}

export interface InsertPlan {
  kind: 'insert';
  node: ReadNode;
  /** The body as a JSON array text, bound verbatim so numbers keep their precision. */
  body: string;
  groups: InsertGroup[];
  upsert?: { conflict: string[]; action: 'merge' | 'ignore' };
  representation: boolean;
  count: boolean;
  singular: boolean;
}

export interface UpdatePlan {
  kind: 'update';
  node: ReadNode;
  body: string;
  columns: string[];
  representation: boolean;
  count: boolean;
  singular: boolean;
}

export interface DeletePlan {
  kind: 'delete';
  node: ReadNode;
  representation: boolean;
  count: boolean;
  singular: boolean;
}

export interface RpcPlan {
  kind: 'rpc';
  fn: DbFunction;
  /** The arguments given, by name, in the function's order; empty for a single unnamed json parameter. */
  args: { name: string; type: string }[];
  /** Called with the whole body as its one unnamed json/jsonb argument. */
  singleJson?: string;
  body: string;
  /**
   * For a function returning rows (a row type, OUT or TABLE parameters): select, filters, order, paging and count
   * over its result, as on a table. Its node's table is the returned table, or the result columns under the
   * function's name.
   */
  read?: ReadPlan;
}

export interface RpcReadOptions {
  query: ParsedQuery;
  count: boolean;
  countLimit?: number;
  singular: boolean;
  head: boolean;
}

export type MutationPlan = InsertPlan | UpdatePlan | DeletePlan;

export function requireTable(cache: SchemaCache, name: string): Table {
  const table = cache.tables.get(name);
  if (!table) throw unknownTable(name);
  return table;
}

function requireColumn(table: Table, name: string): Column {
  const column = findColumn(table, name);
  if (!column) throw unknownColumn(table.name, name);
  return column;
}

// ---------------------------------------------------------------------------------------------------------------
// read nodes

export function resolveNode(cache: SchemaCache, table: Table, query: ParsedQuery): ReadNode {
  const usedPaths = new Set<string>();
  const node = buildNode(cache, table, query.select, query.root, query, [], usedPaths);
  for (const path of query.embedded.keys()) {
    if (!usedPaths.has(path)) {
      throw parseError(`'${path}' is not an embedded resource in this request`, null);
    }
  }
  return node;
}

function buildNode(
  cache: SchemaCache,
  table: Table,
  select: SelectItem[],
  options: NodeOptions,
  query: ParsedQuery,
  path: string[],
  usedPaths: Set<string>,
): ReadNode {
  const projection: ProjectionItem[] = [];
  for (const item of select) {
    if (item.kind === 'star') {
      for (const column of table.columns) projection.push({ kind: 'column', column, as: column.name });
    } else if (item.kind === 'column') {
      projection.push({ kind: 'column', column: requireColumn(table, item.name), as: item.alias ?? item.name });
    } else {
      const matches = findRelationships(cache, table, item.relation, item.hint);
      const relationship = matches[0];
      if (!relationship) throw unknownRelationship(table.name, item.relation);
      if (matches.length > 1) throw ambiguousRelationship(table.name, item.relation, matches.map((m) => m.constraint));
      const name = item.alias ?? item.relation;
      const childPath = [...path, name];
      // Embedded filters are keyed by alias or by relation name (`topics.name=eq.x`).
      const key = [childPath.join('.'), [...path, item.relation].join('.')].find((k) => query.embedded.has(k));
      if (key) usedPaths.add(key);
      const childOptions = key ? (query.embedded.get(key) ?? { filters: [], order: [] }) : { filters: [], order: [] };
      const child = buildNode(cache, relationship.target, item.select, childOptions, query, childPath, usedPaths);
      projection.push({ kind: 'embed', as: name, embed: { ...child, relationship, inner: item.inner } });
    }
  }
  return {
    table,
    projection,
    filters: options.filters.map((f) => resolveFilter(table, f)),
    order: options.order.map((o) => resolveOrder(table, o)),
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
    ...(options.offset !== undefined ? { offset: options.offset } : {}),
  };
}

function resolveFilter(table: Table, filter: FilterNode): ResolvedFilter {
  if (filter.kind === 'logic') {
    return { kind: 'logic', op: filter.op, negated: filter.negated, children: filter.children.map((c) => resolveFilter(table, c)) };
  }
  return { kind: 'condition', column: requireColumn(table, filter.column), negated: filter.negated, operation: filter.operation };
}

function resolveOrder(table: Table, term: OrderTerm): ResolvedOrder {
  return {
    column: requireColumn(table, term.column),
    ...(term.direction ? { direction: term.direction } : {}),
    ...(term.nulls ? { nulls: term.nulls } : {}),
  };
}

export function planRead(
  cache: SchemaCache,
  table: Table,
  query: ParsedQuery,
  options: { count: boolean; countLimit?: number; singular: boolean; head: boolean },
): ReadPlan {
  return { kind: 'read', node: resolveNode(cache, table, query), ...options };
}

// ---------------------------------------------------------------------------------------------------------------
// mutations

export interface JsonBody {
  /** The request body exactly as received. */
  raw: string;
  value: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkBodyColumns(table: Table, names: string[]): void {
  for (const name of names) if (!findColumn(table, name)) throw unknownBodyColumn(table.name, name);
}

interface MutationOptions {
  prefs: Preferences;
  singular: boolean;
}

function representationOf(prefs: Preferences): boolean {
  return prefs.return === 'representation';
}

export function planInsert(cache: SchemaCache, table: Table, query: ParsedQuery, body: JsonBody, opts: MutationOptions): InsertPlan {
  const rows = Array.isArray(body.value) ? body.value : [body.value];
  if (!rows.every(isObject)) throw invalidBody('Empty or invalid json', 'An insert body must be an object or an array of objects');
  const objects = rows;

  // `columns=` restricts the keys taken from the body; without it, the union of the objects' keys.
  let columns: string[];
  if (query.columns) {
    columns = query.columns;
  } else {
    const seen = new Set<string>();
    for (const row of objects) for (const key of Object.keys(row)) seen.add(key);
    columns = [...seen];
  }
  checkBodyColumns(table, columns);

  let groups: InsertGroup[] = [{ columns }];
  if (opts.prefs.missing === 'default' && objects.length > 0) {
    // Keys missing from an object take the column default: rows with the same keys are inserted together.
    const byKeys = new Map<string, InsertGroup>();
    objects.forEach((row, index) => {
      const present = columns.filter((c) => Object.hasOwn(row, c));
      const key = JSON.stringify(present);
      const group = byKeys.get(key) ?? { columns: present, rows: [] };
      group.rows?.push(index + 1);
      byKeys.set(key, group);
    });
    groups = [...byKeys.values()];
    if (groups.length === 1 && groups[0]) groups = [{ columns: groups[0].columns }];
  }

  let upsert: InsertPlan['upsert'];
  if (opts.prefs.resolution) {
    const conflict = query.onConflict ?? table.primaryKey;
    for (const name of conflict) requireColumn(table, name);
    if (conflict.length === 0) {
      throw parseError(`There is no primary key on '${table.name}'; use on_conflict to name the conflict columns`);
    }
    upsert = { conflict, action: opts.prefs.resolution === 'merge-duplicates' ? 'merge' : 'ignore' };
  }

  return {
    kind: 'insert',
    node: resolveNode(cache, table, query),
    body: Array.isArray(body.value) ? body.raw : `[${body.raw}]`,
    groups,
    ...(upsert ? { upsert } : {}),
    representation: representationOf(opts.prefs),
    count: opts.prefs.count !== undefined,
    singular: opts.singular,
  };
}

export function planUpdate(cache: SchemaCache, table: Table, query: ParsedQuery, body: JsonBody, opts: MutationOptions): UpdatePlan {
  if (!isObject(body.value)) throw invalidBody('Empty or invalid json', 'An update body must be a JSON object');
  const columns = query.columns ?? Object.keys(body.value);
  checkBodyColumns(table, columns);
  return {
    kind: 'update',
    node: resolveNode(cache, table, query),
    body: body.raw,
    columns,
    representation: representationOf(opts.prefs),
    count: opts.prefs.count !== undefined,
    singular: opts.singular,
  };
}

export function planDelete(cache: SchemaCache, table: Table, query: ParsedQuery, opts: MutationOptions): DeletePlan {
  return {
    kind: 'delete',
    node: resolveNode(cache, table, query),
    representation: representationOf(opts.prefs),
    count: opts.prefs.count !== undefined,
    singular: opts.singular,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// rpc

const JSON_TYPES = new Set(['json', 'jsonb']);

const DEFAULT_RPC_READ: RpcReadOptions = {
  query: { select: [{ kind: 'star' }], root: { filters: [], order: [] }, embedded: new Map() },
  count: false,
  singular: false,
  head: false,
};

/** The read over a function's rows; undefined for functions returning void or scalars. */
function planRpcRead(cache: SchemaCache, fn: DbFunction, options: RpcReadOptions): ReadPlan | undefined {
  if (fn.returns !== 'composite') return undefined;
  const table = (fn.table ? cache.tables.get(fn.table) : undefined) ?? { name: fn.name, columns: fn.columns, primaryKey: [] };
  const { query, ...rest } = options;
  // A function returning one row (not SETOF) answers an object, as PostgREST does.
  return { kind: 'read', node: resolveNode(cache, table, query), ...rest, singular: rest.singular || !fn.returnsSet };
}

/**
 * Picks the overload whose parameter names fit the body's keys, as PostgREST does (docs/architecture.md §5); `read` holds the
 * request's select, filters, order, paging and count, applied to the rows of a function that returns rows.
 */
export function planRpc(cache: SchemaCache, name: string, body: JsonBody, read: RpcReadOptions = DEFAULT_RPC_READ): RpcPlan {
  const keys = isObject(body.value) ? Object.keys(body.value) : [];
  const overloads = cache.functions.get(name) ?? [];
  for (const fn of overloads) {
    const names = new Set(fn.args.map((a) => a.name));
    const fits =
      isObject(body.value) &&
      keys.every((k) => names.has(k)) &&
      fn.args.every((a) => a.hasDefault || keys.includes(a.name));
    if (fits) {
      const args = fn.args.filter((a) => keys.includes(a.name)).map((a) => ({ name: a.name, type: a.type }));
      const readPlan = planRpcRead(cache, fn, read);
      return { kind: 'rpc', fn, args, body: body.raw, ...(readPlan ? { read: readPlan } : {}) };
    }
  }
  const single = overloads.find((fn) => fn.args.length === 1 && fn.args[0]?.name === '' && JSON_TYPES.has(fn.args[0].type));
  if (single?.args[0]) {
    const readPlan = planRpcRead(cache, single, read);
    return { kind: 'rpc', fn: single, args: [], singleJson: single.args[0].type, body: body.raw, ...(readPlan ? { read: readPlan } : {}) };
  }
  throw unknownFunction(name, keys);
}
