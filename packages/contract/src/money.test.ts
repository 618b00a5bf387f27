import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addPercent,
  formatAmountPl,
  formatHundredths,
  formatMoneyPl,
  MONEY_MAX_HUNDREDTHS,
  moneySchema,
  toHundredths,
} from './money';
import { vatSchema } from './vat';

describe('toHundredths', () => {
  it.each([
    ['19.99', 1999],
    ['19,9', 1990],
    [19.99, 1999],
    [7, 700],
    ['0', 0],
    [' 12,05 ', 1205],
    [0.1 + 0.2, undefined],
    ['1.005', undefined],
    ['abc', undefined],
    [Number.NaN, undefined],
  ])('%s -> %s', (input, expected) => {
    expect(toHundredths(input as number | string)).toBe(expected);
  });

  it('round-trips every amount through its decimal text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (n) => {
        expect(toHundredths(formatHundredths(n))).toBe(n);
        expect(toHundredths(n / 100)).toBe(n);
      }),
    );
  });
});

describe('addPercent', () => {
  it('equals exact rational arithmetic rounded half away from zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), fc.integer({ min: -10_000, max: 100_000 }), (a, pct) => {
        const num = BigInt(a) * BigInt(10_000 + pct);
        const q = num / 10_000n;
        const r = num % 10_000n;
        const abs = r < 0n ? -r : r;
        const expected = abs * 2n >= 10_000n ? q + (num < 0n ? -1n : 1n) : q;
        expect(addPercent(a, pct)).toBe(Number(expected));
      }),
    );
  });

  it('10% on 19.99 is 21.99 (21.989 rounded half up)', () => {
    expect(addPercent(1999, 1000)).toBe(2199);
    expect(addPercent(1005, -5000)).toBe(503);
  });
});

describe('money and VAT schemas', () => {
  it('refuse negatives, three decimals and too much, with a Polish message', () => {
    for (const bad of [-1, '1.234', 100_000_000, 'x']) {
      const r = moneySchema.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/Kwota musi być liczbą/);
    }
    expect(vatSchema.parse('23')).toBe(2300);
    expect(vatSchema.safeParse(101).success).toBe(false);
  });
});

describe('formatAmountPl / formatMoneyPl (the one money format)', () => {
  const NB = '\u00a0';
  it.each([
    [0, '0,00'],
    [5, '0,05'],
    [123450, `1${NB}234,50`],
    [99999999999, `999${NB}999${NB}999,99`],
    [-123456, `-1${NB}234,56`],
  ])('%d hundredths -> %s', (n, text) => {
    expect(formatAmountPl(n)).toBe(text);
  });

  it('writes the złoty as zł and other currencies by their code, after a no-break space', () => {
    expect(formatMoneyPl(123450, 'PLN')).toBe(`1${NB}234,50${NB}zł`);
    expect(formatMoneyPl(990, 'eur')).toBe(`9,90${NB}EUR`);
  });

  it("groups as Intl's pl-PL does with grouping always on", () => {
    const intl = new Intl.NumberFormat('pl-PL', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: 'always',
    } as Intl.NumberFormatOptions);
    fc.assert(
      fc.property(fc.integer({ min: -MONEY_MAX_HUNDREDTHS, max: MONEY_MAX_HUNDREDTHS }), (n) => {
        expect(formatAmountPl(n)).toBe(intl.format(n / 100).replace('\u2212', '-'));
      }),
    );
  });
});
