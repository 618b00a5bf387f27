import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemLookupAnswerSchema, itemScanAnswerSchema, type ItemScanAnswer } from '@zaplecze/contract';
import { type ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';

let server: TestServer;
let org: TestOrg;
let other: TestOrg;
let statusId: number;
let seq = 0;
const saved: { itemIds: number[]; createdIds: number[] }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  server.deps.events.on('items.saved', (e) => void saved.push({ itemIds: e.itemIds, createdIds: e.createdIds }));
  org = await createOrg(server);
  other = await createOrg(server);
  statusId = (await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny', color: '00ff00' })).body.id;
});
afterAll(() => server.close());

async function createItem(countWare: number, extra: Record<string, unknown> = {}) {
  const res = await org.admin.post<{ id: number; code: string }>('/api/items', {
    code: `RD-${++seq}`,
    name: 'Kubek',
    price: 10,
    vat: 23,
    currency: 'PLN',
    countWare,
    itemStatusId: statusId,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function item(id: number) {
  return itemLookupAnswerSchema.parse((await org.admin.get(`/api/items?id=${id}`)).body).items[0];
}

async function scan(barcode: string, itemCode: string | null = null, client: ApiClient = org.admin) {
  const res = await client.post('/api/items/barcodes', { barcode, itemCode });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return itemScanAnswerSchema.parse(res.body);
}

const errorRow = (a: ItemScanAnswer) => ({ itemCode: a.itemCode, actionType: a.actionType, actionDesc: a.actionDesc });

async function setAutoCommit(on: boolean): Promise<void> {
  expect((await org.admin.put('/api/options', { key: 'WAREHOUSE_AUTO_COMMIT', value: String(on) })).status).toBe(204);
}

describe('item reader: selecting an item', () => {
  it('an item code (any case) or a GTIN selects the item; the code wins over a GTIN', async () => {
    const a = await createItem(1, { gtin: '5901234123457' });
    const before = Date.now();
    const byCode = await scan(`  ${a.code.toLowerCase()} `);
    expect(byCode).toMatchObject({
      itemCode: a.code,
      actionType: 'ITEM',
      actionBarcode: a.code.toLowerCase(),
      actionDesc: `Wybrano towar ${a.code} (Kubek).`,
      clientAction: 'NONE',
      isError: false,
    });
    expect(new Date(byCode.date).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await scan('5901234123457')).itemCode).toBe(a.code);
    // An item whose code is another item's GTIN: the code wins, as in GET /items?scanbarcode.
    const b = await createItem(0, { code: '5901234123457' });
    expect((await scan('5901234123457')).itemCode).toBe(b.code);
  });

  it('an unknown item or unreadable text is a red row that keeps the selection', async () => {
    const a = await createItem(1);
    expect(errorRow(await scan('NIE-MA-TAKIEGO', a.code))).toEqual({
      itemCode: a.code,
      actionType: 'ITEM',
      actionDesc: 'Nie znaleziono towaru o kodzie ani GTIN „NIE-MA-TAKIEGO”.',
    });
    const garbage = await scan('żółw', a.code);
    expect(garbage).toMatchObject({
      isError: true,
      itemCode: a.code,
      actionType: 'UNKNOWN',
      actionDesc: 'Nieznany kod: „żółw”. Zeskanuj kod towaru, GTIN albo kod z arkusza kodów.',
    });
    expect(errorRow(await scan('WEIGHT:0', a.code))).toEqual({
      itemCode: a.code,
      actionType: 'UNKNOWN',
      actionDesc: 'Nieznany kod: „WEIGHT:0”. Zeskanuj kod towaru, GTIN albo kod z arkusza kodów.',
    });
    expect(await scan('   ', a.code)).toMatchObject({ isError: true, actionDesc: 'Pusty kod. Zeskanuj kod ponownie.' });
    // Item codes are per organisation: another organisation's code is simply unknown.
    const theirs = await other.admin.post<{ id: number }>('/api/item_statuses', { name: 'S', color: '000000' });
    const foreign = await other.admin.post<{ code: string }>('/api/items', {
      code: 'OBCY-1',
      price: 1,
      vat: 23,
      currency: 'PLN',
      countWare: 0,
      itemStatusId: theirs.body.id,
    });
    expect(foreign.status).toBe(200);
    expect(errorRow(await scan('OBCY-1'))).toEqual({
      itemCode: null,
      actionType: 'ITEM',
      actionDesc: 'Nie znaleziono towaru o kodzie ani GTIN „OBCY-1”.',
    });
  });

  it('refuses a missing or too long barcode with 400', async () => {
    const missing = await org.admin.post('/api/items/barcodes', { itemCode: null });
    expect({ status: missing.status, body: missing.body }).toEqual({
      status: 400,
      body: { code: 400, message: 'Podaj zeskanowany kod.', field: 'barcode' },
    });
    const long = await org.admin.post('/api/items/barcodes', { barcode: 'A'.repeat(501) });
    expect(long.status).toBe(400);
    expect((long.body as { message: string }).message).toBe('Zeskanowany kod może mieć najwyżej 500 znaków.');
    expect((await org.admin.post('/api/items/barcodes', { barcode: 5 })).status).toBe(400);
  });
});

describe('item reader: stock changes', () => {
  it('QTY±n adds a change to the selected item: pending without auto-commit, committed with it', async () => {
    const a = await createItem(10);
    const pendingRow = await scan('QTY-3', a.code);
    expect(pendingRow).toMatchObject({
      isError: false,
      itemCode: a.code,
      actionType: 'STOCK_CHANGE',
      actionDesc: `Towar ${a.code}: dodano zmianę stanu -3 (niezatwierdzona, zatwierdź w zmianach magazynowych).`,
    });
    expect((await item(a.id))?.countWare).toBe(10);

    await setAutoCommit(true);
    try {
      const committed = await scan('qty+5', a.code);
      expect(committed).toMatchObject({
        isError: false,
        itemCode: a.code,
        actionDesc: `Towar ${a.code}: zmiana stanu +5 zatwierdzona (stan 10 → 15).`,
      });
    } finally {
      await setAutoCommit(false);
    }
    expect((await item(a.id))?.countWare).toBe(15);
  });

  it('without a selected item, or with one that is gone, nothing changes', async () => {
    expect(errorRow(await scan('QTY+1'))).toEqual({
      itemCode: null,
      actionType: 'STOCK_CHANGE',
      actionDesc: 'Najpierw zeskanuj kod towaru.',
    });
    const a = await createItem(2);
    expect((await org.admin.delete(`/api/items?id=${a.id}`)).status).toBe(204);
    expect(errorRow(await scan('QTY+1', a.code))).toEqual({
      itemCode: null,
      actionType: 'STOCK_CHANGE',
      actionDesc: `Wybrany towar ${a.code} już nie istnieje. Zeskanuj towar ponownie.`,
    });
  });
});

describe('item reader: attributes', () => {
  it('put-away and the other reference codes set the attribute, keep lastChanged current and announce items.saved', async () => {
    const a = await createItem(1);
    const rack = await org.admin.post<{ id: number }>('/api/places', { name: 'Regał A', number: 'A' });
    const shelf = await org.admin.post<{ id: number }>('/api/places', {
      name: 'Półka 3',
      number: '3',
      parentId: rack.body.id,
    });
    const cat = await org.admin.post<{ id: number }>('/api/categories', { name: 'Kuchnia', number: 'K' });
    const group = await org.admin.post<{ id: number }>('/api/item_groups', { name: 'Ceramika' });
    const price = await org.admin.post<{ id: number }>('/api/delivery_price_lists', { name: 'Kurier' });
    const time = await org.admin.post<{ id: number }>('/api/delivery_times', { name: '24 h' });
    const status = await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Wyprzedaż', color: 'ff0000' });
    const before = (await item(a.id))?.lastChanged ?? '';
    server.clock.offsetMs = 60_000;
    saved.length = 0;
    try {
      const steps: [string, string][] = [
        [`PLACE:${shelf.body.id}`, `Towar ${a.code}: ustawiono miejsce w magazynie „Regał A / Półka 3”.`],
        [`CAT:${cat.body.id}`, `Towar ${a.code}: ustawiono kategorię „Kuchnia”.`],
        [`IGROUP:${group.body.id}`, `Towar ${a.code}: ustawiono grupę „Ceramika”.`],
        [`DPRICE:${price.body.id}`, `Towar ${a.code}: ustawiono cennik dostawy „Kurier”.`],
        [`DTIME:${time.body.id}`, `Towar ${a.code}: ustawiono czas dostawy „24 h”.`],
        [`ISTATUS:${status.body.id}`, `Towar ${a.code}: ustawiono status „Wyprzedaż”.`],
      ];
      for (const [code, desc] of steps) {
        const row = await scan(code, a.code);
        expect(row, code).toMatchObject({ isError: false, itemCode: a.code, actionDesc: desc, clientAction: 'NONE' });
      }
    } finally {
      server.clock.offsetMs = 0;
    }
    const after = await item(a.id);
    expect(after).toMatchObject({
      place: { id: shelf.body.id },
      category: { id: cat.body.id },
      itemGroup: { id: group.body.id },
      deliveryPriceList: { id: price.body.id },
      deliveryTime: { id: time.body.id },
      itemStatus: { id: status.body.id },
      countWare: 1,
    });
    expect(new Date(after?.lastChanged ?? '').getTime()).toBeGreaterThan(new Date(before).getTime());
    expect(saved).toEqual(Array(6).fill({ itemIds: [a.id], createdIds: [] }));
  });

  it('a missing reference, or another organisation’s, is a red row that keeps the selection', async () => {
    const a = await createItem(1);
    const theirs = await other.admin.post<{ id: number }>('/api/places', { name: 'Obce', number: 'OB' });
    const foreign = await scan(`PLACE:${theirs.body.id}`, a.code);
    const missing = await scan('PLACE:2000000000', a.code);
    expect(errorRow(missing)).toEqual({
      itemCode: a.code,
      actionType: 'PLACE',
      actionDesc: 'Nie znaleziono miejsca w magazynie o ID 2000000000.',
    });
    expect(errorRow(foreign)).toEqual({
      ...errorRow(missing),
      actionDesc: `Nie znaleziono miejsca w magazynie o ID ${theirs.body.id}.`,
    });
    expect((await item(a.id))?.place).toBeNull();
    expect(errorRow(await scan('ISTATUS:2000000000', a.code)).actionDesc).toBe(
      'Nie znaleziono statusu towaru o ID 2000000000.',
    );
    expect(errorRow(await scan(`ISTATUS:${statusId}`))).toEqual({
      itemCode: null,
      actionType: 'ITEM_STATUS',
      actionDesc: 'Najpierw zeskanuj kod towaru.',
    });
  });
});

describe('item reader: commands and order codes', () => {
  it('the reset code clears the reader', async () => {
    const a = await createItem(1);
    expect(await scan('CMD:RESET', a.code)).toMatchObject({
      itemCode: null,
      actionType: 'RESET',
      actionDesc: 'Wyczyszczono czytnik.',
      clientAction: 'CLEAR',
      isError: false,
    });
  });

  it('order-only codes are red rows that keep the selection', async () => {
    const a = await createItem(1);
    const cases: [string, string][] = [
      ['WEIGHT:1500', 'WEIGHT'],
      ['SIZE:300', 'SIZE'],
      ['USIZE:1', 'USER_SIZE'],
      ['OSTATUS:1', 'ORDER_STATUS'],
      ['ISOURCE:1', 'INCOME_SOURCE'],
      ['ORDER:1024', 'ORDER'],
      ['CMD:SEND', 'COMMAND'],
      ['CMD:PROBLEM', 'COMMAND'],
      ['cmd:document', 'COMMAND'],
    ];
    for (const [code, type] of cases) {
      expect(errorRow(await scan(code, a.code)), code).toEqual({
        itemCode: a.code,
        actionType: type,
        actionDesc: `Kod „${code.toUpperCase()}” służy do obsługi zamówień. Użyj go w czytniku zamówień.`,
      });
    }
    expect((await item(a.id))?.countWare).toBe(1);
  });
});
