// The newsroom schedules in São Paulo time whatever the browser's zone is (*beyond SPEC*, docs/decisions/0014): a
// <input type="datetime-local"> value ('YYYY-MM-DDTHH:mm') is read and written as America/Sao_Paulo wall time, and
// stored as an instant (timestamptz).

export const NEWSROOM_TIME_ZONE = 'America/Sao_Paulo';

/** 'YYYY-MM-DDTHH:mm', or with seconds (what a datetime-local input gives when its step asks for them). */
const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: NEWSROOM_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** São Paulo's wall clock at an instant, as numbers. */
function wallParts(instant: Date) {
  const parts = Object.fromEntries(wallClock.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far São Paulo's wall clock is from UTC at an instant, in milliseconds (-3 h today; once, -2 h in summer). */
function offsetAt(instant: Date): number {
  const p = wallParts(instant);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as São Paulo wall time for a datetime-local input; '' for nothing or an invalid value. */
export function toSaoPauloInput(value: string | Date | null | undefined): string {
  if (!value) return '';
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  const p = wallParts(instant);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** A datetime-local value read as São Paulo wall time, as an instant; null when it is no such value. */
export function fromSaoPauloInput(value: string): Date | null {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offset at the guessed instant, then again at the corrected one (they differ only across an offset change).
  let instant = asUtc - offsetAt(new Date(asUtc));
  instant = asUtc - offsetAt(new Date(instant));
  const result = new Date(instant);
  // A day or an hour that does not exist (30 February, 25:00) comes back as another one.
  return toSaoPauloInput(result) === `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}` && second < 60 ? result : null;
}

/** '25/11/2026 08:00', in São Paulo time. */
export function formatSaoPauloDateTime(value: string | Date): string {
  const local = toSaoPauloInput(value);
  if (!local) return '';
  const [date, time] = local.split('T') as [string, string];
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} ${time}`;
}
