import { ServiceError } from './errors';
import type { JobCounts, JobRunSummary } from './scheduled-jobs';

// The 'Sistema' screen's report (docs/decisions/0042), from the site's own API (edge/jobs/system-api.ts) with the
// signed-in administrator's access token.

export const SYSTEM_API = '/api/sistema';
/** POST <prefix><job>: that job now ('Executar agora'). */
export const SYSTEM_RUN_PREFIX = '/api/sistema/executar/';

export interface SystemJobReport {
  name: string;
  label: string;
  scheduleLabel: string;
  /** Why it does not run on this server (pt-BR), or null. */
  disabled: string | null;
  nextRunAt: string | null;
  lastSuccess: JobRunSummary | null;
  lastFailure: JobRunSummary | null;
  failedTwice: boolean;
}

export interface SystemReport {
  version: string;
  commit: string | null;
  backend: 'embedded' | 'hosted';
  databaseBytes: number;
  /** Null where the server has no uploads folder of its own (a hosted project, the Worker). */
  uploadsBytes: number | null;
  /** Whether this server can record runs (it has the project's service key). */
  recording: boolean;
  jobs: SystemJobReport[];
}

export interface JobRunAnswer {
  job: string;
  outcome: 'sucesso' | 'falha' | 'nada_a_fazer';
  counts: JobCounts;
  error: string | null;
}

async function call<T>(path: string, accessToken: string, method: 'GET' | 'POST', fetcher: typeof fetch): Promise<T> {
  const response = await fetcher(path, { method, headers: { Authorization: `Bearer ${accessToken}` } });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new ServiceError(`${path} answered ${response.status}`, { code: body.error, status: response.status });
  }
  return (await response.json()) as T;
}

export function loadSystemReport(accessToken: string, fetcher: typeof fetch = fetch): Promise<SystemReport> {
  return call<SystemReport>(SYSTEM_API, accessToken, 'GET', fetcher);
}

export function runJobNow(job: string, accessToken: string, fetcher: typeof fetch = fetch): Promise<JobRunAnswer> {
  return call<JobRunAnswer>(`${SYSTEM_RUN_PREFIX}${encodeURIComponent(job)}`, accessToken, 'POST', fetcher);
}
