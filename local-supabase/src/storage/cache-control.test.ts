import { describe, expect, it } from 'vitest';
import { servedCacheControl } from './cache-control.ts';

describe('servedCacheControl', () => {
  it.each([
    ['max-age=31536000', false, 'public, max-age=31536000, immutable'],
    ['max-age=63072000', false, 'public, max-age=63072000, immutable'],
    [' max-age=31536000 ', false, 'public, max-age=31536000, immutable'],
    ['max-age=31536000', true, 'max-age=31536000'],
    ['max-age=31535999', false, 'max-age=31535999'],
    ['max-age=3600', false, 'max-age=3600'],
    ['no-cache', false, 'no-cache'],
    ['private, max-age=31536000', false, 'private, max-age=31536000'],
    ['public, max-age=31536000, must-revalidate', false, 'public, max-age=31536000, must-revalidate'],
  ])('serves %j (overwritten: %s) as %j', (stored, overwritten, served) => {
    expect(servedCacheControl(stored, { overwritten })).toBe(served);
  });
});
