import {
  buyerInfoAnswerSchema,
  invoiceSnapshotSchema,
  itemLookupAnswerSchema,
  itemSchema,
  itemsAnswerSchema,
  ordersAnswerSchema,
  orderSchema,
  printInvoiceAnswerSchema,
  type Order,
} from '@zaplecze/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantDb } from '../../db/tenant';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';
import { createCatalog, itemBody, type Catalog } from '../../../test/catalog';
import { createOrderRefs, orderBody } from '../../../test/orders';
import { pdfText } from '../../../test/pdf-tools';

/**
 * The VAT rates that are no number, zw, np and oo (docs/rules/server-side-rules.md, Money;
 * docs/decisions.md, VAT rates that are not numbers), through HTTP: the settings, items, item and
 * order mass edits, orders and their sums, the buyer page and the invoice (rows, snapshot, notes).
 */

let server: TestServer;
let org: TestOrg;
let orgId: number;
let c: Catalog;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  c = await createCatalog(org.admin);
  await createOrderRefs(org.admin);
  orgId = (await org.admin.get<{ organization: { id: number } }>('/api/profile')).body.organization.id;
});
afterAll(() => server.close());

const COMPANY = {
  isCompany: true,
  companyName: 'Zwolniona Firma',
  companyTaxId: '5260250274',
  address: 'ul. Polna 1',
  postCode: '00-001',
  city: 'Warszawa',
  countryCode: 'PL',
};

async function putOptions(options: { key: string; value: string }[]) {
  return org.admin.put<{ message?: string }>('/api/options', { options });
}

async function readOption(key: string): Promise<string> {
  return (await org.admin.get<{ value: string }>(`/api/options?key=${key}`)).body.value;
}

