import { orderLookupAnswerSchema, orderSchema, orderToUpdate, type Order } from '@zaplecze/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiClient, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';
import { createCatalog, itemBody, type Catalog } from '../../../test/catalog';
import { createOrderRefs, issueInvoice, line, orderBody, type OrderRefs } from '../../../test/orders';

/** Orders through HTTP: save rules, defaults, lookups, copy, delete, references, permissions, usage. */

let server: TestServer;
let org: TestOrg;
let other: TestOrg;
let refs: OrderRefs;
let catalog: Catalog;
let itemId: number;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  other = await createOrg(server);
  refs = await createOrderRefs(org.admin);
  catalog = await createCatalog(org.admin);
  const item = await org.admin.post<{ id: number }>('/api/items', itemBody(catalog, { itemGroupId: catalog.groupId }));
  expect(item.status).toBe(200);
  itemId = item.body.id;
});
afterAll(() => server.close());

async function create(client: ApiClient, body: Record<string, unknown>): Promise<Order> {
  const res = await client.post<Order>('/api/orders', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return orderSchema.parse(res.body);
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('POST /orders', () => {
  it('creates an order with the default status and income source, exact sums and the save rules applied', async () => {
    const order = await create(
      org.admin,
      orderBody({
        externalId: '  ',
        problem: 'Klient prosi o telefon',
        deliveryCost: '0,2',
        uuid: 'cudzy',
        addDate: '2000-01-01T00:00:00Z',
        items: [
          line(itemId, 3, { code: 'KUB-1', price: 0.1 }),
          { code: '', name: '  ', price: 5, vat: 23 },
          { code: 'OPAK', name: 'Opakowanie', price: '1,05', vat: 8 },
          line(null, 2, { code: 'KUB-1', price: 0.1 }),
          {},
        ],
        invoice: {
          nameSurname: 'Jan Kowalski',
          companyName: 'Firma',
          companyTaxId: '5260250995',
          address: 'Długa 1',
          postCode: '00-001',
          city: 'Warszawa',
          countryCode: 'pl',
        },
      }),
    );
    expect(order.uuid).toMatch(UUID_V4);
    expect(order.addDate).not.toBe('2000-01-01T00:00:00.000Z');
    expect(order.lastModDate).toBe(order.addDate);
    expect(order.orderDate).toBe(order.addDate);
    expect(order.modifiedByUser).toBe(org.adminLogin);
    expect(order.orderStatus).toEqual({ id: refs.statusId, name: 'Nowe', color: '0000ff' });
    expect(order.incomeSource).toEqual({ id: refs.sourceId, name: 'Sklep internetowy' });
    expect(order).toMatchObject({
      externalId: null,
      problem: null,
      stationary: false,
      currency: 'PLN',
      shippingMethod: 'ADDRESS',
      carrierMethod: null,
      billOfLading: null,
      deliveryCost: 0.2,
      deliveryVat: 23,
      cashOnDelivery: false,
      sizeA: 0,
      weight: 0,
    });
    expect(order.items.map((l) => [l.code, l.name, l.quantity, l.price, l.vat, l.itemId])).toEqual([
      ['KUB-1', 'Pozycja', 3, 0.1, 23, itemId],
      ['OPAK', 'Opakowanie', 1, 1.05, 8, null],
      ['KUB-1', 'Pozycja', 2, 0.1, 23, null],
    ]);
    // 3 × 0.10 + 1.05 + 2 × 0.10 + 0.20, exact in grosze (a float sum gives 1.7500000000000002)
    expect(order.orderSummary).toEqual({
      sumGross: 1.75,
      itemsCodes: [
        { code: 'KUB-1', quantity: 5 },
        { code: 'OPAK', quantity: 1 },
      ],
    });
    // A private person: the company fields are cleared.
    expect(order.invoice).toEqual({
      isCompany: false,
      invoiceNumber: null,
      nameSurname: 'Jan Kowalski',
      companyName: '',
      companyTaxId: '',
      address: 'Długa 1',
      postCode: '00-001',
      city: 'Warszawa',
      countryCode: 'PL',
      invoiceMailSent: false,
    });
    expect(order.clientData).toMatchObject({ nameSurname: 'Jan Kowalski', city: 'Warszawa', email: '' });
  });

  it('keeps the problem only with its flag, a company invoice without the name, sizes and weight in kg', async () => {
    const order = await create(
      org.admin,
      orderBody({
        externalId: ' ALL-123 ',
        hasProblem: true,
        problem: ' Brak towaru ',
        sizeA: 300,
        sizeB: 200,
        sizeC: 100,
        weight: '1,25',
        cashOnDelivery: true,
        orderDate: '2026-03-01T10:15:00+01:00',
        invoice: { isCompany: true, nameSurname: 'Jan', companyName: 'ACME sp. z o.o.', companyTaxId: '526-025-09-95' },
      }),
    );
    expect(order).toMatchObject({
      externalId: 'ALL-123',
      problem: 'Brak towaru',
      sizeA: 300,
      sizeB: 200,
      sizeC: 100,
      weight: 1.25,
      cashOnDelivery: true,
      orderDate: '2026-03-01T09:15:00.000Z',
    });
    expect(order.invoice).toMatchObject({ isCompany: true, nameSurname: '', companyName: 'ACME sp. z o.o.' });
    const flaggedEmpty = await create(org.admin, orderBody({ hasProblem: true }));
    expect(flaggedEmpty.problem).toBe('');
  });

  it('a stationary order takes the stationary defaults and personal pickup unless told otherwise', async () => {
    const order = await create(org.admin, orderBody({ stationary: true }));
    expect(order).toMatchObject({
      stationary: true,
      shippingMethod: 'PERSONAL_PICKUP',
      orderStatus: { id: refs.stationaryStatusId },
      incomeSource: { id: refs.stationarySourceId },
    });
    const shipped = await create(
      org.admin,
      orderBody({ stationary: true, shippingMethod: 'PICKUP_POINT', orderStatusId: refs.status2Id }),
    );
    expect(shipped).toMatchObject({
      shippingMethod: 'PICKUP_POINT',
      orderStatus: { id: refs.status2Id },
      incomeSource: { id: refs.stationarySourceId },
    });
  });

  it('without a default and without a status the order is refused, naming the field', async () => {
    const fresh = await createOrg(server);
    // A new organisation has its starter defaults; the seller cleared them.
    const cleared = await fresh.admin.put('/api/options', {
      options: [
        { key: 'DEFAULT_ORDER_STATUS_ID', value: '' },
        { key: 'DEFAULT_INCOME_SOURCE_ID', value: '' },
      ],
    });
    expect(cleared.status).toBe(204);
    const source = await fresh.admin.post<{ id: number }>('/api/income_sources', { name: 'Sklep' });
    const res = await fresh.admin.post('/api/orders', orderBody({ incomeSourceId: source.body.id }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'orderStatusId' });
    expect((res.body as { message: string }).message).toContain('Ustawienia → Słowniki → Statusy zamówień');
    const status = await fresh.admin.post<{ id: number }>('/api/order_statuses', { name: 'Nowe' });
    const noSource = await fresh.admin.post('/api/orders', orderBody({ orderStatusId: status.body.id }));
    expect(noSource.status).toBe(400);
    expect(noSource.body).toMatchObject({ field: 'incomeSourceId' });
    expect((noSource.body as { message: string }).message).toContain('Ustawienia → Słowniki → Źródła przychodu');
  });

  it("takes a foreign buyer's tax number as typed, and a Polish NIP with dashes", async () => {
    for (const invoice of [
      { isCompany: true, companyName: 'GmbH', companyTaxId: 'DE123456789', countryCode: 'DE' },
      { isCompany: true, companyName: 'Firma', companyTaxId: '526-025-09-95', countryCode: 'PL' },
    ]) {
      const res = await org.admin.post('/api/orders', orderBody({ invoice }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });

  it('refuses bad input with a Polish message naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ deliveryCost: -1 }, 'deliveryCost'],
      [{ deliveryCost: undefined }, 'deliveryCost'],
      [{ deliveryVat: 101 }, 'deliveryVat'],
      [{ items: [line(null, 0)] }, 'items.0.quantity'],
      [{ items: [line(null, 1, { price: 1.001 })] }, 'items.0.price'],
      [{ shippingMethod: 'DRON' }, 'shippingMethod'],
      [{ weight: 1001 }, 'weight'],
      [{ sizeA: 1.5 }, 'sizeA'],
      [{ orderDate: 'wczoraj' }, 'orderDate'],
      [{ currency: 'ZŁ' }, 'currency'],
      // A company on a Polish address: the NIP's check digit is wrong.
      [{ invoice: { isCompany: true, companyName: 'Firma', companyTaxId: '5250001009' } }, 'invoice.companyTaxId'],
      [
        { invoice: { isCompany: true, companyName: 'Firma', companyTaxId: '1234567890', countryCode: 'PL' } },
        'invoice.companyTaxId',
      ],
    ];
    for (const [overrides, field] of cases) {
      const res = await org.admin.post<{ message: string; field: string }>('/api/orders', orderBody(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.field, JSON.stringify(res.body)).toBe(field);
      expect(res.body.message).toMatch(/[a-ząćęłńóśźż]/i);
    }
  });
});

describe('GET /orders?id=', () => {
  it('answers the paged shape with the order; a missing or foreign order is 404', async () => {
    const order = await create(org.admin, orderBody({ items: [line(itemId, 1)] }));
    const res = await org.admin.get(`/api/orders?id=${order.id}`);
    expect(res.status).toBe(200);
    expect(orderLookupAnswerSchema.parse(res.body)).toEqual({ orders: [order], count: 1, perPage: 1 });
    const missing = await org.admin.get('/api/orders?id=2000000000');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 404, message: 'Nie znaleziono zamówienia.' });
    expect((await other.admin.get(`/api/orders?id=${order.id}`)).body).toEqual(missing.body);
  });
});

describe('PUT /orders', () => {
  it('saves every field, sets lastModDate and modifiedByUser, keeps the lines unless itemsChanged', async () => {
    const order = await create(org.admin, orderBody({ items: [line(itemId, 2)] }));
    const editor = await createUser(server, org, { login: 'edytor', permissions: 'main.order.edit;main.order.show' });
    server.clock.offsetMs = 60_000;
    try {
      const res = await editor.client.put<Order>('/api/orders', {
        ...orderBody(),
        id: order.id,
        uuid: 'zmieniony',
        addDate: '2000-01-01T00:00:00Z',
        orderStatusId: refs.status2Id,
        incomeSourceId: refs.source2Id,
        comment: 'Notatka własna',
        items: [],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        uuid: order.uuid,
        addDate: order.addDate,
        orderDate: order.orderDate,
        shippingMethod: order.shippingMethod,
        modifiedByUser: editor.login,
        comment: 'Notatka własna',
        orderStatus: { id: refs.status2Id },
        incomeSource: { id: refs.source2Id },
      });
      expect(Date.parse(res.body.lastModDate) - Date.parse(order.lastModDate)).toBeGreaterThanOrEqual(60_000);
      expect(res.body.items).toEqual(order.items);

      const replaced = await org.admin.put<Order>('/api/orders', {
        ...orderBody(),
        id: order.id,
        orderStatusId: refs.statusId,
        incomeSourceId: refs.sourceId,
        itemsChanged: true,
        items: [line(null, 4, { code: 'NOWA', price: 2.5 })],
      });
      expect(replaced.body.items.map((l) => [l.code, l.quantity, l.price, l.itemId])).toEqual([['NOWA', 4, 2.5, null]]);
      expect(replaced.body.orderSummary.sumGross).toBe(25.99);
    } finally {
      server.clock.offsetMs = 0;
    }
  });

  it('saving an order as it was answered changes nothing but lastModDate and modifiedByUser', async () => {
    const order = await create(
      org.admin,
      orderBody({
        externalId: 'EXT-1',
        hasProblem: true,
        problem: 'Uszkodzona paczka',
        messageToSeller: 'Proszę o szybką wysyłkę',
        invoiceAnnotations: 'Bez paragonu',
        billOfLading: 'LP1',
        weight: 0.75,
        sizeA: 10,
        shippingMethod: 'PICKUP_POINT',
        clientData: { nameSurname: 'Anna Nowak', pickupPoint: 'WAW01M', email: 'anna@example.pl', countryCode: 'PL' },
        invoice: { isCompany: true, companyName: 'ACME', companyTaxId: '5260250995', invoiceNumber: 'FV 2/01/2026' },
        items: [line(itemId, 2, { price: 19.99, vat: 5.5 }), line(null, 1, { code: 'USŁUGA', price: '0,01' })],
      }),
    );
    for (const itemsChanged of [false, true]) {
      const res = await org.admin.put<Order>('/api/orders', orderToUpdate(order, itemsChanged));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { lastModDate: _l, items, ...rest } = res.body;
      const { lastModDate: _o, items: before, ...expected } = order;
      expect(rest).toEqual(expected);
      expect(items.map(({ id: _id, ...l }) => l)).toEqual(before.map(({ id: _id, ...l }) => l));
    }
  });

  it('needs the status and income source; a missing order is 404', async () => {
    const order = await create(org.admin, orderBody());
    const noStatus = await org.admin.put('/api/orders', {
      ...orderBody(),
      id: order.id,
      incomeSourceId: refs.sourceId,
    });
    expect(noStatus.status).toBe(400);
    expect(noStatus.body).toMatchObject({ field: 'orderStatusId', message: 'Wybierz status zamówienia.' });
    const missing = await org.admin.put('/api/orders', {
      ...orderBody(),
      id: 2_000_000_000,
      orderStatusId: refs.statusId,
      incomeSourceId: refs.sourceId,
    });
    expect(missing.status).toBe(404);
  });
});

describe('POST /orders/copy and DELETE /orders', () => {
  it('a copy has the same data and lines, a new uuid and dates, no waybill, no invoice number', async () => {
    let order = await create(
      org.admin,
      orderBody({
        billOfLading: 'LP123456789PL',
        comment: 'Kopiuj mnie',
        orderDate: '2026-01-02T03:04:05Z',
        invoice: { nameSurname: 'Jan' },
        items: [line(itemId, 1), line(null, 2, { code: 'X' })],
      }),
    );
    const number = await issueInvoice(org.admin, order.id);
    order = orderSchema.parse((await org.admin.get<{ orders: Order[] }>(`/api/orders?id=${order.id}`)).body.orders[0]);
    expect(order.invoice?.invoiceNumber).toBe(number);
    const res = await org.admin.post<Order>('/api/orders/copy', { id: order.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const copy = orderSchema.parse(res.body);
    expect(copy.id).toBeGreaterThan(order.id);
    expect(copy.uuid).toMatch(UUID_V4);
    expect(copy.uuid).not.toBe(order.uuid);
    expect(copy).toMatchObject({ billOfLading: null, comment: 'Kopiuj mnie', orderStatus: order.orderStatus });
    expect(copy.orderDate).not.toBe(order.orderDate);
    expect(copy.invoice).toEqual({ ...order.invoice, invoiceNumber: null });
    expect(copy.items.map(({ id: _id, ...l }) => l)).toEqual(order.items.map(({ id: _id, ...l }) => l));
    expect(copy.orderSummary).toEqual(order.orderSummary);
    expect((await org.admin.post('/api/orders/copy', { id: 2_000_000_000 })).status).toBe(404);
  });

  it('deletes an order (204), then it is gone (404)', async () => {
    const order = await create(org.admin, orderBody({ items: [line(itemId, 1)] }));
    expect((await org.admin.delete(`/api/orders?id=${order.id}`)).status).toBe(204);
    expect((await org.admin.get(`/api/orders?id=${order.id}`)).status).toBe(404);
    expect((await org.admin.delete(`/api/orders?id=${order.id}`)).status).toBe(404);
  });
});

describe('references and permissions', () => {
  it("refuses another organisation's status, income source and item like missing ones, naming the field", async () => {
    const theirStatus = (await other.admin.post<{ id: number }>('/api/order_statuses', { name: 'Obcy' })).body.id;
    const theirSource = (await other.admin.post<{ id: number }>('/api/income_sources', { name: 'Obce' })).body.id;
    const st = (await other.admin.post<{ id: number }>('/api/item_statuses', { name: 'S' })).body.id;
    const theirItem = (
      await other.admin.post<{ id: number }>('/api/items', {
        code: 'OBCY-1',
        price: 1,
        vat: 23,
        currency: 'PLN',
        countWare: 5,
        itemStatusId: st,
      })
    ).body.id;
    const cases: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [{ orderStatusId: theirStatus }, { orderStatusId: 2_000_000_000 }, 'orderStatusId'],
      [{ incomeSourceId: theirSource }, { incomeSourceId: 2_000_000_000 }, 'incomeSourceId'],
      [
        { items: [line(null, 1), line(theirItem, 1)] },
        { items: [line(null, 1), line(2_000_000_000, 1)] },
        'items.1.itemId',
      ],
    ];
    for (const [foreign, missing, field] of cases) {
      const a = await org.admin.post<{ field: string; message: string }>('/api/orders', orderBody(foreign));
      const b = await org.admin.post<{ field: string; message: string }>('/api/orders', orderBody(missing));
      expect(a.status).toBe(400);
      expect(a.body.field).toBe(field);
      expect(b.body.field).toBe(field);
      if (field !== 'items.1.itemId') expect(a.body).toEqual(b.body);
    }
    // Nothing of the other organisation moved.
    const item = await other.admin.get<{ items: { countWare: number }[] }>(`/api/items?id=${theirItem}`);
    expect(item.body.items[0]?.countWare).toBe(5);
  });

  it('reading needs main.order.show, changing main.order.edit', async () => {
    const order = await create(org.admin, orderBody());
    const reader = await createUser(server, org, { login: 'czytelnik', permissions: 'main.order.show' });
    const nobody = await createUser(server, org, { login: 'magazynier', permissions: 'main.items.edit' });
    expect((await reader.client.get(`/api/orders?id=${order.id}`)).status).toBe(200);
    expect((await nobody.client.get(`/api/orders?id=${order.id}`)).status).toBe(403);
    const put = { ...orderBody(), id: order.id, orderStatusId: refs.statusId, incomeSourceId: refs.sourceId };
    for (const client of [reader.client, nobody.client]) {
      expect((await client.post('/api/orders', orderBody())).status).toBe(403);
      expect((await client.put('/api/orders', put)).status).toBe(403);
      expect((await client.post('/api/orders/copy', { id: order.id })).status).toBe(403);
      expect((await client.delete(`/api/orders?id=${order.id}`)).status).toBe(403);
    }
  });

  it('an order status or income source used by orders cannot be deleted', async () => {
    const status = (await org.admin.post<{ id: number }>('/api/order_statuses', { name: 'Do usunięcia' })).body.id;
    const source = (await org.admin.post<{ id: number }>('/api/income_sources', { name: 'Do usunięcia' })).body.id;
    const order = await create(org.admin, orderBody({ orderStatusId: status, incomeSourceId: source }));
    const s = await org.admin.delete(`/api/order_statuses?id=${status}`);
    expect(s.status).toBe(409);
    expect(s.body).toMatchObject({ message: 'Nie można usunąć statusu, który mają zamówienia.' });
    const i = await org.admin.delete(`/api/income_sources?id=${source}`);
    expect(i.status).toBe(409);
    expect(i.body).toMatchObject({ message: 'Nie można usunąć źródła przychodu, którego używają zamówienia.' });
    await org.admin.delete(`/api/orders?id=${order.id}`);
    expect((await org.admin.delete(`/api/order_statuses?id=${status}`)).status).toBe(204);
    expect((await org.admin.delete(`/api/income_sources?id=${source}`)).status).toBe(204);
  });
});
