import { describe, expect, it } from 'vitest';
import { isPasswordTooLong, normalizeEmail, passwordWeaknesses } from './validation.ts';

describe('normalizeEmail', () => {
  it.each([
    ['ada@example.com', 'ada@example.com'],
    ['  Ada@Example.COM ', 'ada@example.com'],
    ['redacao@portoferreiranoticias.com.br', 'redacao@portoferreiranoticias.com.br'],
    ['first.last+tag@sub.domain.org', 'first.last+tag@sub.domain.org'],
    ['', null],
    ['ada', null],
    ['ada@', null],
    ['@example.com', null],
    // GoTrue's format check needs no dot in the domain...
    ['ada@example', 'ada@example'],
    // ...but refuses what is not ASCII, and malformed hostnames.
    ['joão@example.com', null],
    ['ada@exémple.com', null],
    ['ada@exa_mple.com', null],
    ['ada@-example.com', null],
    ['ada@example..com', null],
    ['ada@@example.com', null],
    ['ada smith@example.com', null],
    ['ada@example.com.', null],
    ['<ada@example.com>', null],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeEmail(raw)).toBe(expected);
  });
});

describe('passwordWeaknesses', () => {
  it.each([
    ['', ['length']],
    ['12345', ['length']],
    ['123456', []],
    ['çãõéíú', []],
    // GoTrue counts UTF-8 bytes: three two-byte letters are long enough.
    ['ççç', []],
    ['çç', ['length']],
    ['portoferreira2026', []],
  ])('%j → %j', (password, expected) => {
    expect(passwordWeaknesses(password)).toEqual(expected);
  });
});

describe('isPasswordTooLong', () => {
  it.each([
    ['a'.repeat(72), false],
    ['a'.repeat(73), true],
    // 36 two-byte letters are 72 bytes; one more is over bcrypt's limit although only 37 characters long.
    ['ç'.repeat(36), false],
    ['ç'.repeat(37), true],
  ])('%j → %s', (password, expected) => {
    expect(isPasswordTooLong(password)).toBe(expected);
  });
});
