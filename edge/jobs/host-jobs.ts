import { createDataClient } from '../../src/services/data-client';
import type { Newsletter } from '../newsletter/newsletter';
import type { EdgeConfig } from '../types';
import { createJobRunner, type JobRunner, type ScheduledJob } from './registry';
import { siteJobs } from './site-jobs';
import { createSystemApi, type SystemApi, type SystemHost } from './system-api';

// A host's jobs and its 'Sistema' API, from what it has: the same assembly on npm start, npm run dev/preview and the
// Worker (docs/decisions/0042).

/** What a host without a mail server shows beside the mail jobs (pt-BR, the screen's 'desativado'). */
export const NO_MAIL_REASON = 'Sem servidor de e-mail neste servidor: defina SMTP_HOST e SMTP_FROM (README, “Tarefas agendadas”).';

export interface HostJobsOptions {
  config: EdgeConfig;
  fetch: typeof fetch;
  newsletter: Newsletter;
  /** The project's service key: it records the runs and runs retention and the campaigns' closing. */
  serviceRoleKey: string | null;
  /** Whether this is the one machine with the database and the uploads folder (npm start's embedded backend). */
  oneMachine: boolean;
  system: SystemHost;
  /** The host's own jobs, appended to the site's (npm start's backup). */
  extraJobs?: readonly ScheduledJob[];
  log?: (line: string) => void;
}

export function hostJobs(options: HostJobsOptions): { runner: JobRunner; systemApi: SystemApi } {
  const { config, newsletter, serviceRoleKey } = options;
  const service = serviceRoleKey ? createDataClient(config.supabaseUrl, serviceRoleKey, { fetch: options.fetch, retry: false }) : null;
  // Without the key nothing can be recorded or run; the jobs are still listed, so the screen says why.
  const jobs = [...siteJobs(newsletter, service, config.siteName), ...(options.extraJobs ?? [])];
  const runner = createJobRunner({
    jobs,
    abilities: { mailMissing: newsletter.mailReady ? null : NO_MAIL_REASON, oneMachine: options.oneMachine },
    service,
    log: options.log,
  });
  const systemApi = createSystemApi(
    { supabaseUrl: config.supabaseUrl, supabaseAnonKey: config.supabaseAnonKey, fetch: options.fetch, siteUrl: config.siteUrl },
    runner,
    options.system,
  );
  return { runner, systemApi };
}
