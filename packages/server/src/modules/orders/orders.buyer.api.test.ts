import { randomUUID } from 'node:crypto';
import {
  BUYER_INFO_MSG,
  BUYER_INFO_WINDOW_MS,
  buyerInfoAnswerSchema,
  carriersAnswerSchema,
  type Order,
} from '@zaplecze/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';
import { createOrderRefs, issueInvoice, orderBody, type OrderRefs } from '../../../test/orders';

/**
 * The public buyer page's lookup through HTTP: only the buyer-view fields (checked by the strict
 * schema and by searching the raw body for every private value), one answer for every wrong pair,
 * and the limit per address. Addresses come from X-Forwarded-For (trustProxy), one per test.
 */

const LIMIT = 8;
let server: TestServer;
let org: TestOrg;
let other: TestOrg;
let refs: OrderRefs;
let darkStatusId: number;
let lightStatusId: number;
let kurierId: number;
let ipSeq = 0;

/** A visitor without a token, from an address of its own. */
function visitor(): { get(url: string): ReturnType<ApiClient['request']> } {
  const client = new ApiClient(server.url);
  const ip = `203.0.113.${++ipSeq}`;
  return { get: (url) => client.request('GET', url, { headers: { 'x-forwarded-for': ip } }) };
}

const PRIVATE = {
  comment: 'NOTATKA-WLASNA-tajna',
  problem: 'PROBLEM-z-klientem-tajny',
  externalId: 'ZEWN-ID-123456',
  invoiceAnnotations: 'ADNOTACJA-faktury-tajna',
};

