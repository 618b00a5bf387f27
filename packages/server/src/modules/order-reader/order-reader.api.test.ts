import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_READER_STATUS_LOCKED,
  orderReaderPanelSchema,
  orderScanAnswerSchema,
  type OrderScanAnswer,
} from '@zaplecze/contract';
import { TenantDb } from '../../db/tenant';
import { type ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';
import { createOrderRefs, expectRollupsInStep, orderBody, type OrderRefs } from '../../../test/orders';
import { recordOrderPrints } from '../documents';
import { patchOrder } from '../orders';

let server: TestServer;
let org: TestOrg;
let refs: OrderRefs;
let itemStatusId: number;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  refs = await createOrderRefs(org.admin);
  itemStatusId = (await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny', color: '00ff00' })).body
    .id;
});
afterAll(() => server.close());

const orgId = () => org.token.user.organization.id;
const tdb = () => new TenantDb(server.deps.db, orgId());

async function createItem(extra: Record<string, unknown> = {}) {
  const res = await org.admin.post<{ id: number; code: string }>('/api/items', {
    code: `OR-${++seq}`,
    name: 'Kubek',
    price: 10,
    vat: 23,
    currency: 'PLN',
    countWare: 100,
    itemStatusId,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function createOrder(overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await org.admin.post<{ id: number }>('/api/orders', orderBody(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

async function order(id: number) {
  return (await org.admin.get<{ orders: Record<string, unknown>[] }>(`/api/orders?id=${id}`)).body.orders[0]!;
}

async function scan(barcode: string, orderId: number | null = null, client: ApiClient = org.admin) {
  const res = await client.post('/api/orders/barcodes', { barcode, orderId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return orderScanAnswerSchema.parse(res.body);
}

const row = (a: OrderScanAnswer) => ({
  orderId: a.orderId,
  actionType: a.actionType,
  actionDesc: a.actionDesc,
  clientAction: a.clientAction,
  isError: a.isError,
});

async function setOption(key: string, value: string): Promise<void> {
  expect((await org.admin.put('/api/options', { key, value })).status).toBe(204);
}

describe('order reader: selecting an order', () => {
  it('ORDER:{id} selects the order and answers its panel', async () => {
    const item = await createItem();
    const id = await createOrder({
      deliveryCost: 10,
      cashOnDelivery: true,
      shippingMethod: 'PERSONAL_PICKUP',
      items: [{ code: item.code, name: 'Kubek', quantity: 2, price: 12.5, vat: 23, itemId: item.id }],
    });
    const before = Date.now();
    const a = await scan(` order:${id} `);
    expect(row(a)).toEqual({
      orderId: id,
      actionType: 'ORDER',
      actionDesc: `Wybrano zamówienie ${id} (status „Nowe”).`,
      clientAction: 'NONE',
      isError: false,
    });
    expect(a.actionBarcode).toBe(`ORDER:${id}`);
    expect(new Date(a.date).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(a.panel).toMatchObject({
      id,
      orderStatus: { id: refs.statusId, name: 'Nowe', color: '0000ff' },
      stationary: false,
      sizeA: 0,
      sizeB: 0,
      sizeC: 0,
      weight: 0,
      nextSide: 'A',
      carrier: 'ODBIÓR OSOBISTY',
      billOfLading: null,
      cashOnDelivery: true,
      sumGross: 35,
      currency: 'PLN',
      lines: [{ code: item.code, name: 'Kubek', quantity: 2, packed: 0 }],
      packingStarted: false,
    });
    const again = await org.admin.get(`/api/orders/barcodes/panel?orderId=${id}`);
    expect(again.status).toBe(200);
    expect(orderReaderPanelSchema.parse(again.body)).toEqual(a.panel);
  });

  it('a missing order, unreadable text, item-only codes and codes without an order are red rows', async () => {
    const id = await createOrder();
    expect(row(await scan('ORDER:2000000000', id))).toEqual({
      orderId: null,
      actionType: 'ORDER',
      actionDesc: 'Nie znaleziono zamówienia o ID 2000000000.',
      clientAction: 'NONE',
      isError: true,
    });
    // Unreadable text changes nothing and keeps the order selected.
    const garbage = await scan('żółw', id);
    expect(row(garbage)).toMatchObject({ orderId: id, actionType: 'UNKNOWN', isError: true });
    expect(garbage.actionDesc).toBe(
      'Nieznany kod: „ŻÓŁW”. Zeskanuj kod zamówienia, kod lub GTIN towaru albo kod z arkusza kodów.',
    );
    expect(garbage.panel?.id).toBe(id);
    expect(await scan('  ', id)).toMatchObject({ isError: true, actionDesc: 'Pusty kod. Zeskanuj kod ponownie.' });
    for (const code of ['QTY+5', 'ISTATUS:1', 'IGROUP:1', 'DPRICE:1', 'DTIME:1', 'CAT:1', 'PLACE:1']) {
      expect((await scan(code, id)).actionDesc, code).toBe(
        `Kod „${code}” służy do obsługi towarów. Użyj go w czytniku towarów.`,
      );
    }
    for (const code of ['WEIGHT:100', 'SIZE:100', 'USIZE:1', 'OSTATUS:1', 'ISOURCE:1', 'CMD:SEND', 'CMD:PROBLEM']) {
      expect(row(await scan(code)), code).toMatchObject({
        orderId: null,
        isError: true,
        actionDesc: 'Najpierw zeskanuj kod zamówienia.',
      });
    }
    expect(row(await scan('CMD:RESET', id))).toEqual({
      orderId: null,
      actionType: 'RESET',
      actionDesc: 'Wyczyszczono czytnik.',
      clientAction: 'CLEAR',
      isError: false,
    });
  });

  it('a selected order deleted meanwhile is forgotten', async () => {
    const id = await createOrder();
    expect((await org.admin.delete(`/api/orders?id=${id}`)).status).toBe(204);
    for (const code of ['WEIGHT:100', 'CMD:SEND', 'OSTATUS:1', 'ABC']) {
      const a = await scan(code, id);
      expect({ orderId: a.orderId, isError: a.isError, desc: a.actionDesc, panel: a.panel }, code).toEqual({
        orderId: null,
        isError: true,
        desc: `Wybrane zamówienie ${id} już nie istnieje. Zeskanuj zamówienie ponownie.`,
        panel: null,
      });
    }
    expect((await org.admin.get(`/api/orders/barcodes/panel?orderId=${id}`)).status).toBe(404);
  });

  it('refuses a missing or too long barcode with 400, and users without main.order.edit with 403', async () => {
    const missing = await org.admin.post('/api/orders/barcodes', { orderId: null });
    expect({ status: missing.status, body: missing.body }).toEqual({
      status: 400,
      body: { code: 400, message: 'Podaj zeskanowany kod.', field: 'barcode' },
    });
    expect((await org.admin.post('/api/orders/barcodes', { barcode: 'A'.repeat(501) })).status).toBe(400);
    expect((await org.admin.post('/api/orders/barcodes', { barcode: 'A', orderId: 'x' })).status).toBe(400);
    expect((await org.admin.get('/api/orders/barcodes/panel?orderId=abc')).status).toBe(400);
    const viewer = await createUser(server, org, { login: `podglad${++seq}`, permissions: 'main.order.show' });
    expect((await viewer.client.post('/api/orders/barcodes', { barcode: 'CMD:RESET' })).status).toBe(403);
    expect((await viewer.client.get('/api/orders/barcodes/panel?orderId=1')).status).toBe(403);
  });
});

describe('order reader: parcel sizes, weight and status', () => {
  it('SIZE fills A, B, C in turn across requests; WEIGHT sets the weight; then the status after sizes and weight', async () => {
    await setOption('ORDER_STATUS_AFTER_SIZE_WEIGHT', String(refs.status2Id));
    try {
      const id = await createOrder();
      const a = await scan('SIZE:300', id);
      expect(row(a)).toMatchObject({
        isError: false,
        actionType: 'SIZE',
        actionDesc: `Zamówienie ${id}: ustawiono wymiar A = 300 mm.`,
      });
      expect(a.panel).toMatchObject({ sizeA: 300, nextSide: 'B' });
      expect((await scan('SIZE:200', id)).panel).toMatchObject({ sizeB: 200, nextSide: 'C' });
      const w = await scan('WEIGHT:1500', id);
      expect(w.actionDesc).toBe(`Zamówienie ${id}: ustawiono wagę 1,5 kg.`);
      expect(w.panel).toMatchObject({ weight: 1.5, orderStatus: { id: refs.statusId } });
      const c = await scan('SIZE:100', id);
      expect(c.actionDesc).toBe(
        `Zamówienie ${id}: ustawiono wymiar C = 100 mm. Wymiary i waga kompletne: ustawiono status „Wysłane”.`,
      );
      expect(c.panel).toMatchObject({
        sizeA: 300,
        sizeB: 200,
        sizeC: 100,
        nextSide: 'A',
        orderStatus: { id: refs.status2Id },
      });
      expect(await order(id)).toMatchObject({
        sizeA: 300,
        sizeB: 200,
        sizeC: 100,
        weight: 1.5,
        modifiedByUser: org.adminLogin,
      });
      // The next SIZE starts at A again.
      expect((await scan('SIZE:350', id)).panel).toMatchObject({ sizeA: 350, nextSide: 'B' });
      await expectRollupsInStep(server, orgId());
    } finally {
      await setOption('ORDER_STATUS_AFTER_SIZE_WEIGHT', '');
    }
  });

  it('USIZE sets all three sides; a missing user size is a red row', async () => {
    const size = await org.admin.post<{ id: number }>('/api/user_sizes', {
      name: 'Karton M',
      sizeA: 400,
      sizeB: 300,
      sizeC: 200,
    });
    const id = await createOrder();
    await scan('SIZE:10', id);
    const a = await scan(`USIZE:${size.body.id}`, id);
    expect(row(a)).toMatchObject({
      isError: false,
      actionType: 'USER_SIZE',
      actionDesc: `Zamówienie ${id}: ustawiono rozmiar „Karton M” (400 × 300 × 200 mm).`,
    });
    expect(a.panel).toMatchObject({
      sizeA: 400,
      sizeB: 300,
      sizeC: 200,
      nextSide: 'A',
      orderStatus: { id: refs.statusId },
    });
    expect(row(await scan('USIZE:2000000000', id))).toMatchObject({
      orderId: id,
      isError: true,
      actionDesc: 'Nie znaleziono rozmiaru paczki o ID 2000000000.',
    });
  });

  it('status and income-source codes change the order; a status change after a waybill or dispatch is refused', async () => {
    const id = await createOrder();
    const s = await scan(`OSTATUS:${refs.status2Id}`, id);
    expect(row(s)).toEqual({
      orderId: id,
      actionType: 'ORDER_STATUS',
      actionDesc: `Zamówienie ${id}: ustawiono status „Wysłane”.`,
      clientAction: 'NONE',
      isError: false,
    });
    const src = await scan(`ISOURCE:${refs.source2Id}`, id);
    expect(src.actionDesc).toBe(`Zamówienie ${id}: ustawiono źródło przychodu „Allegro”.`);
    expect(await order(id)).toMatchObject({
      orderStatus: { id: refs.status2Id },
      incomeSource: { id: refs.source2Id },
    });
    expect((await scan('OSTATUS:2000000000', id)).actionDesc).toBe(
      'Nie znaleziono statusu zamówienia o ID 2000000000.',
    );
    expect((await scan('ISOURCE:2000000000', id)).actionDesc).toBe('Nie znaleziono źródła przychodu o ID 2000000000.');

    // A waybill on the order locks its status.
    await tdb().transaction((t) => patchOrder(server.deps, t, id, { billOfLading: 'WB 1' }, null));
    expect(row(await scan(`OSTATUS:${refs.statusId}`, id))).toEqual({
      orderId: id,
      actionType: 'ORDER_STATUS',
      actionDesc: ORDER_READER_STATUS_LOCKED,
      clientAction: 'NONE',
      isError: true,
    });
    // So does a dispatch in the print log, and sizes then no longer move the status.
    const id2 = await createOrder();
    await tdb().transaction((t) => recordOrderPrints(t, [{ orderId: id2, user: 'jan', kind: 'DISPATCH' }], new Date()));
    expect((await scan(`OSTATUS:${refs.status2Id}`, id2)).actionDesc).toBe(ORDER_READER_STATUS_LOCKED);
    await setOption('ORDER_STATUS_AFTER_SIZE_WEIGHT', String(refs.status2Id));
    try {
      const size = await org.admin.post<{ id: number }>('/api/user_sizes', { name: 'K', sizeA: 1, sizeB: 2, sizeC: 3 });
      await scan(`USIZE:${size.body.id}`, id2);
      const w = await scan('WEIGHT:100', id2);
      expect(w).toMatchObject({ isError: false, actionDesc: `Zamówienie ${id2}: ustawiono wagę 0,1 kg.` });
      expect(w.panel?.orderStatus.id).toBe(refs.statusId);
    } finally {
      await setOption('ORDER_STATUS_AFTER_SIZE_WEIGHT', '');
    }
    expect((await order(id)).orderStatus).toMatchObject({ id: refs.status2Id });
    await expectRollupsInStep(server, orgId());
  });

  it('the problem code flags the order once', async () => {
    const id = await createOrder();
    expect(row(await scan('CMD:PROBLEM', id))).toEqual({
      orderId: id,
      actionType: 'COMMAND',
      actionDesc: `Zamówienie ${id}: zgłoszono problem.`,
      clientAction: 'NONE',
      isError: false,
    });
    expect((await order(id)).problem).toBe('Problem zgłoszony czytnikiem kodów kreskowych.');
    expect((await scan('CMD:PROBLEM', id)).actionDesc).toBe(`Zamówienie ${id} ma już zgłoszony problem.`);
    await expectRollupsInStep(server, orgId());
  });
});

describe('order reader: waybill, document and the packing check', () => {
  it('the waybill code answers SEND_PARCEL, then PRINT_BOL once the order has a waybill; the document code PRINT_DOCUMENT', async () => {
    const id = await createOrder();
    expect(row(await scan('CMD:SEND', id))).toEqual({
      orderId: id,
      actionType: 'COMMAND',
      actionDesc: `Zamówienie ${id}: nadanie przesyłki.`,
      clientAction: 'SEND_PARCEL',
      isError: false,
    });
    await tdb().transaction((t) => patchOrder(server.deps, t, id, { billOfLading: 'WB 77' }, null));
    expect(row(await scan('CMD:SEND', id))).toMatchObject({
      clientAction: 'PRINT_BOL',
      actionDesc: `Zamówienie ${id}: ponowny wydruk listu przewozowego WB 77.`,
    });
    expect(row(await scan('CMD:DOCUMENT', id))).toMatchObject({
      isError: true,
      clientAction: 'NONE',
      actionDesc: 'Brak danych do wydruku faktury',
    });
    const withInvoice = await createOrder({
      invoice: { nameSurname: 'Jan Kowalski', address: 'Długa 1', postCode: '00-001', city: 'Warszawa' },
    });
    expect(row(await scan('CMD:DOCUMENT', withInvoice))).toEqual({
      orderId: withInvoice,
      actionType: 'COMMAND',
      actionDesc: `Zamówienie ${withInvoice}: wydruk dokumentu.`,
      clientAction: 'PRINT_DOCUMENT',
      isError: false,
    });
  });

  it('a stationary order: its document is the receipt once the invoicing plugin is installed, even without invoice data', async () => {
    // An organisation of its own: installing the plugin changes only its stationary orders.
    const other = await createOrg(server);
    await createOrderRefs(other.admin);
    const create = async (overrides: Record<string, unknown>) => {
      const res = await other.admin.post<{ id: number }>('/api/orders', orderBody(overrides));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.id;
    };
    const shop = await create({ stationary: true, invoice: null });
    const online = await create({});
    const selected = await scan(`ORDER:${shop}`, null, other.admin);
    expect(selected.panel).toMatchObject({ id: shop, stationary: true });
    // Without the plugin the invoice rules stand: no invoice data, a red row.
    expect(row(await scan('CMD:DOCUMENT', shop, other.admin))).toMatchObject({
      isError: true,
      clientAction: 'NONE',
      actionDesc: 'Brak danych do wydruku faktury',
    });
    const installed = await other.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'invoicing' } });
    expect(installed.status).toBe(204);
    expect(row(await scan('CMD:DOCUMENT', shop, other.admin))).toEqual({
      orderId: shop,
      actionType: 'COMMAND',
      actionDesc: `Zamówienie ${shop}: wystawienie paragonu.`,
      clientAction: 'PRINT_DOCUMENT',
      isError: false,
    });
    // An order that is not stationary still needs its invoice data.
    expect(row(await scan('CMD:DOCUMENT', online, other.admin))).toMatchObject({
      isError: true,
      actionDesc: 'Brak danych do wydruku faktury',
    });
    const panel = orderReaderPanelSchema.parse(
      (await other.admin.get(`/api/orders/barcodes/panel?orderId=${online}`)).body,
    );
    expect(panel.stationary).toBe(false);
  });

  it('items are checked off by code or GTIN; wrong and extra items are red rows; dispatch waits for every line', async () => {
    const a = await createItem({ gtin: '5901234123457' });
    const b = await createItem();
    const other = await createItem();
    const id = await createOrder({
      items: [
        { code: a.code, name: 'A', quantity: 2, price: 1, vat: 23, itemId: a.id },
        { code: b.code, name: 'B', quantity: 1, price: 1, vat: 23, itemId: b.id },
        { code: 'luzem-1', name: 'Bez towaru', quantity: 1, price: 1, vat: 23, itemId: null },
      ],
    });
    const first = await scan(a.code.toLowerCase(), id);
    expect(row(first)).toEqual({
      orderId: id,
      actionType: 'ITEM',
      actionDesc: `Zamówienie ${id}: spakowano ${a.code} (1 z 2).`,
      clientAction: 'NONE',
      isError: false,
    });
    expect(first.panel).toMatchObject({ packingStarted: true, lines: [{ packed: 1 }, { packed: 0 }, { packed: 0 }] });

    const missing = await scan('CMD:SEND', id);
    expect(row(missing)).toEqual({
      orderId: id,
      actionType: 'COMMAND',
      actionDesc: `Nie można nadać przesyłki zamówienia ${id}: brakuje towarów ${a.code} × 1, ${b.code} × 1, luzem-1 × 1.`,
      clientAction: 'NONE',
      isError: true,
    });

    expect((await scan('5901234123457', id)).actionDesc).toBe(`Zamówienie ${id}: spakowano ${a.code} (2 z 2).`);
    expect(row(await scan(a.code, id))).toMatchObject({
      isError: true,
      orderId: id,
      actionDesc: `Nadmiarowy towar: ${a.code} — zamówienie ${id} ma 2 szt. i wszystkie już spakowano.`,
    });
    expect(row(await scan(other.code, id))).toMatchObject({
      isError: true,
      orderId: id,
      actionDesc: `Błędny towar: „${other.code}” nie należy do zamówienia ${id}.`,
    });
    expect((await scan('NIE-MA-TAKIEGO', id)).actionDesc).toBe(
      `Błędny towar: „NIE-MA-TAKIEGO” nie należy do zamówienia ${id}.`,
    );
    await scan(b.code, id);
    const last = await scan('LUZEM-1', id);
    expect(last.actionDesc).toBe(`Zamówienie ${id}: spakowano luzem-1 (1 z 1). Wszystkie towary spakowane.`);
    expect(last.panel?.lines.map((l) => l.packed)).toEqual([2, 1, 1]);
    expect((await scan('CMD:SEND', id)).clientAction).toBe('SEND_PARCEL');
    // An item scanned without an order selected.
    expect(row(await scan(a.code))).toMatchObject({
      orderId: null,
      isError: true,
      actionDesc: 'Najpierw zeskanuj kod zamówienia.',
    });
  });

  it('an edit of the order lines starts the packing check afresh', async () => {
    const a = await createItem();
    const id = await createOrder({
      items: [{ code: a.code, name: 'A', quantity: 2, price: 1, vat: 23, itemId: a.id }],
    });
    await scan(a.code, id);
    const put = await org.admin.put('/api/orders', {
      id,
      orderStatusId: refs.statusId,
      incomeSourceId: refs.sourceId,
      deliveryCost: 0,
      deliveryVat: 23,
      itemsChanged: true,
      items: [{ code: a.code, name: 'A', quantity: 3, price: 1, vat: 23, itemId: a.id }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const panel = orderReaderPanelSchema.parse((await org.admin.get(`/api/orders/barcodes/panel?orderId=${id}`)).body);
    expect(panel).toMatchObject({ packingStarted: false, lines: [{ quantity: 3, packed: 0 }] });
  });

  it('two readers scanning one order at once never pack more than ordered and keep A, B, C', async () => {
    const a = await createItem();
    const id = await createOrder({
      items: [{ code: a.code, name: 'A', quantity: 5, price: 1, vat: 23, itemId: a.id }],
    });
    const second = await createUser(server, org, { login: `pakowacz${++seq}`, permissions: 'main.order.edit' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => scan(a.code, id, i % 2 ? second.client : org.admin)),
    );
    expect(answers.filter((x) => !x.isError)).toHaveLength(5);
    expect(answers.filter((x) => x.isError)).toHaveLength(3);
    const sides = await Promise.all(
      [100, 200, 300].map((mm, i) => scan(`SIZE:${mm}`, id, i % 2 ? second.client : org.admin)),
    );
    expect(sides.map((s) => s.actionDesc.match(/wymiar (\w)/)?.[1]).sort()).toEqual(['A', 'B', 'C']);
    const panel = orderReaderPanelSchema.parse((await org.admin.get(`/api/orders/barcodes/panel?orderId=${id}`)).body);
    expect(panel).toMatchObject({ lines: [{ packed: 5 }], nextSide: 'A' });
    expect([panel.sizeA, panel.sizeB, panel.sizeC].sort()).toEqual([100, 200, 300]);
  });
});

describe('order reader: the scan log', () => {
  it('every scan is one row per user with its answer', async () => {
    const user = await createUser(server, org, { login: `logujacy${++seq}`, permissions: 'main.order.edit' });
    const id = await createOrder();
    await scan(`ORDER:${id}`, null, user.client);
    await scan('OSTATUS:2000000000', id, user.client);
    await scan('CMD:RESET', id, user.client);
    const rows = await tdb()
      .selectFrom('order_scans')
      .select(['order_id', 'barcode', 'action_type', 'description', 'client_action', 'is_error'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        order_id: id,
        barcode: `ORDER:${id}`,
        action_type: 'ORDER',
        description: `Wybrano zamówienie ${id} (status „Nowe”).`,
        client_action: 'NONE',
        is_error: 0,
      },
      {
        order_id: id,
        barcode: 'OSTATUS:2000000000',
        action_type: 'ORDER_STATUS',
        description: 'Nie znaleziono statusu zamówienia o ID 2000000000.',
        client_action: 'NONE',
        is_error: 1,
      },
      {
        order_id: null,
        barcode: 'CMD:RESET',
        action_type: 'RESET',
        description: 'Wyczyszczono czytnik.',
        client_action: 'CLEAR',
        is_error: 0,
      },
    ]);
  });
});
