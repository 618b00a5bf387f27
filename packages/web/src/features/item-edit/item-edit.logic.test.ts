import { itemInputSchema, itemUpdateSchema, massEditDataSchema, type Item } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import { cleanDescIds, cleanParams, itemBody, itemFormDefaults, sameRate, withCurrent } from './item-form';
import { marginPrice } from './margin';
import {
  batches,
  massFormDefaults,
  massFormErrors,
  massPayload,
  massReport,
  readSelection,
  runBatch,
  type MassFormValues,
} from './mass-edit';
import { photoProblem, progressPercent, saveSteps } from './upload-progress';

const item: Item = {
  id: 7,
  code: 'ABC',
  gtin: '',
  name: 'Kubek',
  price: 19.9,
  vat: 23,
  currency: 'PLN',
  countWare: 5,
  countOffer: null,
  itemStatus: { id: 3, name: 'Nowy', color: '00ff00' },
  deliveryPriceList: null,
  deliveryTime: { id: 4, name: '24h' },
  itemGroup: null,
  category: null,
  place: null,
  externalData: { code: 'X1', url: '', price: 10, customMargin: 5.5 },
  itemSummary: { mainPhoto: null, countPhotos: 0, countParams: 0 },
  lastChanged: '2025-01-01T00:00:00.000Z',
  lastChangedPhotos: null,
  description: 'Opis',
  photos: [],
  additionalDescs: [],
  params: [],
};
const defaults = { vat: '8', currency: 'EUR', itemStatusId: '2' };

describe('item form values and API body', () => {
  it('presets a new item from the default options', () => {
    const v = itemFormDefaults(undefined, defaults);
    expect(v).toMatchObject({ vat: '8', currency: 'EUR', itemStatusId: '2', countWare: '0', countOfferOn: false });
    expect(v.countOffer).toBeNull();
    expect(v.extOn).toBe(false);
  });

  it('fills the form from an item (price with two decimals, references as text)', () => {
    const v = itemFormDefaults(item, defaults);
    expect(v).toMatchObject({
      price: '19.90',
      vat: '23',
      currency: 'PLN',
      itemStatusId: '3',
      deliveryTimeId: '4',
      deliveryPriceListId: '',
      extOn: true,
      extPrice: '10.00',
      marginOn: true,
      margin: '5.5',
    });
  });

  it('builds a POST body with commas turned into dots; unticked parts are null', () => {
    const v = { ...itemFormDefaults(undefined, defaults), code: 'ab-1', price: '12,5', vat: '8', itemStatusId: '2' };
    const body = itemBody(v, {
      photos: [],
      params: [
        { paramId: 1, values: ['', ' a '] },
        { paramId: 2, values: [''] },
      ],
      descs: [
        { key: 'a', id: null },
        { key: 'b', id: 9 },
      ],
    });
    expect(body).toMatchObject({
      code: 'AB-1',
      price: '12.5',
      countOffer: null,
      externalData: null,
      additionalDescIds: [9],
      params: [{ paramId: 1, values: ['a'] }],
    });
    expect('id' in body).toBe(false);
    expect(itemInputSchema.safeParse(body).success).toBe(true);
  });

  it('sends countWare on PUT only when the stock was changed, and the unchanged flags', () => {
    const v = itemFormDefaults(item, defaults);
    const untouched = itemBody(v, { photos: [], params: [], descs: [] }, 7, {
      countWare: false,
      photos: false,
      params: true,
      descs: false,
    });
    expect('countWare' in untouched).toBe(false);
    expect(untouched).toMatchObject({ id: 7, photosUnchanged: true, paramsUnchanged: false, descsUnchanged: true });
    expect(itemUpdateSchema.safeParse(untouched).success).toBe(true);
    const changed = itemBody({ ...v, countWare: '9' }, { photos: [], params: [], descs: [] }, 7, {
      countWare: true,
      photos: false,
      params: false,
      descs: false,
    });
    expect(changed).toMatchObject({ countWare: 9 });
  });

  it('keeps the offer quantity and the margin only when ticked', () => {
    const v = {
      ...itemFormDefaults(item, defaults),
      countOfferOn: true,
      countOffer: '0',
      marginOn: false,
      margin: null,
    };
    const body = itemBody(v, { photos: [], params: [], descs: [] });
    expect(body.countOffer).toBe(0);
    expect(body.externalData).toMatchObject({ code: 'X1', customMargin: null });
  });

  it('drops empty parameter values and descriptions without id', () => {
    expect(
      cleanParams([
        { paramId: 1, values: [] },
        { paramId: 2, values: ['x', ''] },
      ]),
    ).toEqual([{ paramId: 2, values: ['x'] }]);
    expect(
      cleanDescIds([
        { key: 'a', id: 1 },
        { key: 'b', id: null },
      ]),
    ).toEqual([1]);
  });

  it('always offers the current VAT or currency', () => {
    expect(withCurrent(['23', '8'], '5', sameRate)).toEqual(['5', '23', '8']);
    expect(withCurrent(['23', '8'], '8.00', sameRate)).toEqual(['23', '8']);
    expect(withCurrent(['PLN'], '')).toEqual(['PLN']);
  });
});

describe('margin price', () => {
  it('is the external price plus margin percent, rounded to 2 decimals', () => {
    expect(marginPrice('100', '23')).toBe('123.00');
    expect(marginPrice('9,99', '10')).toBe('10.99');
    expect(marginPrice('0.05', '10')).toBe('0.06');
  });
  it('is undefined for a zero margin or an invalid amount', () => {
    expect(marginPrice('100', '0')).toBeUndefined();
    expect(marginPrice('100', null)).toBeUndefined();
    expect(marginPrice('abc', '5')).toBeUndefined();
  });
});

