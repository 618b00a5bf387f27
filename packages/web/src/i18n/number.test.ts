import { describe, expect, it } from 'vitest';
import { formatMoney } from './number';

const NB = '\u00a0';

describe('formatMoney (one money format on every screen)', () => {
  it('writes Polish amounts with the currency after them', () => {
    expect(formatMoney(1234.5, 'PLN')).toBe(`1${NB}234,50${NB}zł`);
    expect(formatMoney(19.9, 'PLN')).toBe(`19,90${NB}zł`);
    expect(formatMoney(1234567.89, 'EUR')).toBe(`1${NB}234${NB}567,89${NB}EUR`);
    expect(formatMoney(0, 'usd')).toBe(`0,00${NB}USD`);
  });

  it('rounds float noise to the grosz and writes the amount alone without a currency', () => {
    expect(formatMoney(0.1 + 0.2, 'PLN')).toBe(`0,30${NB}zł`);
    expect(formatMoney(-15.99)).toBe('-15,99');
    expect(formatMoney(12345)).toBe(`12${NB}345,00`);
  });
});
