import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  DOCUMENT_MSG,
  carriersAnswerSchema,
  orderPrintLogAnswerSchema,
  orderPrintResultSchema,
  orderSchema,
  orderToUpdate,
  printBolAnswerSchema,
  printLabelAnswerSchema,
  type Carrier,
  type PrintBolAnswer,
} from '@zaplecze/contract';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startTestServer, type ApiClient, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';
import { createOrderRefs, expectRollupsInStep, orderBody, PARCEL_ORDER, type OrderRefs } from '../../../test/orders';
import { decodeCode128, pdfPageCount, pdfText } from '../../../test/pdf-tools';
import { carrierRegistry, type CarrierProvider } from '../carriers';

/**
 * Dispatch (print_bol) and temporary labels (print_label) through HTTP on a real database: the
 * own carrier's waybill numbers, idempotent dispatch (also 20 at once), the status after sending,
 * the print log, mass prints, and every PDF checked with qpdf, pdftotext and zbarimg. A carrier
 * plugin with its own A4 PDF label is registered the way a plugin does.
 */
const run = promisify(execFile);

/** `qpdf --check` passes (exit 0; 3 would be warnings). */
async function qpdfCheck(pdf: Buffer): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zaplecze-qpdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await fs.writeFile(file, pdf);
    await run('qpdf', ['--check', file]);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Page sizes in points, rounded. */
async function pageSizes(pdf: Buffer): Promise<[number, number][]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())]);
}
const A6: [number, number] = [298, 421];
const A4: [number, number] = [595, 842];

/** A carrier plugin whose labels are its own A4 PDFs (one page, a line of text). */
let pluginOrgId: number | undefined;
let pluginFails = false;
const pluginCarrier: CarrierProvider = {
  id: 'test-a4',
  name: 'Kurier Duży',
  methods: [{ key: 'courier', name: 'Kurier A4', subName: '', sendType: 'ONLY_ADDRESS' }],
  isAvailable: async (tdb) => tdb.orgId === pluginOrgId,
  checkPickupPoint: async () => 'unknown',
  async createShipment(request) {
    if (pluginFails) throw new Error('service down');
    return { waybillNumber: `KD-${request.orderId}`, data: { order: request.orderId } };
  },
  async label(shipment) {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`KD LABEL ${shipment.waybillNumber}`, { x: 50, y: 700, size: 30 });
    return { kind: 'pdf', pdf: await doc.save() };
  },
};

/**
 * A carrier the test holds in its call (`gate`), that records every reference it was given, can
 * fail once after "creating" (the answer lost on the way), and records cancellations.
 */
const slow = {
  gate: null as Promise<void> | null,
  entered: null as (() => void) | null,
  references: [] as string[],
  failNext: false,
  cancelled: [] as { reference: string; waybillNumber: string }[],
};
const slowCarrier: CarrierProvider = {
  id: 'test-slow',
  name: 'Kurier Powolny',
  methods: [{ key: 'courier', name: 'Kurier Powolny', subName: '', sendType: 'ONLY_ADDRESS' }],
  isAvailable: async (tdb) => tdb.orgId === pluginOrgId,
  checkPickupPoint: async () => 'unknown',
  async createShipment(request) {
    slow.references.push(request.reference);
    slow.entered?.();
    if (slow.gate) await slow.gate;
    if (slow.failNext) {
      slow.failNext = false;
      throw new Error('connection reset after the shipment was made');
    }
    // A carrier that keeps references: the same reference gives the same waybill number.
    return { waybillNumber: `PW-${request.reference.slice(-12)}`, data: { reference: request.reference } };
  },
  async cancelShipment(shipment) {
    slow.cancelled.push({ reference: shipment.reference, waybillNumber: shipment.waybillNumber });
  },
  label: async (shipment) => ({
    kind: 'waybill',
    label: {
      carrierName: 'Kurier Powolny',
      methodName: 'Kurier Powolny',
      waybillNumber: shipment.waybillNumber,
      date: shipment.createdAt.toISOString().slice(0, 10),
      orderId: shipment.orderId,
      sender: ['Sklep'],
      receiver: ['Klient'],
      receiverContact: '',
      pickupPoint: '',
      sizes: '',
      weight: '',
      cashOnDelivery: '',
    },
  }),
};

