import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Database, Queryable } from '../db/database.ts';
import { runAsCaller } from '../db/request-context.ts';
import { requestHeadersOf } from '../db/request-headers.ts';
import { resolveBearer, type JwtClaims } from '../jwt.ts';
import { buildCountQuery, buildMutation, buildRead, buildRpc, type ResultRow, type SqlQuery } from './build-sql.ts';
import {
  invalidBody,
  invalidPath,
  jwtError,
  notSingular,
  toRestError,
  type RestError,
  unsupportedMethod,
} from './errors.ts';
import { appliedPreferences, parsePrefer, SINGULAR_MEDIA_TYPE, wantsSingular, type Preferences } from './parse-headers.ts';
import { parseQuery, splitRpcParams, type ParsedQuery } from './parse-query.ts';
import {
  planDelete,
  planInsert,
  planRead,
  planRpc,
  planUpdate,
  requireTable,
  type JsonBody,
  type MutationPlan,
  type ReadPlan,
  type RpcPlan,
} from './plan.ts';
import { contentRange, readRange } from './range.ts';
import {
  bodyTooLarge,
  cappedLimit,
  checkQueryShape,
  checkQueryStringLength,
  MAX_BODY_BYTES,
  MAX_ROWS,
} from './request-bounds.ts';
import { createSchemaHolder, type SchemaHolder } from './schema-holder.ts';
import { unavailableAnswer } from '../db/unavailable-response.ts';

/**
 * The PostgREST-compatible REST surface, mounted at `/rest/v1`. Handlers only translate: parse (parse-*.ts),
 * check against the schema (plan.ts), build SQL (build-sql.ts), run it as the caller, shape the response.
 */

export interface RestDeps {
  db: Database;
  jwtSecret: string;
}

export type RestRouter = Hono & {
  /** Re-reads tables, columns, foreign keys and functions (after a migration, say). */
  reloadSchema(): Promise<void>;
};

interface Caller {
  role: string;
  claims: JwtClaims;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const SINGULAR_TYPE = `${SINGULAR_MEDIA_TYPE}; charset=utf-8`;

/** Thrown inside the transaction for `Prefer: tx=rollback`: the answer is kept, the changes are not. */
class Rollback extends Error {
  constructor(readonly response: Response) {
    super('rolled back on request');
  }
}

export function createRestRouter(deps: RestDeps): RestRouter {
  const schema = createSchemaHolder(deps.db);
  const app = new Hono();

  app.use(bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => errorResponse(bodyTooLarge()) }));
  app.all('/rpc/:fn', (c) => answer(c, deps, (caller) => handleRpc(c, deps.db, schema, caller, c.req.param('fn'))));
  app.all('/:table', (c) => answer(c, deps, (caller) => handleTable(c, deps.db, schema, caller, c.req.param('table'))));
  // A sub-app's notFound is not used once mounted, so the catch-all is an ordinary route.
  app.all('*', () => errorResponse(invalidPath()));

  return Object.assign(app, {
    async reloadSchema() {
      await schema.reload();
    },
  });
}

/** Authenticates, runs the handler, and funnels every failure into PostgREST's error body. */
async function answer(c: Context, deps: RestDeps, handler: (caller: Caller) => Promise<Response>): Promise<Response> {
  let isAnon = true;
  try {
    const auth = await resolveBearer(c.req.header('authorization'), deps.jwtSecret);
    if (!auth.ok) throw jwtError(auth.reason, auth.message);
    isAnon = auth.role === 'anon';
    return await handler({ role: auth.role, claims: auth.claims });
  } catch (error) {
    if (error instanceof Rollback) return error.response;
    const unavailable = unavailableAnswer(error, 'rest');
    if (unavailable) return unavailable;
    const rest = toRestError(error, isAnon);
    // Unexpected failures are logged here and answered without internals.
    if (rest.status >= 500) console.error('[rest]', error);
    return errorResponse(rest);
  }
}

function errorResponse(error: RestError): Response {
  return new Response(JSON.stringify(error.body), {
    status: error.status,
    headers: { 'Content-Type': JSON_TYPE, ...error.headers },
  });
}

function runAs<T>(db: Database, c: Context, caller: Caller, readOnly: boolean, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return runAsCaller(db, { ...caller, readOnly, method: c.req.method, path: c.req.path, headers: requestHeadersOf(c) }, fn);
}

async function queryRow(tx: Queryable, sql: SqlQuery): Promise<ResultRow> {
  const { rows } = await tx.query<ResultRow>(sql.text, sql.params);
  const row = rows[0];
  if (!row) throw new Error('statement returned no row');
  return row;
}

