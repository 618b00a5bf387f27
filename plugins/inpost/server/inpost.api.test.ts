/**
 * The inpost plugin against the fake ShipX (plugins/inpost/test/fake-inpost.ts) on both engines,
 * through real HTTP: settings and 'Sprawdź połączenie', the points API check, dispatch (print_bol)
 * of a locker and a courier parcel with ShipX's number and a label whose Code 128 reads back, the
 * number that comes later (PENDING, 'being prepared', finished by the core's job), ShipX's
 * validation messages, 401, 429, 5xx, a malformed answer, an answer lost after the shipment was
 * made (nothing twice), cancel, states on the schedule with the 'delivered' status, the courier
 * pickup, tenant isolation, and the token never answered or logged.
 */
import {
  carriersAnswerSchema,
  orderShipmentAnswerSchema,
  printBolAnswerSchema,
  type Carrier,
} from '@zaplecze/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsModule } from '../../../packages/server/src/modules/documents';
import { pluginsModule } from '../../../packages/server/src/modules/plugins';
import { JobWorker } from '../../../packages/server/src/platform/jobs';
import { createOrg, type TestOrg } from '../../../packages/server/test/factories';
import { startTestServer, type ApiClient, type TestServer } from '../../../packages/server/test/harness';
import { createOrderRefs, orderBody, PARCEL_ORDER, type OrderRefs } from '../../../packages/server/test/orders';
import { decodeCode128, pdfPageCount } from '../../../packages/server/test/pdf-tools';
import { FAKE_ORG_ID, FAKE_TOKEN, startFakeInpost, type FakeInpost } from '../test/fake-inpost';

let server: TestServer;
let fake: FakeInpost;
let a: TestOrg;
let b: TestOrg;
let refs: OrderRefs;
let inpost: Carrier;

