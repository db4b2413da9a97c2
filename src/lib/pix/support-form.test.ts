import { describe, expect, it } from 'vitest';
import { formatCents, parseAmountField, parseReais } from './support-form';

describe("the '/apoie' form's amount", () => {
  it.each([
    ['15', 1500],
    ['15,5', 1550],
    ['15,50', 1550],
    ['R$ 15,50', 1550],
    ['15.50', 1550],
    ['1.000', 100_000],
    ['1.000,00', 100_000],
    ['abc', null],
    ['1,234', null],
    ['', null],
  ])('reads %j as %j centavos', (typed, cents) => {
    expect(parseReais(typed)).toBe(cents);
  });

  it('takes a suggested amount or another within R$ 1,00 – R$ 5.000,00, nothing else', () => {
    expect(parseAmountField('2500', '')).toEqual({ ok: true, cents: 2500 });
    expect(parseAmountField('outro', '12,34')).toEqual({ ok: true, cents: 1234 });
    expect(parseAmountField('outro', '0,99')).toEqual({ ok: false, error: 'valor' });
    expect(parseAmountField('outro', '5.000,01')).toEqual({ ok: false, error: 'valor' });
    expect(parseAmountField('99999999', '')).toEqual({ ok: false, error: 'valor' });
    expect(parseAmountField('-100', '')).toEqual({ ok: false, error: 'valor' });
  });

  it('writes amounts as readers read them', () => {
    expect(formatCents(123456)).toBe('R$ 1.234,56');
  });
});
