import { describe, expect, it } from 'vitest';
import {
  addVatRate,
  formatVatRate,
  missingVatCodes,
  removeVatRate,
  vatCodeOfRate,
  vatStateFromOptions,
  vatStateToOptions,
  type VatState,
} from './vat-rules';

const stored = {
  VAT_VALUES: '23;8;;5.5',
  VAT_DEFAULT_ITEM: '23',
  VAT_DEFAULT_ORDER_ITEM: '8',
  VAT_DEFAULT_ORDER_DELIVERY: '23',
  VAT_DEFAULT_STATIONARY_DELIVERY: '',
};

describe('VAT rules', () => {
  it('reads the stored list, dropping empty parts', () => {
    const s = vatStateFromOptions(stored);
    expect(s.rates).toEqual(['23', '8', '5.5']);
    expect(s.defaults.VAT_DEFAULT_ITEM).toBe('23');
  });

  it('adds a rate, turning a comma into a dot; 5 and 5.00 are one rate', () => {
    const s = vatStateFromOptions(stored);
    const r = addVatRate(s, '7,5');
    expect(r).toEqual({ ok: true, state: { ...s, rates: ['23', '8', '5.5', '7.5'] } });
    expect(addVatRate(s, '23.00')).toEqual({ ok: false, error: 'duplicate' });
    expect(addVatRate(s, '5,50')).toEqual({ ok: false, error: 'duplicate' });
    expect(addVatRate(s, '0').ok).toBe(true);
  });

  it('refuses what is not a rate: text, negatives, more than 100, three decimals, blank', () => {
    const s: VatState = vatStateFromOptions({ ...stored, VAT_VALUES: '' });
    for (const raw of ['abc', '-5', '101', '1.234', '', ' '])
      expect(addVatRate(s, raw)).toEqual({ ok: false, error: 'invalid' });
  });

  it('removing a rate clears every default that pointed at it', () => {
    const s = removeVatRate(vatStateFromOptions(stored), '23');
    expect(s.rates).toEqual(['8', '5.5']);
    expect(s.defaults).toEqual({
      VAT_DEFAULT_ITEM: '',
      VAT_DEFAULT_ORDER_ITEM: '8',
      VAT_DEFAULT_ORDER_DELIVERY: '',
      VAT_DEFAULT_STATIONARY_DELIVERY: '',
    });
  });

  it('saves the list and the four defaults as one body', () => {
    expect(vatStateToOptions(vatStateFromOptions(stored))).toEqual([
      { key: 'VAT_VALUES', value: '23;8;5.5' },
      { key: 'VAT_DEFAULT_ITEM', value: '23' },
      { key: 'VAT_DEFAULT_ORDER_ITEM', value: '8' },
      { key: 'VAT_DEFAULT_ORDER_DELIVERY', value: '23' },
      { key: 'VAT_DEFAULT_STATIONARY_DELIVERY', value: '' },
    ]);
  });

  it('adds the codes zw, np and oo in any case, once each, and offers those still missing', () => {
    const s = vatStateFromOptions(stored);
    expect(missingVatCodes(s)).toEqual(['zw', 'np', 'oo']);
    const r = addVatRate(s, 'ZW');
    expect(r).toEqual({ ok: true, state: { ...s, rates: ['23', '8', '5.5', 'zw'] } });
    if (!r.ok) return;
    expect(addVatRate(r.state, 'zw')).toEqual({ ok: false, error: 'duplicate' });
    expect(addVatRate(r.state, 'zwolniona')).toEqual({ ok: false, error: 'invalid' });
    expect(missingVatCodes(r.state)).toEqual(['np', 'oo']);
    expect(vatCodeOfRate('zw')).toBe('zw');
    expect(vatCodeOfRate('23')).toBeUndefined();
    const withDefault = { ...r.state, defaults: { ...r.state.defaults, VAT_DEFAULT_ITEM: 'zw' } };
    expect(removeVatRate(withDefault, 'zw').defaults.VAT_DEFAULT_ITEM).toBe('');
  });

  it('shows rates with a Polish decimal comma', () => {
    expect(formatVatRate('5.5')).toBe('5,5');
    expect(formatVatRate('23')).toBe('23');
  });
});
