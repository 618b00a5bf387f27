import { formatVat, LIST_STORAGE_KEYS, type MassResult } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import { reportText } from '@web/ui/report';
import { readUrlState } from '@web/ui/url-state';
import {
  batches,
  countCell,
  deliveryCell,
  massDeleteReport,
  megabytes,
  quotaMegabytes,
  quotaPercent,
  mergeResults,
  photoUrl,
  priceCell,
  statusColors,
} from './format';
import { generatePreview } from './generate';
import { MASS_EDIT_SELECTION_KEY, storeMassEditSelection } from './mass-edit-selection';
import { itemsMessages as pl } from './messages.pl';
import {
  activeFilterCount,
  clearedForm,
  criteriaToForm,
  searchFormErrors,
  formToCriteria,
  itemsQuery,
  itemUrlSchema,
  readListDefaults,
  saveListDefaults,
  type ItemSearchForm,
} from './search';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

const schema = itemUrlSchema({ sort: 'CODE', perPage: 100 });
const emptyForm = (): ItemSearchForm => criteriaToForm(schema.parse({}));

describe('item search form', () => {
  it('drops empty filters, upper-cases the code, turns commas into dots and starts from page 1', () => {
    const c = formToCriteria(
      {
        ...emptyForm(),
        code: ' kub-1 ',
        name: '  ',
        priceFrom: '1,5',
        priceTo: ' 20,00 ',
        countFrom: '3',
        perPage: '250',
      },
      schema,
    );
    expect(c).toEqual({
      page: 1,
      perPage: 250,
      code: 'KUB-1',
      priceFrom: 1.5,
      priceTo: 20,
      countFrom: 3,
      countType: 'COUNT_WARE',
      sort: 'CODE',
    });
  });

  it('leaves out values the contract refuses instead of sending them', () => {
    const c = formToCriteria({ ...emptyForm(), priceFrom: '-1', countTo: '2.5', countPhotosFrom: 'x' }, schema);
    expect(c.priceFrom).toBeUndefined();
    expect(c.countTo).toBeUndefined();
    expect(c.countPhotosFrom).toBeUndefined();
  });

  it('refuses a fractional count or photo count and a bad price with Polish messages; 12,5 is a price', () => {
    expect(
      searchFormErrors({ ...emptyForm(), priceFrom: '12,5', priceTo: ' 20 ', countFrom: '2', countTo: '' }),
    ).toEqual({});
    expect(
      searchFormErrors({
        ...emptyForm(),
        priceFrom: '12,555',
        priceTo: 'dużo',
        countFrom: '2,5',
        countTo: '-1',
        countPhotosFrom: '0,5',
        countPhotosTo: '3',
      }),
    ).toEqual({
      priceFrom: 'Najwyżej 2 miejsca po przecinku.',
      priceTo: 'Wpisz liczbę, np. 7,5.',
      countFrom: 'Wpisz liczbę całkowitą.',
      countTo: 'Wartość nie może być mniejsza niż 0.',
      countPhotosFrom: 'Wpisz liczbę całkowitą.',
    });
    // The form shows a price from the URL with the decimal comma and reads it back.
    const c = formToCriteria({ ...emptyForm(), priceFrom: '12,5' }, schema);
    expect(criteriaToForm(c).priceFrom).toBe('12,5');
    expect(formToCriteria(criteriaToForm(c), schema)).toEqual(c);
  });

  it('keeps the none (-1) and any (-2) reference filters, the status and the quantity type', () => {
    const c = formToCriteria(
      { ...emptyForm(), groupId: '-1', catId: '-2', placeId: '7', statusId: '3', countType: 'COUNT_OFFER' },
      schema,
    );
    expect(c).toMatchObject({ groupId: -1, catId: -2, placeId: 7, statusId: 3, countType: 'COUNT_OFFER' });
  });

  it('round-trips criteria through the form, and clearing keeps the sort and page size', () => {
    const c = formToCriteria({ ...emptyForm(), name: 'kubek', sort: 'PRICE_D', perPage: '50' }, schema);
    expect(formToCriteria(criteriaToForm(c), schema)).toEqual(c);
    const cleared = clearedForm(criteriaToForm(c));
    expect(cleared).toEqual({ ...emptyForm(), sort: 'PRICE_D', perPage: '50' });
  });

  it('counts active filters, not paging or sorting', () => {
    expect(activeFilterCount(schema.parse({}))).toBe(0);
    expect(activeFilterCount(schema.parse({ name: 'a', catId: -1, sort: 'NAME', page: 3 }))).toBe(2);
  });
});

