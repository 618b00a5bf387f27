import { orderSchema, type Order, type OrderMassResult } from '@zaplecze/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TenantDb } from '../../db/tenant';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';
import { createOrderRefs, expectRollupsInStep, line, orderBody, type OrderRefs } from '../../../test/orders';
import { setFlag, stockedItem } from '../../../test/ledger';
import { verifyLedger } from '../stock';
import { MSG } from '../../platform/messages.pl';

/**
 * POST /orders/mass_delete, /orders/mass_edit and /orders/divide through HTTP (docs/decisions.md,
 * Orders: mass calls and split): results, Polish 400s, 404s, permissions, stock through the ledger.
 */

let server: TestServer;
let org: TestOrg;
let refs: OrderRefs;
let itemStatusId: number;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  refs = await createOrderRefs(org.admin);
  itemStatusId = (await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny' })).body.id;
  await setFlag(org.admin, 'WAREHOUSE_AUTO_COMMIT', true);
});
afterAll(() => server.close());
// Every write of this file keeps the summaries' roll-ups equal to a recomputation.
afterEach(() => expectRollupsInStep(server, org.token.user.organization.id));

const item = (countWare: number) => stockedItem(org.admin, itemStatusId, `W-${++seq}`, countWare);
const stock = async (id: number) =>
  (await org.admin.get<{ items: { countWare: number }[] }>(`/api/items?id=${id}`)).body.items[0]?.countWare;
const get = async (id: number) => {
  const res = await org.admin.get<{ orders: Order[] }>(`/api/orders?id=${id}`);
  return res.status === 200 ? orderSchema.parse(res.body.orders[0]) : undefined;
};
async function create(body: Record<string, unknown>): Promise<Order> {
  const res = await org.admin.post<Order>('/api/orders', orderBody(body));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return orderSchema.parse(res.body);
}
async function ledgerClean(): Promise<void> {
  const verdict = await verifyLedger(new TenantDb(server.deps.db, org.token.user.organization.id));
  expect(verdict.differences).toEqual([]);
}

describe('POST /orders/mass_delete', () => {
  it('deletes the found orders, reports missing ids, and gives the linked lines their stock back', async () => {
    const a = await item(10);
    const b = await item(10);
    const o1 = await create({ items: [line(a, 2), line(b, 1), line(null, 5)] });
    const o2 = await create({ items: [line(a, 3)] });
    const keep = await create({ items: [line(b, 4)] });
    expect([await stock(a), await stock(b)]).toEqual([5, 5]);

    const res = await org.admin.post<OrderMassResult>('/api/orders/mass_delete', {
      ids: [o1.id, 2_000_000_000, o2.id, o1.id],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: [o1.id, o2.id], err: [], notFound: [2_000_000_000] });
    expect(await get(o1.id)).toBeUndefined();
    expect(await get(o2.id)).toBeUndefined();
    expect((await get(keep.id))?.items).toHaveLength(1);
    expect([await stock(a), await stock(b)]).toEqual([10, 6]);
    await ledgerClean();
  });

  it('refuses an empty list and more than 100 ids in Polish', async () => {
    const empty = await org.admin.post('/api/orders/mass_delete', { ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: 'Nie wybrano zamówień.' });
    const many = await org.admin.post('/api/orders/mass_delete', { ids: Array.from({ length: 101 }, (_, i) => i + 1) });
    expect(many.status).toBe(400);
    expect(many.body).toMatchObject({ message: 'Jedno wywołanie może objąć najwyżej 100 zamówień.' });
    const bad = await org.admin.post('/api/orders/mass_delete', { ids: ['x'] });
    expect(bad.status).toBe(400);
  });
});

