import { describe, expect, it } from 'vitest';
import { normalizeOptionValue } from './options';
import { isSpecialVat, parseVat, sameVat, vatFromStored, vatSchema, vatToStored, vatValueSchema } from './vat';

describe('VAT rates that are no number', () => {
  it.each([
    ['23', 2300, 23],
    ['5,5', 550, 5.5],
    [5.5, 550, 5.5],
    ['0', 0, 0],
    ['100', 10_000, 100],
    ['zw', -1, 'zw'],
    [' ZW ', -1, 'zw'],
    ['Np', -2, 'np'],
    ['oo', -3, 'oo'],
  ])('%s is stored as %s and answered as %s', (input, stored, value) => {
    expect(vatToStored(input)).toBe(stored);
    expect(vatFromStored(stored)).toBe(value);
    expect(parseVat(input)).toBe(value);
    expect(vatSchema.parse(input)).toBe(stored);
    expect(vatValueSchema.parse(value)).toBe(value);
  });

  it.each([['zwolnione'], ['z w'], ['101'], ['-1'], [-1], ['1.234'], [''], ['x']])('refuses %s', (input) => {
    expect(vatToStored(input)).toBeUndefined();
    expect(vatSchema.safeParse(input).success).toBe(false);
  });

  it('no sentinel passes as an answer, and only the codes are special', () => {
    expect(vatValueSchema.safeParse('ZW').success).toBe(false);
    expect(vatValueSchema.safeParse('x').success).toBe(false);
    expect(isSpecialVat(vatToStored('np')!)).toBe(true);
    expect(isSpecialVat(0)).toBe(false);
    expect(sameVat('zw', 'ZW')).toBe(true);
    expect(sameVat('5', '5,00')).toBe(true);
    expect(sameVat('zw', 'np')).toBe(false);
  });

  it('the VAT options take the codes, normalised to lower case, and refuse a code twice', () => {
    expect(normalizeOptionValue('VAT_VALUES', '23; ZW;np;OO;5,5')).toEqual({ ok: true, value: '23;zw;np;oo;5.5' });
    expect(normalizeOptionValue('VAT_VALUES', 'zw;ZW')).toEqual({ ok: false, message: 'Taka stawka już istnieje!' });
    expect(normalizeOptionValue('VAT_DEFAULT_ITEM', 'Zw')).toEqual({ ok: true, value: 'zw' });
    expect(normalizeOptionValue('VAT_DEFAULT_ITEM', 'zwol')).toEqual({ ok: false, message: 'Niepoprawna stawka VAT!' });
  });
});