describe('item search in the URL and storage', () => {
  it('uses the remembered sort and page size as defaults; junk falls back to the built-in ones', () => {
    const storage = memoryStorage();
    expect(readListDefaults(storage)).toEqual({ sort: 'CODE', perPage: 100 });
    saveListDefaults(storage, { sort: 'PRICE_A', perPage: 500 });
    expect(storage.getItem(LIST_STORAGE_KEYS.items.perPage)).toBe('500');
    const d = readListDefaults(storage);
    expect(d).toEqual({ sort: 'PRICE_A', perPage: 500 });
    expect(itemUrlSchema(d).parse({})).toMatchObject({ sort: 'PRICE_A', perPage: 500, page: 1 });
    storage.setItem(LIST_STORAGE_KEYS.items.sort, 'BAD');
    storage.setItem(LIST_STORAGE_KEYS.items.perPage, '7');
    expect(readListDefaults(storage)).toEqual({ sort: 'CODE', perPage: 100 });
  });

  it('reads a page below 1 as 1 and keeps the valid fields of a partly bad query', () => {
    const c = readUrlState(schema, new URLSearchParams('page=-4&code=abc&priceFrom=zz&catId=-2'));
    expect(c).toMatchObject({ page: 1, code: 'ABC', catId: -2 });
    expect(c.priceFrom).toBeUndefined();
    // Prices stay decimals in the URL (the contract's field would turn them into hundredths).
    expect(readUrlState(schema, new URLSearchParams('priceFrom=1.5&priceTo=0.001'))).toMatchObject({ priceFrom: 1.5 });
    expect(readUrlState(schema, new URLSearchParams('priceTo=0.001')).priceTo).toBeUndefined();
  });

  it('builds the GET /items query without absent filters', () => {
    const c = schema.parse({ name: 'kubek', groupId: '-1', page: '2', priceTo: '12.5' });
    expect(itemsQuery(c)).toEqual({
      page: 2,
      perPage: 100,
      name: 'kubek',
      groupId: -1,
      priceTo: 12.5,
      countType: 'COUNT_WARE',
      sort: 'CODE',
    });
  });
});

describe('item row formatting', () => {
  const t = pl.list;
  it('prices in the one money format, VAT whole or with two decimals, or its code', () => {
    expect(formatVat(23)).toBe('23%');
    expect(formatVat(5.5)).toBe('5.50%');
    expect(formatVat(8.25)).toBe('8.25%');
    expect(formatVat('5,5')).toBe('5.50%');
    expect(formatVat('zw')).toBe('zw');
    expect(formatVat('NP')).toBe('np');
    expect(priceCell({ price: 1234.5, vat: 23, currency: 'PLN' }, t)).toBe('1\u00a0234,50\u00a0zł (23%)');
    expect(priceCell({ price: 10, vat: 'zw', currency: 'EUR' }, t)).toBe('10,00\u00a0EUR (zw)');
  });

  it('shows the offer quantity in parentheses only when set', () => {
    expect(countCell({ countWare: 10, countOffer: null }, t)).toBe('10');
    expect(countCell({ countWare: 10, countOffer: 0 }, t)).toBe('10 (0)');
  });

  it("shows the delivery price list or '---', with the delivery time", () => {
    expect(deliveryCell({ deliveryPriceList: null, deliveryTime: null }, t)).toBe('---');
    expect(
      deliveryCell({ deliveryPriceList: { id: 1, name: 'Kurier' }, deliveryTime: { id: 2, name: '24 h' } }, t),
    ).toBe('Kurier, 24 h');
    expect(deliveryCell({ deliveryPriceList: null, deliveryTime: { id: 2, name: '24 h' } }, t)).toBe('---, 24 h');
  });

  it('writes black on light status colours and white on dark ones (brightness above 186)', () => {
    expect(statusColors('ffffff')).toEqual({ background: '#ffffff', text: '#000000' });
    expect(statusColors('00AA00')).toEqual({ background: '#00aa00', text: '#ffffff' });
    expect(statusColors('#ffff00').text).toBe('#000000');
    // 0.299*187 + 0.587*187 + 0.114*187 = 187 > 186; 186 is not above.
    expect(statusColors('bbbbbb').text).toBe('#000000');
    expect(statusColors('bababa').text).toBe('#ffffff');
  });

  it('points stored photos at GET /image of the organisation and URL photos at themselves', () => {
    expect(photoUrl({ type: 'file', name: 'ab.jpg' }, 'firma', 'thumb')).toBe(
      '/api/image?p=firma&name=ab.jpg&size=thumb',
    );
    expect(photoUrl({ type: 'url', name: 'https://x.pl/1.jpg' }, 'firma', 'display')).toBe('https://x.pl/1.jpg');
  });

  it('shows megabytes with two decimals, Polish style, and the quota and its share', () => {
    expect(megabytes(0)).toBe('0,00');
    expect(megabytes(1_572_864)).toBe('1,50');
    expect(megabytes(12_897_485)).toBe('12,30');
    expect(quotaMegabytes(500 * 1024 * 1024)).toBe('500');
    expect(quotaMegabytes(1_572_864)).toBe('1,50');
    expect(quotaPercent(0, 1000)).toBe(0);
    expect(quotaPercent(123, 1000)).toBe(12);
    expect(quotaPercent(2000, 1000)).toBe(100);
  });
});

