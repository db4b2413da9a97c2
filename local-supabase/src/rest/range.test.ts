import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { contentRange, readRange } from './range.ts';

describe('readRange (docs/architecture.md §5)', () => {
  const cases: [string, number, number, number | null, number, string][] = [
    ['3 rows, no count', 0, 3, null, 200, '0-2/*'],
    ['0 rows, no count', 0, 0, null, 200, '*/*'],
    ['first page of 42', 0, 12, 42, 206, '0-11/42'],
    ['all 5 rows', 0, 5, 5, 200, '0-4/5'],
    ['nothing matches', 0, 0, 0, 200, '*/0'],
    ['offset at the end', 15, 0, 15, 206, '*/15'],
    ['second page, no count', 12, 12, null, 200, '12-23/*'],
  ];
  it.each(cases)('%s', (_name, offset, returned, total, status, range) => {
    expect(readRange(offset, returned, total)).toEqual({ status, contentRange: range });
  });

  it('throws 416 PGRST103 past the end, with the total in Content-Range', () => {
    let caught: unknown;
    try {
      readRange(24, 0, 5);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RestError);
    const error = caught as RestError;
    expect(error.status).toBe(416);
    expect(error.body).toEqual({
      code: 'PGRST103',
      details: 'An offset of 24 was requested, but there are only 5 rows.',
      hint: null,
      message: 'Requested range not satisfiable',
    });
    expect(error.headers['Content-Range']).toBe('*/5');
  });
});

describe('contentRange of mutations', () => {
  const cases: [number, number, number | null, string][] = [
    [0, -1, null, '*/*'],
    [0, 2, null, '0-2/*'],
    [0, -1, 3, '*/3'],
  ];
  it.each(cases)('%i-%i/%s', (lower, upper, total, expected) => {
    expect(contentRange(lower, upper, total)).toBe(expected);
  });
});
