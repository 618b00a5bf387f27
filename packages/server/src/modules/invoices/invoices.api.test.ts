import {
  formatInvoiceNumber,
  invoiceSnapshotSchema,
  orderPrintLogAnswerSchema,
  printInvoiceAnswerSchema,
  printInvoiceManyAnswerSchema,
  type Order,
} from '@zaplecze/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../db/local-day';
import { TenantDb } from '../../db/tenant';
import { startTestServer, type ApiClient, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';
import { createOrderRefs, expectRollupsInStep, INVOICE_COMPANY, orderBody } from '../../../test/orders';
import { pdfPageCount, pdfText } from '../../../test/pdf-tools';
import { qpdfCheck } from '../../../test/pdf-check';

let server: TestServer;
let org: TestOrg;
let orgId: number;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  await createOrderRefs(org.admin);
  orgId = (await org.admin.get<{ organization: { id: number } }>('/api/profile')).body.organization.id;
});
afterAll(() => server.close());

/** This month's number n as the server formats it (Europe/Warsaw). */
function numberNow(n: number, at = server.deps.now()): string {
  const day = localDay(at);
  return formatInvoiceNumber(n, Math.floor(day / 100) % 100, Math.floor(day / 10000));
}

const COMPANY = INVOICE_COMPANY;

