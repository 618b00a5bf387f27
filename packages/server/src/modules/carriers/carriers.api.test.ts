import {
  CARRIER_METHOD_MSG,
  PICKUP_POINT_MSG,
  carriersAnswerSchema,
  orderSchema,
  orderToUpdate,
  type Carrier,
  type Order,
} from '@zaplecze/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';
import { createOrderRefs, orderBody } from '../../../test/orders';
import { carrierRegistry, type CarrierProvider } from './index';

/**
 * Carriers through HTTP: the list, the pickup point check and the order's carrier method. Besides
 * the built-in own carrier, a second provider is registered through the real registry, the way a
 * carrier plugin does: it knows its points ('true' / 'false'), has a method for both kinds of
 * delivery, and is available to one organisation only.
 */

const KNOWN_POINTS = new Set(['WAW01M', 'KRK02A']);
let onlyOrgId: number | undefined;
const testCarrier: CarrierProvider = {
  id: 'test-paczki',
  name: 'Paczki Testowe',
  methods: [
    { key: 'point', name: 'Paczkomat', subName: '24/7', sendType: 'ONLY_PICKUP_POINT' },
    { key: 'any', name: 'Kurier lub punkt', subName: '', sendType: 'ADDRESS_AND_PICKUP_POINT' },
  ],
  isAvailable: async (tdb) => tdb.orgId === onlyOrgId,
  checkPickupPoint: async ({ methodKey, pickupPoint }) => {
    if (pickupPoint === 'AWARIA') throw new Error('carrier service down');
    if (pickupPoint === 'CISZA') return new Promise<never>(() => undefined);
    if (methodKey !== 'point') return 'unknown';
    return KNOWN_POINTS.has(pickupPoint) ? 'true' : 'false';
  },
};

let server: TestServer;
let org: TestOrg;
let other: TestOrg;
let unregister: () => void;
let own: Carrier;
let test: Carrier;

const method = (carrier: Carrier, name: string) => carrier.methods.find((m) => m.name === name)!.id;

async function carriers(client: ApiClient): Promise<Carrier[]> {
  const res = await client.get('/api/carriers');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return carriersAnswerSchema.parse(res.body).carriers;
}

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  other = await createOrg(server);
  await createOrderRefs(org.admin);
  await createOrderRefs(other.admin);
  onlyOrgId = (await org.admin.get<{ organization: { id: number } }>('/api/profile')).body.organization.id;
  unregister = carrierRegistry.register(testCarrier);
  const list = await carriers(org.admin);
  own = list.find((c) => c.id === 'own')!;
  test = list.find((c) => c.id === 'test-paczki')!;
});
afterAll(async () => {
  unregister();
  await server.close();
});

describe('GET /carriers', () => {
  it('lists the own carrier (address and pickup point methods) and the registered one, with stable ids', async () => {
    expect(own).toEqual({
      id: 'own',
      name: 'Przewoźnik własny',
      methods: [
        { id: expect.any(Number), name: 'Kurier', subName: 'Dostawa na adres', sendType: 'ONLY_ADDRESS' },
        {
          id: expect.any(Number),
          name: 'Punkt odbioru',
          subName: 'Dostawa do punktu odbioru',
          sendType: 'ONLY_PICKUP_POINT',
        },
      ],
    });
    expect(test.methods.map((m) => m.sendType)).toEqual(['ONLY_PICKUP_POINT', 'ADDRESS_AND_PICKUP_POINT']);
    const ids = [...own.methods, ...test.methods].map((m) => m.id);
    expect(new Set(ids).size).toBe(4);
    // Personal pickup is a shipping method, not a carrier.
    expect((await carriers(org.admin)).map((c) => c.id)).toEqual(['own', 'test-paczki']);
    expect(await carriers(org.admin)).toEqual([own, test]);
  });

  it('a carrier available to one organisation is absent for another; the own carrier has the same ids', async () => {
    expect(await carriers(other.admin)).toEqual([own]);
  });

  it('needs main.order.show', async () => {
    const reader = await createUser(server, org, { login: 'czytelnik', permissions: 'main.order.show' });
    const nobody = await createUser(server, org, { login: 'magazynier', permissions: 'main.items.edit' });
    expect((await reader.client.get('/api/carriers')).status).toBe(200);
    expect((await nobody.client.get('/api/carriers')).status).toBe(403);
    expect(
      (await nobody.client.get(`/api/check_pickup_point?pickupPoint=X&methodId=${own.methods[1]!.id}`)).status,
    ).toBe(403);
    expect((await new ApiClient(server.url).get('/api/carriers')).status).toBe(401);
  });
});

