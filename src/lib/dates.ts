// Every date the site shows or derives is São Paulo's, whatever zone the runtime is in: the server that renders a page
// (often UTC), the prerender and the reader's browser agree on the day of a story published at 23:30 (docs/product.md
// §5, as the database's day filters read it), and the newsroom schedules in its own time from anywhere
// (docs/decisions/0014). Instants go through Intl with the zone named; plain `date` columns (YYYY-MM-DD) are calendar
// days, not instants, and are never shifted: a death on 2026-11-03 shows as 03/11 everywhere.
//
// A calendar day is written out without Intl (its names are the tables below): the browser's first Intl formatter
// loads the locale's and the zone's data, a task of 20–40 ms that a reader's phone would spend while the page
// hydrates. So the data a page renders carries the São Paulo day of each instant it shows (computed where the data is
// read: on the server for the first page), and the page formats days (docs/decisions/0028).

export const NEWSROOM_TIME_ZONE = 'America/Sao_Paulo';

type DateValue = string | Date | null | undefined;

/** São Paulo's wall clock at an instant, as numbers (month 1–12). */
interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Built on first use and kept: a formatter costs far more to make than to use, and a page that shows no date never
 * loads the locale's data.
 */
function cached(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => (formatter ??= new Intl.DateTimeFormat('pt-BR', { ...options, timeZone: NEWSROOM_TIME_ZONE }));
}