async function setUp(org: TestOrg, token = FAKE_TOKEN) {
  expect((await org.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'inpost' } })).status).toBe(204);
  const put = await org.admin.put('/api/plugins/inpost/settings', {
    values: { apiUrl: fake.url, organizationId: FAKE_ORG_ID },
    secrets: { token },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

/** The core's and the plugins' jobs, as the job worker process runs them, its clock `aheadMs` ahead. */
const worker = (aheadMs = 0) =>
  new JobWorker({
    db: server.deps.db,
    engine: server.deps.engine,
    kinds: [...pluginsModule.jobs!(server.deps), ...documentsModule.jobs!(server.deps)],
    log: () => undefined,
    now: () => new Date(Date.now() + aheadMs),
  });

const methodId = (name: 'InPost Paczkomat®' | 'Kurier InPost') => inpost.methods.find((m) => m.name === name)!.id;

const LOCKER = {
  shippingMethod: 'PICKUP_POINT',
  clientData: { ...PARCEL_ORDER.clientData, pickupPoint: 'KRA010' },
};

async function newOrder(client: ApiClient, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await client.post<{ id: number }>(
    '/api/orders',
    orderBody({
      ...PARCEL_ORDER,
      carrierMethodId: methodId('InPost Paczkomat®'),
      ...LOCKER,
      items: [{ code: 'KUBEK-1', name: 'Kubek', quantity: 2, price: 19.99, vat: 23, itemId: null }],
      ...overrides,
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

const printBol = (client: ApiClient, orderId: number) => client.post('/api/orders/print_bol', { orderId });
const shipmentOf = async (client: ApiClient, orderId: number) =>
  orderShipmentAnswerSchema.parse((await client.get(`/api/orders/shipment?orderId=${orderId}`)).body).shipment;
const orderOf = async (client: ApiClient, orderId: number) =>
  (
    await client.get<{ orders: { billOfLading: string | null; orderStatus: { id: number } }[] }>(
      `/api/orders?id=${orderId}`,
    )
  ).body.orders[0]!;

async function calls(org: TestOrg) {
  const res = await org.admin.get<{ calls: { status: number; ok?: boolean; message: string; what: string }[] }>(
    '/api/plugin_calls?pluginId=inpost&perPage=100',
  );
  expect(res.status).toBe(200);
  return res.body.calls;
}

beforeAll(async () => {
  fake = await startFakeInpost();
  server = await startTestServer();
  a = await createOrg(server, { companyName: 'Sklep Żółta Łódź', address: 'ul. Świętokrzyska 5' });
  b = await createOrg(server);
  refs = await createOrderRefs(a.admin);
  await setUp(a);
  inpost = carriersAnswerSchema
    .parse((await a.admin.get('/api/carriers')).body)
    .carriers.find((c) => c.id === 'inpost')!;
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('inpost plugin', { timeout: 120_000 }, () => {
  it('offers the locker and the courier only where installed; tests the connection; never answers the token', async () => {
    expect(inpost.methods.map((m) => [m.name, m.sendType])).toEqual([
      ['InPost Paczkomat®', 'ONLY_PICKUP_POINT'],
      ['Kurier InPost', 'ONLY_ADDRESS'],
    ]);
    const other = carriersAnswerSchema.parse((await b.admin.get('/api/carriers')).body);
    expect(other.carriers.some((c) => c.id === 'inpost')).toBe(false);

    const ok = await a.admin.post<{ ok: boolean; message: string }>('/api/plugins/inpost/test_connection', {});
    expect(ok.body, JSON.stringify(ok.body)).toMatchObject({ ok: true });
    expect(ok.body.message).toContain('Połączono z InPost');
    const settings = await a.admin.get('/api/plugins/inpost/settings');
    expect(JSON.stringify(settings.body)).not.toContain(FAKE_TOKEN);
    expect(settings.body).toMatchObject({
      values: { organizationId: FAKE_ORG_ID, labelType: 'A6' },
      secrets: { token: 'set' },
    });

    await a.admin.put('/api/plugins/inpost/settings', { values: {}, secrets: { token: 'zly-token' } });
    const denied = await a.admin.post<{ ok: boolean; message: string }>('/api/plugins/inpost/test_connection', {});
    expect(denied.body).toMatchObject({ ok: false });
    expect(denied.body.message).toContain('InPost odrzucił token API');
    await a.admin.put('/api/plugins/inpost/settings', { values: {}, secrets: { token: FAKE_TOKEN } });

    const bad = await a.admin.put('/api/plugins/inpost/settings', { values: { organizationId: 'abc' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Numer organizacji');
  });

  it('checks a locker with the points API: operating true, missing or closed false, service down unknown', async () => {
    const check = async (point: string, method = methodId('InPost Paczkomat®')) =>
      (await a.admin.get<{ status: string }>(`/api/check_pickup_point?methodId=${method}&pickupPoint=${point}`)).body
        .status;
    expect(await check('KRA010')).toBe('true');
    expect(await check('kra010')).toBe('true');
    expect(await check('XYZ999')).toBe('false');
    expect(await check('POZ08CLOSED')).toBe('false');
    fake.failNext('500');
    expect(await check('KRA010')).toBe('unknown');
    expect(await check('KRA010', methodId('Kurier InPost'))).toBe('unknown');
  });

  it('dispatches to a locker: the service, the point, the size from the sides, COD, and a label that reads back', async () => {
    const id = await newOrder(a.admin);
    const res = await printBol(a.admin, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = printBolAnswerSchema.parse(res.body);
    expect(answer.sent).toBe('NEW');
    expect(answer.billOfLading).toMatch(/^\d{24}$/);
    const s = fake.shipments.find((x) => x.tracking_number === answer.billOfLading)!;
    expect(s.service).toBe('inpost_locker_standard');
    expect(s.custom_attributes).toMatchObject({ target_point: 'KRA010', sending_method: 'dispatch_order' });
    // 300 × 200 × 150 mm: 15 cm high fits size B.
    expect(s.parcels[0]).toMatchObject({ template: 'medium' });
    expect(s.receiver).toMatchObject({
      first_name: 'Łukasz',
      last_name: 'Żółć',
      phone: '600100200',
      email: 'lukasz@example.pl',
    });
    expect(s.cod?.currency).toBe('PLN');
    expect(s.cod!.amount).toBeGreaterThan(0);
    expect(s.insurance!.amount).toBeGreaterThanOrEqual(s.cod!.amount);
    expect(s.reference).toMatch(new RegExp(`^ZAP-${id}-`));
    const pdf = Buffer.from(answer.pdf ?? '', 'base64');
    expect(await pdfPageCount(pdf)).toBe(1);
    expect(await decodeCode128(pdf)).toEqual([answer.billOfLading]);

    const shipment = await shipmentOf(a.admin, id);
    expect(shipment).toMatchObject({
      carrierName: 'InPost',
      methodName: 'InPost Paczkomat®',
      waybillNumber: answer.billOfLading,
      state: 'CREATED',
    });
    expect((await orderOf(a.admin, id)).billOfLading).toBe(answer.billOfLading);

    // Again: the same number, nothing created twice.
    const before = fake.shipments.length;
    const again = printBolAnswerSchema.parse((await printBol(a.admin, id)).body);
    expect(again).toMatchObject({ sent: 'EARLIER', billOfLading: answer.billOfLading });
    expect(fake.shipments.length).toBe(before);
  });

  it('dispatches by courier: address, sides in mm, weight, insurance; two labels on one A4 page', async () => {
    const ids = [
      await newOrder(a.admin, { carrierMethodId: methodId('Kurier InPost'), shippingMethod: 'ADDRESS' }),
      await newOrder(a.admin, { carrierMethodId: methodId('Kurier InPost'), shippingMethod: 'ADDRESS' }),
    ];
    const res = await a.admin.post<{ pdf: string; ok: number[]; err: unknown[] }>('/api/orders/print_bol_many', {
      ids,
      format: 'A4',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ok).toEqual(ids);
    const numbers = await Promise.all(ids.map(async (id) => (await orderOf(a.admin, id)).billOfLading));
    const s = fake.shipments.find((x) => x.tracking_number === numbers[0])!;
    expect(s.service).toBe('inpost_courier_standard');
    expect(s.receiver).toMatchObject({
      address: { street: 'Źródlana', building_number: '7/12', city: 'Gdańsk', post_code: '80-180', country_code: 'PL' },
    });
    expect(s.parcels[0]).toMatchObject({
      dimensions: { length: 300, width: 200, height: 150, unit: 'mm' },
      weight: { amount: 2.5, unit: 'kg' },
    });
    expect(s.insurance!.amount).toBeGreaterThan(0);
    const pdf = Buffer.from(res.body.pdf, 'base64');
    expect(await pdfPageCount(pdf)).toBe(1);
    expect((await decodeCode128(pdf)).sort()).toEqual([...numbers].sort());
  });

  it('a number that comes later: being prepared, nothing sent twice, the job finishes it, the next print prints it', async () => {
    fake.confirmAfterMs = null;
    try {
      const id = await newOrder(a.admin);
      const before = fake.shipments.length;
      const first = await printBol(a.admin, id);
      expect(first.status, JSON.stringify(first.body)).toBe(409);
      expect(JSON.stringify(first.body)).toContain('InPost przygotowuje list przewozowy');
      expect(await shipmentOf(a.admin, id)).toMatchObject({ state: 'PENDING', waybillNumber: '', cancellable: true });
      expect((await orderOf(a.admin, id)).billOfLading ?? '').toBe('');
      // A second scan asks ShipX again and creates nothing.
      expect((await printBol(a.admin, id)).status).toBe(409);
      expect(fake.shipments.length).toBe(before + 1);
      // A mass print reports it among the errors.
      const many = await a.admin.post<{ ok: number[]; err: { id: number; reason: string }[] }>(
        '/api/orders/print_bol_many',
        { ids: [id], noPrint: true },
      );
      expect(many.body.err).toEqual([{ id, reason: expect.stringContaining('przygotowuje') as unknown as string }]);

      // ShipX confirms; the core's job (due a few seconds later) records the number.
      const s = fake.shipments.at(-1)!;
      s.confirmAt = Date.now();
      await worker(60_000).drain();
      const number = (await orderOf(a.admin, id)).billOfLading;
      expect(number).toMatch(/^\d{24}$/);
      expect(number).toBe(s.tracking_number);
      expect(await shipmentOf(a.admin, id)).toMatchObject({ state: 'CREATED', waybillNumber: number });
      const printed = printBolAnswerSchema.parse((await printBol(a.admin, id)).body);
      expect(printed).toMatchObject({ sent: 'EARLIER', billOfLading: number });
      expect(await decodeCode128(Buffer.from(printed.pdf!, 'base64'))).toEqual([number]);
      expect(fake.shipments.length).toBe(before + 1);
      const log = await a.admin.get<{ entries: { kind: string; detail: string }[] }>(
        `/api/orders/print_log?orderId=${id}`,
      );
      expect(JSON.stringify(log.body)).toContain(number);
    } finally {
      fake.confirmAfterMs = 0;
    }
  });

  it('the scan itself records the number once ShipX has confirmed, and a shipment ShipX gave up can be sent again', async () => {
    fake.confirmAfterMs = null;
    let id: number;
    try {
      id = await newOrder(a.admin);
      expect((await printBol(a.admin, id)).status).toBe(409);
    } finally {
      fake.confirmAfterMs = 0;
    }
    fake.shipments.at(-1)!.confirmAt = Date.now();
    const scan = printBolAnswerSchema.parse((await printBol(a.admin, id)).body);
    expect(scan.sent).toBe('NEW');
    expect(scan.billOfLading).toMatch(/^\d{24}$/);

    // Refused in the offer process: forgotten, and the next dispatch makes a new shipment.
    fake.confirmAfterMs = null;
    const other = await newOrder(a.admin);
    try {
      expect((await printBol(a.admin, other)).status).toBe(409);
    } finally {
      fake.confirmAfterMs = 0;
    }
    const refused = fake.shipments.at(-1)!;
    refused.reject = true;
    refused.confirmAt = Date.now();
    const gaveUp = await printBol(a.admin, other);
    expect(gaveUp.status).toBe(422);
    expect(JSON.stringify(gaveUp.body)).toContain('InPost nie przyjął przesyłki');
    expect(await shipmentOf(a.admin, other)).toBeNull();
    const retried = printBolAnswerSchema.parse((await printBol(a.admin, other)).body);
    expect(retried.sent).toBe('NEW');
    expect(fake.shipments.at(-1)!.id).not.toBe(refused.id);
  });

  it("shows ShipX's validation details in Polish and creates nothing", async () => {
    const before = fake.shipments.length;
    const noPhone = await newOrder(a.admin, { clientData: { ...LOCKER.clientData, tel: '' } });
    const r1 = await printBol(a.admin, noPhone);
    expect(r1.status).toBe(422);
    expect(JSON.stringify(r1.body)).toContain('Paczkomat wymaga telefonu');
    const badCode = await newOrder(a.admin, {
      carrierMethodId: methodId('Kurier InPost'),
      shippingMethod: 'ADDRESS',
      clientData: { ...PARCEL_ORDER.clientData, postCode: '123' },
    });
    const r2 = await printBol(a.admin, badCode);
    expect(r2.status).toBe(422);
    expect(JSON.stringify(r2.body)).toContain('kod pocztowy odbiorcy: zły format');
    expect(fake.shipments.length).toBe(before);
    expect(await shipmentOf(a.admin, badCode)).toBeNull();
  });

  it('maps 401, 429, 500 and a malformed answer; an answer lost after ShipX made the shipment creates nothing twice', async () => {
    const id = await newOrder(a.admin);
    const before = fake.shipments.length;
    for (const kind of ['401', '429', '500', 'malformed'] as const) {
      fake.failNext(kind);
      const res = await printBol(a.admin, id);
      expect(res.status, `${kind}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(600);
      if (kind === '401') expect(JSON.stringify(res.body)).toContain('InPost odrzucił token API');
    }
    expect(fake.shipments.length).toBe(before);

    fake.failNext('lost-create');
    const lost = await printBol(a.admin, id);
    expect(lost.status).toBeGreaterThanOrEqual(500);
    expect(fake.shipments.length).toBe(before + 1);
    const ok = printBolAnswerSchema.parse((await printBol(a.admin, id)).body);
    expect(fake.shipments.length).toBe(before + 1);
    expect(ok.billOfLading).toBe(fake.shipments.at(-1)!.tracking_number);

    const log = await calls(a);
    expect(log.find((c) => c.status === 401)).toMatchObject({ ok: false });
    expect(log.find((c) => c.what === 'Szukanie przesyłki z przerwanego nadania')).toBeTruthy();
    expect(JSON.stringify(log)).not.toContain(FAKE_TOKEN);
  });

  it('cancels a parcel not yet confirmed (the order can be sent again); a confirmed one is refused', async () => {
    fake.confirmAfterMs = null;
    let id: number;
    try {
      id = await newOrder(a.admin);
      expect((await printBol(a.admin, id)).status).toBe(409);
      const cancelled = await a.admin.post('/api/orders/cancel_shipment', { orderId: id });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(fake.shipments.at(-1)!.status).toBe('cancelled');
      expect(await shipmentOf(a.admin, id)).toBeNull();
    } finally {
      fake.confirmAfterMs = 0;
    }
    const again = printBolAnswerSchema.parse((await printBol(a.admin, id)).body);
    expect(again.sent).toBe('NEW');
    expect(await shipmentOf(a.admin, id)).toMatchObject({ state: 'CREATED', cancellable: false });
    const refused = await a.admin.post('/api/orders/cancel_shipment', { orderId: id });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('nie pozwala już anulować');
    expect((await orderOf(a.admin, id)).billOfLading).toBe(again.billOfLading);
    // Not dispatched at all: a clear 400.
    const fresh = await newOrder(a.admin);
    const none = await a.admin.post('/api/orders/cancel_shipment', { orderId: fresh });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('nie ma nadanej paczki');
  });

  it('follows the states on the schedule and sets the delivered status; sync now answers a job', async () => {
    const id = await newOrder(a.admin);
    const number = printBolAnswerSchema.parse((await printBol(a.admin, id)).body).billOfLading;
    const set = await a.admin.put('/api/plugins/inpost/settings', { values: { deliveredStatusId: refs.status2Id } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    fake.setStatus(number, 'taken_by_courier');
    const sync = await a.admin.post<{ jobId: number }>('/api/plugins/inpost/sync', {});
    expect(sync.status).toBe(200);
    expect(sync.body.jobId).toBeGreaterThan(0);
    await worker().drain();
    expect(await shipmentOf(a.admin, id)).toMatchObject({ state: 'IN_TRANSIT' });
    expect((await orderOf(a.admin, id)).orderStatus.id).not.toBe(refs.status2Id);

    fake.setStatus(number, 'delivered');
    await a.admin.post('/api/plugins/inpost/sync', {});
    await worker().drain();
    await worker().drain();
    const shipment = await shipmentOf(a.admin, id);
    expect(shipment).toMatchObject({ state: 'DELIVERED', cancellable: false });
    expect(shipment!.stateAt).not.toBeNull();
    expect((await orderOf(a.admin, id)).orderStatus.id).toBe(refs.status2Id);

    // A refused token while asking: 'Połącz ponownie', nothing asked until the settings are saved.
    const other = await newOrder(a.admin);
    printBolAnswerSchema.parse((await printBol(a.admin, other)).body);
    fake.failNext('401');
    await a.admin.post('/api/plugins/inpost/sync', {});
    await worker().drain();
    const conn = await a.admin.get<{ state: string; message: string }>('/api/plugin_connection?pluginId=inpost');
    expect(conn.body).toMatchObject({ state: 'reconnect' });
    expect(conn.body.message).toContain('InPost odrzucił token API');
    const asked = fake.calls.length;
    await a.admin.post('/api/plugins/inpost/sync', {});
    await worker().drain();
    expect(fake.calls.length).toBe(asked);
    await a.admin.put('/api/plugins/inpost/settings', { values: {}, secrets: { token: FAKE_TOKEN } });
    expect((await a.admin.get('/api/plugin_connection?pluginId=inpost')).body).toMatchObject({ state: 'ok' });
  });

  it("orders the courier for the day's parcels once; other organisations see and reach nothing", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const body = { date: today, street: 'Świętokrzyska', buildingNumber: '5', city: 'Warszawa', postCode: '00-001' };
    const res = await a.admin.post<{ dispatchOrderId: string; parcels: number }>(
      '/api/plugins/inpost/dispatch_order',
      body,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.parcels).toBeGreaterThanOrEqual(1);
    expect(fake.dispatchOrders).toHaveLength(1);
    const day = await a.admin.get<{ parcels: { dispatchOrder: string | null; trackingNumber: string | null }[] }>(
      '/api/plugins/inpost/parcels',
    );
    expect(day.body.parcels.filter((p) => p.dispatchOrder === res.body.dispatchOrderId)).toHaveLength(res.body.parcels);
    const again = await a.admin.post('/api/plugins/inpost/dispatch_order', body);
    expect(again.status).toBe(422);
    expect(JSON.stringify(again.body)).toContain('Brak paczek InPost');
    expect((await a.admin.post('/api/plugins/inpost/dispatch_order', { ...body, postCode: '1' })).status).toBe(400);

    // b has not installed the plugin; a's orders are not b's.
    expect((await b.admin.get('/api/plugins/inpost/parcels')).status).toBe(404);
    const aOrder = fake.shipments.length > 0 ? await newOrder(a.admin) : 0;
    await printBol(a.admin, aOrder);
    expect((await b.admin.get(`/api/orders/shipment?orderId=${aOrder}`)).status).toBe(404);
    expect((await b.admin.post('/api/orders/cancel_shipment', { orderId: aOrder })).status).toBe(404);
    expect((await b.admin.post('/api/orders/print_bol', { orderId: aOrder })).status).toBe(404);
    await setUp(b);
    const bDay = await b.admin.get<{ parcels: unknown[] }>('/api/plugins/inpost/parcels');
    expect(bDay.body.parcels).toEqual([]);
    expect((await calls(b)).length).toBe(0);
  });
});
