import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatLongDate,
  formatSaoPauloDateTime,
  formatWeekdayDayMonth,
  fromSaoPauloInput,
  saoPauloYear,
  toDateInputValue,
  todayInputValue,
  toSaoPauloInput,
} from './dates';

/** 23:30 in São Paulo on 25 November 2026: already the 26th in UTC (02:30Z) and further east. */
const LATE_STORY = '2026-11-26T02:30:00.000Z';

/**
 * What the formatters give in a fresh Node process whose own zone is `timeZone`, set before the module is loaded, as
 * a server in UTC or a reader in Tokyo would run them.
 */
function formattedIn(timeZone: string): { runtimeDay: number; date: string; long: string; input: string; weekday: string } {
  const dates = join(dirname(fileURLToPath(import.meta.url)), 'dates.ts');
  const script = `
    process.env.TZ = ${JSON.stringify(timeZone)};
    const { formatDate, formatLongDate, formatWeekdayDayMonth, toDateInputValue } = await import(${JSON.stringify(dates)});
    const story = new Date(${JSON.stringify(LATE_STORY)});
    console.log(JSON.stringify({
      runtimeDay: story.getDate(),
      date: formatDate(story.toISOString()),
      long: formatLongDate(story.toISOString()),
      input: toDateInputValue(story),
      weekday: formatWeekdayDayMonth(story),
    }));`;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { encoding: 'utf8' });
  return JSON.parse(output) as ReturnType<typeof formattedIn>;
}

describe('pt-BR dates in São Paulo time', () => {
  it('shows a story published at 23:30 in São Paulo on that day', () => {
    expect(formatDate(LATE_STORY)).toBe('25/11/2026');
    expect(formatLongDate(LATE_STORY)).toBe('25 de novembro de 2026');
    expect(formatDate('2026-11-25T23:30:00-03:00')).toBe('25/11/2026');
    expect(toDateInputValue(LATE_STORY)).toBe('2026-11-25');
    expect(formatWeekdayDayMonth(new Date(LATE_STORY))).toBe('Quarta-feira, 25 de novembro');
    expect(formatSaoPauloDateTime(LATE_STORY)).toBe('25/11/2026 23:30');
  });

  // A server in UTC, the zone furthest east (UTC+14) and one west of São Paulo.
  it.each([
    { timeZone: 'UTC', runtimeDay: 26 },
    { timeZone: 'Pacific/Kiritimati', runtimeDay: 26 },
    { timeZone: 'America/Los_Angeles', runtimeDay: 25 },
  ])(
    'gives the same day on a machine in $timeZone',
    ({ timeZone, runtimeDay }) => {
      const result = formattedIn(timeZone);
      // The machine's own clock says another day east of São Paulo: the formatters do not ask it.
      expect(result.runtimeDay).toBe(runtimeDay);
      expect(result).toMatchObject({
        date: '25/11/2026',
        long: '25 de novembro de 2026',
        input: '2026-11-25',
        weekday: 'Quarta-feira, 25 de novembro',
      });
    },
    20_000,
  );

  it('says what the pt-BR locale says in São Paulo, every day of a year at 00:30 and 23:30 there', () => {
    const options = { timeZone: 'America/Sao_Paulo' } as const;
    for (let day = 0; day < 365; day += 1) {
      for (const hourUtc of [2.5, 3.5]) {
        const instant = new Date(Date.UTC(2026, 0, 1 + day) + hourUtc * 3_600_000);
        expect(formatDate(instant)).toBe(instant.toLocaleDateString('pt-BR', options));
        expect(formatLongDate(instant)).toBe(instant.toLocaleDateString('pt-BR', { ...options, day: 'numeric', month: 'long', year: 'numeric' }));
        const weekday = instant.toLocaleDateString('pt-BR', { ...options, weekday: 'long', day: 'numeric', month: 'long' });
        expect(formatWeekdayDayMonth(instant)).toBe(weekday.charAt(0).toUpperCase() + weekday.slice(1));
      }
    }
  });

  it('reads a date column as a calendar day, without a time-zone shift', () => {
    expect(formatDate('2026-11-03')).toBe('03/11/2026');
    expect(formatLongDate('2026-03-01')).toBe('1 de março de 2026');
    expect(formatLongDate('2026-12-31')).toBe('31 de dezembro de 2026');
    expect(toDateInputValue('2026-11-03')).toBe('2026-11-03');
  });

  it("takes today and this year from São Paulo's clock", () => {
    expect(todayInputValue(new Date(LATE_STORY))).toBe('2026-11-25');
    expect(saoPauloYear(new Date('2027-01-01T01:00:00Z'))).toBe(2026);
    expect(saoPauloYear(new Date('2027-01-01T03:00:00Z'))).toBe(2027);
  });

  it("says São Paulo's day and year as Intl does at every half hour of a year, New Year's Eve and summer time included", () => {
    const options = { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    // 2018–2019 had summer time (UTC-2) until February 2019.
    for (const start of [Date.UTC(2018, 9, 1), Date.UTC(2025, 11, 1)]) {
      for (let at = start; at < start + 365 * 86_400_000; at += 1_800_000) {
        const now = new Date(at);
        const [day, month, year] = now.toLocaleDateString('pt-BR', options).split('/');
        expect(todayInputValue(now)).toBe(`${year}-${month}-${day}`);
        expect(saoPauloYear(now)).toBe(Number(year));
      }
    }
  });

  it('gives an empty text for a missing or invalid value', () => {
    expect(formatDate(null)).toBe('');
    expect(formatLongDate('not a date')).toBe('');
    expect(formatDate('2026-02-30')).toBe('');
    expect(toSaoPauloInput(undefined)).toBe('');
  });
});

describe('what a page formats without Intl', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  // A fresh copy of the module, with no formatter made yet, and a count of the formatters it makes.
  async function freshDates() {
    vi.resetModules();
    const Formatter = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args: ConstructorParameters<typeof Formatter>) {
      return new Formatter(...args);
    });
    return { dates: await import('./dates'), made };
  }

  it("formats calendar days and tells today outside the hour around São Paulo's midnight with no Intl formatter", async () => {
    const { dates, made } = await freshDates();
    expect(dates.formatDate('2026-11-03')).toBe('03/11/2026');
    expect(dates.formatLongDate('2026-11-03')).toBe('3 de novembro de 2026');
    expect(dates.formatWeekdayDayMonth(dates.todayInputValue(new Date('2026-11-22T15:00:00Z')))).toBe('Domingo, 22 de novembro');
    expect(dates.saoPauloYear(new Date('2026-11-22T15:00:00Z'))).toBe(2026);
    // São Paulo's 23:30: today is the hour's business of Intl, this year is not.
    expect(dates.saoPauloYear(new Date(LATE_STORY))).toBe(2026);
    expect(made).not.toHaveBeenCalled();
    // An instant needs the zone's rules: Intl answers, once.
    expect(dates.formatDate(LATE_STORY)).toBe('25/11/2026');
    expect(dates.todayInputValue(new Date(LATE_STORY))).toBe('2026-11-25');
    expect(made).toHaveBeenCalledTimes(1);
  });
});

