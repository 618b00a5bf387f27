import { warehouseChangesAnswerSchema, type Order, type WarehouseChange } from '@zaplecze/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantDb } from '../../db/tenant';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';
import { createOrderRefs, line, orderBody, type OrderRefs } from '../../../test/orders';
import { verifyLedger } from '../stock';
import { setFlag, stockedItem, warsawMonthQuery } from '../../../test/ledger';

/**
 * Order lines move stock through the ledger (docs/decisions.md, Orders): create, edit, copy and
 * delete, with auto-commit on and off, the skip-zero options, and 200 concurrent orders.
 */

let server: TestServer;
let org: TestOrg;
let refs: OrderRefs;
let statusId: number;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  refs = await createOrderRefs(org.admin);
  statusId = (await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny' })).body.id;
});
afterAll(() => server.close());

const stock = async (id: number) =>
  (await org.admin.get<{ items: { countWare: number }[] }>(`/api/items?id=${id}`)).body.items[0]?.countWare;

/** The ORDER changes of these items, oldest first, as [itemId, quantity, orderId, committed]. */
async function orderChanges(itemIds: number[]): Promise<[number | null, number, number | null, boolean][]> {
  const res = await org.admin.get(`/api/warehouse_changes?${warsawMonthQuery()}&perPage=10000`);
  expect(res.status).toBe(200);
  return warehouseChangesAnswerSchema
    .parse(res.body)
    .warehouseChanges.filter((c: WarehouseChange) => c.type === 'ORDER' && itemIds.includes(c.item.id ?? -1))
    .sort((a, b) => a.id - b.id)
    .map((c) => [c.item.id, c.quantity, c.order?.id ?? null, c.commited]);
}