/** The body as received plus its parsed value; an empty body (sent by DELETE and logout) is `undefined`. */
async function readBody(c: Context): Promise<JsonBody | undefined> {
  const raw = await c.req.text();
  if (raw.trim() === '') return undefined;
  try {
    return { raw, value: JSON.parse(raw) as unknown };
  } catch (error) {
    throw invalidBody('Empty or invalid json', error instanceof Error ? error.message : null);
  }
}

function successHeaders(prefs: Preferences, extra: Record<string, string>): Record<string, string> {
  const applied = appliedPreferences(prefs);
  return { ...extra, ...(applied ? { 'Preference-Applied': applied } : {}) };
}

// ---------------------------------------------------------------------------------------------------------------
// counts

/**
 * `Prefer: count=estimated` counts exactly up to PostgREST's db-max-rows and asks the planner beyond it. Supabase
 * configures max_rows = 1000, which also caps every page of rows (request-bounds.ts).
 */
export const ESTIMATED_COUNT_EXACT_UP_TO = MAX_ROWS;

/** What the main statement counts: everything (exact), up to the threshold and one more (estimated), or nothing. */
function countOptions(prefs: Preferences): { count: boolean; countLimit?: number } {
  if (prefs.count === 'exact') return { count: true };
  if (prefs.count === 'estimated') return { count: true, countLimit: ESTIMATED_COUNT_EXACT_UP_TO + 1 };
  return { count: false };
}