describe('GET /check_pickup_point', () => {
  const check = (client: ApiClient, query: string) =>
    client.get<{ status?: string; message?: string; field?: string }>(`/api/check_pickup_point?${query}`);

  it("answers 'unknown' for the own carrier, which cannot check points", async () => {
    const res = await check(org.admin, `pickupPoint=WAW01M&methodId=${method(own, 'Punkt odbioru')}`);
    expect(res).toMatchObject({ status: 200, body: { status: 'unknown' } });
  });

  it("answers 'true' and 'false' from a carrier that knows its points (trimmed)", async () => {
    const point = method(test, 'Paczkomat');
    expect((await check(org.admin, `pickupPoint=%20WAW01M%20&methodId=${point}`)).body).toEqual({ status: 'true' });
    expect((await check(org.admin, `pickupPoint=NIEMA1&methodId=${point}`)).body).toEqual({ status: 'false' });
    expect((await check(org.admin, `pickupPoint=WAW01M&methodId=${method(test, 'Kurier lub punkt')}`)).body).toEqual({
      status: 'unknown',
    });
  });

  it("a carrier that fails to answer cannot tell: 'unknown', not an error", async () => {
    const res = await check(org.admin, `pickupPoint=AWARIA&methodId=${method(test, 'Paczkomat')}`);
    expect(res).toMatchObject({ status: 200, body: { status: 'unknown' } });
  });

  it("a carrier that never answers counts as 'unknown' after the registry's time limit", async () => {
    const limit = carrierRegistry.checkTimeoutMs;
    carrierRegistry.checkTimeoutMs = 50;
    try {
      const res = await check(org.admin, `pickupPoint=CISZA&methodId=${method(test, 'Paczkomat')}`);
      expect(res).toMatchObject({ status: 200, body: { status: 'unknown' } });
    } finally {
      carrierRegistry.checkTimeoutMs = limit;
    }
  });

  it('gives the two Polish messages of a missing point and a missing method', async () => {
    const id = method(own, 'Punkt odbioru');
    for (const q of [`methodId=${id}`, `pickupPoint=&methodId=${id}`, `pickupPoint=%20%20&methodId=${id}`]) {
      expect((await check(org.admin, q)).body, q).toMatchObject({
        message: PICKUP_POINT_MSG.pointRequired,
        field: 'pickupPoint',
      });
    }
    for (const q of ['pickupPoint=WAW01M', 'pickupPoint=WAW01M&methodId=']) {
      const res = await check(org.admin, q);
      expect(res.status).toBe(400);
      expect(res.body, q).toMatchObject({ message: PICKUP_POINT_MSG.methodRequired, field: 'methodId' });
    }
    expect((await check(org.admin, 'pickupPoint=WAW01M&methodId=abc')).status).toBe(400);
    expect((await check(org.admin, `pickupPoint=${'x'.repeat(201)}&methodId=${id}`)).status).toBe(400);
  });

  it("a missing method and another organisation's carrier answer the same 404", async () => {
    const missing = await check(other.admin, 'pickupPoint=WAW01M&methodId=2000000000');
    const foreign = await check(other.admin, `pickupPoint=WAW01M&methodId=${method(test, 'Paczkomat')}`);
    expect(missing).toMatchObject({ status: 404, body: { message: 'Nie znaleziono metody przewoźnika.' } });
    expect({ status: foreign.status, body: foreign.body }).toEqual({ status: missing.status, body: missing.body });
  });
});

