/**
 * The dpd plugin against the fake DPDServices (plugins/dpd/test/fake-dpd.ts) on both engines,
 * through real HTTP: settings and 'Sprawdź połączenie', dispatch (print_bol) of a courier and a
 * DPD Pickup order with DPD's number and a label whose Code 128 reads back, DPD's validation
 * messages, 401, 5xx, a SOAP fault, a malformed answer, a retried dispatch that numbers nothing
 * twice, the day's parcels with the protocol and the courier order, tenant isolation, and the
 * password never answered or logged.
 */
import { carriersAnswerSchema, printBolAnswerSchema, type Carrier } from '@zaplecze/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type TestOrg } from '../../../packages/server/test/factories';
import { startTestServer, type ApiClient, type TestServer } from '../../../packages/server/test/harness';
import { createOrderRefs, orderBody, PARCEL_ORDER } from '../../../packages/server/test/orders';
import { decodeCode128, pdfPageCount, pdfText } from '../../../packages/server/test/pdf-tools';
import { FAKE_FID, FAKE_LOGIN, FAKE_PASSWORD, startFakeDpd, type FakeDpd } from '../test/fake-dpd';

let server: TestServer;
let fake: FakeDpd;
let a: TestOrg;
let b: TestOrg;
let dpd: Carrier;

