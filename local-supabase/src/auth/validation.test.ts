import { describe, expect, it } from 'vitest';
import { normalizeEmail, passwordWeaknesses } from './validation.ts';

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
    ['ada@example', null],
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
    ['portoferreira2026', []],
  ])('%j → %j', (password, expected) => {
    expect(passwordWeaknesses(password)).toEqual(expected);
  });
});
