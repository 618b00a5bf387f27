import {
  ORDER_SEARCH_MSG,
  orderRowSchema,
  orderSchema,
  orderToUpdate,
  ordersAnswerSchema,
  type Order,
  type OrderRow,
  type OrdersAnswer,
} from '@zaplecze/contract';
import { orderSearchSchema } from '@zaplecze/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantDb } from '../../db/tenant';
import { startTestServer, testEngine, type TestServer } from '../../../test/harness';
import { ordersRepository } from './orders.repository';
import { pageRowsQuery } from './orders.search';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';
import { createOrderRefs, issueInvoice, line, orderBody, type OrderRefs } from '../../../test/orders';

/**
 * GET /orders search through HTTP: every filter of §3 Order search alone and combined, both sorts,
 * paging up to 10,000 rows, the list row and its stored line summary after every kind of save,
 * bad input answered 400 in Polish, and the read permission.
 */

let server: TestServer;
let org: TestOrg;
let other: TestOrg;
let refs: OrderRefs;
/** Another organisation's order that most filters below would find. */
let foreignId: number;
let warkaNumber: string;
/** The four orders the filters tell apart, by name. */
const o: Record<'lodz' | 'warszawa' | 'warka' | 'april', Order> = {} as never;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  other = await createOrg(server);
  refs = await createOrderRefs(org.admin);
  await createOrderRefs(other.admin);
  o.lodz = await create({
    orderDate: '2026-03-01T10:00:00+01:00',
    messageToSeller: 'Proszę o szybką wysyłkę',
    hasProblem: true,
    problem: '',
    billOfLading: 'AB123456789PL',
    clientData: {
      nameSurname: 'Jan Kowalski',
      city: 'Łódź',
      postCode: '90-001',
      tel: '+48 600-100-200',
      email: 'Jan.Kowalski@Example.pl',
    },
    items: [
      line(null, 2, { code: 'KUB-1', price: 10.5 }),
      line(null, 1, { code: '', name: 'Opakowanie', price: 1.05 }),
      line(null, 3, { code: 'KUB-1', price: 0.1 }),
    ],
  });
  o.warszawa = await create({
    orderDate: '2026-03-15T23:30:00+01:00',
    orderStatusId: refs.status2Id,
    incomeSourceId: refs.source2Id,
    shippingMethod: 'PICKUP_POINT',
    comment: 'Notatka',
    clientData: {
      city: 'Warszawa',
      postCode: '00-950',
      pickupPoint: 'WAW01M',
      tel: '600 100 201',
      email: 'anna@example.pl',
    },
    invoice: { nameSurname: 'Anna Nowak', address: 'Polna 1', postCode: '00-950', city: 'Warszawa' },
  });
  o.warka = await create({
    orderDate: '2026-03-31T23:30:00+02:00',
    incomeSourceId: refs.source2Id,
    invoiceAnnotations: 'Proszę o NIP na fakturze',
    clientData: { city: 'Warka', postCode: '05-660', tel: '48 500 000 000', email: 'b@example.pl' },
    invoice: { isCompany: true, companyName: 'Firma', companyTaxId: '5260250995' },
  });
  warkaNumber = await issueInvoice(org.admin, o.warka.id);
  o.warka = orderSchema.parse(
    (await org.admin.get<{ orders: Order[] }>(`/api/orders?id=${o.warka.id}`)).body.orders[0],
  );
  // Warsaw's 1 April, still 31 March in UTC.
  o.april = await create({
    orderDate: '2026-04-01T00:30:00+02:00',
    orderStatusId: refs.status2Id,
    clientData: { city: 'warszawa ', postCode: '00950', tel: '', email: 'Anna@Example.pl' },
    invoice: { isCompany: true, companyName: 'Firma B', companyTaxId: '5260250995' },
  });
  // An order of another organisation that every filter above would find.
  const foreign = await other.admin.post<Order>(
    '/api/orders',
    orderBody({ orderDate: '2026-03-15T12:00:00+01:00', clientData: { city: 'Warszawa', tel: '600100200' } }),
  );
  expect(foreign.status).toBe(200);
  foreignId = foreign.body.id;
});
afterAll(() => server.close());

