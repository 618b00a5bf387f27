import { describe, expect, it } from 'vitest';
import { addressLines, buyerQuery, buyerSums, carrierText, lineTotal } from './buyer-order';

describe('the buyer page (docs/rules/platform-rules.md §2 Buyer order page)', () => {
  it('needs both p and uuid', () => {
    expect(buyerQuery(new URLSearchParams('p=abc&uuid=u-1'))).toEqual({ p: 'abc', uuid: 'u-1' });
    expect(buyerQuery(new URLSearchParams('p=abc'))).toBeUndefined();
    expect(buyerQuery(new URLSearchParams('uuid=u&p=%20'))).toBeUndefined();
  });

  it('sums gross exactly: lines and the order with shipping', () => {
    const items = [
      { price: 0.1, quantity: 3 },
      { price: 19.99, quantity: 2 },
    ];
    expect(lineTotal(items[0]!)).toBe('0,30');
    expect(buyerSums({ items: items as never, deliveryCost: 12.5 })).toEqual({ goods: '40,28', all: '52,78' });
  });

  it('names the carrier, or ODBIÓR OSOBISTY for personal pickup', () => {
    const m = { name: 'Paczka', carrierName: 'Kurier' };
    expect(carrierText({ shippingMethod: 'PERSONAL_PICKUP', carrierMethod: m }, 'ODBIÓR OSOBISTY')).toBe(
      'ODBIÓR OSOBISTY',
    );
    expect(carrierText({ shippingMethod: 'ADDRESS', carrierMethod: m }, 'X')).toBe('Kurier - Paczka');
    expect(carrierText({ shippingMethod: 'PICKUP_POINT', carrierMethod: null }, 'X')).toBeNull();
  });

  it('writes an address without its empty parts', () => {
    expect(
      addressLines({ street: 'Długa', buildNr: '1', postCode: '00-001', city: 'Warszawa', countryCode: 'PL' }),
    ).toEqual(['Długa 1', '00-001 Warszawa', 'PL']);
    expect(addressLines({ address: '', postCode: '', city: 'Kraków', countryCode: '' })).toEqual(['Kraków']);
  });
});
