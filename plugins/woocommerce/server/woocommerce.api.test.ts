/**
 * The woocommerce plugin against a fake WooCommerce (test/fake-woocommerce.ts) on both engines,
 * with real HTTP: settings and secrets, the connection test, the order import by modification date
 * (several orders in one second, the overlap, nothing twice), statuses both ways, waybill notes
 * added once, stock pushed in batches of at most 100, webhooks (signature, forgery, repetition,
 * tenancy), and failures (401, 429, 5xx, malformed answers, a job stopped before its commit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderToUpdate, type Order, type PluginConnectionAnswer } from '@zaplecze/contract';
import { createCatalog, itemBody, type Catalog } from '../../../packages/server/test/catalog';
import { createOrg, createUser, orgIdOf, type TestOrg } from '../../../packages/server/test/factories';
import { startTestServer, type TestServer } from '../../../packages/server/test/harness';
import { createOrderRefs, type OrderRefs } from '../../../packages/server/test/orders';
import { pluginJobWorker } from '../../../packages/server/test/plugin-jobs';
import { pluginsModule } from '../../../packages/server/src/modules/plugins';
import { TenantDb } from '../../../packages/server/src/db/tenant';
import { FakeWooCommerce } from '../test/fake-woocommerce';

const ID = 'woocommerce';
const HOOK_SECRET = 'tajny-sekret-webhooka';

let server: TestServer;
let fake: FakeWooCommerce;
let a: TestOrg;
let b: TestOrg;
let cat: Catalog;
let refs: OrderRefs;
let kubId: number;
let gtinId: number;

const drain = () => pluginJobWorker(server.deps).drain();

async function install(org: TestOrg, values: Record<string, unknown>, secrets: Record<string, string | null>) {
  expect((await org.admin.request('POST', '/api/plugin_install', { form: { pluginId: ID } })).status).toBe(204);
  const put = await org.admin.put(`/api/plugins/${ID}/settings`, { values, secrets });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

async function orderOfExt(org: TestOrg, wooId: number): Promise<Order | undefined> {
  const row = await server.deps.db
    .selectFrom('plugin_order_refs')
    .select('order_id')
    .where('org_id', '=', orgIdOf(org))
    .where('plugin_id', '=', ID)
    .where('external_id', '=', String(wooId))
    .executeTakeFirst();
  if (!row) return undefined;
  return (await org.admin.get<{ orders: Order[] }>(`/api/orders?id=${row.order_id}`)).body.orders[0];
}
const refCount = async (org: TestOrg) =>
  (
    await server.deps.db
      .selectFrom('plugin_order_refs')
      .select('external_id')
      .where('org_id', '=', orgIdOf(org))
      .execute()
  ).length;
const stockOf = async (org: TestOrg, id: number) =>
  (await org.admin.get<{ items: { countWare: number }[] }>(`/api/items?id=${id}`)).body.items[0]!.countWare;
const jobs = async (org: TestOrg, kind: string) =>
  server.deps.db
    .selectFrom('jobs')
    .selectAll()
    .where('org_id', '=', orgIdOf(org))
    .where('kind', '=', `${ID}.${kind}`)
    .orderBy('id')
    .execute();
const hookUrl = async (org: TestOrg) =>
  server.url + (await org.admin.get<{ path: string }>(`/api/plugins/${ID}/webhook`)).body.path;

beforeAll(async () => {
  fake = new FakeWooCommerce();
  await fake.start();
  server = await startTestServer();
  a = await createOrg(server);
  b = await createOrg(server);
  cat = await createCatalog(a.admin);
  refs = await createOrderRefs(a.admin);
  kubId = (await a.admin.post<{ id: number }>('/api/items', itemBody(cat, { code: 'KUB-1', countWare: 10 }))).body.id;
  gtinId = (
    await a.admin.post<{ id: number }>(
      '/api/items',
      itemBody(cat, { code: 'GT-1', gtin: '5901234123457', countWare: 5, price: 30 }),
    )
  ).body.id;
  fake.addProduct({ sku: 'KUB-1', name: 'Kubek', stock_quantity: 99 });
  await install(
    a,
    {
      url: fake.url,
      statusIn: { processing: refs.statusId, completed: refs.status2Id },
      statusOut: [{ orderStatusId: refs.status2Id, wooStatus: 'completed' }],
      incomeSourceId: refs.source2Id,
      stockBuffer: 2,
    },
    { consumerKey: fake.key, consumerSecret: fake.secret, webhookSecret: HOOK_SECRET },
  );
});
afterAll(async () => {
  await server.close();
  await fake.stop();
});

describe('settings and connection', () => {
  it('answers secrets only as set, never their values', async () => {
    const res = await a.admin.get<{ values: Record<string, unknown>; secrets: Record<string, string> }>(
      `/api/plugins/${ID}/settings`,
    );
    expect(res.body.secrets).toEqual({ consumerKey: 'set', consumerSecret: 'set', webhookSecret: 'set' });
    expect(JSON.stringify(res.body)).not.toContain(fake.secret);
    expect(res.body.values).toMatchObject({
      url: fake.url,
      syncMinutes: 15,
      stockBuffer: 2,
      nipMetaKey: '_billing_nip',
    });
    const bad = await a.admin.put(`/api/plugins/${ID}/settings`, { values: { syncMinutes: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Co ile minut: liczba od 5 do 1440.' });
  });

  it('tests the connection with a Polish answer', async () => {
    const ok = await a.admin.post<{ ok: boolean; message: string }>(`/api/plugins/${ID}/test_connection`, {});
    expect(ok.body).toEqual({ ok: true, message: 'Połączono ze sklepem WooCommerce (zamówień w sklepie: 0).' });
    fake.failNext(1, { status: 401 });
    const refused = await a.admin.post<{ ok: boolean; message: string }>(`/api/plugins/${ID}/test_connection`, {});
    expect(refused.status).toBe(200);
    expect(refused.body.ok).toBe(false);
    expect(refused.body.message).toContain('Sklep WooCommerce:');
    const viewer = await createUser(server, a, { login: `widz${Date.now()}`, permissions: 'main.items.show' });
    expect((await viewer.client.post(`/api/plugins/${ID}/test_connection`, {})).status).toBe(403);
    // Nothing of the credentials in the call log.
    const rows = JSON.stringify(await server.deps.db.selectFrom('plugin_calls').selectAll().execute());
    expect(rows).not.toContain(fake.secret);
    expect(rows).not.toContain(fake.key);
  });

  it('is not there for an organisation that has not installed it', async () => {
    for (const [m, u] of [
      ['POST', '/sync'],
      ['POST', '/test_connection'],
      ['GET', '/webhook'],
      ['GET', `/link?itemId=${kubId}`],
      ['GET', '/log'],
    ] as const)
      expect((await b.admin.request(m, `/api/plugins/${ID}${u}`, m === 'POST' ? { json: {} } : {})).status).toBe(404);
  });
});

let o1: number;
let o2: number;
let o3: number;
describe('order import', () => {
  it('imports orders by modification date, lines by SKU then GTIN, unlinked lines keep the name', async () => {
    const gtinProduct = fake.addProduct({ sku: 'INNY-SKU', global_unique_id: '5901234123457', regular_price: '30.00' });
    const kub = [...fake.products.values()].find((p) => p.sku === 'KUB-1')!;
    // Three orders in the same second.
    o1 = fake.addOrder({
      lines: [{ productId: kub.id, quantity: 2, price: 19.99 }],
      shipping: { methodId: 'flat_rate', title: 'Kurier', total: '15.00' },
    }).id;
    o2 = fake.addOrder({ lines: [{ productId: gtinProduct.id, quantity: 1, price: 30 }] }).id;
    o3 = fake.addOrder({
      lines: [{ productId: 999999, quantity: 1, price: 5, name: 'Produkt spoza katalogu', sku: '' }],
      meta: { _billing_nip: '526-025-09-95' },
      billing: { company: 'ACME sp. z o.o.' },
    }).id;
    fake.addOrder({ status: 'pending', lines: [{ productId: kub.id, quantity: 1, price: 19.99 }] });
    const start = await a.admin.post<{ jobId: number }>(`/api/plugins/${ID}/sync`, {});
    expect(start.status).toBe(200);
    expect(start.body.jobId).toBeGreaterThan(0);
    await drain();
    const first = (await orderOfExt(a, o1))!;
    expect(first.items.map((l) => [l.code, l.itemId, l.quantity, l.price])).toEqual([['KUB-1', kubId, 2, 19.99]]);
    expect(first.orderStatus.id).toBe(refs.statusId);
    expect(first.incomeSource.id).toBe(refs.source2Id);
    expect(first.deliveryCost).toBe(15);
    expect(first.clientData).toMatchObject({
      nameSurname: 'Anna Kowalska',
      city: 'Kraków',
      postCode: '30-001',
      email: 'anna@example.pl',
    });
    expect((await orderOfExt(a, o2))!.items[0]!.itemId).toBe(gtinId);
    const third = (await orderOfExt(a, o3))!;
    expect(third.items[0]).toMatchObject({ itemId: null, name: 'Produkt spoza katalogu', price: 5 });
    expect(third.invoice).toMatchObject({
      isCompany: true,
      companyTaxId: '5260250995',
      companyName: 'ACME sp. z o.o.',
    });
    expect(await refCount(a)).toBe(3); // the pending one is not imported
    expect(await stockOf(a, kubId)).toBe(10); // uncommitted: the stock stays, sellable drops
  });

  it('finds an order changed later in the same second, and imports nothing twice', async () => {
    const kub = [...fake.products.values()].find((p) => p.sku === 'KUB-1')!;
    const late = fake.addOrder({ lines: [{ productId: kub.id, quantity: 1, price: 19.99 }] }).id;
    await a.admin.post(`/api/plugins/${ID}/sync`, {});
    await a.admin.post(`/api/plugins/${ID}/sync`, {});
    await drain();
    expect(await orderOfExt(a, late)).toBeDefined();
    expect(await refCount(a)).toBe(4);
    const lastList = fake.requests.filter((r) => r.path === '/orders').at(-1)!;
    expect(Object.fromEntries(lastList.query)).toMatchObject({
      dates_are_gmt: 'true',
      orderby: 'date',
      order: 'asc',
      per_page: '100',
      status: 'any',
    });
  });

  it('pages through more than 100 changed orders', async () => {
    fake.tick(5);
    const ids = Array.from(
      { length: 130 },
      () => fake.addOrder({ lines: [{ productId: 999999, quantity: 1, price: 1, name: 'X', sku: '' }] }).id,
    );
    await a.admin.post(`/api/plugins/${ID}/sync`, {});
    await drain();
    const pages = fake.requests
      .filter((r) => r.path === '/orders')
      .slice(-2)
      .map((r) => r.query.get('page'));
    expect(pages).toEqual(['1', '2']);
    expect(await refCount(a)).toBe(4 + ids.length);
  });

  it("a line takes the VAT rate mapped to its tax class, else its item's, else the default", async () => {
    const kub = [...fake.products.values()].find((p) => p.sku === 'KUB-1')!;
    const bad = await a.admin.put(`/api/plugins/${ID}/settings`, {
      values: { taxClassVat: [{ taxClass: 'reduced-rate', vat: 123 }] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Stawka VAT');
    const put = await a.admin.put(`/api/plugins/${ID}/settings`, {
      values: {
        taxClassVat: [
          { taxClass: 'reduced-rate', vat: 8 },
          { taxClass: 'zero-rate', vat: 'zw' },
        ],
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const o = fake.addOrder({
      lines: [
        { productId: kub.id, quantity: 1, price: 19.99 },
        { productId: kub.id, quantity: 1, price: 19.99, taxClass: 'reduced-rate' },
        { productId: 999998, quantity: 1, price: 5, name: 'Książka', sku: '', taxClass: 'zero-rate' },
        { productId: 999997, quantity: 1, price: 5, name: 'Inne', sku: '' },
      ],
    }).id;
    await a.admin.post(`/api/plugins/${ID}/sync`, {});
    await drain();
    const order = (await orderOfExt(a, o))!;
    expect(order.items.map((l) => l.vat)).toEqual([23, 8, 'zw', 23]);
    await a.admin.put(`/api/plugins/${ID}/settings`, { values: { taxClassVat: [] } });
    // Its lines' claims on KUB-1 would change the stock the later tests push.
    expect((await a.admin.delete(`/api/orders?id=${order.id}`)).status).toBe(204);
  });

  it('a status changed in the shop moves ours by the mapping and says so in the log', async () => {
    fake.tick(5);
    fake.modifyOrder(o1, { status: 'completed' });
    await a.admin.post(`/api/plugins/${ID}/sync`, {});
    await drain();
    expect((await orderOfExt(a, o1))!.orderStatus.id).toBe(refs.status2Id);
    const log = (await a.admin.get<{ entries: { message: string }[] }>(`/api/plugins/${ID}/log`)).body.entries;
    expect(log[0]!.message).toContain('status w sklepie zmienił się na „Zrealizowane”; zmieniono status zamówienia');
    // Our own patch must not go back to the shop (it has that status already).
    const puts = fake.requests.filter((r) => r.method === 'PUT' && r.path === `/orders/${o1}`);
    expect(puts).toHaveLength(0);
  });

  it('a status changed here goes out by the mapping', async () => {
    const order = (await orderOfExt(a, o2))!;
    const res = await a.admin.put('/api/orders', { ...orderToUpdate(order), orderStatusId: refs.status2Id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await drain();
    expect(fake.orders.get(o2)!.status).toBe('completed');
  });
});

describe('failures', () => {
  it('401 puts the connection into reconnect; a settings save ends it', async () => {
    fake.failNext(1, { status: 401 });
    await a.admin.post(`/api/plugins/${ID}/sync`, {});
    await drain();
    const conn = (await a.admin.get<PluginConnectionAnswer>(`/api/plugin_connection?pluginId=${ID}`)).body;
    expect(conn.state).toBe('reconnect');
    const schedules = pluginsModule.schedules!(server.deps).filter((s) => s.key.startsWith(`${ID}.`));
    expect(new Set(await schedules[0]!.organisations(server.deps.db)).has(orgIdOf(a))).toBe(false);
    await a.admin.put(`/api/plugins/${ID}/settings`, { values: {} });
    expect((await a.admin.get<PluginConnectionAnswer>(`/api/plugin_connection?pluginId=${ID}`)).body.state).toBe('ok');
  });

  it('429 pauses only this plugin for this organisation; 5xx is retried', async () => {
    fake.failNext(1, { status: 429, retryAfter: 120 });
    const id = (await a.admin.post<{ jobId: number }>(`/api/plugins/${ID}/sync`, {})).body.jobId;
    await drain();
    const job = await server.deps.db
      .selectFrom('jobs')
      .select(['state'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(job.state).toBe('pending');
    const pause = await server.deps.db
      .selectFrom('job_pauses')
      .selectAll()
      .where('org_id', '=', orgIdOf(a))
      .where('plugin_id', '=', ID)
      .executeTakeFirst();
    expect(pause).toBeDefined();
    await server.deps.db.deleteFrom('job_pauses').where('org_id', '=', orgIdOf(a)).execute();
    await server.deps.db.deleteFrom('jobs').where('id', '=', id).execute();

    fake.failNext(1, { status: 500 });
    const id5 = (await a.admin.post<{ jobId: number }>(`/api/plugins/${ID}/sync`, {})).body.jobId;
    await drain();
    const retried = await server.deps.db
      .selectFrom('jobs')
      .select(['state', 'attempts', 'last_error'])
      .where('id', '=', id5)
      .executeTakeFirstOrThrow();
    expect(retried.state).toBe('pending');
    expect(retried.attempts).toBe(1);
    await server.deps.db.deleteFrom('jobs').where('id', '=', id5).execute();
  });

  it('a malformed page is logged and the cursor stays; a malformed order holds the cursor but not the others', async () => {
    const cursorOf = async () =>
      (await a.admin.get<{ cursor: string | null }>(`/api/plugins/${ID}/status`)).body.cursor;
    await a.admin.post(`/api/plugins/${ID}/sync`, {});
    await drain();
    const before = await cursorOf();
    fake.tick(5);
    const bad = fake.addOrder({ lines: [{ productId: 999999, quantity: 1, price: 1, name: 'Z', sku: '' }] }).id;
    fake.tick(1);
    const good = fake.addOrder({ lines: [{ productId: 999999, quantity: 1, price: 1, name: 'Y', sku: '' }] }).id;
    fake.failNext(1, 'malformed');
    await a.admin.post(`/api/plugins/${ID}/sync`, {});
    await drain();
    expect(await cursorOf()).toBe(before);
    const calls = (
      await a.admin.get<{ calls: { ok: boolean; message: string }[] }>(`/api/plugin_calls?pluginId=${ID}&outcome=error`)
    ).body.calls;
    expect(calls[0]!.message).toContain('nieoczekiwanym formacie');

    fake.malformedOrders.add(bad);
    await a.admin.post(`/api/plugins/${ID}/sync`, {});
    await drain();
    expect(await orderOfExt(a, good)).toBeDefined();
    expect(await orderOfExt(a, bad)).toBeUndefined();
    expect(await cursorOf()).toBe(before); // never past the malformed one
    fake.malformedOrders.delete(bad);
    await a.admin.post(`/api/plugins/${ID}/sync`, {});
    await drain();
    expect(await orderOfExt(a, bad)).toBeDefined();
    expect(await cursorOf()).toBe(`${fake.orders.get(good)!.date_modified_gmt}Z #${good}`);
  });

  it('a job stopped after the outside call and before its commit leaves nothing; the next imports once', async () => {
    fake.tick(5);
    const id = fake.addOrder({ lines: [{ productId: 999999, quantity: 1, price: 1, name: 'K', sku: '' }] }).id;
    const kind = pluginsModule.jobs!(server.deps).find((k) => k.kind === `${ID}.sync`)!;
    const stop = new AbortController();
    fake.onRequest = (_m, path) => path === '/orders' && stop.abort();
    const tdb = new TenantDb(server.deps.db, orgIdOf(a));
    await expect(
      kind.handler({
        job: { id: 0, orgId: orgIdOf(a), attempt: 1, maxAttempts: 5, payload: {} } as never,
        tdb,
        progress: async () => undefined,
        signal: stop.signal,
      }),
    ).rejects.toThrow('aborted');
    fake.onRequest = undefined;
    expect(await orderOfExt(a, id)).toBeUndefined();
    await a.admin.post(`/api/plugins/${ID}/sync`, {});
    await drain();
    await a.admin.post(`/api/plugins/${ID}/sync`, {});
    await drain();
    expect(await orderOfExt(a, id)).toBeDefined();
    const refsOf = await server.deps.db
      .selectFrom('plugin_order_refs')
      .select('order_id')
      .where('external_id', '=', String(id))
      .execute();
    expect(refsOf).toHaveLength(1);
  });

  it('a waybill note is added once, also when the answer to the first attempt was lost', async () => {
    const order = (await orderOfExt(a, o3))!;
    const kind = pluginsModule.jobs!(server.deps).find((k) => k.kind === `${ID}.note`)!;
    const tdb = new TenantDb(server.deps.db, orgIdOf(a));
    const job = {
      id: 0,
      orgId: orgIdOf(a),
      attempt: 1,
      maxAttempts: 5,
      payload: {
        event: 'order.dispatched',
        payload: { dispatches: [{ orderId: order.id, carrier: 'InPost', waybill: '620000111222333444555666' }] },
      },
    } as never;
    fake.dropAfterApply = 1;
    await expect(
      kind.handler({ job, tdb, progress: async () => undefined, signal: new AbortController().signal }),
    ).rejects.toThrow();
    await kind.handler({ job, tdb, progress: async () => undefined, signal: new AbortController().signal });
    const notes = fake.notes.get(o3)!;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ customer_note: true });
    expect(notes[0]!.note).toContain('620000111222333444555666');
  });
});

describe('two workers syncing the same seller', () => {
  it('import each order once', async () => {
    fake.tick(5);
    const ids = Array.from(
      { length: 12 },
      () => fake.addOrder({ lines: [{ productId: 999999, quantity: 1, price: 2, name: 'R', sku: '' }] }).id,
    );
    await a.admin.post(`/api/plugins/${ID}/sync`, {});
    await a.admin.post(`/api/plugins/${ID}/sync`, {});
    await Promise.all([drain(), drain()]);
    // A worker that lost a race retries later: run what is left.
    await server.deps.db
      .updateTable('jobs')
      .set({ run_at: new Date().toISOString() })
      .where('state', '=', 'pending')
      .execute();
    await drain();
    for (const id of ids) {
      const rows = await server.deps.db
        .selectFrom('plugin_order_refs')
        .select('order_id')
        .where('external_id', '=', String(id))
        .execute();
      expect(rows).toHaveLength(1);
    }
    const lines = await server.deps.db
      .selectFrom('order_lines')
      .select('order_id')
      .where('org_id', '=', orgIdOf(a))
      .where('name', '=', 'R')
      .execute();
    expect(lines).toHaveLength(ids.length);
  });
});

describe('stock and prices out', () => {
  it('links by SKU and sends sellable stock less the buffer, at most 100 per batch', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 105; i++) {
      const code = `MASS-${i}`;
      fake.addProduct({ sku: code, stock_quantity: 0 });
      ids.push((await a.admin.post<{ id: number }>('/api/items', itemBody(cat, { code, countWare: i % 3 }))).body.id);
    }
    await a.admin.put(`/api/plugins/${ID}/settings`, { values: { pushPrice: true } });
    await a.admin.post(`/api/plugins/${ID}/push`, {});
    await drain();
    const batches = fake.requests.filter((r) => r.path === '/products/batch');
    expect(batches.length).toBeGreaterThanOrEqual(2);
    for (const r of batches) expect((r.body as { update: unknown[] }).update.length).toBeLessThanOrEqual(100);
    const kub = [...fake.products.values()].find((p) => p.sku === 'KUB-1')!;
    // 10 in stock, imported orders not yet taken claim 2 + 1, buffer 2.
    expect(kub.stock_quantity).toBe(5);
    expect(kub.regular_price).toBe('19.99');
    expect([...fake.products.values()].find((p) => p.sku === 'MASS-2')!.stock_quantity).toBe(0);
    const link = (
      await a.admin.get<{ link: { sku: string; auto: boolean; lastStock: number } }>(
        `/api/plugins/${ID}/link?itemId=${kubId}`,
      )
    ).body.link;
    expect(link).toMatchObject({ sku: 'KUB-1', auto: true, lastStock: 5 });
  });

  it('a stock change reaches the product through the subscription', async () => {
    const item = (await a.admin.get<{ items: Record<string, unknown>[] }>(`/api/items?id=${kubId}`)).body.items[0]!;
    const res = await a.admin.put('/api/items', {
      ...itemBody(cat, { code: 'KUB-1' }),
      id: kubId,
      countWare: 20,
      lastModDate: item.lastModDate,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await drain();
    expect([...fake.products.values()].find((p) => p.sku === 'KUB-1')!.stock_quantity).toBe(15);
  });

  it('links by hand and refuses an unknown SKU', async () => {
    const v = fake.addProduct({
      sku: 'KOSZ-M',
      type: 'variation',
      parent_id: fake.addProduct({ sku: 'KOSZ', type: 'variable' }).id,
    });
    const res = await a.admin.put(`/api/plugins/${ID}/link`, { itemId: gtinId, sku: 'KOSZ-M' });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    const link = (
      await a.admin.get<{ link: { variationId: number; auto: boolean } }>(`/api/plugins/${ID}/link?itemId=${gtinId}`)
    ).body.link;
    expect(link).toMatchObject({ variationId: v.id, auto: false });
    expect((await a.admin.put(`/api/plugins/${ID}/link`, { itemId: gtinId, sku: 'BRAK' })).status).toBe(400);
    await a.admin.post(`/api/plugins/${ID}/push`, { force: true });
    await drain();
    expect(fake.requests.some((r) => r.path === `/products/${v.parent_id}/variations/batch`)).toBe(true);
    // 5 in stock, one claimed by an imported order, buffer 2.
    expect(fake.products.get(v.id)!.stock_quantity).toBe(2);
    // Another organisation's item is a missing item.
    expect((await b.admin.get(`/api/plugins/${ID}/link?itemId=${kubId}`)).status).toBe(404);
  });
});

describe('webhooks', () => {
  it('accept a signed order webhook once and enqueue its import', async () => {
    const url = await hookUrl(a);
    expect(url).toMatch(/\/api\/hooks\/woocommerce\/orders\/[A-Za-z0-9_-]{43}$/);
    fake.tick(5);
    const o = fake.addOrder({ lines: [{ productId: 999999, quantity: 1, price: 3, name: 'W', sku: '' }] });
    const first = await fake.deliverWebhook(url, { orderId: o.id, secret: HOOK_SECRET, topic: 'order.created' });
    expect(first).toEqual({ status: 200, body: { ok: true } });
    const again = await fake.deliverWebhook(url, { orderId: o.id, secret: HOOK_SECRET });
    expect(again.status).toBe(200);
    expect(
      (await jobs(a, 'sync')).filter((j) => j.state === 'pending' && j.dedupe_key === `order:${o.id}`),
    ).toHaveLength(1);
    await drain();
    expect(await orderOfExt(a, o.id)).toBeDefined();
    await fake.deliverWebhook(url, { orderId: o.id, secret: HOOK_SECRET });
    await drain();
    const refsOf = await server.deps.db
      .selectFrom('plugin_order_refs')
      .select('order_id')
      .where('external_id', '=', String(o.id))
      .execute();
    expect(refsOf).toHaveLength(1);
  });

  it("answer WooCommerce's unsigned test call with 200 and nothing else", async () => {
    const url = await hookUrl(a);
    const before = (await jobs(a, 'sync')).length;
    const ping = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'WooCommerce/9.4.0 Hookshot (WordPress/6.7)',
      },
      body: 'webhook_id=7',
    });
    expect(ping.status).toBe(200);
    expect((await jobs(a, 'sync')).length).toBe(before);
    // Anything else unsigned is refused.
    const other = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'webhook_id=7&x=1',
    });
    expect(other.status).toBe(401);
  });

  it('are rate-limited per client address', async () => {
    const limited = await startTestServer({ pluginHookRateLimit: 3 });
    try {
      const c = await createOrg(limited);
      expect((await c.admin.request('POST', '/api/plugin_install', { form: { pluginId: ID } })).status).toBe(204);
      const path = (await c.admin.get<{ path: string }>(`/api/plugins/${ID}/webhook`)).body.path;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push(
          (
            await fetch(limited.url + path, {
              method: 'POST',
              body: '{"id":1}',
              headers: { 'content-type': 'application/json' },
            })
          ).status,
        );
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('refuse a forged signature, another topic, an unknown key and another organisation without touching data', async () => {
    const url = await hookUrl(a);
    const o = fake.addOrder({ lines: [{ productId: 999999, quantity: 1, price: 3, name: 'F', sku: '' }] });
    const before = (await jobs(a, 'sync')).length;
    const forged = await fake.deliverWebhook(url, { orderId: o.id, secret: 'zly-sekret' });
    expect(forged).toEqual({ status: 401, body: { code: 401, message: 'Nieprawidłowy podpis powiadomienia.' } });
    const noSig = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id":1}',
    });
    expect(noSig.status).toBe(401);
    const product = await fake.deliverWebhook(url, { orderId: o.id, secret: HOOK_SECRET, topic: 'product.updated' });
    expect(product.status).toBe(400);
    const unknown = await fake.deliverWebhook(url.replace(/[^/]+$/, 'x'.repeat(43)), {
      orderId: o.id,
      secret: HOOK_SECRET,
    });
    expect(unknown).toEqual({ status: 404, body: { code: 404, message: 'Nieznany adres powiadomień.' } });
    // Organisation b: its own address and secret; a's signature does not open it.
    await install(
      b,
      { url: fake.url },
      { consumerKey: fake.key, consumerSecret: fake.secret, webhookSecret: 'sekret-b' },
    );
    const urlB = await hookUrl(b);
    expect(urlB).not.toBe(url);
    expect((await fake.deliverWebhook(urlB, { orderId: o.id, secret: HOOK_SECRET })).status).toBe(401);
    expect((await jobs(a, 'sync')).length).toBe(before);
    expect((await jobs(b, 'sync')).length).toBe(0);
    // Uninstalled: the address answers 404.
    expect((await b.admin.request('DELETE', `/api/plugin_install?pluginId=${ID}`)).status).toBe(204);
    expect((await fake.deliverWebhook(urlB, { orderId: o.id, secret: 'sekret-b' })).status).toBe(404);
    // A renewed address replaces the old one.
    const renewed = (await a.admin.post<{ path: string }>(`/api/plugins/${ID}/webhook/renew`, {})).body.path;
    expect(server.url + renewed).not.toBe(url);
    expect((await fake.deliverWebhook(url, { orderId: o.id, secret: HOOK_SECRET })).status).toBe(404);
  });
});