async function create(body: Record<string, unknown>): Promise<Order> {
  const res = await org.admin.post<Order>('/api/orders', orderBody(body));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return orderSchema.parse(res.body);
}

async function search(query: Record<string, string | number>, client = org.admin): Promise<OrdersAnswer> {
  const res = await client.get<OrdersAnswer>(`/api/orders?${new URLSearchParams(stringify(query))}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ordersAnswerSchema.parse(res.body);
}
const stringify = (q: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));

/** Ids found among the four orders of the fixture, newest number first. */
async function found(query: Record<string, string | number>): Promise<string[]> {
  const answer = await search({ perPage: 10000, ...query });
  expect(answer.count).toBe(answer.orders.length);
  expect(answer.orders.map((r) => r.id)).not.toContain(foreignId);
  const names = new Map(Object.entries(o).map(([name, order]) => [order.id, name]));
  return answer.orders.flatMap((r) => names.get(r.id) ?? []);
}

describe('GET /orders filters', () => {
  it("number: exactly that order; another organisation's number finds nothing", async () => {
    expect(await found({ number: o.warka.id })).toEqual(['warka']);
    expect(await search({ number: foreignId })).toEqual({ orders: [], count: 0, perPage: 100 });
    expect((await search({ number: foreignId }, other.admin)).count).toBe(1);
  });

  it('dates: Warsaw calendar days, both ends included', async () => {
    expect(await found({ dateFrom: '2026-03-15', dateTo: '2026-03-31' })).toEqual(['warka', 'warszawa']);
    expect(await found({ dateFrom: '2026-04-01' })).toEqual(['april']);
    expect(await found({ dateTo: '2026-03-01' })).toEqual(['lodz']);
    expect(await found({ dateFrom: '2026-03-16', dateTo: '2026-03-30' })).toEqual([]);
  });

  it('phone: by its last nine digits, whatever the spaces, dashes and +48; a part finds by prefix', async () => {
    expect(await found({ tel: '600100200' })).toEqual(['lodz']);
    expect(await found({ tel: '+48 600 100 200' })).toEqual(['lodz']);
    expect(await found({ tel: '0048600-100-200' })).toEqual(['lodz']);
    expect(await found({ tel: '600 100' })).toEqual(['warszawa', 'lodz']);
    expect(await found({ tel: '500000000' })).toEqual(['warka']);
    expect(await found({ tel: 'brak' })).toEqual([]);
  });

  it('e-mail: case-insensitive, whole or its beginning', async () => {
    expect(await found({ email: 'JAN.KOWALSKI@example.PL' })).toEqual(['lodz']);
    expect(await found({ email: 'anna@example.pl' })).toEqual(['april', 'warszawa']);
    expect(await found({ email: 'ann' })).toEqual(['april', 'warszawa']);
    expect(await found({ email: 'example.pl' })).toEqual([]);
  });

  it('city and pickup point: case-insensitive beginning, Polish letters included', async () => {
    expect(await found({ city: 'ŁÓDŹ' })).toEqual(['lodz']);
    expect(await found({ city: 'łó' })).toEqual(['lodz']);
    expect(await found({ city: 'WARSZ' })).toEqual(['april', 'warszawa']);
    expect(await found({ city: 'war' })).toEqual(['april', 'warka', 'warszawa']);
    expect(await found({ city: 'arszawa' })).toEqual([]);
    expect(await found({ pickupPoint: 'waw01' })).toEqual(['warszawa']);
    expect(await found({ pickupPoint: 'KRA' })).toEqual([]);
  });

  it('post code: beginning, with or without the dash', async () => {
    expect(await found({ postCode: '90-001' })).toEqual(['lodz']);
    expect(await found({ postCode: '90001' })).toEqual(['lodz']);
    expect(await found({ postCode: '00-950' })).toEqual(['april', 'warszawa']);
    expect(await found({ postCode: '00-9' })).toEqual(['april', 'warszawa']);
    expect(await found({ postCode: '0' })).toEqual(['april', 'warka', 'warszawa']);
    expect(await found({ postCode: '-' })).toEqual([]);
  });

  it('waybill: whole or its beginning, any case, spaces ignored', async () => {
    expect(await found({ bol: 'AB123456789PL' })).toEqual(['lodz']);
    expect(await found({ bol: 'ab 123' })).toEqual(['lodz']);
    expect(await found({ bol: '123456789PL' })).toEqual([]);
  });

  it('status and income source', async () => {
    expect(await found({ statusId: refs.status2Id })).toEqual(['april', 'warszawa']);
    expect(await found({ statusId: refs.statusId })).toEqual(['warka', 'lodz']);
    expect(await found({ incomeSrcId: refs.source2Id })).toEqual(['warka', 'warszawa']);
    expect(await found({ statusId: refs.stationaryStatusId })).toEqual([]);
  });

  it('invoice type: without, with, issued (with a number), not issued', async () => {
    expect(await found({ invoiceType: 'WITHOUT_INVOICE' })).toEqual(['lodz']);
    expect(await found({ invoiceType: 'WITH_INVOICE' })).toEqual(['april', 'warka', 'warszawa']);
    expect(await found({ invoiceType: 'INV_WITH_NUM' })).toEqual(['warka']);
    expect(await found({ invoiceType: 'INV_WITHOUT_NUM' })).toEqual(['april', 'warszawa']);
  });

  it('filters combine with AND', async () => {
    expect(await found({ city: 'war', incomeSrcId: refs.source2Id })).toEqual(['warka', 'warszawa']);
    expect(
      await found({ city: 'war', incomeSrcId: refs.source2Id, invoiceType: 'INV_WITHOUT_NUM', dateTo: '2026-03-20' }),
    ).toEqual(['warszawa']);
    expect(
      await found({ statusId: refs.status2Id, invoiceType: 'WITH_INVOICE', postCode: '009', email: 'anna' }),
    ).toEqual(['april', 'warszawa']);
    expect(await found({ statusId: refs.statusId, tel: '600', dateFrom: '2026-03-02' })).toEqual([]);
    expect(await found({ number: o.lodz.id, statusId: refs.status2Id })).toEqual([]);
  });

  it('blank fields are no filter', async () => {
    const all = await found({});
    expect(await found({ city: '  ', tel: '', number: '', statusId: '', invoiceType: '', dateFrom: '' })).toEqual(all);
  });
});

describe('GET /orders rows, sorts and pages', () => {
  it('a row carries what the list and its icons show, with the sums kept on the order', async () => {
    const [row] = (await search({ number: o.lodz.id })).orders;
    expect(orderRowSchema.parse(row)).toEqual({
      id: o.lodz.id,
      uuid: o.lodz.uuid,
      orderDate: '2026-03-01T09:00:00.000Z',
      lastModDate: o.lodz.lastModDate,
      stationary: false,
      externalId: null,
      orderStatus: { id: refs.statusId, name: 'Nowe', color: '0000ff' },
      incomeSource: { id: refs.sourceId, name: 'Sklep internetowy' },
      currency: 'PLN',
      messageToSeller: 'Proszę o szybką wysyłkę',
      comment: '',
      invoiceAnnotations: '',
      problem: '',
      deliveryCost: 15.99,
      deliveryVat: 23,
      cashOnDelivery: false,
      shippingMethod: 'ADDRESS',
      carrierMethodName: null,
      billOfLading: 'AB123456789PL',
      hasInvoice: false,
      invoiceNumber: null,
      invoiceMailSent: false,
      clientData: o.lodz.clientData,
      // 2 × 10.50 + 1.05 + 3 × 0.10 + 15.99 delivery, exact.
      orderSummary: { sumGross: 38.34, itemsCodes: [{ code: 'KUB-1', quantity: 5 }], itemsCount: 6 },
    } satisfies OrderRow);
    expect(row!.orderSummary.sumGross).toBe(o.lodz.orderSummary.sumGross);
    const [issued] = (await search({ number: o.warka.id })).orders;
    expect(issued).toMatchObject({
      hasInvoice: true,
      invoiceNumber: warkaNumber,
      invoiceAnnotations: 'Proszę o NIP na fakturze',
    });
    const [pickup] = (await search({ number: o.warszawa.id })).orders;
    expect(pickup).toMatchObject({
      hasInvoice: true,
      invoiceNumber: null,
      comment: 'Notatka',
      problem: null,
      shippingMethod: 'PICKUP_POINT',
      orderStatus: { id: refs.status2Id, name: 'Wysłane', color: '00ff00' },
      incomeSource: { id: refs.source2Id, name: 'Allegro' },
      orderSummary: { sumGross: 15.99, itemsCodes: [], itemsCount: 0 },
    });
  });

  it('sorts by number (default) or by order date, newest first', async () => {
    expect(await found({})).toEqual(['april', 'warka', 'warszawa', 'lodz']);
    // A later number with an earlier date moves down in the date sort.
    const early = await create({ orderDate: '2026-02-01T12:00:00+01:00', clientData: { city: 'Sopot' } });
    try {
      const byNumber = (await search({ perPage: 10000 })).orders.map((r) => r.id);
      expect(byNumber).toEqual([...byNumber].sort((a, b) => b - a));
      expect(byNumber[0]).toBe(early.id);
      const byDate = (await search({ sort: 'DATE', perPage: 10000 })).orders;
      const keys = byDate.map((r) => [r.orderDate, r.id] as const);
      expect(keys).toEqual([...keys].sort(([da, ia], [db, ib]) => (da === db ? ib - ia : db.localeCompare(da))));
      expect(byDate.at(-1)?.id).toBe(early.id);
    } finally {
      expect((await org.admin.delete(`/api/orders?id=${early.id}`)).status).toBe(204);
    }
  });

  it('pages: exact count, no overlap, the last page short, a page past the end empty; 10,000 rows a page', async () => {
    for (let i = 0; i < 27; i++) {
      const res = await org.admin.post('/api/orders', orderBody({ clientData: { city: 'Stronicowo' } }));
      expect(res.status).toBe(200);
    }
    const p1 = await search({ city: 'Stronicowo', perPage: 25 });
    const p2 = await search({ city: 'Stronicowo', perPage: 25, page: 2 });
    const p3 = await search({ city: 'Stronicowo', perPage: 25, page: 3 });
    expect([p1.count, p2.count, p3.count]).toEqual([27, 27, 27]);
    expect([p1.perPage, p1.orders.length, p2.orders.length, p3.orders.length]).toEqual([25, 25, 2, 0]);
    const ids = [...p1.orders, ...p2.orders].map((r) => r.id);
    expect(new Set(ids).size).toBe(27);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // Page below 1 becomes 1 (§5).
    expect((await search({ city: 'Stronicowo', perPage: 25, page: 0 })).orders).toEqual(p1.orders);
    const all = await search({ perPage: 10000 });
    expect(all.perPage).toBe(10000);
    expect(all.orders.length).toBe(all.count);
    expect(all.count).toBe(4 + 27);
  });
});

describe('GET /orders stored summaries and keys follow every save', () => {
  const rowOf = async (id: number) => (await search({ number: id })).orders[0]!;
  const expectRowMatches = async (order: Order) => {
    const row = await rowOf(order.id);
    const count = order.items.reduce((n, l) => n + l.quantity, 0);
    expect(row.orderSummary).toEqual({ ...order.orderSummary, itemsCount: count });
  };

  it("create, edit with and without lines, copy: the row's sum, codes and count equal the lines", async () => {
    const created = await create({
      clientData: { city: 'Gdańsk', tel: '111 222 333' },
      items: [line(null, 2, { code: 'A', price: 3.33 }), line(null, 1, { code: 'B', price: 7 })],
    });
    await expectRowMatches(created);

    const edited = await org.admin.put<Order>('/api/orders', {
      ...orderToUpdate(created, true),
      deliveryCost: 1,
      items: [line(null, 4, { code: 'B', price: 2.5 }), line(null, 1, { code: 'C', price: 0.01 })],
    });
    expect(edited.status).toBe(200);
    await expectRowMatches(orderSchema.parse(edited.body));
    expect((await rowOf(created.id)).orderSummary).toEqual({
      sumGross: 11.01,
      itemsCodes: [
        { code: 'B', quantity: 4 },
        { code: 'C', quantity: 1 },
      ],
      itemsCount: 5,
    });

    // Lines not changed: the summary stays; the client's texts are searched by their new value.
    const update = orderToUpdate(orderSchema.parse(edited.body));
    const kept = await org.admin.put<Order>('/api/orders', {
      ...update,
      items: [],
      clientData: { ...update.clientData, city: 'Gdynia', tel: '444555666' },
    });
    expect(kept.status).toBe(200);
    await expectRowMatches(orderSchema.parse(kept.body));
    expect(await search({ city: 'gdańsk' })).toMatchObject({ count: 0 });
    expect((await search({ city: 'gdyn', tel: '444-555-666' })).orders.map((r) => r.id)).toEqual([created.id]);

    const copy = await org.admin.post<Order>('/api/orders/copy', { id: created.id });
    expect(copy.status).toBe(200);
    await expectRowMatches(orderSchema.parse(copy.body));
    expect((await search({ city: 'gdyn' })).count).toBe(2);

    expect((await org.admin.delete(`/api/orders?id=${copy.body.id}`)).status).toBe(204);
    expect((await org.admin.delete(`/api/orders?id=${created.id}`)).status).toBe(204);
    expect((await search({ city: 'gdyn' })).count).toBe(0);
    // The unfiltered count is the counter the database keeps: it followed every insert and delete.
    const every = await search({ dateFrom: '2000-01-01', perPage: 10000 });
    expect((await search({})).count).toBe(every.count);
    expect(every.orders.length).toBe(every.count);
  });

  it('the invoice state follows the invoice: added, numbered, removed', async () => {
    const order = await create({ clientData: { city: 'Fakturowo' } });
    const update = orderToUpdate(order);
    const invoiceOf = async () => (await search({ city: 'fakturowo', invoiceType: 'WITH_INVOICE' })).count;
    expect(await invoiceOf()).toBe(0);
    await org.admin.put('/api/orders', { ...update, invoice: { nameSurname: 'Jan' } });
    expect((await search({ city: 'fakturowo', invoiceType: 'INV_WITHOUT_NUM' })).count).toBe(1);
    // A client's number is ignored; issuing numbers the invoice.
    await org.admin.put('/api/orders', { ...update, invoice: { nameSurname: 'Jan', invoiceNumber: 'FV 9/01/2026' } });
    expect((await search({ city: 'fakturowo', invoiceType: 'INV_WITH_NUM' })).count).toBe(0);
    await issueInvoice(org.admin, order.id);
    expect((await search({ city: 'fakturowo', invoiceType: 'INV_WITH_NUM' })).count).toBe(1);
    await org.admin.put('/api/orders', { ...update, invoice: null });
    expect((await search({ city: 'fakturowo', invoiceType: 'WITHOUT_INVOICE' })).count).toBe(1);
    expect(await invoiceOf()).toBe(0);
    expect((await org.admin.delete(`/api/orders?id=${order.id}`)).status).toBe(204);
  });
});

describe('the search inside', () => {
  const tenant = async () => {
    const row = await server.deps.db
      .selectFrom('organizations')
      .select('id')
      .where('prefix', '=', org.prefix)
      .executeTakeFirstOrThrow();
    return new TenantDb(server.deps.db, row.id);
  };

  it('a repository update of the invoice number alone (or the flag alone) keeps the invoice state right', async () => {
    const tdb = await tenant();
    const order = await create({ clientData: { city: 'Numerowo' }, invoice: { nameSurname: 'Jan' } });
    const state = async () => (await search({ city: 'numerowo', invoiceType: 'INV_WITH_NUM' })).count;
    expect(await state()).toBe(0);
    await ordersRepository.update(tdb, order.id, { invoice_number: 'FV 3/01/2026' });
    expect(await state()).toBe(1);
    await ordersRepository.update(tdb, order.id, { has_invoice: 0 });
    expect((await search({ city: 'numerowo', invoiceType: 'WITHOUT_INVOICE' })).count).toBe(1);
    await ordersRepository.update(tdb, order.id, { has_invoice: 1 });
    expect(await state()).toBe(1);
    await ordersRepository.update(tdb, order.id, { invoice_number: null });
    expect((await search({ city: 'numerowo', invoiceType: 'INV_WITHOUT_NUM' })).count).toBe(1);
    expect((await org.admin.delete(`/api/orders?id=${order.id}`)).status).toBe(204);
  });

  // The walk (SQLite, many matches) and the fence (PostgreSQL, few matches) are how a page is read
  // (orders.search pagePlan); each must find exactly what the plain statement finds.
  it('walking the sort index (SQLite) or fencing the matches (PostgreSQL) finds the same page', async () => {
    const tdb = await tenant();
    const searches = [
      {},
      { city: 'war', sort: 'DATE' },
      { statusId: refs.status2Id, invoiceType: 'WITH_INVOICE' },
      { incomeSrcId: refs.source2Id, dateFrom: '2026-03-10', dateTo: '2026-04-30' },
      { postCode: '0', tel: '5', sort: 'DATE', dateTo: '2026-03-31' },
      { email: 'anna', pickupPoint: 'waw', statusId: refs.status2Id },
      { city: 'stronicowo', perPage: 25, page: 2 },
    ];
    for (const q of searches) {
      const s = orderSearchSchema.parse(q);
      const seek = await pageRowsQuery(tdb, s, { walk: false }).execute();
      const style = testEngine() === 'sqlite' ? { walk: true } : { walk: false, fence: true };
      const other = await pageRowsQuery(tdb, s, style).execute();
      expect(other.map((r) => r.id).sort(), JSON.stringify(q)).toEqual(seek.map((r) => r.id).sort());
      const text = pageRowsQuery(tdb, s, style).compile().sql;
      if (testEngine() === 'postgres') expect(text.match(/offset \$/g)).toHaveLength(2);
      else if (Object.keys(q).length > 0) expect(text).toContain('+"orders"');
    }
  });
});

describe('GET /orders bad input and permissions', () => {
  const bad = async (query: string, message: string | RegExp, field?: string) => {
    const res = await org.admin.get<{ code: number; message: string; field?: string }>(`/api/orders?${query}`);
    expect(res.status, query).toBe(400);
    expect(res.body.message, query).toMatch(message);
    if (field) expect(res.body.field, query).toBe(field);
  };

  it('answers 400 with a Polish message naming the field, never a 500', async () => {
    await bad('number=abc', ORDER_SEARCH_MSG.numberInvalid, 'number');
    await bad('number=0', ORDER_SEARCH_MSG.numberInvalid, 'number');
    await bad('number=12.5', ORDER_SEARCH_MSG.numberInvalid, 'number');
    await bad('number=99999999999', ORDER_SEARCH_MSG.numberInvalid, 'number');
    await bad('dateFrom=2026-13-01', ORDER_SEARCH_MSG.dateInvalid, 'dateFrom');
    await bad('dateTo=2026-02-30', ORDER_SEARCH_MSG.dateInvalid, 'dateTo');
    await bad('dateFrom=1.03.2026', ORDER_SEARCH_MSG.dateInvalid, 'dateFrom');
    await bad('dateFrom=2026-03-02&dateTo=2026-03-01', ORDER_SEARCH_MSG.dateRange, 'dateTo');
    await bad('perPage=7', /Liczba wierszy na stronie/, 'perPage');
    await bad('perPage=100000', /Liczba wierszy na stronie/, 'perPage');
    await bad('statusId=abc', /identyfikator/i, 'statusId');
    await bad('incomeSrcId=-1', /identyfikator/i, 'incomeSrcId');
    await bad('invoiceType=ALL', /Nieprawidłow/i, 'invoiceType');
    await bad('sort=PRICE', /Nieprawidłow/i, 'sort');
    await bad(`city=${'x'.repeat(201)}`, /za dług|zbyt dług|maksymaln|200/i, 'city');
    await bad('id=abc', /identyfikator/i, 'id');
  });

  it('needs main.order.show', async () => {
    const reader = await createUser(server, org, { login: 'reader', permissions: 'main.order.show' });
    expect((await search({ city: 'war' }, reader.client)).count).toBe(3);
    const clerk = await createUser(server, org, { login: 'clerk', permissions: 'main.items.show' });
    expect((await clerk.client.get('/api/orders?city=war')).status).toBe(403);
    expect((await clerk.client.get(`/api/orders?id=${o.lodz.id}`)).status).toBe(403);
  });
});
