import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersSummarySchema, type Order, type OrderMassResult } from '@zaplecze/contract';
import { TenantDb } from '../../db/tenant';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';
import { createOrderRefs, expectRollupsInStep, line, orderBody, type OrderRefs } from '../../../test/orders';
import { verifyLedger } from '../stock';
import { rebuildOrderRollups } from '.';

/**
 * Properties of every order write together (docs/decisions.md, Orders): after any sequence of
 * saves, edits, copies, splits, mass edits, deletes and mass deletes, with auto-commit switched on
 * and off,
 * - the ledger explains every stock (stock:verify's query finds nothing), and each item's stock
 *   plus its pending changes is its starting stock minus the pieces on the live orders' lines;
 * - a split conserves every line's quantity (old + new = before) and writes no ledger row;
 * - the summaries' roll-ups equal a recomputation from the orders;
 * - money has no float drift: each order's sumGross and each month's summary equal the sums
 *   computed here in whole grosze from the answered prices (prices such as 0.10, 0.20, 0.30).
 * Each run dates its orders in a year of its own, so a run's months hold only its own orders.
 */

let server: TestServer;
let org: TestOrg;
let orgId: number;
let refs: OrderRefs;
let itemStatusId: number;
let run = 0;
let splits = 0;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  orgId = org.token.user.organization.id;
  refs = await createOrderRefs(org.admin);
  itemStatusId = (await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny' })).body.id;
});
afterAll(() => server.close());

type LineSpec = { item: number | null; quantity: number; price: number };
type Action =
  | { t: 'create'; lines: LineSpec[]; date: number; delivery: number; autoCommit: boolean }
  | { t: 'edit'; pick: number; lines: LineSpec[]; itemsChanged: boolean; date: number; autoCommit: boolean }
  | { t: 'copy'; pick: number; autoCommit: boolean }
  | { t: 'divide'; pick: number; counts: number[]; delivery: [number, number] }
  | { t: 'massEdit'; picks: number[]; delivery: number | null; status: boolean }
  | { t: 'delete'; pick: number; autoCommit: boolean }
  | { t: 'massDelete'; picks: number[]; autoCommit: boolean };

const ITEMS = 3;
/** Prices whose float sums drift (0.1 + 0.2), and a few ordinary ones. */
const price = fc.constantFrom(0.1, 0.2, 0.3, 0.07, 1.01, 19.99, 0);
const lineSpec: fc.Arbitrary<LineSpec> = fc.record({
  item: fc.option(fc.nat({ max: ITEMS - 1 }), { freq: 4 }),
  quantity: fc.integer({ min: 1, max: 4 }),
  price,
});
const lines = fc.array(lineSpec, { maxLength: 4 });
/** Order dates around Warsaw midnights at month ends, in winter and in summer time. */
const DATES = ['01-31T22:59:59Z', '01-31T23:00:00Z', '03-31T21:59:59Z', '03-31T22:00:00Z', '02-14T12:00:00Z'];
const date = fc.nat({ max: DATES.length - 1 });
const delivery = fc.constantFrom(0, 0.3, 0.1, 15.99);
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('create' as const), lines, date, delivery, autoCommit: fc.boolean() }),
  },
  fc.record({
    t: fc.constant('edit' as const),
    pick: fc.nat(),
    lines,
    itemsChanged: fc.boolean(),
    date,
    autoCommit: fc.boolean(),
  }),
  fc.record({ t: fc.constant('copy' as const), pick: fc.nat(), autoCommit: fc.boolean() }),
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('divide' as const),
      pick: fc.nat(),
      counts: fc.array(fc.nat({ max: 4 }), { minLength: 4, maxLength: 4 }),
      delivery: fc.tuple(delivery, delivery),
    }),
  },
  fc.record({
    t: fc.constant('massEdit' as const),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
    delivery: fc.option(delivery),
    status: fc.boolean(),
  }),
  fc.record({ t: fc.constant('delete' as const), pick: fc.nat(), autoCommit: fc.boolean() }),
  fc.record({
    t: fc.constant('massDelete' as const),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }),
    autoCommit: fc.boolean(),
  }),
);

let autoCommit = false;
async function setAutoCommit(on: boolean): Promise<void> {
  if (on === autoCommit) return;
  expect((await org.admin.put('/api/options', { key: 'WAREHOUSE_AUTO_COMMIT', value: String(on) })).status).toBe(204);
  autoCommit = on;
}

