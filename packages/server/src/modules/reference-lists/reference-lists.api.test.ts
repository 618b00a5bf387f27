import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  additionalDescsResponseSchema,
  incomeSourcesResponseSchema,
  itemStatusesResponseSchema,
  orderStatusesResponseSchema,
  userSizesResponseSchema,
} from '@zaplecze/contract';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';

let server: TestServer;
let org: TestOrg;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
});
afterAll(() => server.close());

/** Every simple list, with a valid body and the list key of its answer. */
const LISTS = [
  { path: '/api/additional_descs', key: 'additionalDescs', body: { name: 'Gwarancja', description: 'Dwa lata.' } },
  { path: '/api/delivery_price_lists', key: 'deliveryPriceLists', body: { name: 'Kurier 15 zł' } },
  { path: '/api/delivery_times', key: 'deliveryTimes', body: { name: '24 godziny' } },
  { path: '/api/item_groups', key: 'itemGroups', body: { name: 'Części' } },
  { path: '/api/item_statuses', key: 'itemStatuses', body: { name: 'Dostępny', color: '00ff00' } },
  { path: '/api/income_sources', key: 'incomeSources', body: { name: 'Allegro' } },
  { path: '/api/order_statuses', key: 'orderStatuses', body: { name: 'Nowe', color: '#FF0000' } },
  { path: '/api/user_sizes', key: 'userSizes', body: { name: 'Karton S', sizeA: 100, sizeB: 200, sizeC: 50 } },
] as const;

describe.each(LISTS)('$path', ({ path, key, body }) => {
  it('creates, reads, lists, updates and deletes a row', async () => {
    const created = await org.admin.post<{ id: number; name: string }>(path, body);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: body.name });
    const id = created.body.id;

    const one = await org.admin.get(`${path}?id=${id}`);
    expect(one.body).toEqual(created.body);

    const second = await org.admin.post<{ id: number }>(path, { ...body, name: 'Drugi' });
    const list = await org.admin.get<Record<string, { id: number }[]>>(path);
    expect(list.status).toBe(200);
    const ids = list.body[key]!.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toEqual(expect.arrayContaining([id, second.body.id]));

    const updated = await org.admin.put<{ name: string }>(path, { ...body, id, name: '  Zmieniony  ' });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe('Zmieniony');

    const removed = await org.admin.delete(`${path}?id=${id}`);
    expect(removed.status).toBe(204);
    expect((await org.admin.get(`${path}?id=${id}`)).status).toBe(404);
    expect((await org.admin.delete(`${path}?id=${id}`)).status).toBe(404);
  });

  it('refuses a missing or too long name with a Polish 400, and PUT without an id', async () => {
    for (const bad of [
      { ...body, name: '' },
      { ...body, name: '   ' },
      { ...body, name: 'x'.repeat(201) },
    ]) {
      const res = await org.admin.post<{ message: string }>(path, bad);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Podaj nazwę|za długa/);
    }
    expect((await org.admin.put(path, body)).status).toBe(400);
    expect((await org.admin.put(path, { ...body, id: 'abc' })).status).toBe(400);
    expect((await org.admin.delete(`${path}?id=-1`)).status).toBe(400);
    expect((await org.admin.post(path, [])).status).toBe(400);
  });

  it('needs a signed-in user to read', async () => {
    expect((await new ApiClient(server.url).get(path)).status).toBe(401);
  });
});

describe('permissions', () => {
  it('reading is for every signed-in user; changing needs the area permission', async () => {
    const reader = await createUser(server, org, { login: 'czytelnik', permissions: 'main.items.show' });
    const goods = await createUser(server, org, { login: 'towarowy', permissions: 'main.items.edit' });
    const orders = await createUser(server, org, { login: 'zamowienia', permissions: 'main.order.edit' });
    expect((await reader.client.get('/api/item_groups')).status).toBe(200);
    expect((await reader.client.post('/api/item_groups', { name: 'X' })).status).toBe(403);
    expect((await goods.client.post('/api/item_groups', { name: 'X' })).status).toBe(200);
    expect((await goods.client.post('/api/order_statuses', { name: 'X' })).status).toBe(403);
    expect((await orders.client.post('/api/order_statuses', { name: 'X' })).status).toBe(200);
    expect((await orders.client.post('/api/user_sizes', { name: 'X' })).status).toBe(200);
    expect((await orders.client.post('/api/item_statuses', { name: 'X' })).status).toBe(403);
  });
});

