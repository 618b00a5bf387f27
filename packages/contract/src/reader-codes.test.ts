import { describe, expect, it } from 'vitest';
import { VALIDATION as V } from './messages';
import {
  BARCODE_KINDS,
  BARCODE_MAX_CODES,
  BARCODE_PRINT_PERMISSIONS,
  barcodeBodySchemas,
  encodeReaderCode,
  ID_CODE_PREFIXES,
  isPrintableItemCode,
  parseReaderCode,
  READER_COMMANDS,
  READER_ITEM_CODE_MAX,
  READER_WEIGHT_MAX_G,
  STOCK_CHANGE_MAX,
  type IdCodeKind,
  type ReaderCode,
} from './reader-codes';
import { REFERENCE_LISTS } from './reference-lists';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

const ID_KINDS = Object.keys(ID_CODE_PREFIXES) as IdCodeKind[];

/** At least one code of every kind, with the edges of each range. */
const SAMPLES: [ReaderCode, string][] = [
  [{ kind: 'item', code: 'ABC-123' }, 'ABC-123'],
  [{ kind: 'item', code: '5901234123457' }, '5901234123457'],
  [{ kind: 'item', code: 'A/B.C_D E' }, 'A/B.C_D E'],
  [{ kind: 'item', code: 'QTY5' }, 'QTY5'],
  [{ kind: 'item', code: 'X'.repeat(READER_ITEM_CODE_MAX) }, 'X'.repeat(READER_ITEM_CODE_MAX)],
  [{ kind: 'stock_change', quantity: 5 }, 'QTY+5'],
  [{ kind: 'stock_change', quantity: -3 }, 'QTY-3'],
  [{ kind: 'stock_change', quantity: STOCK_CHANGE_MAX }, 'QTY+999999'],
  [{ kind: 'stock_change', quantity: -STOCK_CHANGE_MAX }, 'QTY-999999'],
  [{ kind: 'weight', grams: 1500 }, 'WEIGHT:1500'],
  [{ kind: 'weight', grams: 1 }, 'WEIGHT:1'],
  [{ kind: 'weight', grams: READER_WEIGHT_MAX_G }, 'WEIGHT:1000000'],
  [{ kind: 'size', mm: 300 }, 'SIZE:300'],
  [{ kind: 'size', mm: 100_000 }, 'SIZE:100000'],
  ...READER_COMMANDS.map((command): [ReaderCode, string] => [{ kind: 'command', command }, `CMD:${command}`]),
  ...ID_KINDS.flatMap((kind): [ReaderCode, string][] => [
    [{ kind, id: 1 }, `${ID_CODE_PREFIXES[kind]}:1`],
    [{ kind, id: 2_147_483_647 }, `${ID_CODE_PREFIXES[kind]}:2147483647`],
  ]),
];

describe('encodeReaderCode / parseReaderCode', () => {
  it.each(SAMPLES)('round-trips %j as %s', (code, text) => {
    expect(encodeReaderCode(code)).toBe(text);
    expect(parseReaderCode(text)).toEqual(code);
  });

  it('covers every id kind, every command and the documented prefixes', () => {
    expect(ID_CODE_PREFIXES).toEqual({
      item_status: 'ISTATUS',
      item_group: 'IGROUP',
      delivery_price_list: 'DPRICE',
      delivery_time: 'DTIME',
      category: 'CAT',
      place: 'PLACE',
      order_status: 'OSTATUS',
      income_source: 'ISOURCE',
      user_size: 'USIZE',
      order: 'ORDER',
    });
    expect(READER_COMMANDS).toEqual(['SEND', 'PROBLEM', 'DOCUMENT', 'RESET']);
  });

  it('round-trips many generated values of every kind', () => {
    for (let n = 1; n <= 3000; n += 7) {
      const codes: ReaderCode[] = [
        { kind: 'stock_change', quantity: n },
        { kind: 'stock_change', quantity: -n },
        { kind: 'weight', grams: n * 37 },
        { kind: 'size', mm: n },
        { kind: 'item', code: `IT-${n.toString(36).toUpperCase()}` },
        ...ID_KINDS.map((kind) => ({ kind, id: n * 7919 })),
      ];
      for (const c of codes) expect(parseReaderCode(encodeReaderCode(c))).toEqual(c);
    }
  });

  it('prints only upper-case printable ASCII', () => {
    for (const [code] of SAMPLES) expect(encodeReaderCode(code)).toMatch(/^[\x20-\x60\x7b-\x7e]+$/);
  });

  it('reads what readers type: lower case, surrounding spaces, leading zeros', () => {
    expect(parseReaderCode('  weight:1500\r\n')).toEqual({ kind: 'weight', grams: 1500 });
    expect(parseReaderCode('qty-3')).toEqual({ kind: 'stock_change', quantity: -3 });
    expect(parseReaderCode('cmd:reset')).toEqual({ kind: 'command', command: 'RESET' });
    expect(parseReaderCode('Cat:007')).toEqual({ kind: 'category', id: 7 });
    expect(parseReaderCode(' abc-1 ')).toEqual({ kind: 'item', code: 'ABC-1' });
    expect(encodeReaderCode({ kind: 'item', code: ' abc-1 ' })).toBe('ABC-1');
  });

  it.each([
    '',
    '   ',
    'QTY+0',
    'QTY-0',
    'QTY+',
    'QTY+1000000',
    'QTY+1.5',
    'QTY++5',
    'WEIGHT:0',
    'WEIGHT:-5',
    'WEIGHT:1000001',
    'WEIGHT:',
    'WEIGHT:1,5',
    'SIZE:0',
    'SIZE:100001',
    'CAT:',
    'CAT:0',
    'CAT:x',
    'CAT:2147483648',
    'ORDER:12345678901',
    'ISTATUS:1:2',
    'CMD:',
    'CMD:FOO',
    'ŻÓŁW-1',
    'TAB\tCODE',
    'X'.repeat(READER_ITEM_CODE_MAX + 1),
  ])('refuses %j', (text) => {
    expect(parseReaderCode(text)).toBeUndefined();
  });

  it.each<ReaderCode>([
    { kind: 'item', code: '' },
    { kind: 'item', code: 'ŻÓŁW' },
    { kind: 'item', code: 'CAT:5' },
    { kind: 'item', code: 'QTY+5' },
    { kind: 'item', code: 'X'.repeat(READER_ITEM_CODE_MAX + 1) },
    { kind: 'stock_change', quantity: 0 },
    { kind: 'stock_change', quantity: 1.5 },
    { kind: 'stock_change', quantity: STOCK_CHANGE_MAX + 1 },
    { kind: 'weight', grams: 0 },
    { kind: 'weight', grams: -1 },
    { kind: 'size', mm: Number.NaN },
    { kind: 'category', id: 0 },
    { kind: 'order', id: 2.5 },
    { kind: 'command', command: 'FOO' as 'SEND' },
  ])('will not encode %j', (code) => {
    expect(() => encodeReaderCode(code)).toThrow(RangeError);
  });

  it('tells which item codes print as themselves', () => {
    expect(isPrintableItemCode('ABC-1')).toBe(true);
    expect(isPrintableItemCode('abc-1')).toBe(false);
    expect(isPrintableItemCode('WEIGHT:5')).toBe(false);
    expect(isPrintableItemCode('KOŁO')).toBe(false);
  });
});