async function create(client: ApiClient, body: Record<string, unknown>): Promise<Order> {
  const res = await client.post<Order>('/api/orders', orderBody(body));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

beforeAll(async () => {
  server = await startTestServer({ trustProxy: ['127.0.0.1'], buyerInfoRateLimit: LIMIT });
  org = await createOrg(server, { companyName: 'Kwiaty u Zosi sp. z o.o.' });
  other = await createOrg(server);
  refs = await createOrderRefs(org.admin);
  await createOrderRefs(other.admin);
  darkStatusId = (await org.admin.post<{ id: number }>('/api/order_statuses', { name: 'W drodze', color: '1a237e' }))
    .body.id;
  lightStatusId = (await org.admin.post<{ id: number }>('/api/order_statuses', { name: 'Gotowe', color: 'fff59d' }))
    .body.id;
  const carriers = carriersAnswerSchema.parse((await org.admin.get('/api/carriers')).body).carriers;
  kurierId = carriers.find((c) => c.id === 'own')!.methods.find((m) => m.sendType === 'ONLY_ADDRESS')!.id;
});
afterAll(() => server.close());

describe('GET /order_buyer_info', () => {
  it('answers exactly the buyer-view fields of an order, and none of its private ones', async () => {
    const order = await create(org.admin, {
      orderStatusId: darkStatusId,
      incomeSourceId: refs.source2Id,
      orderDate: '2026-03-01T10:15:00+01:00',
      messageToSeller: 'Proszę o szybką wysyłkę',
      comment: PRIVATE.comment,
      hasProblem: true,
      problem: PRIVATE.problem,
      externalId: PRIVATE.externalId,
      invoiceAnnotations: PRIVATE.invoiceAnnotations,
      currency: 'EUR',
      deliveryCost: '16,99',
      deliveryVat: 23,
      cashOnDelivery: true,
      shippingMethod: 'ADDRESS',
      carrierMethodId: kurierId,
      billOfLading: 'WAYBILL-0001',
      clientData: {
        nameSurname: 'Zofia Wiśniewska',
        companyName: 'Kwiaciarnia Róża',
        street: 'Żółkiewskiego',
        buildNr: '5/2',
        postCode: '31-539',
        city: 'Kraków',
        countryCode: 'pl',
        email: 'zofia@example.pl',
        tel: '600100200',
      },
      invoice: {
        isCompany: true,
        companyName: 'Kwiaciarnia Róża s.c.',
        companyTaxId: '6762460016',
        address: 'Żółkiewskiego 5/2',
        postCode: '31-539',
        city: 'Kraków',
        countryCode: 'PL',
      },
      items: [
        { code: 'DON-01', name: 'Doniczka', quantity: 3, price: '12,50', vat: 23 },
        { code: 'ZIEMIA', name: 'Ziemia 5 l', quantity: 1, price: 9.99, vat: 8 },
      ],
    });

    const invoiceNumber = await issueInvoice(org.admin, order.id);
    const res = await visitor().get(`/api/order_buyer_info?p=${org.prefix}&uuid=${order.uuid}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // Strict objects: any key beyond the buyer view fails the parse.
    const answer = buyerInfoAnswerSchema.parse(res.body);
    expect(answer).toEqual({
      // The seller's name heads the page, and every price is read with the order's currency.
      shop: { name: 'Kwiaty u Zosi sp. z o.o.' },
      order: {
        id: order.id,
        orderDate: '2026-03-01T09:15:00.000Z',
        orderStatus: { name: 'W drodze', color: '1a237e', textColor: 'ffffff' },
        messageToSeller: 'Proszę o szybką wysyłkę',
        clientData: {
          email: 'zofia@example.pl',
          tel: '600100200',
          nameSurname: 'Zofia Wiśniewska',
          companyName: 'Kwiaciarnia Róża',
          street: 'Żółkiewskiego',
          buildNr: '5/2',
          postCode: '31-539',
          city: 'Kraków',
          countryCode: 'PL',
          pickupPoint: '',
        },
        cashOnDelivery: true,
        invoice: {
          companyName: 'Kwiaciarnia Róża s.c.',
          companyTaxId: '6762460016',
          nameSurname: '',
          address: 'Żółkiewskiego 5/2',
          postCode: '31-539',
          city: 'Kraków',
          countryCode: 'PL',
        },
        billOfLading: 'WAYBILL-0001',
        shippingMethod: 'ADDRESS',
        carrierMethod: { name: 'Kurier', carrierName: 'Przewoźnik własny' },
        currency: 'EUR',
        deliveryCost: 16.99,
        deliveryVat: 23,
        items: [
          { code: 'DON-01', name: 'Doniczka', price: 12.5, vat: 23, quantity: 3 },
          { code: 'ZIEMIA', name: 'Ziemia 5 l', price: 9.99, vat: 8, quantity: 1 },
        ],
      },
    });
    const raw = JSON.stringify(res.body);
    for (const secret of [
      ...Object.values(PRIVATE),
      invoiceNumber,
      org.adminLogin,
      order.uuid,
      'Allegro',
      'incomeSource',
      'modifiedByUser',
      'lastModDate',
    ]) {
      expect(raw, secret).not.toContain(secret);
    }
  });

  it('personal pickup: no carrier, no invoice, no waybill; a light status gets black text; prefix in any case', async () => {
    const order = await create(org.admin, {
      stationary: true,
      orderStatusId: lightStatusId,
      items: [{ code: 'A', name: 'B', price: 1, vat: 23 }],
    });
    const res = await visitor().get(`/api/order_buyer_info?p=${org.prefix.toUpperCase()}&uuid=${order.uuid}`);
    expect(res.status).toBe(200);
    const { order: seen } = buyerInfoAnswerSchema.parse(res.body);
    expect(seen).toMatchObject({
      shippingMethod: 'PERSONAL_PICKUP',
      carrierMethod: null,
      invoice: null,
      billOfLading: null,
      cashOnDelivery: false,
      orderStatus: { name: 'Gotowe', color: 'fff59d', textColor: '000000' },
    });
  });

  it("a wrong prefix, a wrong uuid and another organisation's uuid answer the same error", async () => {
    const mine = await create(org.admin, {});
    const theirs = await create(other.admin, {});
    const v = visitor();
    const wrong = [
      `p=nieistnieje&uuid=${mine.uuid}`,
      `p=${org.prefix}&uuid=${randomUUID()}`,
      `p=${org.prefix}&uuid=${theirs.uuid}`,
      `p=${other.prefix}&uuid=${mine.uuid}`,
      `p=${org.prefix}&uuid=nie-uuid`,
      `p=${org.prefix}&uuid=${mine.uuid.toUpperCase()}`,
    ];
    for (const q of wrong) {
      const res = await v.get(`/api/order_buyer_info?${q}`);
      expect({ status: res.status, body: res.body }, q).toEqual({
        status: 404,
        body: { code: 404, message: BUYER_INFO_MSG.wrongData },
      });
    }
    expect((await v.get(`/api/order_buyer_info?p=${other.prefix}&uuid=${theirs.uuid}`)).status).toBe(200);
  });

  it('missing or oversized parameters answer 400 with the same Polish message', async () => {
    const v = visitor();
    for (const q of ['', 'p=abc', 'uuid=x', 'p=&uuid=', `p=${'a'.repeat(21)}&uuid=x`, `p=abc&uuid=${'x'.repeat(37)}`]) {
      const res = await v.get(`/api/order_buyer_info?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body, q).toMatchObject({ message: BUYER_INFO_MSG.wrongData });
    }
  });

  it('is limited per address: over the limit 429 in Polish, other addresses unaffected, free again later', async () => {
    const order = await create(org.admin, {});
    const url = `/api/order_buyer_info?p=${org.prefix}&uuid=${order.uuid}`;
    const flood = visitor();
    for (let i = 0; i < LIMIT; i++) expect((await flood.get(url)).status).toBe(200);
    const refused = await flood.get(url);
    expect(refused).toMatchObject({ status: 429, body: { message: BUYER_INFO_MSG.tooMany } });
    // Wrong guesses count too: the limit is what stops guessing.
    expect((await flood.get(`/api/order_buyer_info?p=${org.prefix}&uuid=${randomUUID()}`)).status).toBe(429);
    expect((await visitor().get(url)).status).toBe(200);
    server.clock.offsetMs = BUYER_INFO_WINDOW_MS + 1000;
    try {
      expect((await flood.get(url)).status).toBe(200);
    } finally {
      server.clock.offsetMs = 0;
    }
  });

  it('lets exactly the limit through when the lookups of one address come all at once', async () => {
    const order = await create(org.admin, {});
    const url = `/api/order_buyer_info?p=${org.prefix}&uuid=${order.uuid}`;
    const flood = visitor();
    const statuses = (await Promise.all(Array.from({ length: 5 * LIMIT }, () => flood.get(url)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4 * LIMIT);
  });
});
