import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { edgeConfigFrom } from '../edge/edge-config.ts';
import { createEdgeHandler } from '../edge/handler.ts';
import { newsletterFor, type Newsletter, type NewsletterHost } from '../edge/newsletter/newsletter.ts';
import type { EdgeHandler, EdgeHost, ReportError } from '../edge/types.ts';
import { serviceRoleKeyFor } from '../local-supabase/src/jwt.ts';
import type { LocalSupabase } from '../local-supabase/src/server.ts';
import { hostJobs } from '../edge/jobs/host-jobs.ts';
import type { JobRunner, ScheduledJob } from '../edge/jobs/registry.ts';
import type { RenderCache } from '../edge/render-cache/render-cache.ts';
import { nodeSystemHost } from './system-facts.ts';

// The edge handler as the Node hosts build it (npm start, npm run dev and preview): from the server's variables,
// reading the local backend in-process when there is one.

/** The local backend's origin as the handler names it: only the host's fetch knows it (no port, no network hop). */
export const LOCAL_BACKEND_ORIGIN = 'http://local-supabase.invalid';

/**
 * A fetch that hands requests for the local backend's origin straight to its app and sends every other request
 * (a hosted project, the news service) out as usual.
 */
export function inProcessFetch(backend: Pick<LocalSupabase, 'app'>, localOrigin: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).origin !== localOrigin) return fetch(request);
    return backend.app.fetch(request);
  };
}

/**
 * Reads the build's HTML files, never a path outside dist/. With `keep` (npm start, whose dist/ is fixed for the
 * process's life) each file is read once, not again for every page it is the template of.
 */
export function distHtmlReader(distDir: string, { keep = false }: { keep?: boolean } = {}): EdgeHost['readHtml'] {
  const root = resolve(distDir);
  const kept = new Map<string, Promise<string | null>>();
  const read = (path: string) => readFile(path, 'utf8').catch(() => null);
  return async (file) => {
    const path = resolve(root, file);
    if (!path.startsWith(`${root}${sep}`)) return null;
    if (!keep) return read(path);
    let html = kept.get(path);
    if (!html) kept.set(path, (html = read(path)));
    return html;
  };
}

export interface LocalSite {
  handler: EdgeHandler;
  /** The daily digest's sends and the site's /api/newsletter/* addresses. */
  newsletter: Newsletter;
  /** The scheduled jobs, which the host ticks each minute (server/job-schedule.ts). */
  jobs: JobRunner;
}

type LocalBackend = Pick<LocalSupabase, 'app' | 'anonKey' | 'jwtSecret' | 'mailer' | 'readiness'> & Partial<Pick<LocalSupabase, 'uploadsDir'>>;

export interface LocalSiteJobs {
  /** Against a hosted project: its service key, which runs retention and records the jobs even without mail. */
  hostedServiceKey?: string | null;
  /** The build the server serves, whose commit the 'Sistema' screen shows (none in development). */
  distDir?: string | null;
  /** The host's own jobs (npm start's backup): one entry each, e.g. `backupJob(vars)` (server/backup/backup-job.ts). */
  extraJobs?: readonly ScheduledJob[];
  /** npm start's render cache (docs/decisions/0049); absent: every request renders (development, preview). */
  renderCache?: RenderCache | null;
}

/** The embedded backend's own service key and mailer; none when it has no way to send e-mail. */
async function embeddedNewsletterHost(backend: LocalBackend): Promise<NewsletterHost | null> {
  if (!backend.mailer) return null;
  return { serviceRoleKey: await serviceRoleKeyFor(backend.jwtSecret), sendMail: backend.mailer };
}

/**
 * The handler for these variables: against the hosted project they name, else against the running local backend
 * (with its own anon key: LOCAL_SUPABASE_JWT_SECRET may not be the demo secret). The newsletter sends through the
 * embedded backend's mailer with its service key, or, against a hosted project, through `hostedNewsletter`.
 */
export async function localSite(
  vars: Readonly<Record<string, string | undefined>>,
  backend: LocalBackend | null,
  readHtml: EdgeHost['readHtml'],
  pageRenderer?: EdgeHost['pageRenderer'],
  hostedNewsletter: NewsletterHost | null = null,
  reportError?: ReportError,
  jobOptions: LocalSiteJobs = {},
): Promise<LocalSite> {
  const config = backend
    ? edgeConfigFrom({ ...vars, VITE_LOCAL_SUPABASE_ANON_KEY: backend.anonKey }, LOCAL_BACKEND_ORIGIN)
    : edgeConfigFrom(vars);
  const fetcher = backend ? inProcessFetch(backend, LOCAL_BACKEND_ORIGIN) : fetch;
  // The embedded backend's own service key always exists: retention and the record never wait for a mailer.
  const serviceRoleKey = backend ? await serviceRoleKeyFor(backend.jwtSecret) : (jobOptions.hostedServiceKey ?? hostedNewsletter?.serviceRoleKey ?? null);
  const newsletter = newsletterFor(config, fetcher, backend ? await embeddedNewsletterHost(backend) : hostedNewsletter, serviceRoleKey);
  const { runner, systemApi } = hostJobs({
    config,
    fetch: fetcher,
    newsletter,
    serviceRoleKey,
    oneMachine: !!backend,
    system: await nodeSystemHost({ hosted: !backend, distDir: jobOptions.distDir ?? null, uploadsDir: backend?.uploadsDir ?? null }),
    extraJobs: jobOptions.extraJobs,
  });
  // /readyz: the embedded backend's database and migrations; against a hosted project, its REST endpoint.
  const ready = backend ? (timeoutMs: number) => backend.readiness(timeoutMs) : undefined;
  const handler = createEdgeHandler(config, { readHtml, fetch: fetcher, pageRenderer, ready }, { newsletter, system: systemApi, reportError, renderCache: jobOptions.renderCache, audienceKey: serviceRoleKey });
  return { handler, newsletter, jobs: runner };
}
