/**
 * Every route of the API called once with a request that succeeds, so that the answer check
 * (platform/answer-check.ts) compares at least one real answer of each with the OpenAPI document
 * (docs/decisions.md, Public API). The routes this walk does not reach are named below, each with
 * why; the last test fails when a route is neither answered nor named, or named and answered.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { REFERENCE_LISTS, type Carrier, type Order } from '@zaplecze/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, type ApiResponse, type TestServer } from '../../test/harness';
import { createCatalog, itemBody, type Catalog } from '../../test/catalog';
import { createOrg, type TestOrg } from '../../test/factories';
import { createOrderRefs, INVOICE_COMPANY, orderBody, type OrderRefs } from '../../test/orders';
import { TenantDb } from '../db/tenant';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, startFakeAllegro } from '../../../../plugins/allegro/test/fake-allegro';
import { enqueueJob } from './jobs';
import { isDocumented } from './openapi';
import { pluginJobWorker } from '../../test/plugin-jobs';
import { FakeWooCommerce } from '../../../../plugins/woocommerce/test/fake-woocommerce';
import { FAKE_FID, FAKE_LOGIN, FAKE_PASSWORD, startFakeDpd } from '../../../../plugins/dpd/test/fake-dpd';
import { FAKE_ORG_ID, FAKE_TOKEN, startFakeInpost } from '../../../../plugins/inpost/test/fake-inpost';
import { startFakeKsef } from '../../../../plugins/invoicing/test/fake-ksef';
import { startPosnetEmulator } from '../../../../plugins/fiscal-printer/test/posnet-emulator';
import { COMPANY_SETTINGS } from '../../../../plugins/jpk/test/documents';
import { JobWorker } from './jobs';
import { pluginsModule } from '../modules/plugins';

/** Routes the walk does not call, each with why. Adding one here is a reviewed decision. */
const NOT_WALKED: Record<string, string> = {
  // The fixture plugin whose migration fails on purpose is broken: its route answers only 404.
  'GET /api/plugins/fixture-migration-throws/ping': 'the fixture plugin is broken on purpose (404 only)',
};

let server: TestServer;
let org: TestOrg;
let admin: ApiClient;
let catalog: Catalog;
let refs: OrderRefs;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  admin = org.admin;
  catalog = await createCatalog(admin);
  refs = await createOrderRefs(admin);
}, 120_000);
afterAll(() => server.close());

function ok<T>(res: ApiResponse<T>, what: string): T {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

const get = async <T = Record<string, unknown>>(url: string, client = admin) => ok(await client.get<T>(url), url);
const post = async <T = Record<string, unknown>>(url: string, body: unknown, client = admin) =>
  ok(await client.post<T>(url, body), url);
const put = async <T = Record<string, unknown>>(url: string, body: unknown, client = admin) =>
  ok(await client.request<T>('PUT', url, { json: body }), url);
const del = async (url: string, client = admin) => ok(await client.request('DELETE', url), url);

function multipart(file: Buffer, name: string, type: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file)], { type }), name);
  return form;
}

