import type { DataClient } from './client';
import { ServiceError, unwrap } from './errors';
import type { Json } from '../types/database';

// The scheduled jobs' record (supabase/migrations/20261130100000_scheduled_jobs.sql, docs/decisions/0042): the hosts
// write each run with the service key; administrators read the state of each job and the database's size.

/** What a run counted: small numbers by name ('removidos', 'enviados', …), shown as they are on the 'Sistema' screen. */
export type JobCounts = Record<string, number>;

export type JobOutcome = 'sucesso' | 'falha';

export interface JobRunRecord {
  job: string;
  startedAt: Date;
  finishedAt: Date;
  outcome: JobOutcome;
  counts: JobCounts;
  error: string | null;
}

/** The longest error text kept: a mail server's or the database's message, never a stack. */
export const JOB_ERROR_MAX = 1000;

/** Records one run (the service key's client). */
export async function recordJobRun(service: DataClient, run: JobRunRecord): Promise<void> {
  const { error, status } = await service.from('job_runs').insert({
    job: run.job,
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt.toISOString(),
    outcome: run.outcome,
    counts: run.counts,
    error: run.error === null ? null : run.error.slice(0, JOB_ERROR_MAX),
  });
  if (error) throw new ServiceError(error.message, { code: error.code, status, cause: error });
}

/** When each job last ran at all (the service key's client): the schedule's memory, shared by every host. */
export async function lastJobRuns(service: DataClient, jobs: readonly string[]): Promise<Map<string, { startedAt: Date; outcome: JobOutcome }>> {
  const last = new Map<string, { startedAt: Date; outcome: JobOutcome }>();
  await Promise.all(
    jobs.map(async (job) => {
      const rows = unwrap(
        await service.from('job_runs').select('started_at, outcome').eq('job', job).order('started_at', { ascending: false }).limit(1),
      );
      const row = rows[0];
      if (row) last.set(job, { startedAt: new Date(row.started_at), outcome: row.outcome as JobOutcome });
    }),
  );
  return last;
}

/** The campaigns' daily closing (the service key's client); null when it already ran today. */
export async function closeAdCampaignDays(service: DataClient, force = false): Promise<JobCounts | null> {
  const { data, error, status } = await service.rpc('close_ad_campaign_days', { force });
  if (error) throw new ServiceError(error.message, { code: error.code, status, cause: error });
  return countsFrom(data);
}

/** A jsonb object of numbers as counts; anything else (null: nothing was due) as null. */
export function countsFrom(value: Json | null | undefined): JobCounts | null {
  if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value)) return null;
  const counts: JobCounts = {};
  for (const [name, count] of Object.entries(value)) if (typeof count === 'number') counts[name] = count;
  return counts;
}

export interface JobRunSummary {
  startedAt: string;
  finishedAt: string;
  counts: JobCounts;
  error: string | null;
}

export interface JobState {
  lastSuccess: JobRunSummary | null;
  lastFailure: JobRunSummary | null;
  /** The two newest recorded runs both failed: the panel warns administrators. */
  failedTwice: boolean;
}

export interface RecordedJobStatus {
  databaseBytes: number;
  jobs: Record<string, JobState>;
}

function summary(value: Json | undefined): JobRunSummary | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const { started_at: startedAt, finished_at: finishedAt } = value;
  if (typeof startedAt !== 'string' || typeof finishedAt !== 'string') return null;
  return {
    startedAt,
    finishedAt,
    counts: countsFrom(value.counts) ?? {},
    error: typeof value.error === 'string' ? value.error : null,
  };
}

/** What the record says of each job, and the database's size: an administrator's client (42501 for anyone else). */
export async function readJobStatus(client: DataClient): Promise<RecordedJobStatus> {
  const data = unwrap(await client.rpc('scheduled_job_status'));
  const root = data && typeof data === 'object' && !Array.isArray(data) ? data : {};
  const jobsValue = root.jobs;
  const jobs: Record<string, JobState> = {};
  if (jobsValue && typeof jobsValue === 'object' && !Array.isArray(jobsValue)) {
    for (const [name, state] of Object.entries(jobsValue)) {
      if (!state || typeof state !== 'object' || Array.isArray(state)) continue;
      jobs[name] = { lastSuccess: summary(state.last_success), lastFailure: summary(state.last_failure), failedTwice: state.failed_twice === true };
    }
  }
  return { databaseBytes: typeof root.database_bytes === 'number' ? root.database_bytes : 0, jobs };
}

/** The jobs whose two newest runs failed, by name: the panel's warning (an administrator's client). */
export async function failingJobs(client: DataClient): Promise<string[]> {
  const { jobs } = await readJobStatus(client);
  return Object.entries(jobs)
    .filter(([, state]) => state.failedTwice)
    .map(([name]) => name)
    .sort();
}
