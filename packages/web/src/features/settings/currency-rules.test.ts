import { describe, expect, it } from 'vitest';
import { addCurrency, currencyStateFromOptions, currencyStateToOptions, removeCurrency } from './currency-rules';

describe('currency rules', () => {
  const s = currencyStateFromOptions({ CURRENCY_VALUES: 'PLN;EUR', CURRENCY_DEFAULT: 'EUR' });

  it('upper-cases a typed code and appends it', () => {
    expect(addCurrency(s, ' usd ')).toEqual({ ok: true, state: { codes: ['PLN', 'EUR', 'USD'], defaultCode: 'EUR' } });
  });

  it('refuses codes that are not exactly 3 letters, and repeats in any case', () => {
    for (const raw of ['', 'US', 'EURO', 'E1R', 'zł!'])
      expect(addCurrency(s, raw)).toEqual({ ok: false, error: 'invalid' });
    expect(addCurrency(s, 'pln')).toEqual({ ok: false, error: 'duplicate' });
  });

  it('refuses three letters that are no ISO 4217 code', () => {
    for (const raw of ['ZLT', 'abc', 'EUO']) expect(addCurrency(s, raw)).toEqual({ ok: false, error: 'unknown' });
    expect(addCurrency(s, 'czk')).toMatchObject({ ok: true });
  });

  it('removing the default currency leaves no default', () => {
    expect(removeCurrency(s, 'EUR')).toEqual({ codes: ['PLN'], defaultCode: '' });
    expect(removeCurrency(s, 'PLN')).toEqual({ codes: ['EUR'], defaultCode: 'EUR' });
  });

  it('saves both options together', () => {
    expect(currencyStateToOptions(s)).toEqual([
      { key: 'CURRENCY_VALUES', value: 'PLN;EUR' },
      { key: 'CURRENCY_DEFAULT', value: 'EUR' },
    ]);
  });
});
