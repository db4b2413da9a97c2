import { describe, expect, it } from 'vitest';
import { formatDate, formatLongDate, formatWeekdayDayMonth, toDateInputValue } from './dates';

// The hand-written names must say exactly what the browser's pt-BR locale says.
const ALL_DAYS_OF_2026 = Array.from({ length: 365 }, (_, day) => new Date(2026, 0, 1 + day, 12));

describe('pt-BR dates', () => {
  it('formats every day of a year as the pt-BR locale does', () => {
    for (const date of ALL_DAYS_OF_2026) {
      expect(formatDate(date)).toBe(date.toLocaleDateString('pt-BR'));
      expect(formatLongDate(date)).toBe(date.toLocaleDateString('pt-BR', { day: 'numeric', month: 'long', year: 'numeric' }));
      const weekday = date.toLocaleDateString('pt-BR', { weekday: 'long', day: 'numeric', month: 'long' });
      expect(formatWeekdayDayMonth(date)).toBe(weekday.charAt(0).toUpperCase() + weekday.slice(1));
    }
  });

  it('reads a date column as a calendar day, without a time-zone shift', () => {
    expect(formatDate('2026-11-03')).toBe('03/11/2026');
    expect(formatLongDate('2026-03-01')).toBe('1 de março de 2026');
    expect(toDateInputValue('2026-11-03')).toBe('2026-11-03');
  });

  it('gives an empty text for a missing or invalid value', () => {
    expect(formatDate(null)).toBe('');
    expect(formatLongDate('not a date')).toBe('');
  });
});