describe('field rules', () => {
  it('additional descriptions need a description', async () => {
    const res = await org.admin.post<{ message: string }>('/api/additional_descs', { name: 'Bez opisu' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Podaj opis.');
    const long = 'ą'.repeat(5000);
    const ok = await org.admin.post('/api/additional_descs', { name: 'Długi', description: long });
    expect(additionalDescsResponseSchema.shape.additionalDescs.element.parse(ok.body).description).toBe(long);
  });

  it('statuses store the colour as six lower-case hex digits, white by default', async () => {
    const plain = await org.admin.post<{ color: string }>('/api/item_statuses', { name: 'Bez koloru' });
    expect(plain.body.color).toBe('ffffff');
    const hash = await org.admin.post<{ color: string }>('/api/order_statuses', {
      name: 'Z kolorem',
      color: '#A1B2C3',
    });
    expect(hash.body.color).toBe('a1b2c3');
    for (const color of ['fff', 'gggggg', '#12345', 123]) {
      const res = await org.admin.post<{ message: string }>('/api/item_statuses', { name: 'Zły', color });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/Kolor/);
    }
  });

  it('package sizes are whole millimetres from 0, defaulting to 0', async () => {
    const res = await org.admin.post('/api/user_sizes', { name: 'Koperta' });
    expect(userSizesResponseSchema.shape.userSizes.element.parse(res.body)).toMatchObject({
      sizeA: 0,
      sizeB: 0,
      sizeC: 0,
    });
    for (const sizeA of [-1, 1.5, 'abc', 100_001]) {
      const bad = await org.admin.post<{ message: string }>('/api/user_sizes', { name: 'Zły', sizeA });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/Wymiar/);
    }
  });
});

describe('default flags come from the options', () => {
  it('item status: one default, set and removed through DEFAULT_ITEM_STATUS_ID', async () => {
    const a = await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'A' });
    const b = await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'B' });
    await org.admin.put('/api/options', { key: 'DEFAULT_ITEM_STATUS_ID', value: String(a.body.id) });
    let list = itemStatusesResponseSchema.parse((await org.admin.get('/api/item_statuses')).body).itemStatuses;
    expect(list.filter((s) => s.isDefault).map((s) => s.id)).toEqual([a.body.id]);
    await org.admin.put('/api/options', { key: 'DEFAULT_ITEM_STATUS_ID', value: String(b.body.id) });
    list = itemStatusesResponseSchema.parse((await org.admin.get('/api/item_statuses')).body).itemStatuses;
    expect(list.filter((s) => s.isDefault).map((s) => s.id)).toEqual([b.body.id]);
    await org.admin.put('/api/options', { key: 'DEFAULT_ITEM_STATUS_ID', value: '' });
    list = itemStatusesResponseSchema.parse((await org.admin.get('/api/item_statuses')).body).itemStatuses;
    expect(list.some((s) => s.isDefault)).toBe(false);
  });

  it('income sources and order statuses have a default and a stationary default', async () => {
    const shop = await org.admin.post<{ id: number }>('/api/income_sources', { name: 'Sklep' });
    const counter = await org.admin.post<{ id: number }>('/api/income_sources', { name: 'Lada' });
    await org.admin.put('/api/options', {
      options: [
        { key: 'DEFAULT_INCOME_SOURCE_ID', value: shop.body.id },
        { key: 'DEFAULT_INCOME_SOURCE_ID_STATIONARY', value: counter.body.id },
      ],
    });
    const sources = incomeSourcesResponseSchema.parse((await org.admin.get('/api/income_sources')).body).incomeSources;
    expect(sources.find((s) => s.id === shop.body.id)).toMatchObject({ isDefault: true, isDefaultStationary: false });
    expect(sources.find((s) => s.id === counter.body.id)).toMatchObject({
      isDefault: false,
      isDefaultStationary: true,
    });

    const status = await org.admin.post<{ id: number }>('/api/order_statuses', { name: 'Nowe' });
    await org.admin.put('/api/options', { key: 'DEFAULT_ORDER_STATUS_ID_STATIONARY', value: String(status.body.id) });
    const statuses = orderStatusesResponseSchema.parse((await org.admin.get('/api/order_statuses')).body).orderStatuses;
    expect(statuses.find((s) => s.id === status.body.id)).toMatchObject({
      isDefault: false,
      isDefaultStationary: true,
    });
  });

  it('deleting a row clears every option that pointed at it', async () => {
    const status = await org.admin.post<{ id: number }>('/api/order_statuses', { name: 'Wysłane' });
    const id = String(status.body.id);
    await org.admin.put('/api/options', {
      options: [
        { key: 'DEFAULT_ORDER_STATUS_ID', value: id },
        { key: 'ORDER_STATUS_AFTER_SEND', value: id },
      ],
    });
    expect((await org.admin.delete(`/api/order_statuses?id=${id}`)).status).toBe(204);
    const opts = await org.admin.get<{ options: { key: string; value: string }[] }>(
      '/api/options?keys=DEFAULT_ORDER_STATUS_ID,ORDER_STATUS_AFTER_SEND',
    );
    expect(opts.body.options.map((o) => o.value)).toEqual(['', '']);
  });
});
