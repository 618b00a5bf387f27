import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@zaplecze/contract';
import { TenantDb } from '../../db/tenant';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';
import { createOrderRefs, line, orderBody } from '../../../test/orders';
import { verifyLedger } from '../stock';

/**
 * After any sequence of order saves, edits, copies and deletes, with auto-commit switched on and
 * off between them, the ledger explains every stock (verifyLedger finds nothing), and each item's
 * stock plus its pending changes is its starting stock minus the quantities of the live orders'
 * lines (docs/decisions.md, Orders).
 */

let server: TestServer;
let org: TestOrg;
let orgId: number;
let statusId: number;
let run = 0;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  orgId = org.token.user.organization.id;
  await createOrderRefs(org.admin);
  statusId = (await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny' })).body.id;
});
afterAll(() => server.close());

/** A line: an index into the run's items (or unlinked) and a quantity. */
type LineSpec = { item: number | null; quantity: number };
type Action =
  | { t: 'create'; lines: LineSpec[]; autoCommit: boolean }
  | { t: 'edit'; pick: number; lines: LineSpec[]; itemsChanged: boolean; autoCommit: boolean }
  | { t: 'copy'; pick: number; autoCommit: boolean }
  | { t: 'delete'; pick: number; autoCommit: boolean };

const ITEMS = 3;
const lineSpec: fc.Arbitrary<LineSpec> = fc.record({
  item: fc.option(fc.nat({ max: ITEMS - 1 }), { freq: 4 }),
  quantity: fc.integer({ min: 1, max: 4 }),
});
const lines = fc.array(lineSpec, { maxLength: 4 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ t: fc.constant('create' as const), lines, autoCommit: fc.boolean() }),
  fc.record({
    t: fc.constant('edit' as const),
    pick: fc.nat(),
    lines,
    itemsChanged: fc.boolean(),
    autoCommit: fc.boolean(),
  }),
  fc.record({ t: fc.constant('copy' as const), pick: fc.nat(), autoCommit: fc.boolean() }),
  fc.record({ t: fc.constant('delete' as const), pick: fc.nat(), autoCommit: fc.boolean() }),
);

let autoCommit = false;
async function setAutoCommit(on: boolean): Promise<void> {
  if (on === autoCommit) return;
  expect((await org.admin.put('/api/options', { key: 'WAREHOUSE_AUTO_COMMIT', value: String(on) })).status).toBe(204);
  autoCommit = on;
}

describe('orders and the stock ledger', () => {
  it('after any sequence of order calls, the ledger explains every stock and matches the live orders', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 10 }), async (actions) => {
        const prefix = `O${++run}`;
        const items: number[] = [];
        for (let i = 0; i < ITEMS; i++) {
          const res = await org.admin.post<{ id: number }>('/api/items', {
            code: `${prefix}-${i}`,
            price: 1,
            vat: 23,
            currency: 'PLN',
            countWare: 20,
            itemStatusId: statusId,
          });
          expect(res.status).toBe(200);
          items.push(res.body.id);
        }
        const body = (specs: LineSpec[]) => specs.map((s) => line(s.item === null ? null : items[s.item]!, s.quantity));
        /** The live orders of this run and their lines as the server answered them. */
        const orders = new Map<number, Order>();
        const pick = (n: number) => [...orders.values()][n % Math.max(1, orders.size)];

        for (const a of actions) {
          await setAutoCommit(a.autoCommit);
          if (a.t === 'create') {
            const res = await org.admin.post<Order>('/api/orders', orderBody({ items: body(a.lines) }));
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            orders.set(res.body.id, res.body);
            continue;
          }
          const order = pick(a.pick);
          if (!order) continue;
          if (a.t === 'edit') {
            const res = await org.admin.put<Order>('/api/orders', {
              ...orderBody(),
              id: order.id,
              orderStatusId: order.orderStatus.id,
              incomeSourceId: order.incomeSource.id,
              itemsChanged: a.itemsChanged,
              items: body(a.lines),
            });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            orders.set(order.id, res.body);
          } else if (a.t === 'copy') {
            const res = await org.admin.post<Order>('/api/orders/copy', { id: order.id });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            orders.set(res.body.id, res.body);
          } else {
            expect((await org.admin.delete(`/api/orders?id=${order.id}`)).status).toBe(204);
            orders.delete(order.id);
          }
        }

        const verdict = await verifyLedger(new TenantDb(server.deps.db, orgId));
        expect(verdict.differences).toEqual([]);

        const pending = await server.deps.db
          .selectFrom('warehouse_changes')
          .select(['item_id', 'quantity'])
          .where('org_id', '=', orgId)
          .where('committed', '=', 0)
          .where('item_id', 'in', items)
          .execute();
        for (const id of items) {
          const res = await org.admin.get<{ items: { countWare: number }[] }>(`/api/items?id=${id}`);
          const inOrders = [...orders.values()]
            .flatMap((o) => o.items)
            .filter((l) => l.itemId === id)
            .reduce((sum, l) => sum + l.quantity, 0);
          const waiting = pending.filter((c) => c.item_id === id).reduce((sum, c) => sum + c.quantity, 0);
          expect((res.body.items[0]?.countWare ?? NaN) + waiting, `item ${id}`).toBe(20 - inOrders);
        }
      }),
      { numRuns: 15 },
    );
  }, 240_000);
});
