// Every date the site shows or derives is São Paulo's, whatever zone the runtime is in: the server that renders a page
// (often UTC), the prerender and the reader's browser agree on the day of a story published at 23:30 (docs/product.md
// §5, as the database's day filters read it), and the newsroom schedules in its own time from anywhere
// (docs/decisions/0014). Instants go through Intl with the zone named; plain `date` columns (YYYY-MM-DD) are calendar
// days, not instants, and are never shifted: a death on 2026-11-03 shows as 03/11 everywhere.

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
const dayNames = cached({ weekday: 'long', month: 'long' });

function partsOf(formatter: Intl.DateTimeFormat, instant: Date): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  return Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
}

function wallClockAt(instant: Date): WallClock {
  const parts = partsOf(numericClock(), instant);
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
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

/** 03/11/2026 */
export function formatDate(value: DateValue): string {
  const instant = toInstant(value);
  if (!instant) return '';
  const { year, month, day } = wallClockAt(instant);
  return `${pad(day)}/${pad(month)}/${year}`;
}

/** 3 de novembro de 2026 */
export function formatLongDate(value: DateValue): string {
  const instant = toInstant(value);
  if (!instant) return '';
  const { year, day } = wallClockAt(instant);
  return `${day} de ${partsOf(dayNames(), instant).month} de ${year}`;
}

/** Domingo, 22 de novembro (docs/product.md §2 weather widget: first letter capitalised). */
export function formatWeekdayDayMonth(value: Date): string {
  const instant = toInstant(value);
  if (!instant) return '';
  const names = partsOf(dayNames(), instant);
  const weekday = names.weekday ?? '';
  return `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)}, ${wallClockAt(instant).day} de ${names.month}`;
}

/** '25/11/2026 08:00', in São Paulo time. */
export function formatSaoPauloDateTime(value: DateValue): string {
  const instant = toInstant(value);
  if (!instant) return '';
  const { year, month, day, hour, minute } = wallClockAt(instant);
  return `${pad(day)}/${pad(month)}/${year} ${pad(hour)}:${pad(minute)}`;
}

/** The year in São Paulo (the footer's ©: at 22:00 on 31 December it is still that year there, whatever the runtime says). */
export function saoPauloYear(now: Date = new Date()): number {
  return wallClockAt(now).year;
}

/** São Paulo's calendar day of a value as YYYY-MM-DD, for an <input type="date"> or comparing with one. */
export function toDateInputValue(value: DateValue): string {
  const instant = toInstant(value);
  if (!instant) return '';
  const { year, month, day } = wallClockAt(instant);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Today in São Paulo, as YYYY-MM-DD. */
export function todayInputValue(now: Date = new Date()): string {
  return toDateInputValue(now);
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
