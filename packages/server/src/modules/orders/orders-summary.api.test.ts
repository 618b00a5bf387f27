import {
  orderToUpdate,
  ordersSummarySchema,
  summaryMainSchema,
  type Order,
  type OrdersSummary,
  type SummaryMain,
} from '@zaplecze/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { TenantDb } from '../../db/tenant';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';
import {
  createOrderRefs,
  expectRollupsInStep,
  issueInvoice,
  line,
  orderBody,
  type OrderRefs,
} from '../../../test/orders';
import { rebuildOrderRollups } from '.';

/**
 * GET /orders_summary and GET /orders/summary_main (docs/decisions.md, Orders, Summaries): Warsaw
 * days across midnight, month ends and both summer-time switches, filters by status and income
 * source, item groups (with goods without a group and lines not connected to an item), exact
 * money, the six periods of the home widgets, and roll-ups that always equal a recomputation.
 * Every organisation here is fresh, so each test sees only its own orders.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Shop {
  org: TestOrg;
  orgId: number;
  refs: OrderRefs;
  itemStatusId: number;
}

async function shop(): Promise<Shop> {
  const org = await createOrg(server);
  const refs = await createOrderRefs(org.admin);
  const itemStatusId = (await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny' })).body.id;
  return { org, orgId: org.token.user.organization.id, refs, itemStatusId };
}

let seq = 0;
async function item(s: Shop, itemGroupId: number | null, price = 1): Promise<number> {
  const res = await s.org.admin.post<{ id: number }>('/api/items', {
    code: `S-${++seq}`,
    price,
    vat: 23,
    currency: 'PLN',
    countWare: 100,
    itemStatusId: s.itemStatusId,
    itemGroupId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

async function order(s: Shop, body: Record<string, unknown>): Promise<number> {
  const res = await s.org.admin.post<{ id: number }>('/api/orders', orderBody(body));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

async function summary(s: Shop, query: string): Promise<OrdersSummary> {
  const res = await s.org.admin.get(`/api/orders_summary?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ordersSummarySchema.parse(res.body);
}

const dayCounts = (sum: OrdersSummary) =>
  Object.fromEntries(sum.byDay.filter((d) => d.ordersCount > 0).map((d) => [d.day, d.ordersCount]));

describe('GET /orders_summary: Warsaw days', () => {
  it('counts each order on its Warsaw day across midnight, month and year ends and both summer-time switches', async () => {
    const s = await shop();
    const at = async (orderDate: string) => order(s, { orderDate, deliveryCost: 1, items: [] });
    // Winter (UTC+1): 22:59:59Z is still 31 January, 23:00Z is 1 February.
    await at('2026-01-31T22:59:59Z');
    await at('2026-01-31T23:00:00Z');
    // Summer time begins on 29 March 2026 at 01:00Z: the day starts at 23:00Z before it.
    await at('2026-03-28T22:59:59Z');
    await at('2026-03-28T23:00:00Z');
    await at('2026-03-29T21:59:59Z');
    await at('2026-03-29T22:00:00Z');
    // Summer (UTC+2): 21:59:59Z is still 31 March, 22:00Z is 1 April.
    await at('2026-03-31T21:59:59Z');
    await at('2026-03-31T22:00:00+00:00');
    // Summer time ends on 25 October 2026 at 01:00Z: that day lasts 25 hours.
    await at('2026-10-24T21:59:59Z');
    await at('2026-10-24T22:00:00Z');
    await at('2026-10-25T22:59:59Z');
    await at('2026-10-25T23:00:00Z');
    // New Year in Warsaw: an offset in the input is honoured.
    await at('2027-01-01T00:30:00+01:00');
    await at('2026-12-31T23:59:59+01:00');

    expect(dayCounts(await summary(s, 'year=2026&month=1'))).toEqual({ '2026-01-31': 1 });
    expect(dayCounts(await summary(s, 'year=2026&month=2'))).toEqual({ '2026-02-01': 1 });
    expect(dayCounts(await summary(s, 'year=2026&month=3'))).toEqual({
      '2026-03-28': 1,
      '2026-03-29': 2,
      '2026-03-30': 1,
      '2026-03-31': 1,
    });
    expect(dayCounts(await summary(s, 'year=2026&month=4'))).toEqual({ '2026-04-01': 1 });
    expect(dayCounts(await summary(s, 'year=2026&month=10'))).toEqual({
      '2026-10-24': 1,
      '2026-10-25': 2,
      '2026-10-26': 1,
    });
    expect(dayCounts(await summary(s, 'year=2026&month=12'))).toEqual({ '2026-12-31': 1 });
    const jan = await summary(s, 'year=2027&month=1');
    expect(dayCounts(jan)).toEqual({ '2027-01-01': 1 });
    expect(jan.byDay).toHaveLength(31);
    expect((await summary(s, 'year=2026&month=2')).byDay).toHaveLength(28);
    await expectRollupsInStep(server, s.orgId);
  });
});

describe('GET /orders_summary: blocks and filters', () => {
  it('adds money exactly, splits goods by group and not connected lines, and filters by status and source', async () => {
    const s = await shop();
    const g1 = (await s.org.admin.post<{ id: number }>('/api/item_groups', { name: 'Ceramika' })).body.id;
    const g2 = (await s.org.admin.post<{ id: number }>('/api/item_groups', { name: 'Akcesoria' })).body.id;
    const inG1 = await item(s, g1);
    const inG2 = await item(s, g2);
    const noGroup = await item(s, null);
    const date = '2025-05-10T10:00:00Z';
    // 0.10 + 0.20 + delivery 0.30: exactly 0.60, never 0.6000000000000001.
    const cents = await order(s, {
      orderDate: date,
      deliveryCost: 0.3,
      items: [line(inG1, 1, { price: 0.1 }), line(null, 1, { price: 0.2 })],
    });
    const answered = await s.org.admin.get<{ orders: { orderSummary: { sumGross: number } }[] }>(
      `/api/orders?id=${cents}`,
    );
    expect(answered.body.orders[0]!.orderSummary.sumGross).toBe(0.6);
    await order(s, {
      orderDate: '2025-05-11T10:00:00Z',
      deliveryCost: 10,
      orderStatusId: s.refs.status2Id,
      items: [line(inG2, 2, { price: 3.33 }), line(noGroup, 3, { price: 1.01 }), line(inG1, 1, { price: 0.01 })],
    });
    await order(s, {
      orderDate: '2025-05-31T21:59:00Z',
      deliveryCost: 5.55,
      incomeSourceId: s.refs.source2Id,
      hasProblem: true,
      problem: 'Brak towaru',
      invoice: { nameSurname: 'Jan Kowalski' },
      items: [],
    });
    // Another month and another organisation never count.
    await order(s, { orderDate: '2025-05-31T22:00:00Z', deliveryCost: 99, items: [line(inG1, 1)] });
    const stranger = await shop();
    await order(stranger, { orderDate: date, deliveryCost: 50, items: [] });

    const all = await summary(s, 'year=2025&month=5&incomeSourceId=&statuses=');
    expect(all.fullIncome).toEqual({ all: 25.85, delivery: 15.85, items: 10 });
    expect(all.incomeNotConnectedItems).toBe(0.2);
    expect(all.incomeNotConnectedItemsDelivery).toBe(0.3);
    expect(all.incomeByItemGroup).toEqual([
      { group: { id: g2, name: 'Akcesoria' }, income: 6.66, incomeDelivery: 10 },
      { group: { id: g1, name: 'Ceramika' }, income: 0.11, incomeDelivery: 10.3 },
      { group: null, income: 3.03, incomeDelivery: 10 },
    ]);
    expect(all.incomeByOrderStatuses).toEqual([
      { status: { id: s.refs.statusId, name: 'Nowe', color: '0000ff' }, income: 0.3, incomeDelivery: 5.85 },
      { status: { id: s.refs.status2Id, name: 'Wysłane', color: '00ff00' }, income: 9.7, incomeDelivery: 10 },
    ]);
    expect(all.statistics).toEqual({
      allOrdersCount: 3,
      allItemsCount: 8,
      avgOrdersPerDay: 0.0968,
      avgItemsPerDay: 0.2581,
      avgItemsPerOrder: 2.6667,
      avgIncomePerOrder: 8.6167,
      avgIncomeDeliveryPerOrder: 5.2833,
      avgIncomeItemsPerOrder: 3.3333,
    });
    expect(all.byDay.find((d) => d.day === '2025-05-10')).toEqual({ day: '2025-05-10', ordersCount: 1, income: 0.6 });

    const sent = await summary(s, `year=2025&month=5&statuses=${s.refs.status2Id}`);
    expect(sent.fullIncome).toEqual({ all: 19.7, delivery: 10, items: 9.7 });
    expect(sent.incomeNotConnectedItems).toBe(0);
    const both = await summary(s, `year=2025&month=5&statuses=${s.refs.statusId},${s.refs.status2Id}`);
    expect(both.fullIncome).toEqual(all.fullIncome);
    const allegro = await summary(s, `year=2025&month=5&incomeSourceId=${s.refs.source2Id}`);
    expect(allegro.fullIncome).toEqual({ all: 5.55, delivery: 5.55, items: 0 });
    expect(allegro.incomeByItemGroup).toEqual([]);
    expect(allegro.statistics.allOrdersCount).toBe(1);
    // Another organisation's status or source simply matches none of this one's orders.
    const foreignStatus = (await stranger.org.admin.get<{ orderStatuses: { id: number }[] }>('/api/order_statuses'))
      .body.orderStatuses[0]!.id;
    expect((await summary(s, `year=2025&month=5&statuses=${foreignStatus}`)).statistics.allOrdersCount).toBe(0);
    expect((await summary(s, 'year=2025&month=6')).fullIncome).toEqual({ all: 109, delivery: 99, items: 10 });
    const empty = await summary(s, 'year=2025&month=7');
    expect(empty.fullIncome).toEqual({ all: 0, delivery: 0, items: 0 });
    expect(empty.statistics.avgIncomePerOrder).toBe(0);
    await expectRollupsInStep(server, s.orgId);
  });

  it('moves the figures with edits, mass edits, splits, copies and deletes, and with deleted items and groups', async () => {
    const s = await shop();
    const g = (await s.org.admin.post<{ id: number }>('/api/item_groups', { name: 'Szkło' })).body.id;
    const gOld = (await s.org.admin.post<{ id: number }>('/api/item_groups', { name: 'Stara' })).body.id;
    const a = await item(s, g);
    const b = await item(s, gOld);
    const date = '2025-07-15T12:00:00Z';
    const q = 'year=2025&month=7';
    const id = await order(s, {
      orderDate: date,
      deliveryCost: 2,
      items: [line(a, 2, { price: 5 }), line(b, 1, { price: 1 })],
    });
    expect((await summary(s, q)).fullIncome).toEqual({ all: 13, delivery: 2, items: 11 });

    const mass = await s.org.admin.post('/api/orders/mass_edit', {
      ids: [id],
      data: { deliveryCost: 4, orderStatusId: s.refs.status2Id },
    });
    expect(mass.status).toBe(200);
    let now = await summary(s, q);
    expect(now.fullIncome).toEqual({ all: 15, delivery: 4, items: 11 });
    expect(now.incomeByOrderStatuses.map((r) => r.status.id)).toEqual([s.refs.status2Id]);

    const got = (await s.org.admin.get<{ orders: { items: { id: number }[] }[] }>(`/api/orders?id=${id}`)).body;
    const split = await s.org.admin.post<{ id: number }>('/api/orders/divide', {
      orderId: id,
      oldDeliveryCost: 1,
      newDeliveryCost: 2.5,
      itemsToMove: [{ lineId: got.orders[0]!.items[0]!.id, count: 1 }],
    });
    expect(split.status).toBe(200);
    now = await summary(s, q);
    expect(now.fullIncome).toEqual({ all: 14.5, delivery: 3.5, items: 11 });
    expect(now.statistics.allOrdersCount).toBe(2);
    await expectRollupsInStep(server, s.orgId);

    // A copy is a new sale of today, not of July.
    expect((await s.org.admin.post('/api/orders/copy', { id })).status).toBe(200);
    expect((await summary(s, q)).statistics.allOrdersCount).toBe(2);

    // The item of gOld is moved to another group, then gOld goes: its goods have no group now.
    const moved = await s.org.admin.get<{ items: Record<string, unknown>[] }>(`/api/items?id=${b}`);
    const itemNow = moved.body.items[0]!;
    expect(
      (
        await s.org.admin.put('/api/items', {
          id: b,
          code: itemNow.code,
          price: 1,
          vat: 23,
          currency: 'PLN',
          itemStatusId: s.itemStatusId,
          itemGroupId: g,
        })
      ).status,
    ).toBe(200);
    expect((await s.org.admin.delete(`/api/item_groups?id=${gOld}`)).status).toBe(204);
    now = await summary(s, q);
    expect(now.incomeByItemGroup).toEqual([
      { group: { id: g, name: 'Szkło' }, income: 10, incomeDelivery: 3.5 },
      { group: null, income: 1, incomeDelivery: 1 },
    ]);
    await expectRollupsInStep(server, s.orgId);

    // A deleted item's lines stay catalogue goods of their group: the figures do not move...
    expect((await s.org.admin.delete(`/api/items?id=${a}`)).status).toBe(204);
    expect(await summary(s, q)).toEqual(now);
    await expectRollupsInStep(server, s.orgId);
    // ...until the order's lines are saved again, now without a catalogue item.
    const stored = await s.org.admin.get<{ orders: Order[] }>(`/api/orders?id=${id}`);
    expect(stored.body.orders[0]!.items.map((l) => l.itemId)).toEqual([null, b]);
    expect((await s.org.admin.put('/api/orders', orderToUpdate(stored.body.orders[0]!, true))).status).toBe(200);
    now = await summary(s, q);
    expect(now.incomeNotConnectedItems).toBe(5);
    expect(now.incomeNotConnectedItemsDelivery).toBe(1);
    // The re-saved line of b takes b's group of now (Szkło), as every save does.
    expect(now.incomeByItemGroup).toEqual([{ group: { id: g, name: 'Szkło' }, income: 6, incomeDelivery: 3.5 }]);
    await expectRollupsInStep(server, s.orgId);

    const del = await s.org.admin.post('/api/orders/mass_delete', { ids: [id, split.body.id] });
    expect(del.body).toMatchObject({ ok: [id, split.body.id] });
    expect((await summary(s, q)).fullIncome).toEqual({ all: 0, delivery: 0, items: 0 });
    await expectRollupsInStep(server, s.orgId);
  });

  it('rebuildOrderRollups writes exactly what the writes kept in step', async () => {
    const s = await shop();
    const g = (await s.org.admin.post<{ id: number }>('/api/item_groups', { name: 'G' })).body.id;
    const a = await item(s, g);
    for (let i = 0; i < 5; i++)
      await order(s, {
        orderDate: `2025-0${1 + i}-0${1 + i}T23:30:00Z`,
        deliveryCost: i,
        items: [line(a, i + 1, { price: 1.1 }), line(null, 1, { price: 0.05 })],
      });
    const read = () =>
      Promise.all([
        server.deps.db
          .selectFrom('order_rollup_days')
          .selectAll()
          .where('org_id', '=', s.orgId)
          .orderBy('day')
          .execute(),
        server.deps.db
          .selectFrom('order_rollup_groups')
          .selectAll()
          .where('org_id', '=', s.orgId)
          .orderBy('day')
          .orderBy('group_key')
          .execute(),
      ]);
    const kept = await read();
    expect(kept[0]).toHaveLength(5);
    await rebuildOrderRollups(new TenantDb(server.deps.db, s.orgId));
    expect(await read()).toEqual(kept);
    await rebuildOrderRollups(server.deps);
    expect(await read()).toEqual(kept);
  });
});

describe('GET /orders_summary: validation and permissions', () => {
  it('answers bad years, months and status lists with Polish 400s naming the field', async () => {
    const s = await shop();
    const cases: [string, string, string][] = [
      ['month=5', 'Rok musi być liczbą całkowitą od 2000 do 3000.', 'year'],
      ['year=1999&month=5', 'Rok musi być liczbą całkowitą od 2000 do 3000.', 'year'],
      ['year=3001&month=5', 'Rok musi być liczbą całkowitą od 2000 do 3000.', 'year'],
      ['year=2025.5&month=5', 'Rok musi być liczbą całkowitą od 2000 do 3000.', 'year'],
      ['year=2025&month=13', 'Miesiąc musi być liczbą całkowitą od 1 do 12.', 'month'],
      ['year=2025&month=0', 'Miesiąc musi być liczbą całkowitą od 1 do 12.', 'month'],
      ['year=2025', 'Miesiąc musi być liczbą całkowitą od 1 do 12.', 'month'],
      [
        'year=2025&month=5&statuses=1,x',
        'Statusy muszą być listą identyfikatorów oddzielonych przecinkami.',
        'statuses',
      ],
      ['year=2025&month=5&statuses=0', 'Statusy muszą być listą identyfikatorów oddzielonych przecinkami.', 'statuses'],
    ];
    for (const [query, message, field] of cases) {
      const res = await s.org.admin.get(`/api/orders_summary?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ message, field });
    }
    const source = await s.org.admin.get('/api/orders_summary?year=2025&month=5&incomeSourceId=abc');
    expect(source.status).toBe(400);
  });

  it('the month summary needs main.order.summary.show; summary_main shows income only with it', async () => {
    const s = await shop();
    const orders = await createUser(server, s.org, {
      login: 'zamowienia',
      permissions: 'main.order.show;main.order.edit',
    });
    const boss = await createUser(server, s.org, { login: 'szef', permissions: 'main.order.summary.show' });
    const nobody = await createUser(server, s.org, { login: 'magazyn', permissions: 'main.items.show' });
    expect((await orders.client.get('/api/orders_summary?year=2025&month=5')).status).toBe(403);
    expect((await boss.client.get('/api/orders_summary?year=2025&month=5')).status).toBe(200);
    expect((await nobody.client.get('/api/orders/summary_main')).status).toBe(403);
    // The order widget's user (docs/rules/platform-rules.md §6): counts, and no income.
    const counts = await orders.client.get<SummaryMain>('/api/orders/summary_main');
    expect(counts.status).toBe(200);
    const periods = Object.values(summaryMainSchema.parse(counts.body));
    expect(periods.every((p) => p.sumAll === null && p.sumDelivery === null && p.sumItems === null)).toBe(true);
    expect(periods.every((p) => typeof p.ordersCount === 'number')).toBe(true);
    const income = summaryMainSchema.parse((await boss.client.get<SummaryMain>('/api/orders/summary_main')).body);
    expect(Object.values(income).every((p) => typeof p.sumAll === 'number')).toBe(true);
  });
});

describe('GET /orders/summary_main', () => {
  it('counts the six periods of the home widgets on Warsaw days, with problems and unnumbered invoices', async () => {
    const s = await shop();
    const a = await item(s, null);
    // Now is 1 April 2026, 00:30 in Warsaw (summer time): today is 1 April, yesterday 31 March.
    server.clock.offsetMs = Date.parse('2026-03-31T22:30:00Z') - Date.now();
    try {
      await order(s, { orderDate: '2026-03-31T22:10:00Z', deliveryCost: 1, items: [line(a, 2, { price: 0.1 })] });
      await order(s, {
        orderDate: '2026-03-31T21:50:00Z',
        deliveryCost: 0.2,
        hasProblem: true,
        invoice: { nameSurname: 'Jan' },
        items: [line(null, 1, { price: 0.1 })],
      });
      await issueInvoice(
        s.org.admin,
        await order(s, {
          orderDate: '2026-03-26T10:00:00Z',
          deliveryCost: 3,
          invoice: { nameSurname: 'Jan' },
          items: [],
        }),
      );
      await order(s, { orderDate: '2026-03-25T10:00:00Z', deliveryCost: 4, items: [] });
      await order(s, { orderDate: '2026-03-03T10:00:00Z', deliveryCost: 5, items: [] });
      await order(s, { orderDate: '2026-03-02T10:00:00Z', deliveryCost: 6, items: [] });
      await order(s, { orderDate: '2026-02-28T22:59:00Z', deliveryCost: 7, items: [] });
      await order(s, { orderDate: '2026-04-30T21:00:00Z', deliveryCost: 8, items: [] });

      const res = await s.org.admin.get<SummaryMain>('/api/orders/summary_main');
      expect(res.status).toBe(200);
      const main = summaryMainSchema.parse(res.body);
      const brief = (p: keyof SummaryMain) => [main[p].from, main[p].to, main[p].ordersCount, main[p].sumAll];
      expect(brief('today')).toEqual(['2026-04-01', '2026-04-01', 1, 1.2]);
      expect(brief('yesterday')).toEqual(['2026-03-31', '2026-03-31', 1, 0.3]);
      expect(brief('before7d')).toEqual(['2026-03-26', '2026-04-01', 3, 4.5]);
      expect(brief('before30d')).toEqual(['2026-03-03', '2026-04-01', 5, 13.5]);
      expect(brief('currentMonth')).toEqual(['2026-04-01', '2026-04-30', 2, 9.2]);
      expect(brief('lastMonth')).toEqual(['2026-03-01', '2026-03-31', 5, 18.3]);
      expect(main.today).toMatchObject({ itemsCount: 2, sumDelivery: 1, sumItems: 0.2, ordersWithProblem: 0 });
      expect(main.yesterday).toMatchObject({
        itemsCount: 1,
        ordersWithProblem: 1,
        invoicesWithoutNumber: 1,
        sumDelivery: 0.2,
        sumItems: 0.1,
      });
      expect(main.lastMonth).toMatchObject({ ordersWithProblem: 1, invoicesWithoutNumber: 1 });
      await expectRollupsInStep(server, s.orgId);
    } finally {
      server.clock.offsetMs = 0;
    }
  });
});

describe('migration 0008', () => {
  it('fills the roll-ups from the orders already stored', async () => {
    const s = await shop();
    const g = (await s.org.admin.post<{ id: number }>('/api/item_groups', { name: 'Migracja' })).body.id;
    const a = await item(s, g);
    await order(s, { orderDate: '2024-02-29T12:00:00Z', deliveryCost: 1.5, items: [line(a, 2), line(null, 1)] });
    await order(s, { orderDate: '2024-03-01T12:00:00Z', hasProblem: true, items: [line(a, 1, { price: 0.3 })] });
    const before = await summary(s, 'year=2024&month=2');

    // Back to the schema before 0008, then migrate again: the roll-ups come from the orders.
    const db = server.deps.db;
    await sql`drop table order_rollup_days`.execute(db);
    await sql`drop table order_rollup_groups`.execute(db);
    await sql`alter table order_lines drop column item_deleted`.execute(db);
    await db
      .deleteFrom('schema_migrations' as never)
      .where('name' as never, '=', '0008_order_rollups' as never)
      .execute();
    const database = { db, engine: server.deps.engine } as unknown as Database;
    expect(await migrate(database)).toEqual(['0008_order_rollups']);

    expect(await summary(s, 'year=2024&month=2')).toEqual(before);
    expect((await summary(s, 'year=2024&month=3')).statistics.allOrdersCount).toBe(1);
    await expectRollupsInStep(server, s.orgId);
  });
});