describe("the order's carrier method", () => {
  async function create(body: Record<string, unknown>, client = org.admin): Promise<Order> {
    const res = await client.post<Order>('/api/orders', orderBody(body));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return orderSchema.parse(res.body);
  }

  it('is stored, answered with its names and carrier, and kept by a read-change-save and by copy', async () => {
    const id = method(own, 'Kurier');
    const order = await create({ shippingMethod: 'ADDRESS', carrierMethodId: id });
    const expected = {
      id,
      name: 'Kurier',
      subName: 'Dostawa na adres',
      sendType: 'ONLY_ADDRESS',
      carrier: { id: 'own', name: 'Przewoźnik własny' },
    };
    expect(order.carrierMethod).toEqual(expected);
    const got = await org.admin.get<{ orders: Order[] }>(`/api/orders?id=${order.id}`);
    expect(got.body.orders[0]!.carrierMethod).toEqual(expected);

    const saved = await org.admin.put<Order>('/api/orders', orderToUpdate(order));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.carrierMethod).toEqual(expected);

    const copy = await org.admin.post<Order>('/api/orders/copy', { id: order.id });
    expect(copy.status).toBe(200);
    expect(copy.body.carrierMethod).toEqual(expected);

    // The list row names it as "carrier - method"; an order without a method has none.
    const bare = await create({ shippingMethod: 'ADDRESS', carrierMethodId: null });
    const list = await org.admin.get<{ orders: { id: number; carrierMethodName: string | null }[] }>(
      `/api/orders?number=${order.id}`,
    );
    expect(list.body.orders).toEqual([expect.objectContaining({ carrierMethodName: 'Przewoźnik własny - Kurier' })]);
    const bareRow = await org.admin.get<{ orders: { carrierMethodName: string | null }[] }>(
      `/api/orders?number=${bare.id}`,
    );
    expect(bareRow.body.orders[0]!.carrierMethodName).toBeNull();
  });

  it('can be changed and removed by PUT', async () => {
    const order = await create({ shippingMethod: 'ADDRESS', carrierMethodId: method(own, 'Kurier') });
    const toPoint = await org.admin.put<Order>('/api/orders', {
      ...orderToUpdate(order),
      shippingMethod: 'PICKUP_POINT',
      carrierMethodId: method(test, 'Paczkomat'),
    });
    expect(toPoint.status, JSON.stringify(toPoint.body)).toBe(200);
    expect(toPoint.body.carrierMethod).toMatchObject({ name: 'Paczkomat', carrier: { id: 'test-paczki' } });
    const none = await org.admin.put<Order>('/api/orders', { ...orderToUpdate(toPoint.body), carrierMethodId: null });
    expect(none.body.carrierMethod).toBeNull();
  });

  it('a method for both kinds of delivery goes with ADDRESS and PICKUP_POINT', async () => {
    const id = method(test, 'Kurier lub punkt');
    for (const shippingMethod of ['ADDRESS', 'PICKUP_POINT']) {
      expect((await create({ shippingMethod, carrierMethodId: id })).carrierMethod?.id).toBe(id);
    }
  });

  const refused = [
    {
      shippingMethod: 'ADDRESS',
      method: () => method(own, 'Punkt odbioru'),
      message: CARRIER_METHOD_MSG.onlyPickupPoint,
    },
    { shippingMethod: 'ADDRESS', method: () => method(test, 'Paczkomat'), message: CARRIER_METHOD_MSG.onlyPickupPoint },
    { shippingMethod: 'PICKUP_POINT', method: () => method(own, 'Kurier'), message: CARRIER_METHOD_MSG.onlyAddress },
    {
      shippingMethod: 'PERSONAL_PICKUP',
      method: () => method(own, 'Kurier'),
      message: CARRIER_METHOD_MSG.personalPickup,
    },
    { shippingMethod: 'ADDRESS', method: () => 2_000_000_000, message: CARRIER_METHOD_MSG.notFound },
  ];
  it.each(refused)('POST and PUT refuse $shippingMethod with a method: $message', async (c) => {
    const body = { shippingMethod: c.shippingMethod, carrierMethodId: c.method() };
    const post = await org.admin.post('/api/orders', orderBody(body));
    expect(post).toMatchObject({ status: 400, body: { message: c.message, field: 'carrierMethodId' } });

    const order = await create({ shippingMethod: c.shippingMethod });
    const put = await org.admin.put('/api/orders', { ...orderToUpdate(order), ...body });
    expect(put).toMatchObject({ status: 400, body: { message: c.message, field: 'carrierMethodId' } });
    expect((await org.admin.get<{ orders: Order[] }>(`/api/orders?id=${order.id}`)).body.orders[0]).toEqual(order);
  });

  it('a stationary order is personal pickup unless changed, so it takes no method', async () => {
    const res = await org.admin.post(
      '/api/orders',
      orderBody({ stationary: true, carrierMethodId: method(own, 'Kurier') }),
    );
    expect(res).toMatchObject({ status: 400, body: { message: CARRIER_METHOD_MSG.personalPickup } });
  });

  it('PUT without shippingMethod checks the method against the stored one', async () => {
    const order = await create({ shippingMethod: 'PICKUP_POINT' });
    const { shippingMethod: _kept, ...put } = orderToUpdate(order);
    const res = await org.admin.put('/api/orders', { ...put, carrierMethodId: method(own, 'Kurier') });
    expect(res).toMatchObject({ status: 400, body: { message: CARRIER_METHOD_MSG.onlyAddress } });
    const ok = await org.admin.put<Order>('/api/orders', { ...put, carrierMethodId: method(own, 'Punkt odbioru') });
    expect(ok.body.carrierMethod?.name).toBe('Punkt odbioru');
  });

  it("another organisation's carrier is refused like a missing method", async () => {
    const foreign = await other.admin.post(
      '/api/orders',
      orderBody({ carrierMethodId: method(test, 'Kurier lub punkt') }),
    );
    const missing = await other.admin.post('/api/orders', orderBody({ carrierMethodId: 2_000_000_000 }));
    expect(missing.status).toBe(400);
    expect({ status: foreign.status, body: foreign.body }).toEqual({ status: missing.status, body: missing.body });
  });

  it('an order keeps a method whose carrier is gone: answered with its names, saved again, not chosen anew', async () => {
    const gone: CarrierProvider = {
      id: 'test-znikajacy',
      name: 'Znikający Kurier',
      methods: [{ key: 'a', name: 'Ekspres', subName: 'do 12:00', sendType: 'ONLY_ADDRESS' }],
      checkPickupPoint: async () => 'unknown',
    };
    const remove = carrierRegistry.register(gone);
    const goneId = (await carriers(org.admin)).find((c) => c.id === gone.id)!.methods[0]!.id;
    const order = await create({ carrierMethodId: goneId });
    remove();

    expect((await carriers(org.admin)).map((c) => c.id)).not.toContain(gone.id);
    const got = (await org.admin.get<{ orders: Order[] }>(`/api/orders?id=${order.id}`)).body.orders[0]!;
    expect(got.carrierMethod).toEqual({
      id: goneId,
      name: 'Ekspres',
      subName: 'do 12:00',
      sendType: 'ONLY_ADDRESS',
      carrier: { id: gone.id, name: 'Znikający Kurier' },
    });
    const saved = await org.admin.put<Order>('/api/orders', { ...orderToUpdate(got), comment: 'Nowa notatka' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.carrierMethod?.id).toBe(goneId);
    const fresh = await org.admin.post('/api/orders', orderBody({ carrierMethodId: goneId }));
    expect(fresh).toMatchObject({ status: 400, body: { message: CARRIER_METHOD_MSG.notFound } });
    const check = await org.admin.get(`/api/check_pickup_point?pickupPoint=X&methodId=${goneId}`);
    expect(check.status).toBe(404);
  });
});