async function post(body: Record<string, unknown>): Promise<Order> {
  const res = await org.admin.post<Order>('/api/orders', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function put(order: Order, items: unknown[], itemsChanged = true): Promise<Order> {
  const res = await org.admin.put<Order>('/api/orders', {
    ...orderBody(),
    id: order.id,
    orderStatusId: order.orderStatus.id,
    incomeSourceId: order.incomeSource.id,
    itemsChanged,
    items,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('order lines and stock, auto-commit on', () => {
  beforeAll(() => setFlag(org.admin, 'WAREHOUSE_AUTO_COMMIT', true));
  afterAll(() => setFlag(org.admin, 'WAREHOUSE_AUTO_COMMIT', false));

  it('create takes, raising takes more, lowering gives back, moving a line swaps items, delete gives all back', async () => {
    const a = await stockedItem(org.admin, statusId, `S-${++seq}`, 10);
    const b = await stockedItem(org.admin, statusId, `S-${++seq}`, 10);
    const order = await post(orderBody({ items: [line(a, 2), line(null, 7, { code: 'LUZEM' })] }));
    expect([await stock(a), await stock(b)]).toEqual([8, 10]);

    await put(order, [line(a, 5)]);
    expect(await stock(a)).toBe(5);
    await put(order, [line(a, 1)]);
    expect(await stock(a)).toBe(9);
    // Unchanged lines, or none sent without itemsChanged: nothing recorded.
    await put(order, [line(a, 1)]);
    await put(order, [], false);
    expect(await stock(a)).toBe(9);
    // The line's item changed: back to the old item, taken from the new one.
    await put(order, [line(b, 1)]);
    expect([await stock(a), await stock(b)]).toEqual([10, 9]);
    await put(order, [line(b, 1), line(a, 3), line(b, 2)]);
    expect([await stock(a), await stock(b)]).toEqual([7, 7]);

    expect((await org.admin.delete(`/api/orders?id=${order.id}`)).status).toBe(204);
    expect([await stock(a), await stock(b)]).toEqual([10, 10]);

    // Every change is an ORDER change, committed; the deleted order's changes lost their link.
    expect(await orderChanges([a, b])).toEqual([
      [a, -2, null, true],
      [a, -3, null, true],
      [a, 4, null, true],
      [a, 1, null, true],
      [b, -1, null, true],
      [a, -3, null, true],
      [b, -2, null, true],
      [a, 3, null, true],
      [b, 3, null, true],
    ]);
    expect((await verifyLedger(new TenantDb(server.deps.db, org.token.user.organization.id))).differences).toEqual([]);
  });

  it('changes of a live order carry its id; a copy takes stock like a new order', async () => {
    const a = await stockedItem(org.admin, statusId, `S-${++seq}`, 10);
    const order = await post(orderBody({ items: [line(a, 2), line(a, 1)] }));
    const res = await org.admin.post<Order>('/api/orders/copy', { id: order.id });
    expect(res.status).toBe(200);
    expect(await stock(a)).toBe(4);
    expect(await orderChanges([a])).toEqual([
      [a, -3, order.id, true],
      [a, -3, res.body.id, true],
    ]);
  });

  it('skip-zero options: a decrease on stock 0 (or an increase on stock 0) from an order is not added', async () => {
    const a = await stockedItem(org.admin, statusId, `S-${++seq}`, 0);
    await setFlag(org.admin, 'WAREHOUSE_SKIP_ZERO_MINUS', true);
    try {
      const order = await post(orderBody({ items: [line(a, 2)] }));
      expect(await stock(a)).toBe(0);
      expect(await orderChanges([a])).toEqual([]);
      await setFlag(org.admin, 'WAREHOUSE_SKIP_ZERO_PLUS', true);
      await put(order, []);
      expect(await orderChanges([a])).toEqual([]);
    } finally {
      await setFlag(org.admin, 'WAREHOUSE_SKIP_ZERO_MINUS', false);
      await setFlag(org.admin, 'WAREHOUSE_SKIP_ZERO_PLUS', false);
    }
    const order = await post(orderBody({ items: [line(a, 2)] }));
    expect(await stock(a)).toBe(-2);
    expect(await orderChanges([a])).toEqual([[a, -2, order.id, true]]);
  });

  it('a deleted item leaves its lines unlinked (code and name kept); the order then moves no stock for it', async () => {
    const a = await stockedItem(org.admin, statusId, `S-${++seq}`, 10);
    const b = await stockedItem(org.admin, statusId, `S-${++seq}`, 10);
    const order = await post(orderBody({ items: [line(a, 2, { code: 'USUNIETY' }), line(b, 1)] }));
    expect((await org.admin.delete(`/api/items?id=${a}`)).status).toBe(204);
    const read = await org.admin.get<{ orders: Order[] }>(`/api/orders?id=${order.id}`);
    expect(read.body.orders[0]?.items.map((l) => [l.code, l.itemId])).toEqual([
      ['USUNIETY', null],
      [`L${b}`, b],
    ]);
    expect((await org.admin.delete(`/api/orders?id=${order.id}`)).status).toBe(204);
    expect(await stock(b)).toBe(10);
  });

  it('200 concurrent orders each taking one piece end at exactly stock − 200', async () => {
    const a = await stockedItem(org.admin, statusId, `S-${++seq}`, 500);
    const results = await Promise.all(
      Array.from({ length: 200 }, () => org.admin.post('/api/orders', orderBody({ items: [line(a, 1)] }))),
    );
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(await stock(a)).toBe(300);
    const rows = await server.deps.db
      .selectFrom('warehouse_changes')
      .select(['qty_before', 'qty_after'])
      .where('item_id', '=', a)
      .where('type', '=', 'ORDER')
      .execute();
    expect(rows).toHaveLength(200);
    // Each stock level from 500 down to 301 was the "before" of exactly one change.
    expect(rows.map((r) => r.qty_before).sort((x, y) => Number(y) - Number(x))).toEqual(
      Array.from({ length: 200 }, (_, i) => 500 - i),
    );
  }, 120_000);
});

describe('order lines and stock, auto-commit off', () => {
  it('changes wait uncommitted with the order id; stock moves only when they are committed', async () => {
    const a = await stockedItem(org.admin, statusId, `S-${++seq}`, 10);
    const b = await stockedItem(org.admin, statusId, `S-${++seq}`, 5);
    const order = await post(orderBody({ orderStatusId: refs.status2Id, items: [line(a, 4)] }));
    await put(order, [line(b, 2)]);
    expect([await stock(a), await stock(b)]).toEqual([10, 5]);
    const changes = await orderChanges([a, b]);
    expect(changes).toEqual([
      [a, -4, order.id, false],
      [a, 4, order.id, false],
      [b, -2, order.id, false],
    ]);
    const copy = await org.admin.post<Order>('/api/orders/copy', { id: order.id });
    expect(copy.status).toBe(200);
    expect((await org.admin.delete(`/api/orders?id=${order.id}`)).status).toBe(204);
    expect(await orderChanges([b])).toEqual([
      [b, -2, null, false],
      [b, -2, copy.body.id, false],
      [b, 2, null, false],
    ]);
    expect([await stock(a), await stock(b)]).toEqual([10, 5]);

    // Committing the pending changes applies them.
    const list = await org.admin.get(`/api/warehouse_changes?${warsawMonthQuery()}&perPage=10000`);
    const pending = warehouseChangesAnswerSchema
      .parse(list.body)
      .warehouseChanges.filter((c) => !c.commited && [a, b].includes(c.item.id ?? -1));
    for (const c of pending) expect((await org.admin.put('/api/warehouse_changes', { id: c.id })).status).toBe(200);
    expect([await stock(a), await stock(b)]).toEqual([10, 3]);
  });
});