describe('POST /orders/mass_edit', () => {
  it('sets only the ticked fields on every found order, and a retried key answers the first result', async () => {
    const o1 = await create({ deliveryCost: 10, deliveryVat: 23, items: [line(null, 1)] });
    const o2 = await create({ deliveryCost: 20, deliveryVat: 8, items: [] });
    const body = {
      ids: [o1.id, o2.id, 2_000_000_001],
      data: { deliveryCost: '12,5', orderStatusId: refs.status2Id },
      idempotencyKey: `orders-mass-${seq}-abcdef`,
    };
    const res = await org.admin.post<OrderMassResult>('/api/orders/mass_edit', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: [o1.id, o2.id], err: [], notFound: [2_000_000_001] });
    for (const [o, vat] of [
      [o1, 23],
      [o2, 8],
    ] as const) {
      const now = await get(o.id);
      expect(now).toMatchObject({ deliveryCost: 12.5, deliveryVat: vat, orderStatus: { id: refs.status2Id } });
      expect(now?.incomeSource.id).toBe(o.incomeSource.id);
      expect(now?.modifiedByUser).toBe(org.token.user.login);
    }
    expect((await get(o1.id))?.orderSummary.sumGross).toBe(22.5);

    // A change in between, then the same batch again: answered from the first run, not applied.
    await org.admin.post('/api/orders/mass_edit', { ids: [o1.id], data: { deliveryCost: 1 } });
    const retry = await org.admin.post<OrderMassResult>('/api/orders/mass_edit', body);
    expect(retry.body).toEqual(res.body);
    expect((await get(o1.id))?.deliveryCost).toBe(1);
  });

  it('the same idempotency key with other data answers 422 in Polish and changes nothing', async () => {
    const o1 = await create({ deliveryCost: 10, items: [] });
    const o2 = await create({ deliveryCost: 20, items: [] });
    const key = `orders-reused-${seq}-abcdef`;
    const body = { ids: [o1.id], data: { deliveryCost: 11 }, idempotencyKey: key };
    expect((await org.admin.post('/api/orders/mass_edit', body)).body).toEqual({ ok: [o1.id], err: [], notFound: [] });
    for (const changed of [
      { ...body, ids: [o2.id] },
      { ...body, data: { deliveryCost: 12 } },
    ]) {
      const res = await org.admin.post('/api/orders/mass_edit', changed);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ code: 422, message: MSG.idempotencyKeyReused });
    }
    expect((await get(o1.id))?.deliveryCost).toBe(11);
    expect((await get(o2.id))?.deliveryCost).toBe(20);
    const same = await org.admin.post('/api/orders/mass_edit', {
      idempotencyKey: key,
      data: { deliveryCost: 11 },
      ids: [o1.id],
    });
    expect(same.status).toBe(200);
    expect(same.body).toEqual({ ok: [o1.id], err: [], notFound: [] });
  });

  it('sets the VAT and the income source', async () => {
    const o = await create({ items: [] });
    const res = await org.admin.post('/api/orders/mass_edit', {
      ids: [o.id],
      data: { deliveryVat: 5, incomeSourceId: refs.source2Id },
    });
    expect(res.body).toEqual({ ok: [o.id], err: [], notFound: [] });
    expect(await get(o.id)).toMatchObject({ deliveryVat: 5, incomeSource: { id: refs.source2Id } });
  });

  it('refuses nothing ticked, bad values and foreign references in Polish, changing nothing', async () => {
    const o = await create({ deliveryCost: 3, items: [] });
    const cases: [unknown, string][] = [
      [{}, 'Nie wybrano pól do masowej edycji.'],
      [{ deliveryCost: -1 }, 'Kwota musi być liczbą od 0 do 99999999,99 z najwyżej dwoma miejscami po przecinku.'],
      [{ deliveryCost: '1.234' }, 'Kwota musi być liczbą od 0 do 99999999,99 z najwyżej dwoma miejscami po przecinku.'],
      [
        { deliveryVat: 101 },
        'Stawka VAT musi być liczbą od 0 do 100 z najwyżej dwoma miejscami po przecinku albo jedną ze stawek zw, np, oo.',
      ],
      [{ orderStatusId: 2_000_000_000 }, 'Wybrany status zamówienia nie istnieje.'],
      [{ incomeSourceId: 2_000_000_000 }, 'Wybrane źródło przychodu nie istnieje.'],
    ];
    for (const [data, message] of cases) {
      const res = await org.admin.post('/api/orders/mass_edit', { ids: [o.id], data });
      expect(res.status, JSON.stringify(data)).toBe(400);
      expect(res.body).toMatchObject({ message });
    }
    const shortKey = await org.admin.post('/api/orders/mass_edit', {
      ids: [o.id],
      data: { deliveryCost: 9 },
      idempotencyKey: 'abc',
    });
    expect(shortKey.status).toBe(400);
    expect(shortKey.body).toMatchObject({ field: 'idempotencyKey' });
    // Another organisation's status is refused like a missing one.
    const other = await createOrg(server);
    const theirs = await other.admin.post<{ id: number }>('/api/order_statuses', { name: 'Cudzy' });
    const foreign = await org.admin.post('/api/orders/mass_edit', {
      ids: [o.id],
      data: { orderStatusId: theirs.body.id },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({
      message: 'Wybrany status zamówienia nie istnieje.',
      field: 'data.orderStatusId',
    });
    expect((await get(o.id))?.deliveryCost).toBe(3);
  });
});