const grosze = (n: number) => Math.round(n * 100);
const orderGrosze = (o: Order) => o.items.reduce((s, l) => s + l.quantity * grosze(l.price), grosze(o.deliveryCost));
const warsawMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric', month: '2-digit' });
const ledgerRows = async () =>
  Number(
    (
      await server.deps.db
        .selectFrom('warehouse_changes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('org_id', '=', orgId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('every order write together', () => {
  it('keeps the ledger, split quantities, roll-ups and money exact after any sequence of calls', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 2, maxLength: 12, size: 'medium' }), async (actions) => {
        // A run is judged on its own writes: earlier runs' roll-ups start it recomputed.
        await rebuildOrderRollups(new TenantDb(server.deps.db, orgId));
        const year = 2001 + (run % 900);
        const prefix = `P${++run}`;
        const items: number[] = [];
        for (let i = 0; i < ITEMS; i++) {
          const res = await org.admin.post<{ id: number }>('/api/items', {
            code: `${prefix}-${i}`,
            price: 1,
            vat: 23,
            currency: 'PLN',
            countWare: 40,
            itemStatusId,
          });
          expect(res.status).toBe(200);
          items.push(res.body.id);
        }
        const body = (specs: LineSpec[]) =>
          specs.map((s) => line(s.item === null ? null : items[s.item]!, s.quantity, { price: s.price }));
        const at = (d: number) => `${year}-${DATES[d]}`;
        /** The run's live orders by id (answers are refreshed before they are checked). */
        const live = new Map<number, Order>();
        const pick = (n: number) => [...live.values()][n % Math.max(1, live.size)];
        const refresh = async (id: number) => {
          const res = await org.admin.get<{ orders: Order[] }>(`/api/orders?id=${id}`);
          expect(res.status).toBe(200);
          live.set(id, res.body.orders[0]!);
        };

        // Every run starts with an order worth splitting; the actions do the rest.
        const first = await org.admin.post<Order>(
          '/api/orders',
          orderBody({
            orderDate: at(0),
            deliveryCost: 0.3,
            items: body([
              { item: 0, quantity: 2, price: 0.1 },
              { item: null, quantity: 1, price: 0.2 },
            ]),
          }),
        );
        expect(first.status).toBe(200);
        live.set(first.body.id, first.body);

        for (const a of actions) {
          if ('autoCommit' in a) await setAutoCommit(a.autoCommit);
          if (a.t === 'create') {
            const res = await org.admin.post<Order>(
              '/api/orders',
              orderBody({ orderDate: at(a.date), deliveryCost: a.delivery, items: body(a.lines) }),
            );
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            live.set(res.body.id, res.body);
            continue;
          }
          if (a.t === 'massEdit' || a.t === 'massDelete') {
            const ids = [...new Set(a.picks.map((p) => pick(p)?.id).filter((id) => id !== undefined))];
            if (ids.length === 0) continue;
            const res =
              a.t === 'massEdit'
                ? await org.admin.post<OrderMassResult>('/api/orders/mass_edit', {
                    ids,
                    data: {
                      ...(a.delivery === null ? {} : { deliveryCost: a.delivery }),
                      orderStatusId: a.status ? refs.status2Id : refs.statusId,
                    },
                  })
                : await org.admin.post<OrderMassResult>('/api/orders/mass_delete', { ids });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            expect(res.body).toEqual({ ok: ids, err: [], notFound: [] });
            for (const id of ids) {
              if (a.t === 'massEdit') await refresh(id);
              else live.delete(id);
            }
            continue;
          }
          const order = pick(a.pick);
          if (!order) continue;
          if (a.t === 'edit') {
            const res = await org.admin.put<Order>('/api/orders', {
              ...orderBody(),
              id: order.id,
              orderDate: at(a.date),
              orderStatusId: order.orderStatus.id,
              incomeSourceId: order.incomeSource.id,
              itemsChanged: a.itemsChanged,
              items: body(a.lines),
            });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            live.set(order.id, res.body);
          } else if (a.t === 'copy') {
            const res = await org.admin.post<Order>('/api/orders/copy', { id: order.id });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            live.set(res.body.id, res.body);
          } else if (a.t === 'delete') {
            expect((await org.admin.delete(`/api/orders?id=${order.id}`)).status).toBe(204);
            live.delete(order.id);
          } else {
            const moves = order.items.map((l, i) => ({ lineId: l.id, count: Math.min(a.counts[i] ?? 0, l.quantity) }));
            // Mostly valid splits: move something, and keep something when the order allows it.
            if (moves.length > 0 && moves.every((m) => m.count === 0)) moves[0]!.count = 1;
            const full = moves.findIndex((m, i) => m.count === order.items[i]!.quantity);
            if (full !== -1 && moves.every((m, i) => m.count === order.items[i]!.quantity)) moves[full]!.count -= 1;
            const movedAll = moves.every((m, i) => m.count === order.items[i]!.quantity);
            const rowsBefore = await ledgerRows();
            const res = await org.admin.post<{ id: number }>('/api/orders/divide', {
              orderId: order.id,
              oldDeliveryCost: a.delivery[0],
              newDeliveryCost: a.delivery[1],
              itemsToMove: moves,
            });
            if (!moves.some((m) => m.count > 0) || movedAll) {
              expect(res.status, JSON.stringify(res.body)).toBe(400);
              continue;
            }
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            await refresh(order.id);
            await refresh(res.body.id);
            // Every line's quantity is conserved: what stays plus what moved is what was there.
            const quantities = (orders: Order[]) => {
              const out = new Map<string, number>();
              for (const l of orders.flatMap((o) => o.items)) {
                const key = `${l.code}|${l.itemId}|${l.price}`;
                out.set(key, (out.get(key) ?? 0) + l.quantity);
              }
              return out;
            };
            expect(quantities([live.get(order.id)!, live.get(res.body.id)!])).toEqual(quantities([order]));
            expect(await ledgerRows()).toBe(rowsBefore);
            splits++;
          }
        }

        for (const id of [...live.keys()]) await refresh(id);
        const orders = [...live.values()];
        for (const o of orders) expect(grosze(o.orderSummary.sumGross), `order ${o.id}`).toBe(orderGrosze(o));

        const verdict = await verifyLedger(new TenantDb(server.deps.db, orgId));
        expect(verdict.differences).toEqual([]);
        await expectRollupsInStep(server, orgId);

        const pending = await server.deps.db
          .selectFrom('warehouse_changes')
          .select(['item_id', 'quantity'])
          .where('org_id', '=', orgId)
          .where('committed', '=', 0)
          .where('item_id', 'in', items)
          .execute();
        for (const id of items) {
          const res = await org.admin.get<{ items: { countWare: number }[] }>(`/api/items?id=${id}`);
          const inOrders = orders
            .flatMap((o) => o.items)
            .filter((l) => l.itemId === id)
            .reduce((sum, l) => sum + l.quantity, 0);
          const waiting = pending.filter((c) => c.item_id === id).reduce((sum, c) => sum + c.quantity, 0);
          expect((res.body.items[0]?.countWare ?? NaN) + waiting, `item ${id}`).toBe(40 - inOrders);
        }

        // Each month of the run's year: the summary equals the sums of its orders in grosze.
        for (const month of [1, 2, 3, 4]) {
          const mine = orders.filter((o) => warsawMonth.format(new Date(o.orderDate)) === `${year}-0${month}`);
          const res = await org.admin.get(`/api/orders_summary?year=${year}&month=${month}`);
          expect(res.status).toBe(200);
          const sum = ordersSummarySchema.parse(res.body);
          const goods = mine.flatMap((o) => o.items).reduce((s, l) => s + l.quantity * grosze(l.price), 0);
          const deliveries = mine.reduce((s, o) => s + grosze(o.deliveryCost), 0);
          expect(sum.fullIncome, `${year}-${month}`).toEqual({
            all: (goods + deliveries) / 100,
            delivery: deliveries / 100,
            items: goods / 100,
          });
          expect(sum.statistics.allOrdersCount).toBe(mine.length);
          expect(sum.statistics.allItemsCount).toBe(mine.flatMap((o) => o.items).reduce((s, l) => s + l.quantity, 0));
          const unlinked = mine
            .flatMap((o) => o.items)
            .filter((l) => l.itemId === null)
            .reduce((s, l) => s + l.quantity * grosze(l.price), 0);
          expect(sum.incomeNotConnectedItems).toBe(unlinked / 100);
        }
      }),
      { numRuns: 12 },
    );
    // The generators reach the interesting case: successful splits happened.
    expect(splits).toBeGreaterThan(0);
  }, 300_000);
});
