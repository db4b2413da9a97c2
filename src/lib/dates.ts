// pt-BR dates. Plain `date` columns (YYYY-MM-DD) are calendar days, not instants: they are formatted without
// a time-zone shift, so a death on 2026-11-03 never shows as 02/11 in Brazil.
// Written out by hand rather than through Intl: the first pt-BR toLocaleDateString loads the browser's locale data,
// about 20 ms of main thread on a mid-range phone while the reader's page hydrates, and the names never change.

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
const WEEKDAYS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];
const pad = (n: number) => String(n).padStart(2, '0');

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) return new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]));
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** 03/11/2026 */
export function formatDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}` : '';
}

/** 3 de novembro de 2026 */
export function formatLongDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? `${date.getDate()} de ${MONTHS[date.getMonth()]} de ${date.getFullYear()}` : '';
}

/** Domingo, 22 de novembro (docs/product.md §2 weather widget: first letter capitalised). */
export function formatWeekdayDayMonth(date: Date): string {
  const text = `${WEEKDAYS[date.getDay()]}, ${date.getDate()} de ${MONTHS[date.getMonth()]}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The local calendar day of a value as YYYY-MM-DD, for comparing with an <input type="date">. */
export function toDateInputValue(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  if (!date) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function todayInputValue(now: Date = new Date()): string {
  return toDateInputValue(now);
}
