import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database.ts';

// While PostgreSQL is away (restarting, down) every service answers 503 with Retry-After, as hosted Supabase's
// PostgREST does (PGRST001), so a client or the edge handler can tell "come back in a moment" from a failed query.

/** The 503 answer in each service's own error shape. */
const BODIES = {
  rest: { code: 'PGRST001', details: null, hint: null, message: 'Database client error. Retrying the connection.' },
  auth: { code: 503, error_code: 'unexpected_failure', msg: 'Database unavailable, try again shortly' },
  storage: { statusCode: '503', error: 'Service Unavailable', message: 'Database unavailable, try again shortly' },
} as const;

export type BackendService = keyof typeof BODIES;

export function databaseUnavailableResponse(service: BackendService): Response {
  return new Response(JSON.stringify(BODIES[service]), {
    status: 503,
    headers: { 'Content-Type': 'application/json', 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' },
  });
}

/** The 503 answer when `error` says the database is away; null for any other failure. */
export function unavailableAnswer(error: unknown, service: BackendService): Response | null {
  return isDatabaseUnavailable(error) ? databaseUnavailableResponse(service) : null;
}
