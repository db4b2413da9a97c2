import { describe, expect, it } from 'vitest';
import { formatSaoPauloDateTime, fromSaoPauloInput, toSaoPauloInput } from './sao-paulo-time';

describe('São Paulo time for the newsroom', () => {
  it('reads a datetime-local value as São Paulo wall time, whatever the machine zone', () => {
    expect(fromSaoPauloInput('2026-11-25T08:00')?.toISOString()).toBe('2026-11-25T11:00:00.000Z');
    expect(fromSaoPauloInput('2026-11-25T08:00:30')?.toISOString()).toBe('2026-11-25T11:00:30.000Z');
  });

  it('writes an instant as São Paulo wall time', () => {
    expect(toSaoPauloInput('2026-11-25T11:00:00Z')).toBe('2026-11-25T08:00');
    expect(formatSaoPauloDateTime('2026-11-25T11:00:00+00:00')).toBe('25/11/2026 08:00');
  });

  it('uses the summer offset of the years São Paulo had one', () => {
    expect(fromSaoPauloInput('2018-12-01T10:00')?.toISOString()).toBe('2018-12-01T12:00:00.000Z');
  });

  it('refuses what is no date and time', () => {
    expect(fromSaoPauloInput('')).toBeNull();
    expect(fromSaoPauloInput('2026-02-30T08:00')).toBeNull();
    expect(fromSaoPauloInput('amanhã')).toBeNull();
  });
});
