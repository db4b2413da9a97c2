// The addresses an uptime monitor asks (docs/decisions/0040), the same on every host: /healthz says the process
// answers, /readyz that it can serve (its database, or the hosted project, answered within a second). JSON, never
// kept by a cache, and saying nothing an attacker could use: no version, host name or database error. Web APIs only.

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

/** How long /readyz waits for the database or the hosted project before it says "not ready". */
export const READY_TIMEOUT_MS = 1_000;

export type CheckState = 'ok' | 'failing';

/** Each check by name ('database', 'migrations', 'project'), and whether all passed. */
export interface Readiness {
  ready: boolean;
  checks: Record<string, CheckState>;
}

export type ReadinessCheck = (timeoutMs: number) => Promise<Readiness>;

/** The promise's value, or `fallback` once `ms` pass first (the work itself goes on; its outcome is dropped). */
export function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([promise.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

/**
 * Against a hosted project: ready when its REST endpoint answers a one-row read of a public table within the time.
 * Any answer below 500 counts (the project and its database are up); a 5xx, a network error or silence does not.
 */
export function hostedReadiness(supabaseUrl: string, anonKey: string, fetcher: typeof fetch): ReadinessCheck {
  const url = `${supabaseUrl.replace(/\/+$/, '')}/rest/v1/topics?select=id&limit=1`;
  return async (timeoutMs) => {
    const answered = fetcher(url, { headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` }, signal: AbortSignal.timeout(timeoutMs) })
      .then(async (response) => {
        await response.body?.cancel();
        return response.status < 500;
      });
    const project = await within(answered, timeoutMs, false);
    return { ready: project, checks: { project: project ? 'ok' : 'failing' } };
  };
}

function json(status: number, body: unknown, head: boolean): Response {
  return new Response(head ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

export function isHealthPath(path: string): boolean {
  return path === HEALTH_PATH || path === READY_PATH;
}

/** The answer for /healthz or /readyz, or null for any other address. */
export async function healthAnswer(request: Request, readiness: ReadinessCheck): Promise<Response | null> {
  const path = new URL(request.url).pathname;
  if (!isHealthPath(path)) return null;
  const head = request.method === 'HEAD';
  if (request.method !== 'GET' && !head) {
    const refused = json(405, { status: 'method_not_allowed' }, false);
    refused.headers.set('Allow', 'GET, HEAD');
    return refused;
  }
  if (path === HEALTH_PATH) return json(200, { status: 'ok' }, head);
  const state = await within(readiness(READY_TIMEOUT_MS), READY_TIMEOUT_MS + 100, { ready: false, checks: {} });
  return json(state.ready ? 200 : 503, { status: state.ready ? 'ready' : 'not_ready', checks: state.checks }, head);
}