// h23: a midnight reads 00, never the 24 some engines give for `hour12: false`.
const numericClock = cached({ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'] as const;
const WEEKDAYS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'] as const;

function partsOf(formatter: Intl.DateTimeFormat, instant: Date): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  return Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
}

/**
 * The wall clocks last asked for, by instant: a server renders the same stories' dates page after page, and
 * formatToParts was a measurable share of a render. Bounded: emptied when full.
 */
const WALL_CLOCKS_KEPT = 512;
const wallClocks = new Map<number, Readonly<WallClock>>();

function wallClockAt(instant: Date): Readonly<WallClock> {
  const at = instant.getTime();
  const known = wallClocks.get(at);
  if (known) return known;
  const parts = partsOf(numericClock(), instant);
  const clock = Object.freeze({
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  });
  if (wallClocks.size >= WALL_CLOCKS_KEPT) wallClocks.clear();
  wallClocks.set(at, clock);
  return clock;
}

/** How far São Paulo's wall clock is from UTC at an instant, in milliseconds (-3 h today; -2 h in the summers it had). */
function offsetAt(instant: Date): number {
  const p = wallClockAt(instant);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A date and time with no offset: 'YYYY-MM-DDTHH:mm' (a datetime-local input's value), seconds optional. */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a value names. A calendar day becomes its noon in UTC, which is the same day's morning in São Paulo
 * (UTC-3, or -2), so formatting it in São Paulo's zone gives back the day as written. A date and time without an
 * offset is São Paulo wall time (JavaScript would read it in the runtime's zone).
 */
function toInstant(value: DateValue): Date | null {
  if (!value) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const text = value.trim();
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const [year, month, day] = dateOnly.slice(1).map(Number) as [number, number, number];
    const noon = new Date(Date.UTC(year, month - 1, day, 12));
    // 2026-02-30 is no day (Date.UTC would roll it over to March).
    return noon.getUTCDate() === day && noon.getUTCMonth() === month - 1 ? noon : null;
  }
  if (WALL_TIME.test(text)) return fromSaoPauloInput(text);
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A day of São Paulo's calendar (month 1–12). */
type CalendarDay = Pick<WallClock, 'year' | 'month' | 'day'>;

/** São Paulo's calendar day of a value: a YYYY-MM-DD as written (no Intl), an instant through Intl. */
function calendarDayOf(value: DateValue): CalendarDay | null {
  const instant = toInstant(value);
  if (!instant) return null;
  const dateOnly = typeof value === 'string' && DATE_ONLY.test(value.trim());
  return dateOnly ? { year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() } : wallClockAt(instant);
}

const isoDay = ({ year, month, day }: CalendarDay) => `${year}-${pad(month)}-${pad(day)}`;

/** 03/11/2026 */
export function formatDate(value: DateValue): string {
  const date = calendarDayOf(value);
  return date ? `${pad(date.day)}/${pad(date.month)}/${date.year}` : '';
}

/** 3 de novembro de 2026 */
export function formatLongDate(value: DateValue): string {
  const date = calendarDayOf(value);
  return date ? `${date.day} de ${MONTHS[date.month - 1]} de ${date.year}` : '';
}

/** Domingo, 22 de novembro (docs/product.md §2 weather widget: first letter capitalised). */
export function formatWeekdayDayMonth(value: DateValue): string {
  const date = calendarDayOf(value);
  if (!date) return '';
  const weekday = WEEKDAYS[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()] ?? '';
  return `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)}, ${date.day} de ${MONTHS[date.month - 1]}`;
}

/** '25/11/2026 08:00', in São Paulo time. */
export function formatSaoPauloDateTime(value: DateValue): string {
  const instant = toInstant(value);
  if (!instant) return '';
  const { year, month, day, hour, minute } = wallClockAt(instant);
  return `${pad(day)}/${pad(month)}/${year} ${pad(hour)}:${pad(minute)}`;
}

/** São Paulo's calendar day of a value as YYYY-MM-DD, for an <input type="date">, comparing with one, or formatting. */
export function toDateInputValue(value: DateValue): string {
  const date = calendarDayOf(value);
  return date ? isoDay(date) : '';
}

const HOUR_MS = 3_600_000;
/** São Paulo's clock has been 3 hours behind UTC since 1914, 2 in the summers it had. */
const FURTHEST_BEHIND_MS = 3 * HOUR_MS;
const NEAREST_BEHIND_MS = 2 * HOUR_MS;
const utcDayOf = (instant: number) => new Date(instant).toISOString().slice(0, 10);

/**
 * Today in São Paulo, as YYYY-MM-DD. When 3 and 2 hours before now fall on one UTC day, that day is São Paulo's, and
 * the browser need not load Intl's zone data to say so; only in the hour around São Paulo's midnight does Intl decide.
 */
export function todayInputValue(now: Date = new Date()): string {
  const earliest = utcDayOf(now.getTime() - FURTHEST_BEHIND_MS);
  return earliest === utcDayOf(now.getTime() - NEAREST_BEHIND_MS) ? earliest : toDateInputValue(now);
}

/**
 * The year in São Paulo (the footer's ©: at 22:00 on 31 December it is still that year there, whatever the runtime
 * says). As for today, with Intl only in the hour around São Paulo's New Year.
 */
export function saoPauloYear(now: Date = new Date()): number {
  const earliest = new Date(now.getTime() - FURTHEST_BEHIND_MS).getUTCFullYear();
  return earliest === new Date(now.getTime() - NEAREST_BEHIND_MS).getUTCFullYear() ? earliest : Number(toDateInputValue(now).slice(0, 4));
}

/** An instant as São Paulo wall time for a datetime-local input; '' for nothing or an invalid value. */
export function toSaoPauloInput(value: DateValue): string {
  const instant = toInstant(value);
  if (!instant) return '';
  const { year, month, day, hour, minute } = wallClockAt(instant);
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
}

/** A datetime-local value read as São Paulo wall time, as an instant; null when it is no such value. */
export function fromSaoPauloInput(value: string): Date | null {
  const match = WALL_TIME.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offset at the guessed instant, then again at the corrected one (they differ only across an offset change).
  let instant = asUtc - offsetAt(new Date(asUtc));
  instant = asUtc - offsetAt(new Date(instant));
  const result = new Date(instant);
  // A day or an hour that does not exist (30 February, 25:00, the hour skipped when summer time began) comes back as
  // another one.
  const wall = wallClockAt(result);
  const same = wall.year === year && wall.month === month && wall.day === day && wall.hour === hour && wall.minute === minute;
  return same && second < 60 ? result : null;
}