describe('mass delete', () => {
  it('sends batches of at most 100 ids', () => {
    const ids = Array.from({ length: 250 }, (_, i) => i + 1);
    expect(batches(ids, 100).map((b) => b.length)).toEqual([100, 100, 50]);
    expect(batches([], 100)).toEqual([]);
  });

  it('merges the batches into one report with its three sections', () => {
    const a: MassResult = { ok: ['A'], err: [{ code: 'B', reason: 'Towar jest w zamówieniu.' }], notFound: [] };
    const b: MassResult = { ok: ['C'], err: [], notFound: [99] };
    const text = reportText(massDeleteReport(mergeResults([a, b]), pl.select));
    expect(text).toBe(
      [
        '# Błąd podczas usuwania',
        'B: Towar jest w zamówieniu.',
        '',
        '# Nie znaleziono do usunięcia (numery ID towarów)',
        '99',
        '',
        '# Usunięte poprawnie',
        'A',
        'C',
      ].join('\n'),
    );
  });

  it('hands the selection to the mass edit page as {ids, codes}', () => {
    const storage = memoryStorage();
    storeMassEditSelection(storage, { ids: [3, 1], codes: ['C', 'A'] });
    expect(JSON.parse(storage.getItem(MASS_EDIT_SELECTION_KEY) ?? '')).toEqual({ ids: [3, 1], codes: ['C', 'A'] });
    expect(MASS_EDIT_SELECTION_KEY).toBe('items.massEdit.selection');
  });
});

describe('generate preview', () => {
  it('shows the first and last code and the count, upper-cased', () => {
    expect(generatePreview({ beforeSymbol: 'kub-', afterSymbol: '-x', start: '1', stop: '50' })).toEqual({
      first: 'KUB-1-X',
      last: 'KUB-50-X',
      count: 50,
      tooMany: false,
    });
  });

  it('has no preview until the symbol and a valid range are there, and flags more than 1000', () => {
    expect(generatePreview({ beforeSymbol: '', afterSymbol: '', start: '1', stop: '2' })).toBeUndefined();
    expect(generatePreview({ beforeSymbol: 'A', afterSymbol: '', start: '5', stop: '4' })).toBeUndefined();
    expect(generatePreview({ beforeSymbol: 'A', afterSymbol: '', start: '-1', stop: '4' })).toBeUndefined();
    expect(generatePreview({ beforeSymbol: 'A', afterSymbol: '', start: '0', stop: '999' })?.tooMany).toBe(false);
    expect(generatePreview({ beforeSymbol: 'A', afterSymbol: '', start: '0', stop: '1000' })).toMatchObject({
      count: 1001,
      tooMany: true,
    });
    expect(generatePreview({ beforeSymbol: 'A', afterSymbol: '', start: '0', stop: '999999999' })?.last).toBe(
      'A999999999',
    );
  });
});
