import { describe, expect, it } from 'vitest';
import { isDue, nextDailyAt, nextRun, RETRY_AFTER_FAILURE_MS, slotStart } from './schedule';

// When a job is due (docs/decisions/0042): São Paulo's day (UTC−3), the record as the schedule's memory, a retry after
// a failure that does not wait for the next day.

const at = (iso: string) => new Date(iso);

describe('the schedule', () => {
  it('puts a daily job at its São Paulo hour, yesterday’s until the hour comes', () => {
    const backup = { every: 'day', atHour: 3 } as const;
    expect(slotStart(backup, at('2026-11-29T07:00:00Z'))).toEqual(at('2026-11-29T06:00:00Z')); // 04:00 → today's 03:00
    expect(slotStart(backup, at('2026-11-29T05:30:00Z'))).toEqual(at('2026-11-28T06:00:00Z')); // 02:30 → yesterday's
    expect(slotStart({ every: 'hour' }, at('2026-11-29T07:42:10Z'))).toEqual(at('2026-11-29T07:00:00Z'));
  });

  it("puts a weekly job at its São Paulo weekday and hour, last week's until they come", () => {
    const summary = { every: 'week', weekday: 1, atHour: 8 } as const;
    // Monday 30 November 2026, 09:00 in São Paulo → today's 08:00; Sunday the 29th → the Monday before.
    expect(slotStart(summary, at('2026-11-30T12:00:00Z'))).toEqual(at('2026-11-30T11:00:00Z'));
    expect(slotStart(summary, at('2026-11-30T10:30:00Z'))).toEqual(at('2026-11-23T11:00:00Z'));
    expect(slotStart(summary, at('2026-11-29T20:00:00Z'))).toEqual(at('2026-11-23T11:00:00Z'));
    expect(isDue(summary, { startedAt: at('2026-11-23T11:01:00Z'), outcome: 'sucesso' }, at('2026-11-29T20:00:00Z'))).toBe(false);
    expect(nextRun(summary, { startedAt: at('2026-11-23T11:01:00Z'), outcome: 'sucesso' }, at('2026-11-29T20:00:00Z'))).toEqual(at('2026-11-30T11:00:00Z'));
  });

  it('runs a job once per slot: due without a run in it, not after one', () => {
    const hourly = { every: 'hour' } as const;
    const now = at('2026-11-29T07:42:00Z');
    expect(isDue(hourly, undefined, now)).toBe(true);
    expect(isDue(hourly, { startedAt: at('2026-11-29T06:59:00Z'), outcome: 'sucesso' }, now)).toBe(true);
    expect(isDue(hourly, { startedAt: at('2026-11-29T07:01:00Z'), outcome: 'sucesso' }, now)).toBe(false);
    expect(nextRun(hourly, { startedAt: at('2026-11-29T07:01:00Z'), outcome: 'sucesso' }, now)).toEqual(at('2026-11-29T08:00:00Z'));
  });

  it('tries a failed job again after a while, not only at its next slot', () => {
    const daily = { every: 'day', atHour: 0 } as const;
    const failedAt = at('2026-11-29T03:01:00Z');
    const failure = { startedAt: failedAt, outcome: 'falha' } as const;
    expect(isDue(daily, failure, new Date(failedAt.getTime() + 60_000))).toBe(false);
    expect(isDue(daily, failure, new Date(failedAt.getTime() + RETRY_AFTER_FAILURE_MS))).toBe(true);
    expect(nextRun(daily, failure, new Date(failedAt.getTime() + 60_000))).toEqual(new Date(failedAt.getTime() + RETRY_AFTER_FAILURE_MS));
  });

  it("names the digest's next send time: today's if still ahead, else tomorrow's", () => {
    expect(nextDailyAt(7, 0, at('2026-11-29T09:00:00Z'))).toEqual(at('2026-11-29T10:00:00Z')); // 06:00 → 07:00 today
    expect(nextDailyAt(7, 0, at('2026-11-29T10:00:00Z'))).toEqual(at('2026-11-30T10:00:00Z')); // 07:00 → tomorrow
    expect(nextDailyAt(23, 30, at('2026-11-30T02:00:00Z'))).toEqual(at('2026-11-30T02:30:00Z')); // 23:00 on the 29th
  });
});