describe('POST /orders/divide', () => {
  it('moves the chosen quantities into a new order, sets both delivery costs, keeps quantities and stock', async () => {
    const a = await item(10);
    const b = await item(10);
    const src = await create({
      deliveryCost: 20,
      billOfLading: 'LIST-1',
      sizeA: 10,
      weight: 2,
      invoice: { nameSurname: 'Jan', invoiceNumber: 'FV 1/11/2026' },
      items: [line(a, 3, { price: 0.1 }), line(b, 2, { price: 0.2 }), line(null, 1, { code: 'USL', price: 5 })],
    });
    const changesBefore = await server.deps.db
      .selectFrom('warehouse_changes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const [la, lb, lu] = src.items;
    const res = await org.admin.post<{ id: number }>('/api/orders/divide', {
      orderId: src.id,
      oldDeliveryCost: '12,30',
      newDeliveryCost: 7.7,
      itemsToMove: [
        { lineId: la!.id, code: la!.code, count: 1 },
        { lineId: lb!.id, count: 2 },
        { lineId: lu!.id, count: 0 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const old = await get(src.id);
    const added = await get(res.body.id);
    expect(old?.items.map((l) => [l.itemId, l.quantity, l.price])).toEqual([
      [a, 2, 0.1],
      [null, 1, 5],
    ]);
    expect(added?.items.map((l) => [l.itemId, l.quantity, l.price])).toEqual([
      [a, 1, 0.1],
      [b, 2, 0.2],
    ]);
    expect(old).toMatchObject({ deliveryCost: 12.3, billOfLading: 'LIST-1', sizeA: 10, weight: 2 });
    expect(old?.orderSummary.sumGross).toBe(17.5);
    expect(added).toMatchObject({
      deliveryCost: 7.7,
      billOfLading: null,
      sizeA: 0,
      weight: 0,
      orderDate: src.orderDate,
      orderStatus: src.orderStatus,
      incomeSource: src.incomeSource,
      clientData: src.clientData,
      invoice: { nameSurname: 'Jan', invoiceNumber: null, invoiceMailSent: false },
    });
    expect(added?.uuid).not.toBe(src.uuid);
    expect(added?.orderSummary.sumGross).toBe(8.2);
    expect([await stock(a), await stock(b)]).toEqual([7, 8]);
    const changesAfter = await server.deps.db
      .selectFrom('warehouse_changes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(changesAfter.n)).toBe(Number(changesBefore.n));
    await ledgerClean();

    // Deleting the new order gives its goods back; the old one still holds the rest.
    expect((await org.admin.delete(`/api/orders?id=${res.body.id}`)).status).toBe(204);
    expect([await stock(a), await stock(b)]).toEqual([8, 10]);
    await ledgerClean();
  });

  it('refuses bad moves in Polish, naming the field, and changes nothing', async () => {
    const src = await create({ deliveryCost: 5, items: [line(null, 2, { code: 'A' }), line(null, 1, { code: 'B' })] });
    const other = await create({ items: [line(null, 1)] });
    const [l1, l2] = src.items;
    const base = { orderId: src.id, oldDeliveryCost: 1, newDeliveryCost: 1 };
    const cases: [unknown, string, string | undefined][] = [
      [[{ lineId: l1!.id, count: 0 }], 'Wybierz co najmniej jedną pozycję do przeniesienia.', 'itemsToMove'],
      [[], 'Wybierz co najmniej jedną pozycję do przeniesienia.', 'itemsToMove'],
      [
        [{ lineId: l1!.id, count: -1 }],
        'Liczba do przeniesienia musi być liczbą całkowitą od 0 do ilości w zamówieniu.',
        'itemsToMove.0.count',
      ],
      [
        [{ lineId: l1!.id, count: 1.5 }],
        'Liczba do przeniesienia musi być liczbą całkowitą od 0 do ilości w zamówieniu.',
        'itemsToMove.0.count',
      ],
      [
        [{ lineId: l1!.id, count: 3 }],
        `Z pozycji o ID ${l1!.id} można przenieść najwyżej 2 szt.`,
        'itemsToMove.0.count',
      ],
      [
        [{ lineId: other.items[0]!.id, count: 1 }],
        `Pozycja o ID ${other.items[0]!.id} nie należy do tego zamówienia.`,
        'itemsToMove.0.lineId',
      ],
      [
        [{ lineId: l1!.id, code: 'B', count: 1 }],
        `Kod pozycji o ID ${l1!.id} nie zgadza się z zamówieniem.`,
        'itemsToMove.0.code',
      ],
      [
        [
          { lineId: l1!.id, count: 1 },
          { lineId: l1!.id, count: 1 },
        ],
        `Pozycja o ID ${l1!.id} występuje więcej niż raz.`,
        'itemsToMove.1.lineId',
      ],
      [
        [
          { lineId: l1!.id, count: 2 },
          { lineId: l2!.id, count: 1 },
        ],
        'Nie można przenieść wszystkich pozycji: w dzielonym zamówieniu musi coś zostać.',
        'itemsToMove',
      ],
    ];
    for (const [itemsToMove, message, field] of cases) {
      const res = await org.admin.post('/api/orders/divide', { ...base, itemsToMove });
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ message, field });
    }
    const cost = await org.admin.post('/api/orders/divide', {
      ...base,
      oldDeliveryCost: -1,
      itemsToMove: [{ lineId: l1!.id, count: 1 }],
    });
    expect(cost.status).toBe(400);
    expect(cost.body).toMatchObject({ field: 'oldDeliveryCost' });
    expect(await get(src.id)).toEqual(src);
  });

  it("accepts the spec's own request: itemsToMove of code and count, no lineId", async () => {
    const a = await item(10);
    const src = await create({
      deliveryCost: 20,
      items: [line(a, 3, { code: 'KUB-1' }), line(null, 2, { code: 'USL' })],
    });
    // docs/rules/catalogue-and-orders-rules.md §3 Split request, exactly: orderId, oldDeliveryCost, newDeliveryCost,
    // itemsToMove (code, count).
    const res = await org.admin.post<{ id: number }>('/api/orders/divide', {
      orderId: src.id,
      oldDeliveryCost: 10,
      newDeliveryCost: 10,
      itemsToMove: [
        { code: 'KUB-1', count: 2 },
        { code: 'USL', count: 0 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await get(src.id))?.items.map((l) => [l.code, l.quantity])).toEqual([
      ['KUB-1', 1],
      ['USL', 2],
    ]);
    expect((await get(res.body.id))?.items.map((l) => [l.code, l.itemId, l.quantity])).toEqual([['KUB-1', a, 2]]);
    expect(await stock(a)).toBe(7);
    await ledgerClean();
  });

  it('a code on several lines without lineId takes the count from those lines in order', async () => {
    const src = await create({
      items: [
        line(null, 2, { code: 'A', price: 1 }),
        line(null, 1, { code: 'B' }),
        line(null, 3, { code: 'A', price: 2 }),
      ],
    });
    const res = await org.admin.post<{ id: number }>('/api/orders/divide', {
      orderId: src.id,
      oldDeliveryCost: 1,
      newDeliveryCost: 1,
      itemsToMove: [{ code: 'A', count: 4 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await get(src.id))?.items.map((l) => [l.code, l.quantity, l.price])).toEqual([
      ['B', 1, 10],
      ['A', 1, 2],
    ]);
    expect((await get(res.body.id))?.items.map((l) => [l.code, l.quantity, l.price])).toEqual([
      ['A', 2, 1],
      ['A', 2, 2],
    ]);

    const again = await create({ items: [line(null, 2, { code: 'A' }), line(null, 1, { code: 'B' })] });
    const [la] = again.items;
    const base = { orderId: again.id, oldDeliveryCost: 1, newDeliveryCost: 1 };
    const cases: [unknown, string, string][] = [
      [[{ code: 'A', count: 3 }], 'Z pozycji o kodzie A można przenieść najwyżej 2 szt.', 'itemsToMove.0.count'],
      [[{ code: 'ZZZ', count: 1 }], 'W zamówieniu nie ma pozycji o kodzie ZZZ.', 'itemsToMove.0.code'],
      [[{ count: 1 }], 'Podaj kod pozycji lub jej ID.', 'itemsToMove.0.code'],
      [
        [
          { code: 'A', count: 1 },
          { code: 'A', count: 1 },
        ],
        'Pozycje o kodzie A występują w żądaniu więcej niż raz.',
        'itemsToMove.1.code',
      ],
      [
        [
          { code: 'A', count: 1 },
          { lineId: la!.id, count: 1 },
        ],
        `Pozycja o ID ${la!.id} występuje więcej niż raz.`,
        'itemsToMove.1.lineId',
      ],
      [
        [{ code: 'A', count: '1e0' }],
        'Liczba do przeniesienia musi być liczbą całkowitą od 0 do ilości w zamówieniu.',
        'itemsToMove.0.count',
      ],
    ];
    for (const [itemsToMove, message, field] of cases) {
      const bad = await org.admin.post('/api/orders/divide', { ...base, itemsToMove });
      expect(bad.status, message).toBe(400);
      expect(bad.body).toMatchObject({ message, field });
    }
    expect(await get(again.id)).toEqual(again);
  });

  it('answers 404 in Polish for a missing order', async () => {
    const res = await org.admin.post('/api/orders/divide', {
      orderId: 2_000_000_000,
      oldDeliveryCost: 1,
      newDeliveryCost: 1,
      itemsToMove: [{ lineId: 1, count: 1 }],
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message: 'Nie znaleziono zamówienia.' });
  });
});

describe('permissions', () => {
  it('the three calls need main.order.edit', async () => {
    const o = await create({ items: [line(null, 2)] });
    const reader = await createUser(server, org, { login: `czyt${++seq}`, permissions: 'main.order.show' });
    const calls: [string, unknown][] = [
      ['/api/orders/mass_delete', { ids: [o.id] }],
      ['/api/orders/mass_edit', { ids: [o.id], data: { deliveryCost: 1 } }],
      [
        '/api/orders/divide',
        { orderId: o.id, oldDeliveryCost: 1, newDeliveryCost: 1, itemsToMove: [{ lineId: o.items[0]!.id, count: 1 }] },
      ],
    ];
    for (const [url, body] of calls) expect((await reader.client.post(url, body)).status, url).toBe(403);
    const editor = await createUser(server, org, { login: `edyt${++seq}`, permissions: 'main.order.edit' });
    expect((await editor.client.post('/api/orders/mass_edit', calls[1]![1])).status).toBe(200);
    expect(await get(o.id)).toMatchObject({ deliveryCost: 1, items: o.items });
  });
});

describe('concurrent writes', () => {
  it('creates, edits, mass edits, splits, copies and deletes of orders of one day and item all succeed and keep the roll-ups exact', async () => {
    const a = await item(1000);
    const orderDate = '2025-09-09T09:09:09Z';
    const base = await Promise.all(
      Array.from({ length: 24 }, () => create({ orderDate, items: [line(a, 2, { price: 0.1 }), line(null, 1)] })),
    );
    const ids = base.map((o) => o.id);
    const calls: Promise<number>[] = [];
    for (let i = 0; i < 6; i++) {
      calls.push(
        org.admin
          .post('/api/orders/mass_edit', {
            ids: [ids[i]!, ids[i + 6]!, ids[(i * 5) % 24]!],
            data: { orderStatusId: i % 2 ? refs.status2Id : refs.statusId, deliveryCost: i },
          })
          .then((r) => r.status),
      );
      const split = base[12 + i]!;
      calls.push(
        org.admin
          .post('/api/orders/divide', {
            orderId: split.id,
            oldDeliveryCost: 1,
            newDeliveryCost: 2,
            itemsToMove: [{ lineId: split.items[0]!.id, count: 1 }],
          })
          .then((r) => r.status),
      );
      calls.push(org.admin.delete(`/api/orders?id=${ids[18 + i]!}`).then((r) => r.status));
      calls.push(
        org.admin.post('/api/orders/copy', { id: ids[i]! }).then((r) => r.status),
        org.admin.post('/api/orders', orderBody({ orderDate, items: [line(a, 1)] })).then((r) => r.status),
        org.admin.post('/api/orders/mass_delete', { ids: [ids[(i * 7) % 24]!] }).then((r) => r.status),
      );
    }
    const statuses = await Promise.all(calls);
    // A mass delete may take an order that a split or a plain delete wanted at the same moment.
    expect(statuses.filter((s) => ![200, 204, 404].includes(s))).toEqual([]);
    await ledgerClean();
  });

  it('deleting an item while orders of it are saved never deadlocks, and the roll-ups stay exact', async () => {
    const a = await item(1000);
    const b = await item(1000);
    const orderDate = '2025-10-10T10:10:10Z';
    const base = await Promise.all(
      Array.from({ length: 12 }, () => create({ orderDate, items: [line(a, 1), line(b, 1)] })),
    );
    const calls = [
      org.admin.delete(`/api/items?id=${a}`).then((r) => r.status),
      ...base.map((o, i) =>
        org.admin
          .put('/api/orders', {
            ...orderBody({ orderDate, items: [line(b, 2)] }),
            id: o.id,
            orderStatusId: refs.status2Id,
            incomeSourceId: o.incomeSource.id,
            itemsChanged: i % 2 === 0,
          })
          .then((r) => r.status),
      ),
      org.admin.post('/api/orders', orderBody({ orderDate, items: [line(b, 1), line(a, 1)] })).then((r) => r.status),
    ];
    const statuses = await Promise.all(calls);
    // A save that read its lines before the item went and reaches the ledger after it is refused
    // by the ledger (404, the item no longer exists); a new order after it with 400. Never a 500.
    expect(statuses.filter((s) => ![200, 204, 400, 404].includes(s))).toEqual([]);
    await ledgerClean();
  });
});
