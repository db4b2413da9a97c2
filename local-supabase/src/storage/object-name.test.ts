import { describe, expect, it } from 'vitest';
import { baseMimeType, cacheControlFrom, isMimeTypeAllowed, normalizeObjectName } from './object-name.ts';

describe('normalizeObjectName', () => {
  it.each([
    ['abc.png', 'abc.png'],
    ['/dir//abc.png/', 'dir/abc.png'],
    ['a b (1).png', 'a b (1).png'],
    ['1f0c-uuid_name.webp', '1f0c-uuid_name.webp'],
    ['', null],
    ['/', null],
    ['../secret', null],
    ['dir/./x.png', null],
    ['foto-ç.png', null],
    ['a\u0000b', null],
    ['a\nb.png', null],
    ['a\\b.png', null],
    ['..\\x.png', null],
    ['dir/../../x.png', null],
    // An absolute name stays inside its bucket, as storage-js itself already strips the slash.
    ['/etc/passwd.png', 'etc/passwd.png'],
    ['x'.repeat(1025), null],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeObjectName(raw)).toBe(expected);
  });
});

describe('baseMimeType', () => {
  it.each([
    ['image/png', 'image/png'],
    ['Image/PNG; charset=binary', 'image/png'],
    ['text/plain;charset=UTF-8', 'text/plain'],
    [null, ''],
  ])('%j → %j', (raw, expected) => {
    expect(baseMimeType(raw)).toBe(expected);
  });
});

describe('isMimeTypeAllowed', () => {
  it.each([
    ['image/png', null, true],
    ['image/png', [], true],
    ['image/png', ['image/png', 'image/jpeg'], true],
    ['image/gif', ['image/png', 'image/jpeg'], false],
    ['image/webp', ['image/*'], true],
    ['text/html', ['image/*'], false],
    ['image/png', ['IMAGE/PNG'], true],
  ] as const)('%s with %j → %s', (mime, allowed, expected) => {
    expect(isMimeTypeAllowed(mime, allowed)).toBe(expected);
  });
});

describe('cacheControlFrom', () => {
  it.each([
    ['3600', 'max-age=3600'],
    [' 60 ', 'max-age=60'],
    ['max-age=3600', 'max-age=3600'],
    ['', 'no-cache'],
    [null, 'no-cache'],
  ])('%j → %j', (raw, expected) => {
    expect(cacheControlFrom(raw)).toBe(expected);
  });
});
