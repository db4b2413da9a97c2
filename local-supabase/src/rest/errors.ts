/**
 * PostgREST's error funnel: every failure leaves as `{code, details, hint, message}` with PostgREST's status
 * (docs/architecture.md §5, ported from PostgREST's Error.hs).
 */

export interface RestErrorBody {
  code: string;
  details: string | null;
  hint: string | null;
  message: string;
}

export class RestError extends Error {
  readonly status: number;
  readonly body: RestErrorBody;
  readonly headers: Record<string, string>;

  constructor(status: number, body: RestErrorBody, headers: Record<string, string> = {}) {
    super(body.message);
    this.name = 'RestError';
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

function restError(status: number, code: string, message: string, details: string | null = null, hint: string | null = null) {
  return new RestError(status, { code, details, hint, message });
}

/** Malformed query parameter (select, filter, order, limit…). */
export function parseError(message: string, details: string | null = null): RestError {
  return restError(400, 'PGRST100', message, details);
}

export function invalidBody(message = 'Empty or invalid json', details: string | null = null): RestError {
  return restError(400, 'PGRST102', message, details);
}

export function unknownTable(table: string): RestError {
  return restError(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);
}

/** What Postgres itself would say about a column it does not know (PostgREST passes 42703 through as 400). */
export function unknownColumn(table: string, column: string): RestError {
  return restError(400, '42703', `column ${table}.${column} does not exist`);
}

export function unknownBodyColumn(table: string, column: string): RestError {
  return restError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);
}

export function unknownRelationship(from: string, to: string): RestError {
  return restError(
    400,
    'PGRST200',
    `Could not find a relationship between '${from}' and '${to}' in the schema cache`,
    `Searched for a foreign key relationship between '${from}' and '${to}' in the schema 'public', but no matches were found.`,
  );
}

export function ambiguousRelationship(from: string, to: string, candidates: string[]): RestError {
  return restError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${from}' and '${to}'`,
    candidates.join(', '),
    `Try changing '${to}' to one of the following: ${candidates.map((c) => `'${to}!${c}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

export function unknownFunction(fn: string, argNames: string[]): RestError {
  const searched =
    argNames.length === 0
      ? 'without parameters'
      : `with parameter${argNames.length > 1 ? 's' : ''} ${argNames.join(', ')}`;
  return restError(
    404,
    'PGRST202',
    `Could not find the function public.${fn}(${argNames.join(', ')}) in the schema cache`,
    `Searched for the function public.${fn} ${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
  );
}

export function notSingular(rowCount: number): RestError {
  return restError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rowCount} rows`);
}

export function rangeNotSatisfiable(offset: number, total: number): RestError {
  return restError(
    416,
    'PGRST103',
    'Requested range not satisfiable',
    `An offset of ${offset} was requested, but there are only ${total} rows.`,
  );
}

export function invalidPath(): RestError {
  return restError(404, 'PGRST125', 'Invalid path specified in request URL');
}

export function unsupportedMethod(method: string): RestError {
  return restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}

/** JWT failures never reach the database (docs/architecture.md §5 step 1). */
export function jwtError(reason: 'expired' | 'invalid', message: string): RestError {
  const code = reason === 'expired' ? 'PGRST303' : 'PGRST301';
  const shown = reason === 'expired' ? 'JWT expired' : message;
  return new RestError(
    401,
    { code, details: null, hint: null, message: shown },
    { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${shown.replace(/["\\]/g, '')}"` },
  );
}

/** The fields Postgres drivers (PGlite's and node-postgres's DatabaseError) put on a server error. */
interface PgErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgError(error: unknown): error is PgErrorLike {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof message === 'string';
}

/** PostgREST's pgErrorStatus; `isAnon` decides 401 vs 403 for privilege errors. */
export function statusForSqlState(code: string, isAnon: boolean): number {
  if (code === '42501') return isAnon ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === 'P0001') return 400;
  if (code.startsWith('PT')) {
    // `raise sqlstate 'PT402'` chooses the status, as in PostgREST.
    const custom = Number(code.slice(2));
    return custom >= 100 && custom <= 599 ? custom : 500;
  }
  const cls = code.slice(0, 2);
  switch (cls) {
    case '08':
    case '53':
      return 503;
    case '0L':
    case '0P':
    case '28':
      return 403;
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
    default:
      return 400;
  }
}

export function fromPgError(error: PgErrorLike, isAnon: boolean): RestError {
  const body: RestErrorBody = {
    code: error.code,
    details: error.detail ?? null,
    hint: error.hint ?? null,
    message: error.message,
  };
  // A JWT naming a role the database lacks is an authentication problem, not bad input (docs/architecture.md §5).
  if (error.code === '22023' && /^role ".*" does not exist$/.test(error.message)) return new RestError(401, body);
  const status = statusForSqlState(error.code, isAnon);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new RestError(status, body, headers);
}

/** Anything that is not already a RestError: a database error, or a bug (never leaks a stack trace). */
export function toRestError(error: unknown, isAnon: boolean): RestError {
  if (error instanceof RestError) return error;
  if (isPgError(error)) return fromPgError(error, isAnon);
  return restError(500, 'XX000', 'Internal server error');
}
