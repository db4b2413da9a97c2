import type { DataClient } from '../../src/services/client';
import { lastJobRuns, recordJobRun, type JobCounts, type JobOutcome } from '../../src/services/scheduled-jobs';
import { isDue, nextRun, type JobSchedule, type LastRun } from './schedule';

// The scheduled jobs' registry (docs/decisions/0042): one list of jobs, each with its name, pt-BR label, schedule,
// needs and run function, run by every host alike (server/job-schedule.ts on Node, scheduled() on the Worker) and
// recorded in public.job_runs with the service key. A host that lacks what a job needs keeps it in the list, off,
// with the reason: the 'Sistema' screen shows it as 'desativado', never as a failure.

/** What a job needs of its host. */
export type JobNeed = 'mail' | 'one-machine';

export interface JobRunContext {
  /** The site's origin for e-mailed links (SITE_URL, else the host's own). */
  origin: string;
  /** Asked for by an administrator ('Executar agora'): a job that keeps itself to once per hour or day runs anyway. */
  manual: boolean;
}

export interface ScheduledJob {
  /** The record's key: lower case, digits and underscores. */
  name: string;
  /** pt-BR, as the 'Sistema' screen names it. */
  label: string;
  schedule: JobSchedule;
  /** pt-BR: when it runs, in a newsroom's words. */
  scheduleLabel: string;
  needs: readonly JobNeed[];
  /**
   * Does the work and returns what it counted, or null when nothing was due (such a run is not recorded: the
   * each-minute jobs would flood the record). Throws, or throws a JobFailure with what it counted, when it failed.
   */
  run(context: JobRunContext): Promise<JobCounts | null>;
  /**
   * When it runs next, for a job whose time the database keeps (the digest's send time), read with the signed-in
   * administrator's client; without it the schedule says.
   */
  nextRunAt?(asAdmin: DataClient, now: Date): Promise<Date | null>;
  /** Why this host cannot run it although it has what `needs` names (pt-BR; e.g. no BACKUP_DIR): shown as off. */
  off?: string | null;
}

/** A failure that still counted something (e.g. 3 e-mails sent, 2 refused). */
export class JobFailure extends Error {
  constructor(
    message: string,
    readonly counts: JobCounts,
  ) {
    super(message);
    this.name = 'JobFailure';
  }
}

/** What this host can give its jobs. */
export interface HostAbilities {
  /** Null when the host can send e-mail; else why not (pt-BR). */
  mailMissing: string | null;
  /** Whether this host is the one machine with the database and the uploads folder (npm start's embedded backend). */
  oneMachine: boolean;
}

export interface JobOnHost extends ScheduledJob {
  /** Null when it runs here; else why not (pt-BR): the screen's 'desativado'. */
  disabled: string | null;
}

export interface RunResult {
  job: string;
  outcome: JobOutcome | 'nada_a_fazer';
  counts: JobCounts;
  error: string | null;
}

export interface JobRunner {
  readonly jobs: readonly JobOnHost[];
  /** Whether runs are recorded: a host without the service key runs nothing. */
  readonly recording: boolean;
  /** One tick: each due job that runs here, one after another (a slow mail server delays, never doubles, the next). */
  tick(origin: string): Promise<RunResult[]>;
  /** One job now ('Executar agora'), recorded like any run. Null for a job not on this host or off here. */
  runNow(name: string, origin: string): Promise<RunResult | null>;
  /** When each job runs next here. */
  nextRuns(): Promise<Map<string, Date>>;
}

function disabledReason(job: ScheduledJob, abilities: HostAbilities): string | null {
  if (job.off) return job.off;
  if (job.needs.includes('mail') && abilities.mailMissing) return abilities.mailMissing;
  if (job.needs.includes('one-machine') && !abilities.oneMachine) {
    return 'Só roda no servidor próprio (npm start com o backend embutido), onde estão o banco e os arquivos enviados.';
  }
  return null;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface JobRunnerOptions {
  jobs: readonly ScheduledJob[];
  abilities: HostAbilities;
  /** The service key's client, which records each run; null: nothing runs (and the screen says why). */
  service: DataClient | null;
  now?: () => Date;
  log?: (line: string) => void;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.error(line));
  const names = new Set<string>();
  for (const job of options.jobs) {
    if (names.has(job.name)) throw new Error(`scheduled job "${job.name}" is registered twice`);
    names.add(job.name);
  }
  const jobs: JobOnHost[] = options.jobs.map((job) => ({ ...job, disabled: disabledReason(job, options.abilities) }));
  const { service } = options;

  async function execute(job: JobOnHost, context: JobRunContext): Promise<RunResult> {
    const startedAt = now();
    let counts: JobCounts | null;
    let error: string | null = null;
    try {
      counts = await job.run(context);
    } catch (failure) {
      error = message(failure) || 'erro sem mensagem';
      counts = failure instanceof JobFailure ? failure.counts : {};
    }
    if (counts === null) return { job: job.name, outcome: 'nada_a_fazer', counts: {}, error: null };
    const outcome: JobOutcome = error === null ? 'sucesso' : 'falha';
    if (error !== null) log(`[jobs] ${job.name} failed: ${error}`);
    if (service) {
      await recordJobRun(service, { job: job.name, startedAt, finishedAt: now(), outcome, counts, error }).catch((recording: unknown) =>
        log(`[jobs] the run of ${job.name} could not be recorded: ${message(recording)}`),
      );
    }
    return { job: job.name, outcome, counts, error };
  }

  const runnable = () => jobs.filter((job) => job.disabled === null);

  async function lastRuns(): Promise<Map<string, LastRun>> {
    return service ? lastJobRuns(service, runnable().map((job) => job.name)) : new Map();
  }

  return {
    jobs,
    recording: !!service,
    async tick(origin) {
      if (!service) return [];
      const moment = now();
      const last = await lastRuns();
      const results: RunResult[] = [];
      for (const job of runnable()) {
        if (isDue(job.schedule, last.get(job.name), moment)) results.push(await execute(job, { origin, manual: false }));
      }
      return results;
    },
    async runNow(name, origin) {
      const job = runnable().find((candidate) => candidate.name === name);
      if (!job || !service) return null;
      return execute(job, { origin, manual: true });
    },
    async nextRuns() {
      const moment = now();
      const last = await lastRuns();
      return new Map(runnable().map((job) => [job.name, nextRun(job.schedule, last.get(job.name), moment)]));
    },
  };
}