describe('every route answers as the OpenAPI document says', () => {
  it('meta, sign-in, registration', async () => {
    const anon = new ApiClient(server.url);
    await get('/api/', anon);
    await get('/api/data/languages', anon);
    await get('/api/data/countries', anon);
    await get('/api/data/permissions_info');
    await get('/api/register', anon);
    await get('/api/captcha', anon);
    await get('/api/openapi.json', anon);
    await get('/api/health', anon);
    await get('/api/ready', anon);
    const session = new ApiClient(server.url);
    await session.login(org.adminLogin, org.adminPass);
    await get('/api/login', session);
    await put('/api/login', { longtoken: false }, session);
    await del('/api/login', session);
  });

  it('users, profile, options', async () => {
    const users = await get<{ users: { id: number }[] }>('/api/users');
    await get(`/api/users?id=${users.users[0]!.id}`);
    await get(`/api/users/${users.users[0]!.id}`);
    const user = await post<{ id: number }>('/api/users', { login: 'magazyn', pass: 'Haslo-magazynu-1' });
    await put('/api/users', { id: user.id, name: 'Magazynier' });
    await del(`/api/users?id=${user.id}`);
    const profile = await get<{ name: string; email: string; tel: string }>('/api/profile');
    await put('/api/profile', { name: profile.name, email: profile.email, tel: profile.tel });
    await get('/api/options?key=CURRENCY_DEFAULT');
    await get('/api/options?keys=CURRENCY_DEFAULT,VAT_VALUES');
    await put('/api/options', { key: 'WAREHOUSE_AUTO_COMMIT', value: 'false' });
    const made = await post<{ apiToken: { id: number } }>('/api/profile/api_tokens', {
      name: 'Skrypt',
      permissions: ['main.items.show'],
      expiresInDays: 30,
    });
    await get('/api/profile/api_tokens');
    await get('/api/api_tokens');
    await del(`/api/profile/api_tokens?id=${made.apiToken.id}`);
    const other = await post<{ apiToken: { id: number } }>('/api/profile/api_tokens', {
      name: 'Drugi skrypt',
      permissions: ['main.items.show'],
      expiresInDays: 7,
    });
    await del(`/api/api_tokens?id=${other.apiToken.id}`);
  });

  it('reference lists and trees', async () => {
    const bodies: Record<string, Record<string, unknown>> = {
      additionalDescs: { name: 'Opis', description: 'Treść opisu.' },
      itemStatuses: { name: 'Nowy status', color: '123456' },
      orderStatuses: { name: 'Nowy status zamówienia', color: '654321' },
      userSizes: { name: 'Karton', sizeA: 10, sizeB: 20, sizeC: 30 },
      categories: { name: 'Nowa kategoria', number: 'NK', parentId: null },
      places: { name: 'Nowe miejsce', number: 'NM', parentId: null },
    };
    for (const [key, def] of Object.entries(REFERENCE_LISTS)) {
      const body = bodies[key] ?? { name: `Nowy wpis ${key}` };
      const row = await post<{ id: number }>(`/api${def.apiPath}`, body);
      await get(`/api${def.apiPath}`);
      await get(`/api${def.apiPath}?id=${row.id}`);
      await put(`/api${def.apiPath}`, { ...body, id: row.id });
      await del(`/api${def.apiPath}?id=${row.id}`);
    }
    const param = await post<{ id: number }>('/api/parameters', { name: 'Waga', type: 'NUMBER_REAL' });
    await get('/api/parameters');
    await get(`/api/parameters?id=${param.id}`);
    await put('/api/parameters', { id: param.id, name: 'Waga netto', type: 'NUMBER_REAL' });
    await del(`/api/parameters?id=${param.id}`);
    await post('/api/print/barcode/other', {});
  });

  it('items, photos, stock, the item reader', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0ffee' } })
      .png()
      .toBuffer();
    const upload = ok(
      await admin.request<{ name: string }>('POST', '/api/upload_image', {
        multipart: multipart(png, 'zdjecie.png', 'image/png'),
      }),
      'upload_image',
    );
    const image = await admin.request('GET', `/api/image?p=${org.prefix}&name=${upload.name}&size=thumb`);
    expect(image.headers.get('content-type')).toBe('image/png');
    ok(image, 'image');
    const item = await post<{ id: number; code: string }>(
      '/api/items',
      itemBody(catalog, { photos: [{ type: 'file', name: upload.name }] }),
    );
    await put('/api/items', { ...itemBody(catalog), id: item.id, name: 'Kubek zmieniony' });
    await get(`/api/items?id=${item.id}`);
    await get('/api/items?name=Kubek&perPage=25');
    await get('/api/items/free_code?code=KUB-1');
    const copy = await post<{ id: number }>('/api/items/copy', { id: item.id, newCode: 'KUB-1-1' });
    await post('/api/items/generate_many', { beforeSymbol: 'GEN-', start: 1, stop: 3, itemStatusId: catalog.statusId });
    await post('/api/items/mass_edit', { ids: [item.id], data: { countWare: { type: 'INC', value: 1 } } });
    await post('/api/items/mass_delete', { ids: [copy.id] });
    await get('/api/items/summary_homepage');

    await post('/api/items/barcodes', { barcode: 'QTY-1', itemCode: item.code });
    const now = new Date();
    const month = `year=${now.getFullYear()}&month=${now.getMonth() + 1}`;
    const changes = await get<{ warehouseChanges: { id: number; commited: boolean }[] }>(
      `/api/warehouse_changes?${month}`,
    );
    const pending = changes.warehouseChanges.filter((c) => !c.commited);
    expect(pending.length).toBeGreaterThanOrEqual(1);
    await get(`/api/warehouse_changes?id=${pending[0]!.id}`);
    await put('/api/warehouse_changes', { id: pending[0]!.id });
    await del(`/api/warehouse_changes?id=${changes.warehouseChanges[0]!.id}`);
    const csv = await admin.request('GET', `/api/warehouse_changes/export_csv?${month}`);
    ok(csv, 'export_csv');
    await del(`/api/items?id=${item.id}`);
  });

  it('orders, carriers, documents, the order reader, invoices, summaries, the buyer page', async () => {
    const carriers = await get<{ carriers: Carrier[] }>('/api/carriers');
    const own = carriers.carriers.find((c) => c.id === 'own')!;
    const courier = own.methods.find((m) => m.sendType === 'ONLY_ADDRESS')!.id;
    const point = own.methods.find((m) => m.sendType === 'ONLY_PICKUP_POINT')!.id;
    await get(`/api/check_pickup_point?pickupPoint=WAW01M&methodId=${point}`);
    const body = orderBody({
      carrierMethodId: courier,
      items: [{ code: 'KUBEK', name: 'Kubek', quantity: 3, price: 19.99, vat: 23, itemId: null }],
      invoice: INVOICE_COMPANY,
    });
    const order = await post<Order>('/api/orders', body);
    const second = await post<Order>('/api/orders', body);
    await put('/api/orders', {
      ...body,
      id: order.id,
      orderStatusId: refs.statusId,
      incomeSourceId: refs.sourceId,
      comment: 'Zmienione',
    });
    await get(`/api/orders?id=${order.id}`);
    await get('/api/orders?perPage=25');
    const copy = await post<Order>('/api/orders/copy', { id: order.id });
    await post('/api/orders/mass_edit', { ids: [copy.id], data: { orderStatusId: refs.status2Id } });
    await post('/api/orders/divide', {
      orderId: copy.id,
      oldDeliveryCost: 1,
      newDeliveryCost: 1,
      itemsToMove: [{ lineId: copy.items[0]!.id, count: 1 }],
    });
    await post('/api/orders/mass_delete', { ids: [copy.id] });
    const now = new Date();
    await get(`/api/orders_summary?year=${now.getFullYear()}&month=${now.getMonth() + 1}`);
    await get('/api/orders/summary_main');
    await get(`/api/order_buyer_info?p=${org.prefix}&uuid=${order.uuid}`, new ApiClient(server.url));

    await post('/api/orders/barcodes', { barcode: `ORDER:${order.id}`, orderId: null });
    await get(`/api/orders/barcodes/panel?orderId=${order.id}`);
    await post('/api/orders/print_label', { orderId: order.id });
    await post('/api/orders/print_label_many', { ids: [order.id, second.id] });
    await post('/api/orders/print_bol', { orderId: order.id, noPrint: true });
    await post('/api/orders/print_bol_many', { ids: [second.id], noPrint: true });
    await get(`/api/orders/print_log?orderId=${order.id}`);
    await post('/api/orders/print_invoice', { orderId: order.id, noPrint: true });
    await post('/api/orders/print_invoice_many', { ids: [order.id, second.id], noPrint: true });
    await del(`/api/orders?id=${(await post<Order>('/api/orders', orderBody())).id}`);
  }, 120_000);

  it('plugins: install, menus, settings, jobs, and every plugin’s routes', async () => {
    await get('/api/plugin_info');
    for (const pluginId of ['wholesale-csv', 'moto', 'fixture-base', 'fixture-dependent']) {
      ok(await admin.request('POST', '/api/plugin_install', { form: { pluginId } }), `install ${pluginId}`);
    }
    await get('/api/plugin_menu');
    await get('/api/plugins/fixture-base/settings');
    await put('/api/plugins/fixture-base/settings', { values: { greeting: 'Cześć' }, secrets: { apiToken: 'tajne' } });
    const note = await post<{ id: number }>('/api/plugins/fixture-base/notes', { text: 'Notatka' });
    await get('/api/plugins/fixture-base/notes');
    await get(`/api/plugins/fixture-base/note?id=${note.id}`);
    await del(`/api/plugins/fixture-base/note?id=${note.id}`);
    await post('/api/plugins/fixture-base/slow-note', { text: 'Powoli', waitMs: 1 });
    await get('/api/plugins/fixture-dependent/hello');

    // moto
    const P = '/api/plugins/moto';
    const make = await post<{ id: number }>(`${P}/makes`, { name: 'Testowa marka' });
    await put(`${P}/makes`, { id: make.id, name: 'Testowa marka 2' });
    await get(`${P}/makes`);
    const model = await post<{ id: number }>(`${P}/models`, {
      makeId: make.id,
      name: 'Model T',
      capacity: 125,
      yearFrom: 2010,
      yearTo: null,
      type: 'Naked',
    });
    await put(`${P}/models`, {
      id: model.id,
      makeId: make.id,
      name: 'Model T2',
      capacity: 125,
      yearFrom: 2010,
      type: 'Naked',
    });
    await get(`${P}/models?makeId=${make.id}`);
    const item = await post<{ id: number }>('/api/items', itemBody(catalog, { code: 'MOTO-1' }));
    await put(`${P}/fitments`, { itemId: item.id, fitments: [{ modelId: model.id, yearFrom: 2011, yearTo: 2012 }] });
    await get(`${P}/fitments?itemId=${item.id}`);
    await post(`${P}/mass_fitment`, { ids: [item.id], fitments: [], mode: 'OVERRIDE' });
    await del(`${P}/models?id=${model.id}`);
    await del(`${P}/makes?id=${make.id}`);
    const csv = await admin.request<string>('GET', `${P}/catalogue_csv`);
    ok(csv, 'catalogue_csv');
    await post(`${P}/catalogue_csv`, { csv: 'Marka;Model;Pojemność;Rok od;Rok do;Typ\nNowa;N1;500;2020;;Sport\n' });

    // wholesale-csv
    const W = '/api/plugins/wholesale-csv';
    const references = await get<{ itemStatuses: { id: number }[] }>(`${W}/references`);
    const profileBody = {
      name: 'Hurtownia',
      columns: { code: '1', gtin: '', name: '2', extCode: '', extUrl: '', extPrice: '', stock: '', vat: '' },
      headerRow: false,
      defaults: { itemStatusId: references.itemStatuses[0]!.id, vat: 23, currency: 'PLN', categoryId: null },
    };
    const profile = await post<{ id: number }>(`${W}/profiles`, profileBody);
    await put(`${W}/profile?id=${profile.id}`, { ...profileBody, name: 'Hurtownia 2' });
    await get(`${W}/profiles`);
    await get(`${W}/profile?id=${profile.id}`);
    const file = Buffer.from('HURT-1;Towar z hurtowni\n', 'utf8');
    const fields = { profileId: String(profile.id) };
    ok(
      await admin.request('POST', `${W}/preview`, { multipart: multipart(file, 'c.csv', 'text/csv', fields) }),
      'preview',
    );
    const started = ok(
      await admin.request<{ jobId: number }>('POST', `${W}/imports`, {
        multipart: multipart(file, 'c.csv', 'text/csv', fields),
      }),
      'imports',
    );
    await pluginJobWorker(server.deps).drain();
    await get(`${W}/imports?jobId=${started.jobId}`);
    ok(await admin.request('GET', `${W}/imports/report?jobId=${started.jobId}`), 'imports/report');
    await del(`${W}/profile?id=${profile.id}`);

    // The jobs list and a retry of a dead job.
    const tdb = new TenantDb(server.deps.db, org.token.user.organization.id);
    const dead = await enqueueJob(tdb, { kind: 'wholesale-csv.import', pluginId: 'wholesale-csv', payload: {} });
    await server.deps.db
      .updateTable('jobs')
      .set({ state: 'dead', finished_at: new Date().toISOString() })
      .where('id', '=', dead!)
      .execute();
    await get('/api/jobs?pluginId=wholesale-csv');
    await post('/api/jobs/retry', { id: dead });

    // An integration plugin: its settings, its call to the outside service, the log and the connection.
    const service = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    try {
      const O = '/api/plugins/fixture-outside';
      ok(await admin.request('POST', '/api/plugin_install', { form: { pluginId: 'fixture-outside' } }), 'install');
      await get(`${O}/settings`);
      const apiUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
      await put(`${O}/settings`, { values: { apiUrl }, secrets: { token: 'tajne' } });
      await post(`${O}/test_connection`, {});
      await get('/api/plugin_calls?pluginId=fixture-outside');
      await get('/api/plugin_connection?pluginId=fixture-outside');
    } finally {
      await new Promise((resolve) => service.close(resolve));
    }

    // allegro, against its fake (the device flow, a sync reading the offers, the item's offers).
    const fake = await startFakeAllegro();
    try {
      const A = '/api/plugins/allegro';
      fake.deviceInterval = 1;
      fake.addOffer('1000001', 'Oferta testowa', 'MOTO-1', 1, '10.00');
      ok(await admin.request('POST', '/api/plugin_install', { form: { pluginId: 'allegro' } }), 'install allegro');
      await get(`${A}/settings`);
      await put(`${A}/settings`, {
        values: { apiUrl: fake.url, authUrl: fake.url, clientId: FAKE_CLIENT_ID },
        secrets: { clientSecret: FAKE_CLIENT_SECRET },
      });
      await get(`${A}/connect`);
      const started = await post<{ userCode: string }>(`${A}/connect`, {});
      fake.approve(started.userCode);
      await new Promise((r) => setTimeout(r, 1100));
      const jobs = () => pluginJobWorker(server.deps);
      await jobs().drain();
      await post(`${A}/test_connection`, {});
      await post(`${A}/sync`, {});
      await jobs().drain();
      await get(`${A}/mapping`);
      await put(`${A}/mapping`, { statusFromAllegro: { NEW: refs.statusId }, incomeSourceId: refs.source2Id });
      await put(`${A}/offer_link`, { offerId: '1000001', itemId: item.id });
      await get(`${A}/offers?itemId=${item.id}`);
      await get(`${A}/widget`);
      await del(`${A}/connect`);
    } finally {
      await fake.close();
    }

    // woocommerce against its fake shop, its webhook included.
    const shop = new FakeWooCommerce();
    await shop.start();
    try {
      const C = '/api/plugins/woocommerce';
      ok(await admin.request('POST', '/api/plugin_install', { form: { pluginId: 'woocommerce' } }), 'install');
      await get(`${C}/settings`);
      await put(`${C}/settings`, {
        values: { url: shop.url },
        secrets: { consumerKey: shop.key, consumerSecret: shop.secret, webhookSecret: 'sekret' },
      });
      await post(`${C}/test_connection`, {});
      await post(`${C}/sync`, {});
      await post(`${C}/push`, {});
      await get(`${C}/references`);
      await get(`${C}/status`);
      await get(`${C}/log`);
      const item = await post<{ id: number }>('/api/items', itemBody(catalog, { code: 'WOO-WALK' }));
      shop.addProduct({ sku: 'WOO-WALK' });
      await put(`${C}/link`, { itemId: item.id, sku: 'WOO-WALK' });
      await get(`${C}/link?itemId=${item.id}`);
      await post(`${C}/webhook/renew`, {});
      const hook = await get<{ path: string }>(`${C}/webhook`);
      const order = shop.addOrder({ lines: [{ productId: 1, quantity: 1, price: 1, name: 'X', sku: '' }] });
      const sent = await shop.deliverWebhook(server.url + hook.path, { orderId: order.id, secret: 'sekret' });
      expect(sent.status).toBe(200);
    } finally {
      await shop.stop();
    }

    // dpd against its fake DPDServices: a dispatched parcel, the day's list, protocol and courier.
    const dpd = await startFakeDpd();
    try {
      const D = '/api/plugins/dpd';
      ok(await admin.request('POST', '/api/plugin_install', { form: { pluginId: 'dpd' } }), 'install dpd');
      await get(`${D}/settings`);
      await put(`${D}/settings`, {
        values: { apiUrl: dpd.url, login: FAKE_LOGIN, masterFid: FAKE_FID },
        secrets: { password: FAKE_PASSWORD },
      });
      await post(`${D}/test_connection`, {});
      const carriers = await get<{ carriers: { id: string; methods: { id: number }[] }[] }>('/api/carriers');
      const methodId = carriers.carriers.find((c) => c.id === 'dpd')!.methods[0]!.id;
      const order = await post<Order>('/api/orders', orderBody({ carrierMethodId: methodId, weight: 1 }));
      await post('/api/orders/print_bol', { orderId: order.id, noPrint: true });
      await get(`${D}/parcels`);
      const protocol = await admin.getBytes(`${D}/protocol`);
      expect(protocol.status).toBe(200);
      await post(`${D}/pickup`, {
        date: new Date().toISOString().slice(0, 10),
        phone: '600100200',
        contact: 'Magazyn',
        address: 'Długa 1',
        postalCode: '00-001',
        city: 'Warszawa',
      });
    } finally {
      await dpd.close();
    }

    // inpost against its fake ShipX: a parcel waiting for its number (the order's shipment,
    // cancelled), one dispatched, the day's list, the courier pickup and 'sync now'.
    const shipx = await startFakeInpost();
    try {
      const I = '/api/plugins/inpost';
      ok(await admin.request('POST', '/api/plugin_install', { form: { pluginId: 'inpost' } }), 'install inpost');
      await get(`${I}/settings`);
      await put(`${I}/settings`, {
        values: { apiUrl: shipx.url, organizationId: FAKE_ORG_ID },
        secrets: { token: FAKE_TOKEN },
      });
      await post(`${I}/test_connection`, {});
      await get(`${I}/references`);
      const carriers = await get<{ carriers: { id: string; methods: { id: number }[] }[] }>('/api/carriers');
      const courier = carriers.carriers.find((c) => c.id === 'inpost')!.methods[1]!.id;
      const body = orderBody({
        carrierMethodId: courier,
        weight: 1,
        clientData: {
          nameSurname: 'Jan Kowalski',
          street: 'Długa',
          buildNr: '1',
          postCode: '00-001',
          city: 'Warszawa',
        },
      });
      shipx.confirmAfterMs = null;
      const pending = await post<Order>('/api/orders', body);
      const waiting = await admin.post('/api/orders/print_bol', { orderId: pending.id, noPrint: true });
      expect(waiting.status).toBe(409);
      await get(`/api/orders/shipment?orderId=${pending.id}`);
      await post('/api/orders/cancel_shipment', { orderId: pending.id });
      shipx.confirmAfterMs = 0;
      const sent = await post<Order>('/api/orders', body);
      await post('/api/orders/print_bol', { orderId: sent.id, noPrint: true });
      await get(`${I}/parcels`);
      await post(`${I}/dispatch_order`, {
        date: new Date().toISOString().slice(0, 10),
        street: 'Długa',
        buildingNumber: '1',
        city: 'Warszawa',
        postCode: '00-001',
      });
      await post(`${I}/sync`, {});
    } finally {
      await shipx.close();
    }

    // invoicing against its fake KSeF: the connection, an invoice sent to its KSeF number and
    // UPO, one rejected and sent again, 'Wyślij teraz', and a receipt of a stationary order.
    const ksef = await startFakeKsef();
    try {
      const V = '/api/plugins/invoicing';
      const ksefToken = `20261129-EC-0A1B2C3D4E-5F6A7B8C9D-0E|nip-5260250995|${'9c0d'.repeat(16)}`;
      ksef.addToken(ksefToken, '5260250995');
      ok(await admin.request('POST', '/api/plugin_install', { form: { pluginId: 'invoicing' } }), 'install invoicing');
      await get(`${V}/settings`);
      await put(`${V}/settings`, {
        values: { environment: 'TEST', apiUrl: ksef.url, nip: '5260250995' },
        secrets: { ksefToken },
      });
      await post(`${V}/test_connection`, {});
      // The status job runs half a second after the send: the worker's clock is ahead.
      const jobs = () =>
        new JobWorker({
          db: server.deps.db,
          engine: server.deps.engine,
          kinds: pluginsModule.jobs!(server.deps),
          log: () => undefined,
          now: () => new Date(Date.now() + 60_000),
        });
      const invoiced = async () => {
        const o = await post<{ id: number }>(
          '/api/orders',
          orderBody({
            invoice: INVOICE_COMPANY,
            items: [{ code: 'K', name: 'Kubek', quantity: 1, price: 10, vat: 23 }],
          }),
        );
        await post('/api/orders/print_invoice', { orderId: o.id, noPrint: true });
        for (let i = 0; i < 3; i++) {
          await jobs().drain();
          await ksef.settled();
        }
      };
      await invoiced();
      const list = await get<{ invoices: { invoiceId: number; state: string }[] }>(`${V}/invoices`);
      const accepted = list.invoices.find((i) => i.state === 'ACCEPTED')!;
      const upo = await admin.getBytes(`${V}/invoices/upo?invoiceId=${accepted.invoiceId}`);
      expect(upo.status).toBe(200);
      ksef.rejectNext(1, { code: 450, description: 'Błąd weryfikacji semantyki dokumentu faktury' });
      await invoiced();
      const rejected = (await get<{ invoices: { invoiceId: number }[] }>(`${V}/invoices?state=REJECTED`)).invoices[0]!;
      await post(`${V}/invoices/resend`, { invoiceId: rejected.invoiceId });
      await post(`${V}/sync`, {});
      const shop = await post<{ id: number }>(
        '/api/orders',
        orderBody({ stationary: true, items: [{ code: 'K', name: 'Kubek', quantity: 1, price: 10, vat: 23 }] }),
      );
      await post(`${V}/receipts`, { orderId: shop.id });
    } finally {
      await ksef.close();
    }

    // fiscal-printer against the POSNET emulator: the printer checked, a receipt refused by the
    // printer and printed again, one whose answer was lost marked printed by hand, the list.
    const posnet = await startPosnetEmulator();
    try {
      const F = '/api/plugins/fiscal-printer';
      ok(
        await admin.request('POST', '/api/plugin_install', { form: { pluginId: 'fiscal-printer' } }),
        'install fiscal-printer',
      );
      await get(`${F}/settings`);
      await put(`${F}/settings`, { values: { host: posnet.host, port: posnet.port } });
      await post(`${F}/test_connection`, {});
      await get(`${F}/printer_status`);
      const receipt = async () => {
        const o = await post<{ id: number }>(
          '/api/orders',
          orderBody({ stationary: true, items: [{ code: 'K', name: 'Kubek', quantity: 1, price: 10, vat: 23 }] }),
        );
        const r = await post<{ receiptId: number }>('/api/plugins/invoicing/receipts', { orderId: o.id });
        await pluginJobWorker(server.deps).drain();
        return r.receiptId;
      };
      posnet.refuseNext('trline', 2105);
      await post(`${F}/print`, { receiptId: await receipt() });
      await pluginJobWorker(server.deps).drain();
      posnet.dropAfter('trend');
      await post(`${F}/mark_printed`, { receiptId: await receipt() });
      await get(`${F}/receipts`);
    } finally {
      await posnet.close();
    }

    // jpk: the settings, a JPK_V7M of this month (the invoices and receipts issued above) made by
    // its job, listed, downloaded and deleted.
    {
      const J = '/api/plugins/jpk';
      ok(await admin.request('POST', '/api/plugin_install', { form: { pluginId: 'jpk' } }), 'install jpk');
      await get(`${J}/settings`);
      await put(`${J}/settings`, { values: COMPANY_SETTINGS });
      const warsaw = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date()).split('-');
      await post(`${J}/files`, { kind: 'V7M', year: Number(warsaw[0]), month: Number(warsaw[1]) });
      await pluginJobWorker(server.deps).drain();
      const files = await get<{ files: { id: number }[] }>(`${J}/files`);
      const file = files.files[0]!;
      const xml = await admin.getBytes(`${J}/files/download?id=${file.id}`);
      expect(xml.status).toBe(200);
      await del(`${J}/files?id=${file.id}`);
    }

    ok(await admin.request('DELETE', '/api/plugin_install?pluginId=fixture-dependent&deleteData=true'), 'uninstall');
  }, 180_000);

  it('answered every documented route but the ones named, and the named ones only', () => {
    const documented = server.routes
      .filter((r) => r.url.startsWith('/api') && isDocumented(r))
      .map((r) => `${r.method} ${r.url}`);
    const notAnswered = documented.filter((k) => !server.answers.answered.has(k));
    expect(notAnswered.sort()).toEqual(Object.keys(NOT_WALKED).sort());
    expect(server.answers.failures).toEqual([]);
  });
});
