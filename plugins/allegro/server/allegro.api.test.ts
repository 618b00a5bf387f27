/**
 * The allegro plugin against the fake Allegro (plugins/allegro/test/fake-allegro.ts) on both
 * engines, through real HTTP and the job worker: the device flow, order import through the core
 * (lines, stock, status, buyer data), repeated and reordered events, buyer cancellation, status both
 * ways with the revision lock, waybills, stock to offers with command ids that a retry repeats, 401,
 * 429, 5xx, malformed answers, a job killed between the outside call and our commit, one refresh at
 * a time, tenant isolation and secrets never answered.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order, PluginCallsAnswer } from '@zaplecze/contract';
import { createCatalog, itemBody, type Catalog } from '../../../packages/server/test/catalog';
import { createOrg, orgIdOf, type TestOrg } from '../../../packages/server/test/factories';
import { startTestServer, type TestServer } from '../../../packages/server/test/harness';
import { TenantDb } from '../../../packages/server/src/db/tenant';
import { pluginsModule } from '../../../packages/server/src/modules/plugins';
import { JobWorker } from '../../../packages/server/src/platform/jobs';
import { enqueuePluginJob, patchImportedOrder, sellableStock } from '@zaplecze/plugin-sdk';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, startFakeAllegro, type FakeAllegro } from '../test/fake-allegro';
import type { ConnectState, Mapping, OfferLink } from '../schemas';
import { accessToken } from './api';
import { importHooks, importOrders } from './import';
import { offerHooks } from './offers';
import { allegroDb, COMMANDS, STATE } from './tables';

let server: TestServer;
let fake: FakeAllegro;
let a: TestOrg;
let b: TestOrg;
let catalog: Catalog;
let cupId: number;
let gtinItemId: number;
const statuses: Record<string, number> = {};

/** A worker whose clock runs `aheadMs` ahead (the device flow's next poll, a retry's backoff). */
const worker = (aheadMs = 0) =>
  new JobWorker({
    db: server.deps.db,
    engine: server.deps.engine,
    kinds: pluginsModule.jobs!(server.deps),
    log: () => undefined,
    now: () => new Date(Date.now() + aheadMs),
  });

/** The device flow's poll runs after its interval (1 s with the fake here); the next one is not yet due. */
async function pollAfterInterval() {
  await new Promise((r) => setTimeout(r, 1100));
  await worker().drain();
}

