import { rangeNotSatisfiable } from './errors.ts';

/** `Content-Range` and the read status of docs/architecture.md §5, ported from PostgREST's RangeQuery/Response. */

export function contentRange(lower: number, upper: number, total: number | null): string {
  const totalText = total === null ? '*' : String(total);
  const rangeText = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${rangeText}/${totalText}`;
}

export interface ReadRange {
  status: 200 | 206;
  contentRange: string;
}

/**
 * `offset` is the first row asked for, `returned` how many came back, `total` the exact count when one was asked.
 * Throws PGRST103 (416) when the offset lies past the end, so the app sees an error rather than an empty page.
 */
export function readRange(offset: number, returned: number, total: number | null): ReadRange {
  const upper = offset + returned - 1;
  if (total !== null && offset > total) {
    const error = rangeNotSatisfiable(offset, total);
    error.headers['Content-Range'] = `*/${total}`;
    throw error;
  }
  const status = total !== null && returned < total ? 206 : 200;
  return { status, contentRange: contentRange(offset, upper, total) };
}