describe('barcodeBodySchemas', () => {
  it('has a schema for every kind', () => {
    expect(Object.keys(barcodeBodySchemas).sort()).toEqual([...BARCODE_KINDS].sort());
  });

  it('accepts valid bodies of every kind', () => {
    expect(barcodeBodySchemas.item.parse({ itemCodes: [' abc-1 '] })).toEqual({ itemCodes: ['ABC-1'] });
    expect(barcodeBodySchemas.item_add_sub.parse({ numbers: [5, -3] })).toEqual({ numbers: [5, -3] });
    expect(barcodeBodySchemas.order.parse({ orderIds: [1] })).toEqual({ orderIds: [1] });
    expect(barcodeBodySchemas.size.parse({ milimeters: [300] })).toEqual({ milimeters: [300] });
    expect(barcodeBodySchemas.weight.parse({ grams: [1500] })).toEqual({ grams: [1500] });
    expect(barcodeBodySchemas.other.parse({})).toEqual({});
    expect(barcodeBodySchemas.place.parse({ ids: [3, 1, 3] })).toEqual({ ids: [3, 1, 3] });
  });

  it.each([
    ['item_add_sub', { numbers: [0] }, V.stockChangeZero],
    ['item_add_sub', { numbers: [1.5] }, V.stockChangeInvalid],
    ['item_add_sub', { numbers: [STOCK_CHANGE_MAX + 1] }, V.stockChangeInvalid],
    ['item_add_sub', { numbers: ['5'] }, V.stockChangeInvalid],
    ['item_add_sub', { numbers: [] }, V.barcodeListEmpty],
    ['item_add_sub', {}, V.barcodeListInvalid],
    ['item_add_sub', { numbers: 5 }, V.barcodeListInvalid],
    ['weight', { grams: [-5] }, V.valuesPositive],
    ['weight', { grams: [0] }, V.valuesPositive],
    ['weight', { grams: [2.5] }, V.weightInvalid],
    ['weight', { grams: [READER_WEIGHT_MAX_G + 1] }, V.weightInvalid],
    ['size', { milimeters: [0] }, V.valuesPositive],
    ['size', { milimeters: [null] }, V.sizeInvalid],
    ['user_size', { ids: [0] }, V.idInvalid],
    ['user_size', { ids: ['1'] }, V.idInvalid],
    ['user_size', { ids: [true] }, V.idInvalid],
    ['category', { ids: Array.from({ length: BARCODE_MAX_CODES + 1 }, (_, i) => i + 1) }, V.barcodeListTooLong],
    ['order', { orderIds: [-1] }, V.idInvalid],
    ['item', { itemCodes: ['KOŁO'] }, V.readerItemCodeInvalid],
    ['item', { itemCodes: ['cat:1'] }, V.readerItemCodeInvalid],
    ['item', { itemCodes: [''] }, V.readerItemCodeInvalid],
  ] as const)('%s refuses %j with a Polish message', (kind, body, message) => {
    expect(firstMessage(barcodeBodySchemas[kind].safeParse(body))).toBe(message);
  });
});

describe('sheet limits and permissions', () => {
  it('the too-long message names the maximum', () => {
    expect(V.barcodeListTooLong).toContain(`najwyżej ${BARCODE_MAX_CODES} kodów`);
    expect(BARCODE_MAX_CODES).toBeLessThanOrEqual(1000);
  });

  it('every kind names a permission; a reference list’s sheet needs the permission that edits the list', () => {
    expect(Object.keys(BARCODE_PRINT_PERMISSIONS).sort()).toEqual([...BARCODE_KINDS].sort());
    for (const list of Object.values(REFERENCE_LISTS)) {
      if ('codes' in list) expect(BARCODE_PRINT_PERMISSIONS[list.codes.kind], list.apiPath).toBe(list.editPermission);
    }
  });
});
