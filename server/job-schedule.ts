import type { JobRunner } from '../edge/jobs/registry.ts';

// The Node hosts' clock for the scheduled jobs (npm start, npm run dev and preview; docs/decisions/0042): each minute,
// one tick of the job registry, which runs the jobs that are due and records them. The Worker's Cron Trigger ticks
// the same registry (adapters/cloudflare/worker.ts). Two servers, or a restart mid-run, are safe: the record and the
// database keep each job to its schedule.

export const JOB_TICK_MS = 60_000;
/** The first tick waits a little: the server's start is not slowed by it. */
const FIRST_TICK_MS = 5_000;

export interface JobSchedule {
  stop(): void;
}

export function startJobSchedule(
  current: () => Promise<JobRunner | null>,
  origin: () => string,
  options: { intervalMs?: number; log?: (line: string) => void } = {},
): JobSchedule {
  const log = options.log ?? ((line: string) => console.error(line));
  let stopped = false;
  let timer: ReturnType<typeof setTimeout>;

  async function tick(): Promise<void> {
    try {
      await (await current())?.tick(origin());
    } catch (error) {
      // The record could not be read (the database is away): the next tick tries again.
      log(`[jobs] tick failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  // The next tick is set when this one ends: a slow run (a slow mail server) is never doubled.
  function next(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => void tick().finally(() => next(options.intervalMs ?? JOB_TICK_MS)), delay);
    // The schedule never keeps a process alive that is otherwise done.
    timer.unref();
  }

  next(FIRST_TICK_MS);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