async function newOrder(client: ApiClient, overrides: Record<string, unknown> = {}): Promise<Order> {
  const res = await client.post<Order>(
    '/api/orders',
    orderBody({
      invoice: COMPANY,
      items: [
        { code: 'KUB-1', name: 'Kubek ceramiczny źdźbło', quantity: 3, price: 24.6, vat: 23 },
        { code: 'KS-2', name: 'Książka „Pan Tadeusz”', quantity: 1, price: 39.9, vat: 5 },
        { code: '', name: 'Ręcznik', quantity: 2, price: 10.8, vat: 8 },
      ],
      ...overrides,
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function printInvoice(client: ApiClient, body: Record<string, unknown>) {
  const res = await client.post('/api/orders/print_invoice', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return printInvoiceAnswerSchema.parse(res.body);
}

async function getOrder(id: number): Promise<Order> {
  const res = await org.admin.get<{ orders: Order[] }>(`/api/orders?id=${id}`);
  return res.body.orders[0]!;
}

async function printLog(id: number) {
  const res = await org.admin.get(`/api/orders/print_log?orderId=${id}`);
  return orderPrintLogAnswerSchema.parse(res.body).entries;
}

async function snapshotOf(orderId: number) {
  const row = await new TenantDb(server.deps.db, orgId)
    .selectFrom('invoices')
    .select('snapshot')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return invoiceSnapshotSchema.parse(JSON.parse(row.snapshot));
}

describe('POST /orders/print_invoice', () => {
  it('issues the number once, prints a valid Polish PDF, and a reprint keeps the snapshot', async () => {
    const order = await newOrder(org.admin);
    const first = await printInvoice(org.admin, { orderId: order.id });
    expect(first.invoiceNumber).toMatch(/^FV \d+\/\d{2}\/\d{4}$/);
    expect(first.mailQueued).toBe(false);
    const pdf = Buffer.from(first.pdf!, 'base64');
    await qpdfCheck(pdf);
    const text = await pdfText(pdf);
    expect(text).toContain('Faktura VAT');
    expect(text).toContain(first.invoiceNumber);
    expect(text).toContain('Żółta Gęś sp. z o.o.');
    expect(text).toContain('NIP: 5260250274');
    expect(text).toContain('Kubek ceramiczny źdźbło');
    // Lines 73,80 (23%), 39,90 (5%), 21,60 (8%), delivery 15,99 (23%): gross 151,29.
    expect(text).toContain('Do zapłaty: 151,29 PLN');
    expect(text).toContain('sto pięćdziesiąt jeden złotych 29/100');
    expect((await getOrder(order.id)).invoice?.invoiceNumber).toBe(first.invoiceNumber);

    // The snapshot: per rate from the gross sums, half up.
    const snap = await snapshotOf(order.id);
    expect(snap.rates).toEqual([
      { vat: 2300, vatCode: '23', fa3Field: '1', gross: 8979, net: 7300, vatAmount: 1679 },
      { vat: 800, vatCode: '8', fa3Field: '2', gross: 2160, net: 2000, vatAmount: 160 },
      { vat: 500, vatCode: '5', fa3Field: '3', gross: 3990, net: 3800, vatAmount: 190 },
    ]);
    expect(snap.totals).toEqual({ gross: 15129, net: 13100, vatAmount: 2029 });

    // Editing the order changes nothing on a reprint; no second number, every print logged.
    const edited = await org.admin.put('/api/orders', {
      ...(await import('@zaplecze/contract')).orderToUpdate(await getOrder(order.id), true),
      invoice: { ...COMPANY, companyName: 'Inna Firma', invoiceNumber: 'FV 999/01/2020' },
      items: [{ code: 'X', name: 'Inna pozycja', quantity: 1, price: 1, vat: 23 }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((edited.body as Order).invoice?.invoiceNumber).toBe(first.invoiceNumber);
    const again = await printInvoice(org.admin, { orderId: order.id });
    expect(again.invoiceNumber).toBe(first.invoiceNumber);
    const text2 = await pdfText(Buffer.from(again.pdf!, 'base64'));
    expect(text2).toContain('Żółta Gęś sp. z o.o.');
    expect(text2).not.toContain('Inna Firma');
    const quiet = await printInvoice(org.admin, { orderId: order.id, noPrint: true });
    expect(quiet).toEqual({ pdf: null, invoiceNumber: first.invoiceNumber, mailQueued: false });
    const log = await printLog(order.id);
    expect(log.map((e) => [e.kind, e.detail, e.user])).toEqual([
      ['INVOICE', first.invoiceNumber, org.adminLogin],
      ['INVOICE', first.invoiceNumber, org.adminLogin],
      ['INVOICE_ISSUE', first.invoiceNumber, org.adminLogin],
    ]);
    await expectRollupsInStep(server, orgId);
  });

  it('answers 400 without invoice data, 404 for a missing order, 400 for bad input, 403 without permission', async () => {
    const plain = await newOrder(org.admin, { invoice: null });
    const res = await org.admin.post<{ message: string }>('/api/orders/print_invoice', { orderId: plain.id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Brak danych do wydruku faktury');
    const missing = await org.admin.post<{ message: string }>('/api/orders/print_invoice', { orderId: 99999999 });
    expect(missing.status).toBe(404);
    expect((await org.admin.post('/api/orders/print_invoice', { orderId: 'x' })).status).toBe(400);
    expect((await org.admin.post('/api/orders/print_invoice', { orderId: plain.id, email: 'tak' })).status).toBe(400);
    const noMail = await org.admin.post<{ message: string }>('/api/orders/print_invoice', {
      orderId: (await newOrder(org.admin)).id,
      email: true,
    });
    expect(noMail.status).toBe(400);
    expect(noMail.body.message).toBe(
      'Wysyłka e-mail nie jest skonfigurowana na serwerze. Skontaktuj się z administratorem.',
    );
    const reader = await createUser(server, org, { login: 'faktury-czyta', permissions: 'main.order.show' });
    expect((await reader.client.post('/api/orders/print_invoice', { orderId: plain.id })).status).toBe(403);
    expect((await reader.client.post('/api/orders/print_invoice_many', { ids: [plain.id] })).status).toBe(403);
  });

  it('ignores an invoice number typed by the client on POST and PUT', async () => {
    const order = await newOrder(org.admin, { invoice: { ...COMPANY, invoiceNumber: 'FV 5/05/2025' } });
    expect(order.invoice?.invoiceNumber).toBeNull();
  });

  it('gives 100 concurrent issues the numbers 1..100 of a fresh organisation once each', async () => {
    const fresh = await createOrg(server);
    await createOrderRefs(fresh.admin);
    const orders: Order[] = [];
    for (let i = 0; i < 10; i++)
      orders.push(...(await Promise.all(Array.from({ length: 10 }, () => newOrder(fresh.admin, { items: [] })))));
    const answers = await Promise.all(orders.map((o) => printInvoice(fresh.admin, { orderId: o.id, noPrint: true })));
    const parsed = answers.map((a) => /^FV (\d+)\/(\d{2}\/\d{4})$/.exec(a.invoiceNumber));
    // One month (the issue date's in Europe/Warsaw), n = 1..100 once each.
    expect(new Set(parsed.map((m) => m?.[2])).size).toBe(1);
    expect(parsed.map((m) => Number(m?.[1])).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    // Repeats, also concurrent, take no new number.
    const repeats = await Promise.all(orders.map((o) => printInvoice(fresh.admin, { orderId: o.id, noPrint: true })));
    expect(repeats.map((a) => a.invoiceNumber)).toEqual(answers.map((a) => a.invoiceNumber));
    const freshId = (await fresh.admin.get<{ organization: { id: number } }>('/api/profile')).body.organization.id;
    await expectRollupsInStep(server, freshId);
  }, 180_000);

  it('starts every month at 1 (the issue date in Europe/Warsaw)', async () => {
    const fresh = await createOrg(server);
    await createOrderRefs(fresh.admin);
    const one = await newOrder(fresh.admin);
    const two = await newOrder(fresh.admin);
    expect((await printInvoice(fresh.admin, { orderId: one.id, noPrint: true })).invoiceNumber).toBe(numberNow(1));
    server.clock.offsetMs = 32 * 24 * 3600 * 1000;
    try {
      await fresh.admin.login(fresh.adminLogin, fresh.adminPass);
      const next = await printInvoice(fresh.admin, { orderId: two.id, noPrint: true });
      expect(next.invoiceNumber).toBe(numberNow(1));
      expect(next.invoiceNumber).not.toBe(numberNow(1, new Date()));
    } finally {
      server.clock.offsetMs = 0;
    }
  });
});

describe('POST /orders/print_invoice_many', () => {
  it('issues where needed, prints one PDF in the order asked, skips orders without invoice data', async () => {
    const a = await newOrder(org.admin);
    const b = await newOrder(org.admin, { invoice: null });
    const c = await newOrder(org.admin);
    const cFirst = await printInvoice(org.admin, { orderId: c.id, noPrint: true });
    const res = await org.admin.post('/api/orders/print_invoice_many', { ids: [c.id, b.id, 99999999, a.id, c.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = printInvoiceManyAnswerSchema.parse(res.body);
    expect(answer).toMatchObject({ ok: [c.id, a.id], err: [], notFound: [99999999], skipped: [b.id] });
    const pdf = Buffer.from(answer.pdf!, 'base64');
    await qpdfCheck(pdf);
    expect(await pdfPageCount(pdf)).toBe(2);
    const text = await pdfText(pdf);
    const aNumber = (await getOrder(a.id)).invoice!.invoiceNumber!;
    expect(text.indexOf(cFirst.invoiceNumber)).toBeLessThan(text.indexOf(aNumber));
    expect((await printLog(c.id)).map((e) => e.kind)).toEqual(['INVOICE', 'INVOICE_ISSUE']);
    expect((await printLog(a.id)).map((e) => e.kind)).toEqual(['INVOICE', 'INVOICE_ISSUE']);
    const quiet = await org.admin.post('/api/orders/print_invoice_many', { ids: [a.id], noPrint: true });
    expect(quiet.body).toEqual({ pdf: null, ok: [a.id], err: [], notFound: [], skipped: [] });
    expect((await org.admin.post('/api/orders/print_invoice_many', { ids: [] })).status).toBe(400);
  });

  it('keeps an issued invoice when its order is deleted', async () => {
    const order = await newOrder(org.admin);
    const { invoiceNumber } = await printInvoice(org.admin, { orderId: order.id, noPrint: true });
    expect((await org.admin.delete(`/api/orders?id=${order.id}`)).status).toBeLessThan(300);
    const row = await new TenantDb(server.deps.db, orgId)
      .selectFrom('invoices')
      .select(['order_id', 'snapshot'])
      .where('number', '=', invoiceNumber)
      .executeTakeFirstOrThrow();
    expect(row.order_id).toBeNull();
    expect(invoiceSnapshotSchema.parse(JSON.parse(row.snapshot)).order.id).toBe(order.id);
  });
});