describe('São Paulo time for the newsroom', () => {
  it('reads a datetime-local value as São Paulo wall time, whatever the machine zone', () => {
    expect(fromSaoPauloInput('2026-11-25T08:00')?.toISOString()).toBe('2026-11-25T11:00:00.000Z');
    expect(fromSaoPauloInput('2026-11-25T08:00:30')?.toISOString()).toBe('2026-11-25T11:00:30.000Z');
    expect(fromSaoPauloInput('2026-11-25T23:30')?.toISOString()).toBe(LATE_STORY);
  });

  it('writes an instant as São Paulo wall time', () => {
    expect(toSaoPauloInput('2026-11-25T11:00:00Z')).toBe('2026-11-25T08:00');
    expect(toSaoPauloInput(LATE_STORY)).toBe('2026-11-25T23:30');
    expect(formatSaoPauloDateTime('2026-11-25T11:00:00+00:00')).toBe('25/11/2026 08:00');
  });

  it('uses the summer offset of the years São Paulo had one', () => {
    expect(fromSaoPauloInput('2018-12-01T10:00')?.toISOString()).toBe('2018-12-01T12:00:00.000Z');
  });

  it('refuses what is no date and time', () => {
    expect(fromSaoPauloInput('')).toBeNull();
    expect(fromSaoPauloInput('2026-02-30T08:00')).toBeNull();
    expect(fromSaoPauloInput('amanhã')).toBeNull();
    // The hour the clocks skipped when summer time began in 2018.
    expect(fromSaoPauloInput('2018-11-04T00:30')).toBeNull();
  });
});