/** The planner's row estimate for the count query: `Plan Rows` of `EXPLAIN (FORMAT JSON)`, as PostgREST reads it. */
async function plannedRows(tx: Queryable, sql: SqlQuery): Promise<number> {
  const { rows } = await tx.query<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) ${sql.text}`, sql.params);
  // node-postgres and PGlite both decode the json column; a driver that does not would hand over its text.
  const cell: unknown = Object.values(rows[0] ?? {})[0];
  const plans: unknown = typeof cell === 'string' ? JSON.parse(cell) : cell;
  const first: unknown = Array.isArray(plans) ? plans[0] : undefined;
  const plan = typeof first === 'object' && first !== null ? (first as { Plan?: { 'Plan Rows'?: unknown } }).Plan : undefined;
  const estimate = plan?.['Plan Rows'];
  return typeof estimate === 'number' ? Math.round(estimate) : 0;
}

/**
 * The total for Content-Range (PostgREST's resultSetWTotal): exact as counted; planned from the planner; estimated
 * exact unless the count passed the threshold, then the larger of the count and the planner's estimate.
 */
async function totalFor(tx: Queryable, prefs: Preferences, counted: number | null, plan: ReadPlan | RpcPlan): Promise<number | null> {
  if (prefs.count === 'planned') return plannedRows(tx, buildCountQuery(plan));
  if (prefs.count === 'estimated' && counted !== null && counted > ESTIMATED_COUNT_EXACT_UP_TO) {
    return Math.max(counted, await plannedRows(tx, buildCountQuery(plan)));
  }
  return counted;
}

// ---------------------------------------------------------------------------------------------------------------
// tables

/** The parsed query string, refused before and after parsing when it asks too much (request-bounds.ts). */
function boundedQuery(url: URL, params: URLSearchParams = url.searchParams): ParsedQuery {
  checkQueryStringLength(url.search);
  const query = parseQuery(params);
  checkQueryShape(query);
  return query;
}

async function handleTable(c: Context, db: Database, schema: SchemaHolder, caller: Caller, tableName: string): Promise<Response> {
  const method = c.req.method;
  const query = boundedQuery(new URL(c.req.url));
  const prefs = parsePrefer(c.req.header('prefer'));
  const singular = wantsSingular(c.req.header('accept'));

  if (method === 'GET' || method === 'HEAD') {
    const head = method === 'HEAD';
    const plan = await schema.withSchema((cache) =>
      planRead(cache, requireTable(cache, tableName), query, { ...countOptions(prefs), singular, head }),
    );
    plan.node.limit = cappedLimit(plan.node.limit);
    const sql = buildRead(plan);
    return runAs(db, c, caller, true, async (tx) => {
      const row = await queryRow(tx, sql);
      const range = readRange(plan.node.offset ?? 0, row.page_count, await totalFor(tx, prefs, row.total, plan));
      if (singular && row.page_count !== 1) throw notSingular(row.page_count);
      const headers = successHeaders(prefs, {
        'Content-Type': singular ? SINGULAR_TYPE : JSON_TYPE,
        'Content-Range': range.contentRange,
      });
      return new Response(head ? null : row.body, { status: range.status, headers });
    });
  }

  let plan: MutationPlan;
  if (method === 'POST' || method === 'PATCH') {
    const body = await readBody(c);
    if (!body) throw invalidBody('Empty or invalid json', 'The request body is empty');
    plan = await schema.withSchema((cache) => {
      const table = requireTable(cache, tableName);
      return method === 'POST'
        ? planInsert(cache, table, query, body, { prefs, singular })
        : planUpdate(cache, table, query, body, { prefs, singular });
    });
  } else if (method === 'DELETE') {
    plan = await schema.withSchema((cache) => planDelete(cache, requireTable(cache, tableName), query, { prefs, singular }));
  } else {
    throw unsupportedMethod(method);
  }
  const sql = buildMutation(plan);
  const mutation = plan;

  return runAs(db, c, caller, false, async (tx) => {
    const row = await queryRow(tx, sql);
    // A singular answer that is not exactly one row rolls the whole change back (docs/architecture.md §5).
    if (mutation.singular && mutation.representation && row.page_count !== 1) throw notSingular(row.page_count);
    const total = mutation.count ? row.page_count : null;
    let status: number;
    let range: string;
    if (mutation.kind === 'insert') {
      const allUpdated = mutation.upsert?.action === 'merge' && row.page_count > 0 && row.inserted === 0;
      status = allUpdated ? 200 : 201;
      range = contentRange(0, -1, total);
    } else {
      status = mutation.representation ? 200 : 204;
      range = mutation.kind === 'update' ? contentRange(0, row.page_count - 1, total) : contentRange(0, -1, total);
    }
    const headers: Record<string, string> = { 'Content-Range': range };
    if (mutation.representation) headers['Content-Type'] = mutation.singular ? SINGULAR_TYPE : JSON_TYPE;
    const response = new Response(mutation.representation ? row.body : null, {
      status,
      headers: successHeaders(prefs, headers),
    });
    if (prefs.tx === 'rollback') throw new Rollback(response);
    return response;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// rpc

async function handleRpc(c: Context, db: Database, schema: SchemaHolder, caller: Caller, fnName: string): Promise<Response> {
  const method = c.req.method;
  const url = new URL(c.req.url);
  checkQueryStringLength(url.search);
  const params = url.searchParams;
  let body: JsonBody;
  let readParams: URLSearchParams;
  if (method === 'POST') {
    body = (await readBody(c)) ?? { raw: '{}', value: {} };
    readParams = params;
  } else if (method === 'GET' || method === 'HEAD') {
    // GET passes the arguments in the query string; Postgres converts the strings to the parameters' types.
    const split = splitRpcParams(params);
    body = { raw: JSON.stringify(split.args), value: split.args };
    readParams = split.query;
  } else {
    throw unsupportedMethod(method);
  }
  const prefs = parsePrefer(c.req.header('prefer'));
  const singular = wantsSingular(c.req.header('accept'));
  const head = method === 'HEAD';
  const query = boundedQuery(url, readParams);
  const plan = await schema.withSchema((cache) => planRpc(cache, fnName, body, { query, ...countOptions(prefs), singular, head }));
  if (plan.read) plan.read.node.limit = cappedLimit(plan.read.node.limit);
  const sql = buildRpc(plan);
  const readOnly = plan.fn.readOnly || method !== 'POST';
  // PostgREST echoes only these for a function (supabase-js adds return=representation with select()).
  const applied: Preferences = {
    ...(prefs.count ? { count: prefs.count } : {}),
    ...(prefs.tx ? { tx: prefs.tx } : {}),
  };

  return runAs(db, c, caller, readOnly, async (tx) => {
    let response: Response;
    if (plan.read) {
      const read = plan.read;
      const row = await queryRow(tx, sql);
      const range = readRange(read.node.offset ?? 0, row.page_count, await totalFor(tx, prefs, row.total, plan));
      if (singular && row.page_count !== 1) throw notSingular(row.page_count);
      response = new Response(head ? null : (row.body ?? 'null'), {
        status: range.status,
        headers: successHeaders(applied, {
          'Content-Type': singular ? SINGULAR_TYPE : JSON_TYPE,
          'Content-Range': range.contentRange,
        }),
      });
    } else {
      const { rows } = await tx.query<{ body: string | null }>(sql.text, sql.params);
      response =
        plan.fn.returns === 'void'
          ? new Response(null, { status: 204, headers: successHeaders(applied, {}) })
          : new Response(head ? null : (rows[0]?.body ?? 'null'), {
              status: 200,
              headers: successHeaders(applied, { 'Content-Type': JSON_TYPE }),
            });
    }
    if (prefs.tx === 'rollback') throw new Rollback(response);
    return response;
  });
}
