import { describe, expect, it } from 'vitest';
import { ORDER_SEARCH_MSG, orderSearchKey, orderSearchSchema } from './orders-search';

describe('orderSearchKey', () => {
  it('phone: the last nine digits, whatever the spaces, dashes and country prefix', () => {
    for (const tel of ['600100200', '+48 600 100 200', '0048 600-100-200', '(+48) 600100200', '48600100200'])
      expect(orderSearchKey.tel(tel)).toBe('600100200');
    expect(orderSearchKey.tel('600 100')).toBe('600100');
    expect(orderSearchKey.tel('brak')).toBe('');
  });

  it('text: trimmed, one space, Polish lower case', () => {
    expect(orderSearchKey.text('  ŁÓDŹ  ')).toBe('łódź');
    expect(orderSearchKey.text('Zielona   Góra')).toBe('zielona góra');
    expect(orderSearchKey.text('Jan.Kowalski@Example.PL')).toBe('jan.kowalski@example.pl');
  });

  it('compact: letters and digits only, lower case', () => {
    expect(orderSearchKey.compact('00-950')).toBe('00950');
    expect(orderSearchKey.compact(' AB 1234 PL ')).toBe('ab1234pl');
    expect(orderSearchKey.compact('-')).toBe('');
  });
});

describe('orderSearchSchema', () => {
  it('takes the query string as the list sends it, blanks as absent, NUMBER by default', () => {
    expect(orderSearchSchema.parse({ number: ' 42 ', city: '', dateFrom: '2026-03-01', page: '0' })).toEqual({
      number: 42,
      dateFrom: '2026-03-01',
      page: 1,
      perPage: 100,
      sort: 'NUMBER',
    });
  });

  it('refuses a number that is not whole and positive, a bad date and a reversed range', () => {
    for (const number of ['abc', '0', '-1', '1.5', '99999999999'])
      expect(orderSearchSchema.safeParse({ number }).error?.issues[0]?.message).toBe(ORDER_SEARCH_MSG.numberInvalid);
    for (const dateFrom of ['2026-02-30', '1.03.2026', '2026-3-1'])
      expect(orderSearchSchema.safeParse({ dateFrom }).error?.issues[0]?.message).toBe(ORDER_SEARCH_MSG.dateInvalid);
    expect(
      orderSearchSchema.safeParse({ dateFrom: '2026-03-02', dateTo: '2026-03-01' }).error?.issues[0]?.message,
    ).toBe(ORDER_SEARCH_MSG.dateRange);
  });
});
