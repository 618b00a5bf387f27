/**
 * The core's domain events and the plugins' durable subscriptions (docs/plugins.md, Events and
 * subscriptions), through real HTTP calls on both engines: each write path emits each of its
 * events exactly once, with the right payload; `fixture-subscriber` (subscribed to every event)
 * gets one job per event only in the organisation that installed it; a job enqueued by an event
 * rolls back with its transaction; a subscriber job that throws is contained.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  carriersAnswerSchema,
  DOMAIN_EVENT_NAMES,
  type DomainEventName,
  type DomainEventPayloads,
  type Order,
  type PluginInfo,
} from '@zaplecze/contract';
import { createCatalog, itemBody, type Catalog } from '../../../test/catalog';
import { createOrg, type TestOrg } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createOrderRefs, line, orderBody, type OrderRefs } from '../../../test/orders';
import { TenantDb } from '../../db/tenant';
import { pluginJobWorker } from '../../../test/plugin-jobs';

let server: TestServer;
let a: TestOrg;
let b: TestOrg;
let orgA: number;
let orgB: number;
let cat: Catalog;
let refs: OrderRefs;
let seq = 0;

type Seen = { [K in DomainEventName]: [K, DomainEventPayloads[K]] }[DomainEventName];
const seen: { name: DomainEventName; payload: unknown; orgId: number }[] = [];

const orgIdOf = async (org: TestOrg) =>
  (await org.admin.get<{ organization: { id: number } }>('/api/profile')).body.organization.id;

beforeAll(async () => {
  server = await startTestServer();
  for (const name of DOMAIN_EVENT_NAMES) {
    server.deps.events.on(name, ({ orgId, ...payload }) => void seen.push({ name, payload, orgId }));
  }
  a = await createOrg(server);
  b = await createOrg(server);
  [orgA, orgB] = [await orgIdOf(a), await orgIdOf(b)];
  expect(
    (await a.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'fixture-subscriber' } })).status,
  ).toBe(204);
  cat = await createCatalog(a.admin);
  refs = await createOrderRefs(a.admin);
  await createCatalog(b.admin);
});
afterAll(() => server.close());

/** The jobs `fixture-subscriber` got in `orgId` after job id `after`, as [event, payload]. */
async function subscriberJobs(orgId: number, after: number): Promise<[string, unknown][]> {
  const rows = await server.deps.db
    .selectFrom('jobs')
    .select('payload')
    .where('org_id', '=', orgId)
    .where('kind', '=', 'fixture-subscriber.record')
    .where('id', '>', after)
    .orderBy('id')
    .execute();
  return rows.map((r) => {
    const p = JSON.parse(r.payload) as { event: string; payload: unknown };
    return [p.event, p.payload];
  });
}
const lastJobId = async () =>
  Number(
    (
      await server.deps.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );

const byName = <T extends [string, unknown]>(list: T[]) => [...list].sort((x, y) => x[0].localeCompare(y[0]));

/**
 * Runs `write` and checks the events it emitted in `org`'s name: exactly `expected` (each once, in
 * any order), and the same as jobs of `fixture-subscriber` when `org` installed it (none otherwise).
 */
async function expectEvents<R>(org: TestOrg, write: () => Promise<R>, expected: (r: R) => Seen[]): Promise<R> {
  const orgId = org === a ? orgA : orgB;
  const jobsBefore = await lastJobId();
  seen.length = 0;
  const result = await write();
  const want = byName(expected(result));
  expect(seen.every((e) => e.orgId === orgId)).toBe(true);
  expect(byName(seen.map((e): [string, unknown] => [e.name, e.payload]))).toEqual(want);
  expect(byName(await subscriberJobs(orgA, jobsBefore))).toEqual(org === a ? want : []);
  expect(await subscriberJobs(orgB, jobsBefore)).toEqual([]);
  return result;
}

async function newItem(org: TestOrg, countWare: number) {
  const res = await org.admin.post<{ id: number; code: string }>(
    '/api/items',
    itemBody(cat, { code: `EV-${++seq}`, countWare }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function newOrder(overrides: Record<string, unknown> = {}): Promise<Order> {
  const res = await a.admin.post<Order>('/api/orders', orderBody(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('items', () => {
  it('POST /items: items.saved (created) and stock.changed, one each; the subscription only where installed', async () => {
    await expectEvents(
      a,
      () => newItem(a, 10),
      (item) => [
        ['items.saved', { itemIds: [item.id], createdIds: [item.id] }],
        ['stock.changed', { items: [{ itemId: item.id, delta: 10, qty: 10 }] }],
      ],
    );
    // Organisation B has not installed fixture-subscriber: the event, and no job.
    const statusB = (await b.admin.get<{ itemStatuses: { id: number }[] }>('/api/item_statuses')).body.itemStatuses[0]!
      .id;
    await expectEvents(
      b,
      async () => {
        const res = await b.admin.post<{ id: number }>('/api/items', {
          code: 'EV-B',
          price: 1,
          vat: 23,
          currency: 'PLN',
          countWare: 0,
          itemStatusId: statusB,
        });
        expect(res.status).toBe(200);
        return res.body;
      },
      (item) => [['items.saved', { itemIds: [item.id], createdIds: [item.id] }]],
    );
  });

  it('PUT /items, copy, generate_many, mass_edit, mass_delete: one bulk event per call', async () => {
    const item = await newItem(a, 10);
    const body: Record<string, unknown> = { ...itemBody(cat, { code: item.code }), id: item.id, countWare: 4 };
    await expectEvents(
      a,
      async () => expect((await a.admin.put('/api/items', body)).status).toBe(200),
      () => [
        ['items.saved', { itemIds: [item.id], createdIds: [] }],
        ['stock.changed', { items: [{ itemId: item.id, delta: -6, qty: 4 }] }],
      ],
    );
    const copy = await expectEvents(
      a,
      async () => (await a.admin.post<{ id: number }>('/api/items/copy', { id: item.id, newCode: `EV-${++seq}` })).body,
      (c) => [['items.saved', { itemIds: [c.id], createdIds: [c.id] }]],
    );
    // Three items, no stock (countWare 0 moves nothing): one items.saved, no stock.changed.
    const generated = await expectEvents(
      a,
      async () => {
        const res = await a.admin.post('/api/items/generate_many', {
          beforeSymbol: `gen${++seq}-`,
          start: 1,
          stop: 3,
          itemStatusId: cat.statusId,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const ids = await server.deps.db
          .selectFrom('items')
          .select('id')
          .where('org_id', '=', orgA)
          .where('code', 'like', `GEN${seq}-%`)
          .orderBy('id')
          .execute();
        return ids.map((r) => r.id);
      },
      (ids) => [['items.saved', { itemIds: ids, createdIds: ids }]],
    );
    expect(generated).toHaveLength(3);
    const ids = [item.id, copy.id, ...generated];
    await expectEvents(
      a,
      async () => expect((await a.admin.post('/api/items/mass_edit', { ids, data: { vat: 'np' } })).status).toBe(200),
      () => [['items.saved', { itemIds: ids, createdIds: [] }]],
    );
    const codes = (
      await server.deps.db.selectFrom('items').select(['id', 'code']).where('id', 'in', ids).orderBy('id').execute()
    ).map((r) => r.code);
    await expectEvents(
      a,
      async () => expect((await a.admin.post('/api/items/mass_delete', { ids })).status).toBe(200),
      () => [['items.deleted', { itemIds: ids, codes }]],
    );
  });

  it('the item reader: a committed stock change and a scanned status', async () => {
    const item = await newItem(a, 2);
    expect((await a.admin.put('/api/options', { key: 'WAREHOUSE_AUTO_COMMIT', value: 'true' })).status).toBe(204);
    await expectEvents(
      a,
      async () =>
        expect((await a.admin.post('/api/items/barcodes', { barcode: 'QTY+5', itemCode: item.code })).status).toBe(200),
      () => [['stock.changed', { items: [{ itemId: item.id, delta: 5, qty: 7 }] }]],
    );
    await expectEvents(
      a,
      async () =>
        expect(
          (await a.admin.post('/api/items/barcodes', { barcode: `ISTATUS:${cat.status2Id}`, itemCode: item.code }))
            .status,
        ).toBe(200),
      () => [['items.saved', { itemIds: [item.id], createdIds: [] }]],
    );
  });
});

describe('orders', () => {
  it('create, edit with a new status, copy, divide, mass edit, mass delete', async () => {
    const item = await newItem(a, 10);
    const order = await expectEvents(
      a,
      () => newOrder({ items: [line(item.id, 2), line(null, 1)] }),
      (o) => [
        ['orders.saved', { orderIds: [o.id], createdIds: [o.id] }],
        ['stock.changed', { items: [{ itemId: item.id, delta: -2, qty: 8 }] }],
      ],
    );
    await expectEvents(
      a,
      async () => {
        const res = await a.admin.put('/api/orders', {
          ...orderBody(),
          id: order.id,
          orderStatusId: refs.status2Id,
          incomeSourceId: refs.sourceId,
          itemsChanged: false,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      },
      () => [
        ['orders.saved', { orderIds: [order.id], createdIds: [] }],
        ['order.status_changed', { orders: [{ orderId: order.id, from: refs.statusId, to: refs.status2Id }] }],
      ],
    );
    const copy = await expectEvents(
      a,
      async () => (await a.admin.post<Order>('/api/orders/copy', { id: order.id })).body,
      (c) => [
        ['orders.saved', { orderIds: [c.id], createdIds: [c.id] }],
        ['stock.changed', { items: [{ itemId: item.id, delta: -2, qty: 6 }] }],
      ],
    );
    const lines = copy.items;
    const divided = await expectEvents(
      a,
      async () => {
        const res = await a.admin.post<{ id: number }>('/api/orders/divide', {
          orderId: copy.id,
          oldDeliveryCost: 5,
          newDeliveryCost: 5,
          itemsToMove: [{ lineId: lines[0]!.id, count: 1 }],
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body;
      },
      (d) => [['orders.saved', { orderIds: [copy.id, d.id], createdIds: [d.id] }]],
    );
    const ids = [order.id, copy.id, divided.id];
    await expectEvents(
      a,
      async () =>
        expect(
          (await a.admin.post('/api/orders/mass_edit', { ids, data: { orderStatusId: refs.statusId } })).status,
        ).toBe(200),
      () => [
        ['orders.saved', { orderIds: ids, createdIds: [] }],
        [
          'order.status_changed',
          { orders: ids.map((orderId) => ({ orderId, from: refs.status2Id, to: refs.statusId })) },
        ],
      ],
    );
    await expectEvents(
      a,
      async () => expect((await a.admin.post('/api/orders/mass_delete', { ids })).status).toBe(200),
      () => [
        ['orders.deleted', { orderIds: ids }],
        // The linked lines give their 2 + 1 + 1 back in one stock event.
        ['stock.changed', { items: [{ itemId: item.id, delta: 4, qty: 10 }] }],
      ],
    );
  });

  it('the order reader sets a status; dispatch and invoicing emit theirs', async () => {
    const own = carriersAnswerSchema
      .parse((await a.admin.get('/api/carriers')).body)
      .carriers.find((c) => c.id === 'own')!;
    const order = await newOrder({
      carrierMethodId: own.methods[0]!.id,
      invoice: {
        isCompany: false,
        nameSurname: 'Jan Kowalski',
        address: 'Długa 1',
        postCode: '00-001',
        city: 'Warszawa',
      },
      items: [line(null, 1)],
    });
    await expectEvents(
      a,
      async () =>
        expect(
          (await a.admin.post('/api/orders/barcodes', { barcode: `OSTATUS:${refs.status2Id}`, orderId: order.id }))
            .status,
        ).toBe(200),
      () => [
        ['orders.saved', { orderIds: [order.id], createdIds: [] }],
        ['order.status_changed', { orders: [{ orderId: order.id, from: refs.statusId, to: refs.status2Id }] }],
      ],
    );
    const bol = await expectEvents(
      a,
      async () => {
        const res = await a.admin.post<{ billOfLading: string }>('/api/orders/print_bol', {
          orderId: order.id,
          noPrint: true,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body;
      },
      (r) => [
        ['orders.saved', { orderIds: [order.id], createdIds: [] }],
        ['order.dispatched', { dispatches: [{ orderId: order.id, carrier: 'own', waybill: r.billOfLading }] }],
      ],
    );
    expect(bol.billOfLading).not.toBe('');
    await expectEvents(
      a,
      async () => {
        const res = await a.admin.post<{ invoiceNumber: string }>('/api/orders/print_invoice', {
          orderId: order.id,
          noPrint: true,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const row = await server.deps.db
          .selectFrom('invoices')
          .select(['id', 'number'])
          .where('order_id', '=', order.id)
          .executeTakeFirstOrThrow();
        return row;
      },
      (inv) => [
        ['orders.saved', { orderIds: [order.id], createdIds: [] }],
        ['invoice.issued', { invoices: [{ invoiceId: inv.id, number: inv.number, orderId: order.id }] }],
      ],
    );
    // A reprint issues nothing and changes nothing.
    await expectEvents(
      a,
      async () =>
        expect((await a.admin.post('/api/orders/print_invoice', { orderId: order.id, noPrint: true })).status).toBe(
          200,
        ),
      () => [],
    );
  });
});

describe('durable subscriptions', () => {
  const worker = () => pluginJobWorker(server.deps);

  it('enqueue in the emitting transaction: a later failure of that transaction takes the job with it', async () => {
    const before = await lastJobId();
    await expect(
      new TenantDb(server.deps.db, orgA).transaction(async (tdb) => {
        server.deps.events.emit(tdb, 'orders.deleted', { orderIds: [123] });
        // Runs after the event's subscribers (which enqueue), still before the commit.
        tdb.beforeCommit(async () => {
          // Read in the transaction itself (on SQLite another connection would wait for it).
          const inside = await tdb.selectFrom('jobs').select('kind').where('id', '>', before).execute();
          expect(inside).toEqual([{ kind: 'fixture-subscriber.record' }]);
          throw new Error('the write fails after its event');
        });
      }),
    ).rejects.toThrow('the write fails');
    expect(await subscriberJobs(orgA, before)).toEqual([]);
  });

  it("the subscriber's job runs with the payload; a throwing subscriber is contained", async () => {
    expect(
      (await a.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'fixture-job-throws' } })).status,
    ).toBe(204);
    const before = await lastJobId();
    const item = await newItem(a, 0);
    // The item is saved whatever its subscribers will do.
    expect((await a.admin.get(`/api/items?id=${item.id}`)).status).toBe(200);
    const failing = await server.deps.db
      .selectFrom('jobs')
      .select(['id', 'payload'])
      .where('kind', '=', 'fixture-job-throws.fail')
      .where('id', '>', before)
      .execute();
    expect(failing.map((j) => JSON.parse(j.payload) as unknown)).toEqual([
      { event: 'items.saved', payload: { itemIds: [item.id], createdIds: [item.id] } },
    ]);
    // Its last attempt: the engine's retry and dead rules (8 attempts by default; here the last one).
    await server.deps.db.updateTable('jobs').set({ attempts: 7 }).where('id', '=', failing[0]!.id).execute();
    await worker().drain();
    const rows = await server.deps.db
      .selectFrom('jobs')
      .select(['kind', 'state', 'last_error'])
      .where('id', '>', before)
      .where('org_id', '=', orgA)
      .orderBy('kind')
      .execute();
    expect(rows).toEqual([
      { kind: 'fixture-job-throws.fail', state: 'dead', last_error: 'awaria zadania (celowa)' },
      { kind: 'fixture-subscriber.record', state: 'done', last_error: null },
    ]);
    const recorded = await sql<{ event: string; payload: string }>`select event, payload
      from p_fixture_subscriber_events where org_id = ${orgA}`.execute(server.deps.db);
    expect(recorded.rows).toContainEqual({
      event: 'items.saved',
      payload: JSON.stringify({ itemIds: [item.id], createdIds: [item.id] }),
    });
    // The failing plugin is broken for this organisation only; the subscriber and the core go on.
    const plugins = (await a.admin.get<{ plugins: PluginInfo[] }>('/api/plugin_info')).body.plugins;
    expect(plugins.find((p) => p.id === 'fixture-job-throws')!.broken).toMatch(/^Zadanie „fail” nie powiodło się/);
    expect(plugins.find((p) => p.id === 'fixture-subscriber')!.broken).toBeNull();
    await expectEvents(
      a,
      () => newItem(a, 0),
      (i) => [['items.saved', { itemIds: [i.id], createdIds: [i.id] }]],
    );
  });

  it('an uninstalled plugin gets nothing more', async () => {
    expect((await a.admin.request('DELETE', '/api/plugin_install?pluginId=fixture-job-throws')).status).toBe(204);
    const before = await lastJobId();
    await newItem(a, 0);
    const kinds = await server.deps.db.selectFrom('jobs').select('kind').where('id', '>', before).execute();
    expect(kinds.map((k) => k.kind)).toEqual(['fixture-subscriber.record']);
  });
});
