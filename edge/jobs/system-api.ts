import { createDataClient } from '../../src/services/data-client';
import { isPermissionDenied } from '../../src/services/errors';
import { readJobStatus } from '../../src/services/scheduled-jobs';
import { SYSTEM_API, SYSTEM_RUN_PREFIX, type SystemReport } from '../../src/services/system-report';
import type { JobRunner } from './registry';

// The 'Sistema' screen's API (docs/decisions/0042), on the site's own origin: what only the host knows (its jobs and
// their next runs, the version, the backend, the uploads folder's size) beside what the record says. Administrators
// only: the caller's own access token asks the database (public.scheduled_job_status refuses anyone else), so the
// host holds no list of who may ask and no secret leaves it.

export interface SystemHost {
  backend: 'embedded' | 'hosted';
  /** package.json's version. */
  version: string;
  /** The build's commit, when the build knew it. */
  commit: string | null;
  /** The uploads folder's size in bytes, on the one machine that has it; null elsewhere. */
  uploadsBytes: (() => Promise<number>) | null;
}

export interface SystemApiSettings {
  supabaseUrl: string;
  supabaseAnonKey: string;
  fetch: typeof fetch;
  /** SITE_URL; null takes the request's origin (e-mailed links of a job run now). */
  siteUrl: string | null;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

function bearer(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '');
  return match?.[1] ?? null;
}

export type SystemApi = (request: Request, url: URL) => Promise<Response | null>;

export function createSystemApi(settings: SystemApiSettings, runner: JobRunner, host: SystemHost): SystemApi {
  return async (request, url) => {
    const path = url.pathname;
    if (path !== SYSTEM_API && !path.startsWith(SYSTEM_RUN_PREFIX)) return null;
    const token = bearer(request);
    if (!token) return json(401, { error: 'not_signed_in' });
    const asCaller = createDataClient(settings.supabaseUrl, settings.supabaseAnonKey, { fetch: settings.fetch, retry: false, accessToken: token });
    let recorded;
    try {
      recorded = await readJobStatus(asCaller);
    } catch (error) {
      if (isPermissionDenied(error)) return json(403, { error: 'admin_only' });
      throw error;
    }

    if (path.startsWith(SYSTEM_RUN_PREFIX)) {
      if (request.method !== 'POST') return new Response('Use POST.', { status: 405, headers: { Allow: 'POST', 'Cache-Control': 'no-store' } });
      const name = decodeURIComponent(path.slice(SYSTEM_RUN_PREFIX.length));
      const result = await runner.runNow(name, settings.siteUrl ?? url.origin);
      return result ? json(200, result) : json(404, { error: 'job_not_here' });
    }
    if (request.method !== 'GET') return new Response('Use GET.', { status: 405, headers: { Allow: 'GET', 'Cache-Control': 'no-store' } });

    const [scheduled, uploadsBytes] = await Promise.all([runner.nextRuns(), host.uploadsBytes ? host.uploadsBytes().catch(() => null) : null]);
    const next = new Map(scheduled);
    for (const job of runner.jobs) {
      if (job.disabled === null && job.nextRunAt) {
        const at = await job.nextRunAt(asCaller, new Date()).catch(() => null);
        if (at) next.set(job.name, at);
      }
    }
    const report: SystemReport = {
      version: host.version,
      commit: host.commit,
      backend: host.backend,
      databaseBytes: recorded.databaseBytes,
      uploadsBytes,
      recording: runner.recording,
      jobs: runner.jobs.map((job) => {
        const state = recorded.jobs[job.name];
        return {
          name: job.name,
          label: job.label,
          scheduleLabel: job.scheduleLabel,
          disabled: runner.recording ? job.disabled : 'Falta a chave de serviço do projeto (SUPABASE_SERVICE_ROLE_KEY) neste servidor.',
          nextRunAt: next.get(job.name)?.toISOString() ?? null,
          lastSuccess: state?.lastSuccess ?? null,
          lastFailure: state?.lastFailure ?? null,
          failedTwice: state?.failedTwice ?? false,
        };
      }),
    };
    return json(200, report);
  };
}