async function setUp(org: TestOrg, password = FAKE_PASSWORD) {
  expect((await org.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'dpd' } })).status).toBe(204);
  const put = await org.admin.put('/api/plugins/dpd/settings', {
    values: { apiUrl: fake.url, login: FAKE_LOGIN, masterFid: FAKE_FID },
    secrets: { password },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

const methodId = (key: 'Kurier DPD' | 'DPD Pickup') => dpd.methods.find((m) => m.name === key)!.id;

async function newOrder(client: ApiClient, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await client.post<{ id: number }>(
    '/api/orders',
    orderBody({
      ...PARCEL_ORDER,
      carrierMethodId: methodId('Kurier DPD'),
      items: [{ code: 'KUBEK-1', name: 'Kubek', quantity: 2, price: 19.99, vat: 23, itemId: null }],
      ...overrides,
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

const printBol = (client: ApiClient, orderId: number) => client.post('/api/orders/print_bol', { orderId });

async function calls(org: TestOrg) {
  const res = await org.admin.get<{
    calls: { status: number; outcome?: string; ok?: boolean; message: string; what: string }[];
  }>('/api/plugin_calls?pluginId=dpd&perPage=100');
  expect(res.status).toBe(200);
  return res.body.calls;
}

beforeAll(async () => {
  fake = await startFakeDpd();
  server = await startTestServer();
  a = await createOrg(server, { companyName: 'Sklep Żółta Łódź', address: 'ul. Świętokrzyska 5' });
  b = await createOrg(server);
  await createOrderRefs(a.admin);
  await setUp(a);
  dpd = carriersAnswerSchema.parse((await a.admin.get('/api/carriers')).body).carriers.find((c) => c.id === 'dpd')!;
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('dpd plugin', { timeout: 120_000 }, () => {
  it('offers its two methods only where installed', async () => {
    expect(dpd.methods.map((m) => [m.name, m.sendType])).toEqual([
      ['Kurier DPD', 'ONLY_ADDRESS'],
      ['DPD Pickup', 'ONLY_PICKUP_POINT'],
    ]);
    const other = carriersAnswerSchema.parse((await b.admin.get('/api/carriers')).body);
    expect(other.carriers.some((c) => c.id === 'dpd')).toBe(false);
  });

  it('tests the connection and never answers the password', async () => {
    const ok = await a.admin.post<{ ok: boolean; message: string }>('/api/plugins/dpd/test_connection', {});
    expect(ok.status).toBe(200);
    expect(ok.body.ok, ok.body.message).toBe(true);
    const settings = await a.admin.get('/api/plugins/dpd/settings');
    expect(JSON.stringify(settings.body)).not.toContain(FAKE_PASSWORD);
    expect(settings.body).toMatchObject({ values: { login: FAKE_LOGIN, masterFid: FAKE_FID, labelFormat: 'A6' } });

    await a.admin.put('/api/plugins/dpd/settings', { values: {}, secrets: { password: 'zle-haslo' } });
    const denied = await a.admin.post<{ ok: boolean; message: string }>('/api/plugins/dpd/test_connection', {});
    expect(denied.body.ok).toBe(false);
    expect(denied.body.message).toContain('DPD odrzucił dane dostępowe');
    await a.admin.put('/api/plugins/dpd/settings', { values: {}, secrets: { password: FAKE_PASSWORD } });

    const bad = await a.admin.put('/api/plugins/dpd/settings', { values: { pickupFrom: '25:00' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('GG:MM');
  });

  it('dispatches a courier parcel: DPD number, ref1, COD, and a label whose barcode reads back', async () => {
    const id = await newOrder(a.admin);
    const res = await printBol(a.admin, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = printBolAnswerSchema.parse(res.body);
    expect(answer.billOfLading).toMatch(/^\d{13}U$/);
    const pkg = fake.packages.find((p) => p.waybill === answer.billOfLading)!;
    expect(pkg.receiver).toMatchObject({
      name: 'Łukasz Żółć',
      postalCode: '80180',
      address: 'Źródlana 7/12',
      city: 'Gdańsk',
    });
    expect(pkg.ref1).not.toBe('');
    expect(pkg.cod).toMatchObject({ currency: 'PLN' });
    expect(Number(pkg.cod!.amount)).toBeGreaterThan(0);
    expect(pkg.weight).toBe('2.50');
    const pdf = Buffer.from(answer.pdf ?? '', 'base64');
    expect(await pdfPageCount(pdf)).toBe(1);
    expect(await decodeCode128(pdf)).toEqual([answer.billOfLading]);

    // Again: the same number, nothing numbered twice.
    const before = fake.packages.length;
    const again = printBolAnswerSchema.parse((await printBol(a.admin, id)).body);
    expect(again.billOfLading).toBe(answer.billOfLading);
    expect(fake.packages.length).toBe(before);
  });

  it('dispatches to a DPD Pickup point as pudo', async () => {
    const id = await newOrder(a.admin, {
      carrierMethodId: methodId('DPD Pickup'),
      shippingMethod: 'PICKUP_POINT',
      clientData: {
        nameSurname: 'Anna Nowak',
        postCode: '00-001',
        city: 'Warszawa',
        street: 'Długa',
        buildNr: '1',
        pickupPoint: 'PL11033',
        tel: '600100200',
      },
    });
    const answer = printBolAnswerSchema.parse((await printBol(a.admin, id)).body);
    expect(fake.packages.find((p) => p.waybill === answer.billOfLading)!.pudo).toBe('PL11033');
    const check = (point: string) =>
      a.admin.get<{ status: string }>(
        `/api/check_pickup_point?methodId=${methodId('DPD Pickup')}&pickupPoint=${point}`,
      );
    expect((await check('xx')).body).toEqual({ status: 'false' });
    expect((await check('PL11033')).body).toEqual({ status: 'unknown' });
  });

  it("shows DPD's validation message and numbers nothing", async () => {
    const id = await newOrder(a.admin, {
      clientData: { nameSurname: 'Jan Kowalski', street: 'Długa', buildNr: '1', postCode: '123', city: 'Warszawa' },
    });
    const before = fake.packages.length;
    const res = await printBol(a.admin, id);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(res.body)).toContain('Nieprawidłowy kod pocztowy odbiorcy');
    expect(fake.packages.length).toBe(before);
  });

  it('maps 401, 500, a SOAP fault and a malformed answer; a retry after a failure numbers once', async () => {
    const id = await newOrder(a.admin);
    const before = fake.packages.length;
    for (const kind of ['401', '500', 'fault', 'malformed'] as const) {
      fake.failNext(kind);
      const res = await printBol(a.admin, id);
      expect(res.status, `${kind}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      if (kind === 'fault') expect(JSON.stringify(res.body)).toContain('Usługa chwilowo nie może przyjąć zlecenia');
    }
    expect(fake.packages.length).toBe(before);
    const ok = printBolAnswerSchema.parse((await printBol(a.admin, id)).body);
    expect(fake.packages.length).toBe(before + 1);
    expect(fake.packages.at(-1)!.waybill).toBe(ok.billOfLading);
    const log = await calls(a);
    expect(log.length).toBeGreaterThan(4);
    // The fault is logged as a failed call with DPD's message, an access denial as one too.
    expect(log.find((c) => c.message.includes('Usługa chwilowo nie może przyjąć zlecenia'))).toMatchObject({
      status: 500,
      ok: false,
    });
    expect(log.find((c) => c.message.includes('DPD odrzucił dane dostępowe'))).toMatchObject({ ok: false });
    expect(JSON.stringify(log)).not.toContain(FAKE_PASSWORD);
  });

  it("lists the day's parcels, prints the protocol and orders the courier; other organisations see nothing", async () => {
    const day = await a.admin.get<{ parcels: { waybill: string }[] }>('/api/plugins/dpd/parcels');
    expect(day.status).toBe(200);
    expect(day.body.parcels.length).toBeGreaterThanOrEqual(3);
    const protocol = await a.admin.getBytes('/api/plugins/dpd/protocol');
    expect(protocol.status).toBe(200);
    expect(protocol.headers.get('content-type')).toContain('application/pdf');
    const pdf = protocol.bytes;
    expect((await pdfText(pdf)).includes('Protokół')).toBe(true);
    expect(fake.protocols.at(-1)).toEqual(day.body.parcels.map((p) => p.waybill));
    const pickup = await a.admin.post<{ orderNumber: string; parcels: number }>('/api/plugins/dpd/pickup', {
      date: new Date().toISOString().slice(0, 10),
      phone: '600100200',
      contact: 'Magazyn',
      address: 'ul. Świętokrzyska 5',
      postalCode: '00-001',
      city: 'Warszawa',
    });
    expect(pickup.status, JSON.stringify(pickup.body)).toBe(200);
    expect(pickup.body.orderNumber).toMatch(/^ZK/);
    const badPickup = await a.admin.post('/api/plugins/dpd/pickup', { date: 'jutro' });
    expect(badPickup.status).toBe(400);

    // Organisation b has not installed the plugin: its routes are not b's.
    expect((await b.admin.get('/api/plugins/dpd/parcels')).status).toBeGreaterThanOrEqual(400);
    await setUp(b);
    const bDay = await b.admin.get<{ parcels: unknown[] }>('/api/plugins/dpd/parcels');
    expect(bDay.body.parcels).toEqual([]);
    expect((await b.admin.getBytes('/api/plugins/dpd/protocol')).status).toBe(422);
  });
});
