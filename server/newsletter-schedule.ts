import type { Newsletter } from '../edge/newsletter/newsletter.ts';

// The Node hosts' scheduled job (npm start, npm run dev and preview): each minute, the newsletter's queued
// confirmation e-mails and, once its time has come, the day's digest. Two servers, or a restart mid-send, are safe:
// the database hands each send and each address to one run only (docs/decisions/0033). The Worker's Cron Trigger
// runs the same work (adapters/cloudflare/worker.ts).

export const NEWSLETTER_TICK_MS = 60_000;
/** The first run waits a little: the server's start is not slowed by it. */
const FIRST_RUN_MS = 5_000;

export interface NewsletterSchedule {
  stop(): void;
}

export function startNewsletterSchedule(
  current: () => Promise<Newsletter | null>,
  origin: () => string,
  options: { intervalMs?: number; log?: (line: string) => void } = {},
): NewsletterSchedule {
  const log = options.log ?? ((line: string) => console.error(line));
  let running = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout>;

  async function run(): Promise<void> {
    // A run still under way (a slow mail server) is not doubled: the next one starts when it ends.
    if (running) return;
    running = true;
    try {
      await (await current())?.runScheduled(origin());
    } catch (error) {
      log(`[newsletter] scheduled run failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  }

  function next(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => void run().finally(() => next(options.intervalMs ?? NEWSLETTER_TICK_MS)), delay);
    // The schedule never keeps a process alive that is otherwise done.
    timer.unref();
  }

  next(FIRST_RUN_MS);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
