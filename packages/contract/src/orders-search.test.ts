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

  it('plain: lower case without diacritics, ł as l, so a term typed without Polish letters finds them', () => {
    for (const city of ['Kraków', 'KRAKÓW', 'krakow', ' Krakow ']) expect(orderSearchKey.plain(city)).toBe('krakow');
    expect(orderSearchKey.plain('Łódź')).toBe('lodz');
    expect(orderSearchKey.plain('ŁÓDŹ')).toBe('lodz');
    expect(orderSearchKey.plain('Zażółć  gęślą jaźń')).toBe('zazolc gesla jazn');
    expect(orderSearchKey.plain('Kowalski Sp. z o.o.')).toBe('kowalski sp. z o.o.');
    expect(orderSearchKey.plain('Müller Straße')).toBe('muller strasse');
  });

  it('digits: a NIP with dashes, spaces or the PL prefix', () => {
    for (const nip of ['526-000-12-46', 'PL 5260001246', '526 000 12 46'])
      expect(orderSearchKey.digits(nip)).toBe('5260001246');
    expect(orderSearchKey.digits('brak')).toBe('');
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

  it('takes the buyer, NIP, item code and problem filters and the ascending sorts', () => {
    expect(
      orderSearchSchema.parse({ buyer: ' Kowal ', nip: '526', itemCode: 'KUB-1', hasProblem: 'YES', sort: 'DATE_A' }),
    ).toEqual({
      buyer: 'Kowal',
      nip: '526',
      itemCode: 'KUB-1',
      hasProblem: 'YES',
      sort: 'DATE_A',
      page: 1,
      perPage: 100,
    });
    expect(orderSearchSchema.parse({ hasProblem: '', sort: 'NUMBER_A' })).toMatchObject({ sort: 'NUMBER_A' });
    expect(orderSearchSchema.safeParse({ hasProblem: 'MAYBE' }).success).toBe(false);
    expect(orderSearchSchema.safeParse({ sort: 'NAME' }).success).toBe(false);
  });
});