async function newOrder(overrides: Record<string, unknown>): Promise<Order> {
  const res = await org.admin.post('/api/orders', orderBody(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return orderSchema.parse(res.body);
}

async function getOrder(id: number): Promise<Order> {
  const res = await org.admin.get<{ orders: Order[] }>(`/api/orders?id=${id}`);
  return orderSchema.parse(res.body.orders[0]);
}

async function invoice(orderId: number) {
  const res = await org.admin.post('/api/orders/print_invoice', { orderId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const answer = printInvoiceAnswerSchema.parse(res.body);
  const row = await new TenantDb(server.deps.db, orgId)
    .selectFrom('invoices')
    .select('snapshot')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return {
    text: await pdfText(Buffer.from(answer.pdf!, 'base64')),
    snapshot: invoiceSnapshotSchema.parse(JSON.parse(row.snapshot)),
  };
}

describe('VAT settings', () => {
  it("take 'zw', 'np' and 'oo' in the list and as defaults, in any case, and refuse other words", async () => {
    const res = await putOptions([
      { key: 'VAT_VALUES', value: '23;8;ZW;np;Oo' },
      { key: 'VAT_DEFAULT_ITEM', value: 'ZW' },
      { key: 'VAT_DEFAULT_ORDER_DELIVERY', value: 'oo' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect(await readOption('VAT_VALUES')).toBe('23;8;zw;np;oo');
    expect(await readOption('VAT_DEFAULT_ITEM')).toBe('zw');
    expect(await readOption('VAT_DEFAULT_ORDER_DELIVERY')).toBe('oo');

    const bad = await putOptions([{ key: 'VAT_VALUES', value: '23;zwolnione' }]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Niepoprawna stawka VAT!');
    const twice = await putOptions([{ key: 'VAT_VALUES', value: 'zw;ZW' }]);
    expect(twice.body.message).toBe('Taka stawka już istnieje!');
  });
});

describe('items', () => {
  it("save 'zw' and read it back as 'zw' (item, list row), and a mass edit sets 'np'", async () => {
    const created = await org.admin.post('/api/items', itemBody(c, { code: 'zw-1', vat: 'ZW' }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const item = itemSchema.parse(created.body);
    expect(item.vat).toBe('zw');
    const [read] = itemLookupAnswerSchema.parse((await org.admin.get(`/api/items?id=${item.id}`)).body).items;
    expect(read?.vat).toBe('zw');
    const page = itemsAnswerSchema.parse((await org.admin.get('/api/items?page=1&perPage=25&code=ZW-1')).body);
    expect(page.items.map((r) => [r.code, r.vat])).toEqual([['ZW-1', 'zw']]);

    const bad = await org.admin.post<{ message: string }>('/api/items', itemBody(c, { code: 'zw-2', vat: 'zwol' }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'Stawka VAT musi być liczbą od 0 do 100 z najwyżej dwoma miejscami po przecinku albo jedną ze stawek zw, np, oo.',
    );

    const mass = await org.admin.post('/api/items/mass_edit', { ids: [item.id], data: { vat: 'np' } });
    expect(mass.status, JSON.stringify(mass.body)).toBe(200);
    const [after] = itemLookupAnswerSchema.parse((await org.admin.get(`/api/items?id=${item.id}`)).body).items;
    expect(after?.vat).toBe('np');
  });

  it('generated items take the default rate zw', async () => {
    const res = await org.admin.post('/api/items/generate_many', {
      beforeSymbol: 'gzw-',
      start: 1,
      stop: 1,
      itemStatusId: c.statusId,
    });
    expect(res.body).toEqual({ generated: 1 });
    const [item] = itemLookupAnswerSchema.parse((await org.admin.get('/api/items?fullcode=GZW-1')).body).items;
    expect(item?.vat).toBe('zw');
  });
});

describe('orders and invoices', () => {
  it('an order with zw and 23% lines sums right; its invoice has a zw row with net = gross and the exemption note', async () => {
    const order = await newOrder({
      invoice: COMPANY,
      deliveryCost: 10,
      deliveryVat: 'zw',
      items: [
        { code: 'ZW-A', name: 'Lekcja gry na gitarze', quantity: 2, price: 30, vat: 'zw' },
        { code: 'K-23', name: 'Kostka do gitary', quantity: 1, price: 12.3, vat: 23 },
      ],
    });
    expect(order.items.map((l) => l.vat)).toEqual(['zw', 23]);
    expect(order.deliveryVat).toBe('zw');
    // 2 × 30 + 12.30 + 10 delivery.
    expect(order.orderSummary.sumGross).toBe(82.3);
    expect((await getOrder(order.id)).items.map((l) => l.vat)).toEqual(['zw', 23]);
    const list = ordersAnswerSchema.parse((await org.admin.get(`/api/orders?page=1&perPage=25`)).body);
    expect(list.orders.find((r) => r.id === order.id)?.deliveryVat).toBe('zw');

    const { text, snapshot } = await invoice(order.id);
    expect(snapshot.rates).toEqual([
      { vat: 2300, vatCode: '23', fa3Field: '1', net: 1000, vatAmount: 230, gross: 1230 },
      { vat: 'zw', vatCode: 'zw', fa3Field: '7', net: 7000, vatAmount: 0, gross: 7000 },
    ]);
    expect(snapshot.totals).toEqual({ net: 8000, vatAmount: 230, gross: 8230 });
    expect(snapshot.lines.map((l) => [l.vat, l.net, l.vatAmount, l.gross])).toEqual([
      ['zw', 6000, 0, 6000],
      [2300, 1000, 230, 1230],
      ['zw', 1000, 0, 1000],
    ]);
    expect(snapshot.exemptionBasis).toBe('Zwolnienie z VAT na podstawie art. 113 ust. 1 ustawy o VAT');
    expect(snapshot.vatNotes).toEqual(['Zwolnienie z VAT na podstawie art. 113 ust. 1 ustawy o VAT']);
    // The zw row of the totals: net = gross, no VAT; the line prints 'zw' as its rate.
    expect(text).toContain('zw 70,00 0,00 70,00');
    expect(text).toContain('zw 60,00 0,00 60,00');
    expect(text).toContain('Razem 80,00 2,30 82,30');
    expect(text).toContain('Zwolnienie z VAT na podstawie art. 113 ust. 1 ustawy o VAT');
    expect(text).not.toContain('odwrotne obciążenie');
  });

  it('np and oo print their notes, the exemption basis is a setting, and an invoice without zw has none', async () => {
    expect(
      (
        await putOptions([
          { key: 'INVOICE_VAT_EXEMPTION_NOTE', value: 'Zwolnienie: art. 43 ust. 1 pkt 29 ustawy o VAT' },
        ])
      ).status,
    ).toBe(204);
    const order = await newOrder({
      invoice: COMPANY,
      deliveryCost: 0,
      deliveryVat: 23,
      items: [
        { code: 'NP', name: 'Usługa za granicą', quantity: 1, price: 100, vat: 'np' },
        { code: 'OO', name: 'Złom', quantity: 1, price: 50, vat: 'OO' },
        { code: 'ZW', name: 'Szkolenie', quantity: 1, price: 20, vat: 'zw' },
      ],
    });
    const { text, snapshot } = await invoice(order.id);
    expect(snapshot.rates.map((r) => [r.vat, r.vatCode, r.fa3Field, r.net, r.vatAmount])).toEqual([
      ['zw', 'zw', '7', 2000, 0],
      ['np', 'np I', '8', 10_000, 0],
      ['oo', 'oo', '10', 5000, 0],
    ]);
    expect(snapshot.exemptionBasis).toBe('Zwolnienie: art. 43 ust. 1 pkt 29 ustawy o VAT');
    expect(text).toContain('Zwolnienie: art. 43 ust. 1 pkt 29 ustawy o VAT');
    expect(text).toContain('nie podlega opodatkowaniu');
    expect(text).toContain('odwrotne obciążenie');
    expect(text).toContain('np 100,00 0,00 100,00');

    const plain = await newOrder({
      invoice: COMPANY,
      items: [{ code: 'A', name: 'A', quantity: 1, price: 1, vat: 8 }],
    });
    const none = await invoice(plain.id);
    expect(none.snapshot.exemptionBasis).toBe('');
    expect(none.snapshot.vatNotes).toEqual([]);
    expect(none.text).not.toContain('Zwolnienie');
  });

  it("an order mass edit sets the delivery VAT 'np'; the buyer page answers the codes", async () => {
    const order = await newOrder({
      deliveryVat: 23,
      items: [{ code: 'B', name: 'B', quantity: 1, price: 5, vat: 'oo' }],
    });
    const res = await org.admin.post('/api/orders/mass_edit', { ids: [order.id], data: { deliveryVat: 'NP' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await getOrder(order.id)).deliveryVat).toBe('np');
    const bad = await org.admin.post('/api/orders/mass_edit', { ids: [order.id], data: { deliveryVat: 'nie' } });
    expect(bad.status).toBe(400);

    const buyer = await new ApiClient(server.url).get(`/api/order_buyer_info?p=${org.prefix}&uuid=${order.uuid}`);
    expect(buyer.status, JSON.stringify(buyer.body)).toBe(200);
    const b = buyerInfoAnswerSchema.parse(buyer.body);
    expect(b.order.deliveryVat).toBe('np');
    expect(b.order.items.map((l) => l.vat)).toEqual(['oo']);
  });
});