describe('upload progress and photo checks', () => {
  it('counts uploads + item + plugins', () => {
    expect(saveSteps(3)).toBe(5);
    expect(progressPercent(0, 3)).toBe(0);
    expect(progressPercent(3, 3)).toBe(60);
    expect(progressPercent(5, 3)).toBe(100);
    expect(progressPercent(1, 0)).toBe(50);
  });
  it('refuses more than 20 photos, files over 10 MB and other types', () => {
    const jpg = { size: 1000, type: 'image/jpeg' };
    expect(photoProblem(19, [jpg])).toBeUndefined();
    expect(photoProblem(19, [jpg, jpg])).toBe('tooMany');
    expect(photoProblem(0, [{ size: 10_485_761, type: 'image/png' }])).toBe('tooBig');
    expect(photoProblem(0, [{ size: 10_485_760, type: 'image/png' }])).toBeUndefined();
    expect(photoProblem(0, [{ size: 1, type: 'image/gif' }])).toBe('badType');
  });
});

describe('mass edit payload', () => {
  const v = (patch: Partial<MassFormValues>): MassFormValues => ({ ...massFormDefaults, ...patch });

  it('sends only the ticked groups', () => {
    const data = massPayload(
      v({
        priceOn: true,
        priceType: 'PLUSPERCENT',
        priceValue: '10,5',
        vat: '23',
        countWareValue: '4',
        statusOn: true,
        itemStatusId: '3',
        groupOn: true,
      }),
      [],
    );
    expect(data).toEqual({ price: { type: 'PLUSPERCENT', value: '10.5' }, itemStatusId: 3, itemGroupId: null });
    expect(massEditDataSchema.safeParse(data).success).toBe(true);
  });

  it('GTIN DELETE sends neither mode nor value; RANDOM takes an optional start', () => {
    expect(massPayload(v({ gtinOn: true, gtinType: 'DELETE', gtin: '123', gtinAsParam: '5' }), [])).toEqual({
      gtinType: 'DELETE',
    });
    const random = v({ gtinOn: true, gtinType: 'RANDOM', gtinMode: 'SKIP' });
    expect(massFormErrors(random)).toEqual({});
    expect(massPayload(random, [])).toEqual({ gtinType: 'RANDOM', gtinMode: 'SKIP' });
    expect(massFormErrors(v({ gtinOn: true, gtinType: 'RANDOM', gtin: '12a' }))).toEqual({ gtin: 'gtinDigits' });
    expect(massFormErrors(v({ gtinOn: true, gtinType: 'SET' }))).toEqual({ gtin: 'required' });
  });

  it('requires the value fields of ticked groups only', () => {
    expect(
      massFormErrors(
        v({ priceOn: true, countWareOn: true, countOfferOn: true, countOfferType: 'DEL', statusOn: true }),
      ),
    ).toEqual({
      priceValue: 'required',
      countWareValue: 'required',
      itemStatusId: 'required',
    });
    expect(massFormErrors(v({ priceValue: '' }))).toEqual({ form: 'nothing' });
  });

  it('sends parameters with the mode, empty values dropped, and descriptions as ids', () => {
    const data = massPayload(
      v({ paramsEditType: 'APPEND_IGNORE', descsOn: true, descEditType: 'APPEND', additionalDescs: ['4', '6'] }),
      [
        { paramId: 1, values: ['', 'x'] },
        { paramId: 2, values: [''] },
      ],
    );
    expect(data).toEqual({
      paramsEditType: 'APPEND_IGNORE',
      params: [{ paramId: 1, values: ['x'] }],
      descEditType: 'APPEND',
      additionalDescs: [4, 6],
    });
  });

  it('splits ids into batches of 100', () => {
    const ids = Array.from({ length: 250 }, (_, i) => i + 1);
    expect(batches(ids).map((b) => b.length)).toEqual([100, 100, 50]);
    expect(batches([])).toEqual([]);
  });

  it('retries a batch once with the same key on a network error only', async () => {
    const keys: string[] = [];
    let calls = 0;
    const send = (key: string) => {
      keys.push(key);
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('net')) : Promise.resolve('ok');
    };
    await expect(runBatch(send, 'k-1', () => true)).resolves.toBe('ok');
    expect(keys).toEqual(['k-1', 'k-1']);
    await expect(
      runBatch(
        () => Promise.reject(new Error('400')),
        'k',
        () => false,
      ),
    ).rejects.toThrow('400');
  });

  it('reads the selection and builds the report', () => {
    const store = { getItem: () => JSON.stringify({ ids: [1, 2], codes: ['A', 'B'] }) };
    expect(readSelection(store)).toEqual({ ids: [1, 2], codes: ['A', 'B'] });
    expect(readSelection({ getItem: () => 'junk' })).toEqual({ ids: [], codes: [] });
    expect(
      massReport(
        { ok: ['A'], err: [{ code: 'B', reason: 'zły' }], notFound: [9] },
        { errors: 'Błędy', notFound: 'NF', saved: 'Zapisano' },
      ),
    ).toEqual([
      { title: 'Błędy', lines: ['B: zły'] },
      { title: 'NF', lines: ['9'] },
      { title: 'Zapisano', lines: ['A'] },
    ]);
  });
});
