// pt-BR dates. Plain `date` columns (YYYY-MM-DD) are calendar days, not instants: they are formatted without
// a time-zone shift, so a death on 2026-11-03 never shows as 02/11 in Brazil.

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
  return date ? date.toLocaleDateString('pt-BR') : '';
}

/** 3 de novembro de 2026 */
export function formatLongDate(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  return date ? date.toLocaleDateString('pt-BR', { day: 'numeric', month: 'long', year: 'numeric' }) : '';
}

/** Domingo, 22 de novembro (docs/product.md §2 weather widget: first letter capitalised). */
export function formatWeekdayDayMonth(date: Date): string {
  const text = date.toLocaleDateString('pt-BR', { weekday: 'long', day: 'numeric', month: 'long' });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The local calendar day of a value as YYYY-MM-DD, for comparing with an <input type="date">. */
export function toDateInputValue(value: string | Date | null | undefined): string {
  const date = value ? toDate(value) : null;
  if (!date) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function todayInputValue(now: Date = new Date()): string {
  return toDateInputValue(now);
}
