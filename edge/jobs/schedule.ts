// When a scheduled job is due (docs/decisions/0042). Every host ticks each minute (the Node hosts' timer, the
// Worker's Cron Trigger) and runs each job whose slot has come and that has no recorded run in it yet: the record
// (public.job_runs) is the schedule's memory, so a restart, a second server or the Worker and a Node host on the
// same project agree. The jobs that may not run twice (retention, the digest, the campaigns' closing) are also kept
// to once by the database itself.

export type JobSchedule =
  | { every: 'minute' }
  | { every: 'hour' }
  | { every: 'day'; atHour: number }
  /** `weekday` 0 = Sunday … 6 = Saturday, São Paulo's (the weekly audience summary: Monday). */
  | { every: 'week'; weekday: number; atHour: number };

/** São Paulo has kept UTC−3 all year since 2019 (no daylight saving time). */
const SAO_PAULO_OFFSET_MS = -3 * 3_600_000;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A failed hourly or daily job is tried again after this long, not only at its next slot. */
export const RETRY_AFTER_FAILURE_MS = 15 * MINUTE_MS;

/** The start of the slot `now` is in: the minute, the hour, or the day's run time (São Paulo) last passed. */
export function slotStart(schedule: JobSchedule, now: Date): Date {
  const time = now.getTime();
  if (schedule.every === 'minute') return new Date(time - (time % MINUTE_MS));
  if (schedule.every === 'hour') return new Date(time - (time % HOUR_MS));
  if (schedule.every === 'week') {
    // The day's run time last passed, then back to the week's day.
    const day = slotStart({ every: 'day', atHour: schedule.atHour }, now).getTime();
    const weekday = new Date(day + SAO_PAULO_OFFSET_MS).getUTCDay();
    return new Date(day - ((weekday - schedule.weekday + 7) % 7) * DAY_MS);
  }
  const local = time + SAO_PAULO_OFFSET_MS;
  let start = local - (local % DAY_MS) + schedule.atHour * HOUR_MS;
  if (start > local) start -= DAY_MS;
  return new Date(start - SAO_PAULO_OFFSET_MS);
}

function slotLength(schedule: JobSchedule): number {
  if (schedule.every === 'week') return 7 * DAY_MS;
  return schedule.every === 'minute' ? MINUTE_MS : schedule.every === 'hour' ? HOUR_MS : DAY_MS;
}

export interface LastRun {
  startedAt: Date;
  outcome: 'sucesso' | 'falha';
}

/** The next São Paulo `hour`:`minute` after `now` (the digest's send time). */
export function nextDailyAt(hour: number, minute: number, now: Date): Date {
  const local = now.getTime() + SAO_PAULO_OFFSET_MS;
  let at = local - (local % DAY_MS) + hour * HOUR_MS + minute * MINUTE_MS;
  if (at <= local) at += DAY_MS;
  return new Date(at - SAO_PAULO_OFFSET_MS);
}

/** Whether the job runs on this tick. */
export function isDue(schedule: JobSchedule, last: LastRun | undefined, now: Date): boolean {
  if (!last) return true;
  if (last.startedAt < slotStart(schedule, now)) return true;
  return last.outcome === 'falha' && now.getTime() - last.startedAt.getTime() >= RETRY_AFTER_FAILURE_MS;
}

/** When it runs next, for the 'Sistema' screen: the next tick when it is due, else its next slot (or retry). */
export function nextRun(schedule: JobSchedule, last: LastRun | undefined, now: Date): Date {
  const nextTick = new Date(now.getTime() - (now.getTime() % MINUTE_MS) + MINUTE_MS);
  if (isDue(schedule, last, now)) return nextTick;
  const nextSlot = new Date(slotStart(schedule, now).getTime() + slotLength(schedule));
  if (last?.outcome === 'falha') {
    const retry = new Date(last.startedAt.getTime() + RETRY_AFTER_FAILURE_MS);
    return retry < nextSlot ? retry : nextSlot;
  }
  return nextSlot;
}