/** Holds the slow carrier's next calls until the answer's release() is called. */
function holdSlowCarrier(): { entered: Promise<void>; release: () => void } {
  let release!: () => void;
  slow.gate = new Promise<void>((resolve) => (release = resolve));
  const entered = new Promise<void>((resolve) => (slow.entered = resolve));
  return {
    entered,
    release: () => {
      slow.gate = null;
      slow.entered = null;
      release();
    },
  };
}

let server: TestServer;
let org: TestOrg;
let refs: OrderRefs;
let own: Carrier;
let unregister: () => void;
let unregisterSlow: () => void;

const methodId = (carrier: Carrier, name: string) => carrier.methods.find((m) => m.name === name)!.id;

async function newOrder(client: ApiClient, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await client.post<{ id: number }>(
    '/api/orders',
    orderBody({
      ...PARCEL_ORDER,
      carrierMethodId: methodId(own, 'Kurier'),
      clientData: { ...PARCEL_ORDER.clientData, companyName: 'Gęśla Jaźń sp. z o.o.' },
      items: [
        { code: 'KUBEK-1', name: 'Kubek żółty 300 ml', quantity: 2, price: 19.99, vat: 23, itemId: null },
        { code: '', name: 'Łyżeczka srebrna', quantity: 1, price: 5, vat: 23, itemId: null },
      ],
      ...overrides,
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

async function getOrder(id: number) {
  const res = await org.admin.get<{ orders: unknown[] }>(`/api/orders?id=${id}`);
  return orderSchema.parse(res.body.orders[0]);
}

async function printLog(id: number) {
  return orderPrintLogAnswerSchema.parse((await org.admin.get(`/api/orders/print_log?orderId=${id}`)).body).entries;
}

const pdfOf = (base64: string | null) => Buffer.from(base64 ?? '', 'base64');

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server, { companyName: 'Sklep Żółta Łódź', address: 'ul. Świętokrzyska 5' });
  refs = await createOrderRefs(org.admin);
  pluginOrgId = (await org.admin.get<{ organization: { id: number } }>('/api/profile')).body.organization.id;
  unregister = carrierRegistry.register(pluginCarrier);
  unregisterSlow = carrierRegistry.register(slowCarrier);
  own = carriersAnswerSchema.parse((await org.admin.get('/api/carriers')).body).carriers.find((c) => c.id === 'own')!;
  const put = await org.admin.put('/api/options', {
    options: [{ key: 'ORDER_STATUS_AFTER_SEND', value: String(refs.status2Id) }],
  });
  expect(put.status).toBe(204);
});
afterAll(async () => {
  unregister();
  unregisterSlow();
  await server.close();
});

// Rasterising and decoding PDFs is CPU-bound and the suite shares two busy cores: generous time.
describe('POST /orders/print_bol (own carrier)', { timeout: 120_000 }, () => {
  it('dispatches once: a waybill number, the status after sending, an A6 label that reads back', async () => {
    const id = await newOrder(org.admin);
    const first = await org.admin.post<PrintBolAnswer>('/api/orders/print_bol', { orderId: id });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const answer = printBolAnswerSchema.parse(first.body);
    expect(answer.sent).toBe('NEW');
    expect(answer.additionalInfo).toBe('');
    expect(answer.billOfLading).toMatch(/^ZP\d{10}$/);

    const order = await getOrder(id);
    expect(order.billOfLading).toBe(answer.billOfLading);
    expect(order.orderStatus.id).toBe(refs.status2Id);
    await expectRollupsInStep(server, pluginOrgId!);

    const pdf = pdfOf(answer.pdf);
    await qpdfCheck(pdf);
    expect(await pageSizes(pdf)).toEqual([A6]);
    expect(await decodeCode128(pdf)).toEqual([answer.billOfLading]);
    const text = await pdfText(pdf);
    for (const part of [
      'Przewoźnik własny',
      'Kurier',
      answer.billOfLading,
      'NADAWCA',
      'Sklep Żółta Łódź',
      'ul. Świętokrzyska 5',
      'NIP 5260250995',
      'ODBIORCA',
      'Łukasz Żółć',
      'Gęśla Jaźń sp. z o.o.',
      'Źródlana 7/12',
      '80-180 Gdańsk',
      'tel. 600 100 200',
      'Wymiary: 300 × 200 × 150 mm',
      'Waga: 2,5 kg',
      'POBRANIE: 60,97 PLN',
      `Zamówienie nr ${id}`,
    ])
      expect(text, part).toContain(part);

    // Again: the same number, sent earlier, the status and number unchanged, the label the same.
    const again = printBolAnswerSchema.parse(
      (await org.admin.post('/api/orders/print_bol', { orderId: id, format: 'A4' })).body,
    );
    expect(again).toMatchObject({ billOfLading: answer.billOfLading, sent: 'EARLIER' });
    expect(again.additionalInfo).toContain(answer.billOfLading);
    const a4 = pdfOf(again.pdf);
    await qpdfCheck(a4);
    expect(await pageSizes(a4)).toEqual([A4]);
    expect(await decodeCode128(a4)).toEqual([answer.billOfLading]);

    const log = await printLog(id);
    expect(log.map((e) => [e.kind, e.format, e.detail, e.user])).toEqual([
      ['BOL', 'A4', '', org.adminLogin],
      ['BOL', 'A6', '', org.adminLogin],
      ['DISPATCH', null, answer.billOfLading, org.adminLogin],
    ]);
  });

  it('numbers are consecutive per organisation; noPrint dispatches without a PDF or a BOL row', async () => {
    const a = await newOrder(org.admin);
    const b = await newOrder(org.admin);
    const ra = printBolAnswerSchema.parse((await org.admin.post('/api/orders/print_bol', { orderId: a })).body);
    const rb = printBolAnswerSchema.parse(
      (await org.admin.post('/api/orders/print_bol', { orderId: b, noPrint: true })).body,
    );
    expect(rb.pdf).toBeNull();
    expect(Number(rb.billOfLading.slice(2))).toBe(Number(ra.billOfLading.slice(2)) + 1);
    expect((await printLog(b)).map((e) => e.kind)).toEqual(['DISPATCH']);

    // Another organisation starts its own sequence.
    const other = await createOrg(server);
    await createOrderRefs(other.admin);
    const theirs = await newOrder(other.admin);
    const rt = printBolAnswerSchema.parse(
      (await other.admin.post('/api/orders/print_bol', { orderId: theirs, noPrint: true })).body,
    );
    expect(rt.billOfLading).toBe('ZP0000000001');
  });

  it('a pickup point order: the point and the client on the label', async () => {
    const id = await newOrder(org.admin, {
      shippingMethod: 'PICKUP_POINT',
      carrierMethodId: methodId(own, 'Punkt odbioru'),
      cashOnDelivery: false,
      clientData: { nameSurname: 'Zofia Ćwik', pickupPoint: 'WAW01M', tel: '500 600 700' },
    });
    const res = printBolAnswerSchema.parse((await org.admin.post('/api/orders/print_bol', { orderId: id })).body);
    const text = await pdfText(pdfOf(res.pdf));
    expect(text).toContain('Zofia Ćwik');
    expect(text).toContain('Punkt odbioru: WAW01M');
    expect(text).toContain('tel. 500 600 700');
    expect(text).not.toContain('POBRANIE');
  });

  it('20 dispatches of one order at once: one shipment, one number, one NEW', async () => {
    const id = await newOrder(org.admin);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => org.admin.post<PrintBolAnswer>('/api/orders/print_bol', { orderId: id })),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const numbers = new Set(answers.map((a) => a.body.billOfLading));
    expect(numbers.size).toBe(1);
    expect(answers.filter((a) => a.body.sent === 'NEW')).toHaveLength(1);
    expect(answers.filter((a) => a.body.sent === 'EARLIER')).toHaveLength(19);
    expect((await getOrder(id)).billOfLading).toBe([...numbers][0]);
    const log = await printLog(id);
    expect(log.filter((e) => e.kind === 'DISPATCH')).toHaveLength(1);
    expect(log.filter((e) => e.kind === 'BOL')).toHaveLength(20);
  });

  it('a waybill typed by hand counts as sent earlier and prints with that number', async () => {
    const id = await newOrder(org.admin, { billOfLading: 'RĘCZNY-123' });
    const ascii = await newOrder(org.admin, { billOfLading: 'ABC123456' });
    const res = printBolAnswerSchema.parse((await org.admin.post('/api/orders/print_bol', { orderId: id })).body);
    expect(res).toMatchObject({ billOfLading: 'RĘCZNY-123', sent: 'EARLIER' });
    expect(res.additionalInfo).toContain('ręcznie');
    expect(await pdfText(pdfOf(res.pdf))).toContain('RĘCZNY-123');
    const r2 = printBolAnswerSchema.parse((await org.admin.post('/api/orders/print_bol', { orderId: ascii })).body);
    expect(await decodeCode128(pdfOf(r2.pdf))).toEqual(['ABC123456']);
    expect((await getOrder(id)).orderStatus.id).toBe(refs.statusId);
    expect((await printLog(id)).map((e) => e.kind)).toEqual(['BOL']);
  });

  it('refuses personal pickup and orders without a carrier (400), unknown orders (404), bad input (400)', async () => {
    const pickup = await newOrder(org.admin, { shippingMethod: 'PERSONAL_PICKUP', carrierMethodId: null });
    const none = await newOrder(org.admin, { carrierMethodId: null });
    for (const orderId of [pickup, none]) {
      const res = await org.admin.post<{ message: string }>('/api/orders/print_bol', { orderId });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(DOCUMENT_MSG.noCarrier);
      expect((await getOrder(orderId)).billOfLading).toBeNull();
      expect(await printLog(orderId)).toEqual([]);
    }
    const missing = await org.admin.post<{ message: string }>('/api/orders/print_bol', { orderId: 99999999 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Nie znaleziono zamówienia.');
    const badFormat = await org.admin.post<{ message: string }>('/api/orders/print_bol', {
      orderId: none,
      format: 'A5',
    });
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.message).toBe(DOCUMENT_MSG.formatInvalid);
    const badOversize = await org.admin.post('/api/orders/print_bol', { orderId: none, oversize: 'X' });
    expect(badOversize.status).toBe(400);
    expect((await org.admin.post('/api/orders/print_bol', { orderId: 'x' })).status).toBe(400);
  });

  it('needs main.order.edit (a reader gets 403 and changes nothing)', async () => {
    const id = await newOrder(org.admin);
    const reader = await createUser(server, org, { login: 'czytelnik', permissions: 'main.order.show' });
    for (const [url, body] of [
      ['/api/orders/print_bol', { orderId: id }],
      ['/api/orders/print_bol_many', { ids: [id] }],
      ['/api/orders/print_label', { orderId: id }],
      ['/api/orders/print_label_many', { ids: [id] }],
    ] as const)
      expect((await reader.client.post(url, body)).status, url).toBe(403);
    expect((await getOrder(id)).billOfLading).toBeNull();
    expect(await printLog(id)).toEqual([]);
  });
});

describe('POST /orders/print_bol_many', { timeout: 120_000 }, () => {
  it('dispatches each order, reports err and notFound, one PDF in the order asked (A6 and A4)', async () => {
    const a = await newOrder(org.admin);
    const b = await newOrder(org.admin, { shippingMethod: 'PERSONAL_PICKUP', carrierMethodId: null });
    const c = await newOrder(org.admin);
    const res = await org.admin.post('/api/orders/print_bol_many', { ids: [c, b, 99999999, a, c] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = orderPrintResultSchema.parse(res.body);
    expect(result).toMatchObject({
      ok: [c, a],
      err: [{ id: b, reason: DOCUMENT_MSG.noCarrier }],
      notFound: [99999999],
    });
    const pdf = pdfOf(result.pdf);
    await qpdfCheck(pdf);
    expect(await pageSizes(pdf)).toEqual([A6, A6]);
    const [bc, ba] = [(await getOrder(c)).billOfLading!, (await getOrder(a)).billOfLading!];
    expect(await decodeCode128(pdf)).toEqual([bc, ba]);

    const ids = await Promise.all(Array.from({ length: 5 }, () => newOrder(org.admin)));
    const a4 = orderPrintResultSchema.parse(
      (await org.admin.post('/api/orders/print_bol_many', { ids, format: 'A4' })).body,
    );
    expect(a4.ok).toEqual(ids);
    const sheet = pdfOf(a4.pdf);
    await qpdfCheck(sheet);
    expect(await pageSizes(sheet)).toEqual([A4, A4]);
    const numbers = await Promise.all(ids.map(async (id) => (await getOrder(id)).billOfLading!));
    expect([...(await decodeCode128(sheet))].sort()).toEqual([...numbers].sort());
    expect((await printLog(ids[0]!)).map((e) => [e.kind, e.format])).toEqual([
      ['BOL', 'A4'],
      ['DISPATCH', null],
    ]);

    const quiet = orderPrintResultSchema.parse(
      (await org.admin.post('/api/orders/print_bol_many', { ids: [a], noPrint: true })).body,
    );
    expect(quiet).toEqual({ pdf: null, ok: [a], err: [], notFound: [] });
    expect((await org.admin.post('/api/orders/print_bol_many', { ids: [] })).status).toBe(400);
  });

  it("a carrier plugin's A4 label: RESIZE shrinks it to A6, PRINT_A4 prints it on its own A4 page", async () => {
    const plugin = carriersAnswerSchema
      .parse((await org.admin.get('/api/carriers')).body)
      .carriers.find((c) => c.id === 'test-a4')!;
    const p = await newOrder(org.admin, { carrierMethodId: plugin.methods[0]!.id });
    const o = await newOrder(org.admin);
    const resized = orderPrintResultSchema.parse(
      (await org.admin.post('/api/orders/print_bol_many', { ids: [o, p], format: 'A4', oversize: 'RESIZE' })).body,
    );
    expect(resized.ok).toEqual([o, p]);
    let pdf = pdfOf(resized.pdf);
    await qpdfCheck(pdf);
    expect(await pageSizes(pdf)).toEqual([A4]);
    expect(await pdfText(pdf)).toContain(`KD LABEL KD-${p}`);
    expect(await decodeCode128(pdf)).toEqual([(await getOrder(o)).billOfLading]);

    const a4 = printBolAnswerSchema.parse(
      (await org.admin.post('/api/orders/print_bol', { orderId: p, oversize: 'PRINT_A4' })).body,
    );
    expect(a4).toMatchObject({ billOfLading: `KD-${p}`, sent: 'EARLIER' });
    pdf = pdfOf(a4.pdf);
    await qpdfCheck(pdf);
    expect(await pageSizes(pdf)).toEqual([A4]);
    const a6 = printBolAnswerSchema.parse((await org.admin.post('/api/orders/print_bol', { orderId: p })).body);
    expect(await pageSizes(pdfOf(a6.pdf))).toEqual([A6]);

    // A carrier that fails: 502 with a Polish message, nothing stored; in a mass print, err.
    pluginFails = true;
    try {
      const q = await newOrder(org.admin, { carrierMethodId: plugin.methods[0]!.id });
      const failed = await org.admin.post<{ message: string }>('/api/orders/print_bol', { orderId: q });
      expect(failed.status).toBe(502);
      expect(failed.body.message).toBe('Przewoźnik nie nadał paczki. Spróbuj ponownie później.');
      expect((await getOrder(q)).billOfLading).toBeNull();
      const many = orderPrintResultSchema.parse(
        (await org.admin.post('/api/orders/print_bol_many', { ids: [q] })).body,
      );
      expect(many.err).toEqual([{ id: q, reason: 'Przewoźnik nie nadał paczki. Spróbuj ponownie później.' }]);
    } finally {
      pluginFails = false;
    }
  });
});

describe('dispatch outside the order lock (a carrier plugin that takes its time)', { timeout: 120_000 }, () => {
  const slowMethod = async () =>
    carriersAnswerSchema.parse((await org.admin.get('/api/carriers')).body).carriers.find((c) => c.id === 'test-slow')!
      .methods[0]!.id;

  it('other writes go on while the carrier works; parallel dispatches wait and answer the one shipment', async () => {
    const id = await newOrder(org.admin, { carrierMethodId: await slowMethod() });
    const other = await newOrder(org.admin);
    const held = holdSlowCarrier();
    onTestFinished(held.release);
    const first = org.admin.post<PrintBolAnswer>('/api/orders/print_bol', { orderId: id, noPrint: true });
    await held.entered;
    // The carrier is still "working": writes of the organisation, this order's included, are not held up.
    const write = await org.admin.put('/api/orders', { ...orderToUpdate(await getOrder(other)), ownNote: 'w trakcie' });
    expect(write.status, JSON.stringify(write.body)).toBe(200);
    const again = [1, 2, 3].map(() =>
      org.admin.post<PrintBolAnswer>('/api/orders/print_bol', { orderId: id, noPrint: true }),
    );
    await new Promise((r) => setTimeout(r, 150));
    expect(slow.references.filter((r) => r.includes(`-${id}-`))).toHaveLength(1);
    held.release();
    const answers = await Promise.all([first, ...again]);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(answers.map((a) => a.body.sent).sort()).toEqual(['EARLIER', 'EARLIER', 'EARLIER', 'NEW']);
    expect(new Set(answers.map((a) => a.body.billOfLading)).size).toBe(1);
    expect((await getOrder(id)).billOfLading).toBe(answers[0]!.body.billOfLading);
    expect((await printLog(id)).filter((e) => e.kind === 'DISPATCH')).toHaveLength(1);
  });

  it('an answer lost after the carrier made the shipment: the retry gives the same reference and records it once', async () => {
    const id = await newOrder(org.admin, { carrierMethodId: await slowMethod() });
    slow.failNext = true;
    const failed = await org.admin.post<{ message: string }>('/api/orders/print_bol', { orderId: id, noPrint: true });
    expect(failed.status).toBe(502);
    expect((await getOrder(id)).billOfLading).toBeNull();
    const retried = await org.admin.post<PrintBolAnswer>('/api/orders/print_bol', { orderId: id, noPrint: true });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.sent).toBe('NEW');
    const mine = slow.references.filter((r) => r.includes(`-${id}-`));
    expect(mine).toHaveLength(2);
    expect(mine[0]).toBe(mine[1]);
    expect(retried.body.billOfLading).toBe(`PW-${mine[0]!.slice(-12)}`);
  });

  it('an order changed while its carrier worked: 409, the shipment is cancelled, nothing recorded', async () => {
    const id = await newOrder(org.admin, { carrierMethodId: await slowMethod() });
    const held = holdSlowCarrier();
    onTestFinished(held.release);
    const dispatch = org.admin.post<{ message: string }>('/api/orders/print_bol', { orderId: id, noPrint: true });
    await held.entered;
    const change = await org.admin.put('/api/orders', {
      ...orderToUpdate(await getOrder(id)),
      carrierMethodId: methodId(own, 'Kurier'),
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    held.release();
    const answer = await dispatch;
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Zamówienie zmieniło się w trakcie nadawania. Spróbuj ponownie.');
    const reference = slow.references.filter((r) => r.includes(`-${id}-`))[0]!;
    expect(slow.cancelled).toContainEqual({ reference, waybillNumber: `PW-${reference.slice(-12)}` });
    expect((await getOrder(id)).billOfLading).toBeNull();
    expect((await printLog(id)).filter((e) => e.kind === 'DISPATCH')).toHaveLength(0);
    // The order now goes with the own carrier, and is dispatched normally.
    const sent = await org.admin.post<PrintBolAnswer>('/api/orders/print_bol', { orderId: id, noPrint: true });
    expect(sent.status).toBe(200);
    expect(sent.body.billOfLading).toMatch(/^ZP\d{10}$/);
  });
});

describe('POST /orders/print_label and print_label_many', { timeout: 120_000 }, () => {
  it('the temporary label: the order code reads back, receiver and lines in Polish, logged', async () => {
    const id = await newOrder(org.admin);
    const res = await org.admin.post('/api/orders/print_label', { orderId: id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pdf = pdfOf(printLabelAnswerSchema.parse(res.body).pdf);
    await qpdfCheck(pdf);
    expect(await pageSizes(pdf)).toEqual([A6]);
    expect(await decodeCode128(pdf)).toEqual([`ORDER:${id}`]);
    const text = await pdfText(pdf);
    for (const part of [
      'ETYKIETA TYMCZASOWA',
      `Zamówienie nr ${id}`,
      'Łukasz Żółć',
      'Źródlana 7/12',
      '80-180 Gdańsk',
      'Przewoźnik własny – Kurier',
      'Pozycje (2)',
      'KUBEK-1 – Kubek żółty 300 ml',
      'Łyżeczka srebrna',
    ])
      expect(text, part).toContain(part);
    expect((await getOrder(id)).billOfLading).toBeNull();
    expect((await printLog(id)).map((e) => [e.kind, e.format])).toEqual([['LABEL', 'A6']]);
    expect((await org.admin.post('/api/orders/print_label', { orderId: 99999999 })).status).toBe(404);
  });

  it('many: one A4 PDF, four per page, in the order asked; long orders end with "… i jeszcze"', async () => {
    const items = Array.from({ length: 40 }, (_, i) => ({
      code: `P-${i}`,
      name: `Pozycja żółta ${i}`,
      quantity: 1,
      price: 1,
      vat: 23,
      itemId: null,
    }));
    const ids = [
      await newOrder(org.admin, { items }),
      ...(await Promise.all(Array.from({ length: 4 }, () => newOrder(org.admin)))),
    ];
    const res = orderPrintResultSchema.parse(
      (await org.admin.post('/api/orders/print_label_many', { ids: [...ids, 99999999], format: 'A4' })).body,
    );
    expect(res.ok).toEqual(ids);
    expect(res.notFound).toEqual([99999999]);
    const pdf = pdfOf(res.pdf);
    await qpdfCheck(pdf);
    expect(await pageSizes(pdf)).toEqual([A4, A4]);
    expect(await pdfPageCount(pdf)).toBe(2);
    expect([...(await decodeCode128(pdf))].sort()).toEqual(ids.map((id) => `ORDER:${id}`).sort());
    const text = await pdfText(pdf);
    expect(text).toMatch(/… i jeszcze \d+ pozycj/);
    expect(text).toContain('Pozycje (40)');
  });
});