async function setUp(org: TestOrg) {
  expect((await org.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'allegro' } })).status).toBe(204);
  const put = await org.admin.put('/api/plugins/allegro/settings', {
    values: { apiUrl: fake.url, authUrl: fake.url, clientId: FAKE_CLIENT_ID, safetyBuffer: 1 },
    secrets: { clientSecret: FAKE_CLIENT_SECRET },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

async function connect(org: TestOrg) {
  const started = await org.admin.post<{ userCode: string; verificationUriComplete: string }>(
    '/api/plugins/allegro/connect',
    {},
  );
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  fake.approve(started.body.userCode);
  // Approved before the first poll: one poll connects (a clock past any pause of the seller's jobs).
  await worker(200_000).drain();
  expect((await org.admin.get<ConnectState>('/api/plugins/allegro/connect')).body.state).toBe('connected');
}

async function sync(org: TestOrg, aheadMs = 0) {
  const res = await org.admin.post<{ jobId: number }>('/api/plugins/allegro/sync', {});
  expect(res.status).toBe(200);
  await worker(aheadMs).drain();
  return res.body.jobId;
}

const job = (id: number) =>
  server.deps.db
    .selectFrom('jobs')
    .select(['state', 'attempts', 'last_error', 'run_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

async function orderOf(org: TestOrg, formId: string): Promise<Order | undefined> {
  const res = await org.admin.get<{ orders: Order[] }>(`/api/orders?externalId=${encodeURIComponent(formId)}`);
  const ref = await server.deps.db
    .selectFrom('plugin_order_refs')
    .select('order_id')
    .where('org_id', '=', orgIdOf(org))
    .where('external_id', '=', formId)
    .executeTakeFirst();
  if (!ref) return undefined;
  const one = await org.admin.get<{ orders: Order[] }>(`/api/orders?id=${ref.order_id}`);
  expect(res.status).toBeLessThan(500);
  return one.body.orders[0];
}

const refCount = async (org: TestOrg) =>
  Number(
    (
      await server.deps.db
        .selectFrom('plugin_order_refs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('org_id', '=', orgIdOf(org))
        .where('plugin_id', '=', 'allegro')
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  fake = await startFakeAllegro();
  fake.deviceInterval = 1;
  server = await startTestServer();
  a = await createOrg(server);
  b = await createOrg(server);
  catalog = await createCatalog(a.admin);
  cupId = (await a.admin.post<{ id: number }>('/api/items', itemBody(catalog, { code: 'KUB-1', countWare: 10 }))).body
    .id;
  gtinItemId = (
    await a.admin.post<{ id: number }>(
      '/api/items',
      itemBody(catalog, { code: 'TALERZ-9', name: 'Talerz', gtin: '5901234123457', countWare: 5, price: 30 }),
    )
  ).body.id;
  for (const name of ['Allegro: nowe', 'Allegro: w realizacji', 'Allegro: wysłane', 'Allegro: anulowane']) {
    const r = await a.admin.post<{ id: number }>('/api/order_statuses', { name, color: '123456' });
    expect(r.status).toBe(200);
    statuses[name] = r.body.id;
  }
  fake.addOffer('1000001', 'Kubek ceramiczny', 'KUB-1', 3, '19.99');
  fake.addOffer('1000002', 'Talerz obiadowy', '5901234123457', 0, '30.00');
  fake.addOffer('1000003', 'Oferta bez towaru', 'NIEZNANY', 7, '5.00');
  await setUp(a);
}, 60_000);

afterAll(async () => {
  await server.close();
  await fake.close();
});

beforeEach(() => {
  fake.clearFailures();
  importHooks.beforeCommit = undefined;
  offerHooks.afterSend = undefined;
});

describe('connection (device flow)', () => {
  it('starts disconnected, gives the user code and link, polls until approved, answers no secret', async () => {
    const before = await a.admin.get<ConnectState>('/api/plugins/allegro/connect');
    expect(before.status).toBe(200);
    expect(before.body.state).toBe('disconnected');
    const test0 = await a.admin.post<{ ok: boolean; message: string }>('/api/plugins/allegro/test_connection', {});
    expect(test0.body).toMatchObject({ ok: false });
    expect(test0.body.message).toMatch(/nie jest połączone/);

    const started = await a.admin.post<{ userCode: string; verificationUriComplete: string; state: string }>(
      '/api/plugins/allegro/connect',
      {},
    );
    expect(started.status).toBe(200);
    expect(started.body.state).toBe('pending');
    expect(started.body.verificationUriComplete).toContain(started.body.userCode);
    expect((await a.admin.get<ConnectState>('/api/plugins/allegro/connect')).body).toMatchObject({
      state: 'pending',
      userCode: started.body.userCode,
    });
    // Not approved yet: the poll asks again after the interval.
    await pollAfterInterval();
    expect((await a.admin.get<ConnectState>('/api/plugins/allegro/connect')).body.state).toBe('pending');
    fake.approve(started.body.userCode);
    await pollAfterInterval();
    const after = await a.admin.get<ConnectState>('/api/plugins/allegro/connect');
    expect(after.body.state).toBe('connected');
    expect(after.body.userCode).toBeNull();

    const test1 = await a.admin.post<{ ok: boolean; message: string }>('/api/plugins/allegro/test_connection', {});
    expect(test1.body).toEqual({ ok: true, message: 'Połączono z Allegro jako sklep_testowy.' });

    // Tokens: stored as secrets, never answered (settings, connect) nor logged.
    const settings = await a.admin.get<{ secrets: Record<string, string> }>('/api/plugins/allegro/settings');
    expect(settings.body.secrets).toEqual({ clientSecret: 'set' });
    const answers = JSON.stringify([settings.body, after.body]);
    const logged = JSON.stringify(await server.deps.db.selectFrom('plugin_calls').selectAll().execute());
    for (const t of [...fake.issuedTokens(), FAKE_CLIENT_SECRET]) {
      expect(answers).not.toContain(t);
      expect(logged).not.toContain(t);
    }
  });

  it('refreshes an expiring token once for concurrent callers (one refresh at a time)', async () => {
    const tdb = new TenantDb(server.deps.db, orgIdOf(a));
    await allegroDb(tdb)
      .updateTable(STATE)
      .set({ access_expires_at: new Date(Date.now() + 1000).toISOString() })
      .execute();
    const before = fake.tokenCalls.refresh;
    const tokens = await Promise.all(Array.from({ length: 4 }, () => accessToken({ tdb, deps: server.deps })));
    expect(fake.tokenCalls.refresh - before).toBe(1);
    expect(new Set(tokens).size).toBe(1);
  });
});

describe('order import', () => {
  it('imports a paid order through the core with lines, stock, status, buyer and invoice; stock reaches the offer', async () => {
    const map = await a.admin.put<Mapping>('/api/plugins/allegro/mapping', {
      statusFromAllegro: {
        NEW: statuses['Allegro: nowe'],
        SENT: statuses['Allegro: wysłane'],
        CANCELLED: statuses['Allegro: anulowane'],
      },
      statusToAllegro: { [String(statuses['Allegro: w realizacji'])]: 'PROCESSING' },
    });
    expect(map.status, JSON.stringify(map.body)).toBe(200);
    const form = fake.addOrder({
      lines: [
        { offerId: '1000001', externalId: 'KUB-1', quantity: 2, price: '19.99' },
        { offerId: '1000002', externalId: '5901234123457', quantity: 1, price: '30.00' },
        { offerId: '1000003', name: 'Oferta bez towaru', externalId: 'NIEZNANY', quantity: 1, price: '5.00' },
      ],
      pickupPointId: 'KRA01M',
      cashOnDelivery: true,
      message: 'Proszę zapakować na prezent',
      invoice: { company: 'Żółta Gęś sp. z o.o.', taxId: 'PL5260250274' },
    });
    const jobId = await sync(a);
    expect((await job(jobId)).state).toBe('done');
    const order = (await orderOf(a, form.id))!;
    expect(order).toBeDefined();
    expect(order.orderStatus.id).toBe(statuses['Allegro: nowe']);
    expect(order.incomeSource?.name ?? (order as unknown as { incomeSource: { name: string } }).incomeSource.name).toBe(
      'Allegro',
    );
    expect(order.externalId).toBe(form.id);
    expect(order.cashOnDelivery).toBe(true);
    expect(order.shippingMethod).toBe('PICKUP_POINT');
    expect(order.clientData.pickupPoint).toBe('KRA01M');
    expect(order.messageToSeller).toBe('Proszę zapakować na prezent');
    expect(order.invoice).toMatchObject({
      isCompany: true,
      companyTaxId: '5260250274',
      companyName: 'Żółta Gęś sp. z o.o.',
    });
    expect(order.items.map((l) => [l.code, l.itemId, l.quantity])).toEqual([
      ['KUB-1', cupId, 2],
      ['TALERZ-9', gtinItemId, 1],
      ['NIEZNANY', null, 1],
    ]);
    expect(order.items[2]!.name).toBe('Oferta bez towaru');
    // Stock out: what may be sold less the buffer (1), never below zero; the unlinked offer untouched.
    const tdb = new TenantDb(server.deps.db, orgIdOf(a));
    const sellable = await sellableStock(tdb, [cupId, gtinItemId]);
    expect(sellable.get(cupId)).toBe(8);
    expect(fake.offers.get('1000001')!.stock.available).toBe(7);
    expect(fake.offers.get('1000002')!.stock.available).toBe(Math.max(0, sellable.get(gtinItemId)! - 1));
    expect(fake.offers.get('1000003')!.stock.available).toBe(7);
    const offers = await a.admin.get<{ offers: OfferLink[] }>(`/api/plugins/allegro/offers?itemId=${cupId}`);
    expect(offers.body.offers).toMatchObject([{ offerId: '1000001', link: 'auto', stock: 7, sentQuantity: 7 }]);
    // Home widget.
    const w = await a.admin.get<{ importedToday: number }>('/api/plugins/allegro/widget');
    expect(w.body.importedToday).toBe(1);
  });

  it('repeated and out-of-order events change nothing twice', async () => {
    const n = await refCount(a);
    const ids = fake.events.map((e) => e.id);
    fake.repeatEvents(ids);
    fake.shuffleNextPage = true;
    const second = fake.addOrder({ lines: [{ offerId: '1000001', externalId: 'KUB-1', quantity: 1, price: '19.99' }] });
    await sync(a);
    expect(await refCount(a)).toBe(n + 1);
    expect((await orderOf(a, second.id))!.items[0]!.itemId).toBe(cupId);
    const sellable = await sellableStock(new TenantDb(server.deps.db, orgIdOf(a)), [cupId]);
    expect(sellable.get(cupId)).toBe(7);
    await sync(a);
    expect(await refCount(a)).toBe(n + 1);
  });

  it("a buyer's cancellation updates the order and says so in the log", async () => {
    const form = fake.addOrder({ lines: [{ offerId: '1000003', externalId: 'NIEZNANY', quantity: 1, price: '5.00' }] });
    await sync(a);
    fake.buyerCancel(form.id);
    await sync(a);
    const order = (await orderOf(a, form.id))!;
    expect(order.orderStatus.id).toBe(statuses['Allegro: anulowane']);
    expect(order.problem).toBe('Kupujący anulował zamówienie na Allegro.');
    const log = await a.admin.get<PluginCallsAnswer>(`/api/plugin_calls?pluginId=allegro&orderId=${order.id}`);
    expect(log.body.calls.map((c) => c.what)).toContain('Pobranie zamówienia anulowanego przez kupującego');
    expect(log.body.calls.find((c) => c.what === 'Anulowanie zamówienia')?.message).toContain(
      'Kupujący anulował zamówienie na Allegro.',
    );
  });

  it("a line takes the VAT the seller set on the Allegro offer, else its item's", async () => {
    const form = fake.addOrder({
      lines: [
        { offerId: '1000001', externalId: 'KUB-1', quantity: 1, price: '19.99' },
        { offerId: '1000001', externalId: 'KUB-1', quantity: 1, price: '19.99', tax: { rate: '8.00' } },
        { offerId: '1000003', externalId: 'NIEZNANY', quantity: 1, price: '5.00', tax: { exemption: 'ART_43' } },
      ],
    });
    await sync(a);
    const order = (await orderOf(a, form.id))!;
    expect(order.items.map((l) => l.vat)).toEqual([23, 8, 'zw']);
    expect((await a.admin.delete(`/api/orders?id=${order.id}`)).status).toBe(204);
  });

  it("a buyer's change updates the order's delivery data, flags it and says so in the log", async () => {
    const form = fake.addOrder();
    await sync(a);
    const before = (await orderOf(a, form.id))!;
    fake.buyerModify(form.id, 'Nowa Ścieżka 7');
    await sync(a);
    const after = (await orderOf(a, form.id))!;
    expect(after.clientData.street).toBe('Nowa Ścieżka 7');
    expect(after.problem).toBe(
      'Kupujący zmienił dane zamówienia na Allegro: dane dostawy zaktualizowano, sprawdź paczkę.',
    );
    // Lines and stock are left as they were.
    expect(after.items).toEqual(before.items);
    const log = await a.admin.get<PluginCallsAnswer>(`/api/plugin_calls?pluginId=allegro&orderId=${after.id}`);
    expect(log.body.calls.find((c) => c.what === 'Zmiana zamówienia przez kupującego')?.message).toContain(
      'zaktualizowano',
    );
    // The same event again changes nothing twice.
    await sync(a);
    expect((await orderOf(a, form.id))!.lastModDate).toBe(after.lastModDate);
  });

  it('a paid order whose buyer cancels before the import is not imported', async () => {
    const n = await refCount(a);
    const form = fake.addOrder();
    fake.buyerCancel(form.id);
    await sync(a);
    expect(await refCount(a)).toBe(n);
  });
});

describe('status both ways and waybills', () => {
  it('our status moves the fulfilment with the revision lock (a conflict re-reads and retries); Allegro moves ours back', async () => {
    const form = fake.addOrder({ lines: [{ offerId: '1000001', externalId: 'KUB-1', quantity: 1, price: '19.99' }] });
    await sync(a);
    const order = (await orderOf(a, form.id))!;
    // The form changes on Allegro (revision bumped) before our status change goes out.
    fake.setFulfillment(form.id, 'NEW');
    const tdb = new TenantDb(server.deps.db, orgIdOf(a));
    await patchImportedOrder({ tdb, deps: server.deps }, 'test', order.id, {
      orderStatusId: statuses['Allegro: w realizacji'],
    });
    await worker().drain();
    const puts = fake.fulfillmentPuts.filter((p) => p.formId === form.id);
    expect(puts.map((p) => p.answer)).toEqual([409, 204]);
    expect(fake.forms.get(form.id)!.fulfillment.status).toBe('PROCESSING');
    // Our own change coming back through the journal changes nothing.
    await sync(a);
    expect((await orderOf(a, form.id))!.orderStatus.id).toBe(statuses['Allegro: w realizacji']);
    // The seller marks it sent on Allegro: the order follows the mapping.
    fake.setFulfillment(form.id, 'SENT');
    await sync(a);
    expect((await orderOf(a, form.id))!.orderStatus.id).toBe(statuses['Allegro: wysłane']);
    expect(fake.fulfillmentPuts.filter((p) => p.formId === form.id)).toHaveLength(2);
  });

  it('after dispatch the waybill goes to the form once, with the carrier id', async () => {
    const form = fake.addOrder();
    await sync(a);
    const order = (await orderOf(a, form.id))!;
    const tdb = new TenantDb(server.deps.db, orgIdOf(a));
    const payload = {
      event: 'order.dispatched',
      payload: { dispatches: [{ orderId: order.id, carrier: 'inpost', waybill: '620000000000111' }] },
    };
    await enqueuePluginJob(tdb, 'allegro', 'push-waybill', { payload });
    await worker().drain();
    await enqueuePluginJob(tdb, 'allegro', 'push-waybill', { payload });
    await worker().drain();
    expect(fake.shipments.get(form.id)).toMatchObject([
      { carrierId: 'INPOST', waybill: '620000000000111', lineItems: [{ id: form.lineItems[0]!.id }] },
    ]);
  });
});

describe('stock out', () => {
  it('a stock change reaches the offer; a job retried after Allegro took the command repeats its id and nothing twice', async () => {
    const put = await a.admin.put('/api/items', { ...itemBody(catalog, { code: 'KUB-1', countWare: 40 }), id: cupId });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    let failed = false;
    offerHooks.afterSend = () => {
      if (!failed) {
        failed = true;
        throw new Error('killed after the outside call');
      }
    };
    await worker().drain();
    await worker(600_000).drain();
    const sellable = (await sellableStock(new TenantDb(server.deps.db, orgIdOf(a)), [cupId])).get(cupId)!;
    expect(fake.offers.get('1000001')!.stock.available).toBe(sellable - 1);
    const cmds = await allegroDb(new TenantDb(server.deps.db, orgIdOf(a)))
      .selectFrom(COMMANDS)
      .selectAll()
      .where('value', '=', sellable - 1)
      .execute();
    // PUT /items emits items.saved and stock.changed: each job planned its own command; the one
    // killed after Allegro took it was sent again with the same id and applied once.
    expect(cmds.length).toBeGreaterThanOrEqual(1);
    expect(cmds.every((x) => Number(x.sent) === 1 && fake.commands.has(x.command_id))).toBe(true);
    expect(cmds.map((x) => fake.commandPuts.get(x.command_id)).sort()).toContain(2);
  });
});

describe('tokens and prices', () => {
  it('an access token Allegro refuses early is refreshed once and the call repeated', async () => {
    const before = fake.tokenCalls.refresh;
    fake.expireAccessTokens();
    const id = await sync(a);
    expect((await job(id)).state).toBe('done');
    expect(fake.tokenCalls.refresh - before).toBe(1);
    expect((await a.admin.get<ConnectState>('/api/plugins/allegro/connect')).body.state).toBe('connected');
  });

  it('prices go out when the seller wants them', async () => {
    expect((await a.admin.put('/api/plugins/allegro/settings', { values: { pushPrices: true } })).status).toBe(200);
    await sync(a);
    expect(fake.offers.get('1000002')!.sellingMode.price.amount).toBe('30.00');
    expect(fake.offers.get('1000001')!.sellingMode.price.amount).toBe('19.99');
    const put = await a.admin.put('/api/items', {
      ...itemBody(catalog, { code: 'KUB-1', countWare: 40, price: 24.5 }),
      id: cupId,
    });
    expect(put.status).toBe(200);
    await worker().drain();
    expect(fake.offers.get('1000001')!.sellingMode.price.amount).toBe('24.50');
    expect((await a.admin.put('/api/plugins/allegro/settings', { values: { pushPrices: false } })).status).toBe(200);
  });
});

describe('failures', () => {
  let c: TestOrg;
  beforeAll(async () => {
    c = await createOrg(server);
    await setUp(c);
    await connect(c);
    // The first run reads the whole journal of the (one) fake seller: catch up before counting.
    await sync(c);
  });

  it('a job killed after the outside calls and before our commit imports nothing twice', async () => {
    const n = await refCount(c);
    const form = fake.addOrder({ lines: [{ offerId: '1000003', externalId: 'NIEZNANY', quantity: 1, price: '5.00' }] });
    importHooks.beforeCommit = () => {
      importHooks.beforeCommit = undefined;
      throw new Error('killed');
    };
    const id = await sync(c);
    expect((await job(id)).state).toBe('pending');
    expect(await refCount(c)).toBe(n);
    await worker(3_600_000).drain();
    expect((await job(id)).state).toBe('done');
    expect(await orderOf(c, form.id)).toBeDefined();
    expect(await refCount(c)).toBe(n + 1);
  });

  it('5xx is retried with backoff; the cursor waits', async () => {
    const n = await refCount(c);
    fake.addOrder();
    fake.failNext(1, { kind: 'status', status: 500 }, /checkout-forms/);
    const id = await sync(c);
    const j = await job(id);
    expect(j.state).toBe('pending');
    expect(Number(j.attempts)).toBe(1);
    expect(await refCount(c)).toBe(n);
    await worker(3_600_000).drain();
    expect(await refCount(c)).toBe(n + 1);
  });

  it('a malformed answer is logged and skipped without moving the cursor past it', async () => {
    const n = await refCount(c);
    const first = fake.addOrder();
    const second = fake.addOrder();
    // The second form's answer is malformed: the first is committed, the cursor stops before the second.
    let seen = 0;
    fake.failNext(1, { kind: 'malformed' }, new RegExp(`checkout-forms/${second.id}$`));
    const id = await sync(c);
    seen = await refCount(c);
    expect(seen).toBe(n + 1);
    expect(await orderOf(c, first.id)).toBeDefined();
    expect(await orderOf(c, second.id)).toBeUndefined();
    expect((await job(id)).last_error).toMatch(/nieoczekiwanym formacie/);
    expect((await c.admin.get<ConnectState>('/api/plugins/allegro/connect')).body.lastError).toMatch(
      /nieoczekiwanym formacie/,
    );
    await worker(3_600_000).drain();
    expect(await orderOf(c, second.id)).toBeDefined();
    expect(await refCount(c)).toBe(n + 2);
  });

  it('429 pauses only this seller; the job waits for Retry-After', async () => {
    fake.failNext(1, { kind: '429', retryAfter: 120 }, /order\/events/);
    const id = await sync(c);
    expect((await job(id)).state).toBe('pending');
    const pause = await server.deps.db
      .selectFrom('job_pauses')
      .selectAll()
      .where('org_id', '=', orgIdOf(c))
      .where('plugin_id', '=', 'allegro')
      .executeTakeFirst();
    expect(pause).toBeDefined();
    const other = await server.deps.db
      .selectFrom('job_pauses')
      .selectAll()
      .where('org_id', '=', orgIdOf(a))
      .where('plugin_id', '=', 'allegro')
      .executeTakeFirst();
    expect(other).toBeUndefined();
    await worker(3_600_000).drain();
    expect((await job(id)).state).toBe('done');
  });

  it("Allegro's per-minute limit answers 429: the job waits", async () => {
    fake.limitPerMinute = 0;
    let id = 0;
    try {
      id = await sync(c);
      expect((await job(id)).state).toBe('pending');
    } finally {
      fake.limitPerMinute = 9000;
    }
    await worker(3_600_000).drain();
    expect((await job(id)).state).toBe('done');
  });

  it('two runs syncing the same seller at once import each order once', async () => {
    const n = await refCount(c);
    for (let i = 0; i < 3; i++) fake.addOrder();
    const scope = { tdb: new TenantDb(server.deps.db, orgIdOf(c)), deps: server.deps };
    const runs = await Promise.allSettled([importOrders(scope, 900_001), importOrders(scope, 900_002)]);
    expect(runs.some((r) => r.status === 'fulfilled')).toBe(true);
    expect(await refCount(c)).toBe(n + 3);
    await sync(c, 3_600_000);
    expect(await refCount(c)).toBe(n + 3);
  });

  it('401 that a refresh cannot fix puts the connection into reconnect and stops the schedule', async () => {
    fake.revokeAll();
    // (past the 429's pause of the test before)
    const id = await sync(c, 3_600_000);
    expect((await job(id)).state).toBe('done');
    const st = await c.admin.get<ConnectState>('/api/plugins/allegro/connect');
    expect(st.body.state).toBe('reconnect');
    const schedules = pluginsModule.schedules!(server.deps).filter((s) => s.key.startsWith('allegro.'));
    const orgs = new Set(await schedules[0]!.organisations(server.deps.db));
    expect(orgs.has(orgIdOf(c))).toBe(false);
    expect(orgs.has(orgIdOf(a))).toBe(true);
    // Connecting again ends it.
    await connect(c);
    expect((await c.admin.get<ConnectState>('/api/plugins/allegro/connect')).body.state).toBe('connected');
    // 'Sprawdź połączenie' refused by Allegro says why and puts the connection into reconnect too.
    fake.revokeAll();
    const test = await c.admin.post<{ ok: boolean; message: string }>('/api/plugins/allegro/test_connection', {});
    expect(test.body.ok).toBe(false);
    expect(test.body.message).toMatch(/Połącz konto ponownie/);
    expect((await c.admin.get<ConnectState>('/api/plugins/allegro/connect')).body.state).toBe('reconnect');
    await connect(c);
    // Organisation a's tokens were revoked too (one fake): connect it again for later tests.
    await connect(a);
  });
});

describe('tenancy and input', () => {
  it("another organisation sees 404 without the plugin and none of a's data with it", async () => {
    expect((await b.admin.get('/api/plugins/allegro/connect')).status).toBe(404);
    await setUp(b);
    expect((await b.admin.get<ConnectState>('/api/plugins/allegro/connect')).body.state).toBe('disconnected');
    expect(
      (await b.admin.get<{ offers: unknown[] }>(`/api/plugins/allegro/offers?itemId=${cupId}`)).body.offers,
    ).toEqual([]);
    expect((await b.admin.put('/api/plugins/allegro/offer_link', { offerId: '1000001', itemId: cupId })).status).toBe(
      404,
    );
    const bm = await b.admin.get<Mapping>('/api/plugins/allegro/mapping');
    expect(bm.body.statusFromAllegro).toEqual({});
    expect(
      (await b.admin.put('/api/plugins/allegro/mapping', { statusFromAllegro: { NEW: statuses['Allegro: nowe'] } }))
        .status,
    ).toBe(400);
    expect((await b.admin.get<{ importedToday: number }>('/api/plugins/allegro/widget')).body.importedToday).toBe(0);
  });

  it('refuses bad input with Polish 400s', async () => {
    const bad = await a.admin.put<{ message: string }>('/api/plugins/allegro/mapping', {
      statusFromAllegro: { ZLY: 1 },
    });
    expect(bad.status).toBe(400);
    expect(
      (await a.admin.put<{ message: string }>('/api/plugins/allegro/offer_link', { offerId: 'abc', itemId: 1 })).body
        .message,
    ).toBe('Numer oferty Allegro to same cyfry.');
    expect((await a.admin.get('/api/plugins/allegro/offers?itemId=x')).status).toBe(400);
    const s = await a.admin.put<{ message: string }>('/api/plugins/allegro/settings', {
      values: { apiUrl: 'ftp://x' },
    });
    expect(s.status).toBe(400);
  });

  it('links an offer by hand; the link survives the offers refresh', async () => {
    const res = await a.admin.put<{ offers: OfferLink[] }>('/api/plugins/allegro/offer_link', {
      offerId: '1000003',
      itemId: gtinItemId,
    });
    expect(res.status).toBe(200);
    expect(res.body.offers.map((o) => [o.offerId, o.link])).toEqual([
      ['1000002', 'auto'],
      ['1000003', 'manual'],
    ]);
    await sync(a);
    const after = await a.admin.get<{ offers: OfferLink[] }>(`/api/plugins/allegro/offers?itemId=${gtinItemId}`);
    expect(after.body.offers.map((o) => o.offerId)).toEqual(['1000002', '1000003']);
    const sellable = (await sellableStock(new TenantDb(server.deps.db, orgIdOf(a)), [gtinItemId])).get(gtinItemId)!;
    expect(fake.offers.get('1000003')!.stock.available).toBe(Math.max(0, sellable - 1));
  });
});
