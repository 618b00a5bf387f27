/**
 * The invoicing plugin against the fake KSeF 2.0 (plugins/invoicing/test/fake-ksef.ts) on both
 * engines, through real HTTP and the job worker: settings and 'Sprawdź połączenie' (the token
 * never answered), the happy path to a KSeF number and a UPO that validates against its schema,
 * KOD I on the invoice PDF (OFFLINE, then the KSeF number), a rejection with KSeF's message and
 * the resend, 429 with Retry-After, KSeF down then back (offline, then sent in offline mode), an
 * answer lost after sending (found in the session, never sent twice), KSeF's duplicate answer
 * read as the earlier success, an access token that expired (refreshed), receipts of stationary
 * orders, and tenant isolation.
 */
import type { AddressInfo } from 'node:net';
import { orderPrintLogAnswerSchema, type Order } from '@zaplecze/contract';
import { SMTPServer } from 'smtp-server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOutbox } from '../../../packages/server/src/modules/invoices';
import { pluginsModule } from '../../../packages/server/src/modules/plugins';
import { JobWorker } from '../../../packages/server/src/platform/jobs';
import { createOrg, createUser, type TestOrg } from '../../../packages/server/test/factories';
import { startTestServer, type ApiClient, type TestServer } from '../../../packages/server/test/harness';
import { createOrderRefs, INVOICE_COMPANY, orderBody } from '../../../packages/server/test/orders';
import { decodeQrCodes, pdfText } from '../../../packages/server/test/pdf-tools';
import { invoicesAnswerSchema, receiptAnswerSchema, type KsefInvoice } from '../schemas';
import { startFakeKsef, type FakeKsef } from '../test/fake-ksef';
import { validateUpo } from './schemas';

const SELLER_NIP = '5260250995';
const TOKEN = `20261129-EC-0A1B2C3D4E-5F6A7B8C9D-0E|nip-${SELLER_NIP}|${'5a1e'.repeat(16)}`;

let server: TestServer;
let fake: FakeKsef;
/** The raw messages an SMTP server on loopback took (the invoice e-mails). */
const mails: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, cb) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      mails.push(Buffer.concat(chunks).toString('utf8'));
      cb();
    });
  },
});
let a: TestOrg;
let b: TestOrg;

/** The plugins' jobs as the job worker process runs them, its clock `aheadMs` ahead. */
const worker = (aheadMs = 0) =>
  new JobWorker({
    db: server.deps.db,
    engine: server.deps.engine,
    kinds: [...pluginsModule.jobs!(server.deps)],
    log: () => undefined,
    now: () => new Date(Date.now() + aheadMs),
  });

/** Runs the queue, the sending and the status jobs until KSeF has decided (the fake settled). */
async function runJobs(aheadMs = 60_000) {
  for (let i = 0; i < 4; i++) {
    await worker(aheadMs).drain();
    await fake.settled();
  }
}

async function setUp(org: TestOrg, token = TOKEN) {
  expect((await org.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'invoicing' } })).status).toBe(
    204,
  );
  const put = await org.admin.put('/api/plugins/invoicing/settings', {
    values: { environment: 'TEST', apiUrl: fake.url, nip: '526-025-09-95' },
    secrets: { ksefToken: token },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

async function newOrder(client: ApiClient, overrides: Record<string, unknown> = {}): Promise<Order> {
  const res = await client.post<Order>(
    '/api/orders',
    orderBody({
      invoice: INVOICE_COMPANY,
      items: [
        { code: 'KUB-1', name: 'Kubek ceramiczny źdźbło', quantity: 3, price: 24.6, vat: 23 },
        { code: 'KS-2', name: 'Książka „Pan Tadeusz”', quantity: 1, price: 39.9, vat: 5 },
      ],
      ...overrides,
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function issue(client: ApiClient, orderId: number): Promise<{ number: string; pdf: Buffer }> {
  const res = await client.post<{ invoiceNumber: string; pdf: string }>('/api/orders/print_invoice', { orderId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { number: res.body.invoiceNumber, pdf: Buffer.from(res.body.pdf, 'base64') };
}

async function invoices(client: ApiClient, query = ''): Promise<KsefInvoice[]> {
  const res = await client.get(`/api/plugins/invoicing/invoices${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return invoicesAnswerSchema.parse(res.body).invoices;
}
const byNumber = async (client: ApiClient, number: string) =>
  (await invoices(client)).find((i) => i.invoiceNumber === number)!;

beforeAll(async () => {
  fake = await startFakeKsef();
  fake.addToken(TOKEN, SELLER_NIP);
  const smtpPort = await new Promise<number>((resolve) =>
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)),
  );
  server = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, mailFrom: 'Sklep <faktury@example.pl>' });
  a = await createOrg(server, { companyName: 'Sklep Żółta Łódź', taxId: SELLER_NIP });
  b = await createOrg(server);
  await createOrderRefs(a.admin);
  await createOrderRefs(b.admin);
  await setUp(a);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('invoicing plugin: KSeF', { timeout: 180_000 }, () => {
  it('tests the connection with the KSeF token and never answers it', async () => {
    const ok = await a.admin.post<{ ok: boolean; message: string }>('/api/plugins/invoicing/test_connection', {});
    expect(ok.body, JSON.stringify(ok.body)).toMatchObject({ ok: true });
    expect(ok.body.message).toContain(`NIP ${SELLER_NIP}`);
    const settings = await a.admin.get('/api/plugins/invoicing/settings');
    expect(JSON.stringify(settings.body)).not.toContain(TOKEN);
    expect(settings.body).toMatchObject({ values: { environment: 'TEST' }, secrets: { ksefToken: 'set' } });

    await a.admin.put('/api/plugins/invoicing/settings', { values: {}, secrets: { ksefToken: 'zly-token' } });
    const denied = await a.admin.post<{ ok: boolean; message: string }>('/api/plugins/invoicing/test_connection', {});
    expect(denied.body).toMatchObject({ ok: false });
    expect(denied.body.message).toContain('KSeF odrzucił token');
    await a.admin.put('/api/plugins/invoicing/settings', { values: {}, secrets: { ksefToken: TOKEN } });

    const bad = await a.admin.put('/api/plugins/invoicing/settings', { values: { nip: '123' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('NIP sprzedawcy');
    const calls = await a.admin.get('/api/plugin_calls?pluginId=invoicing&perPage=100');
    expect(JSON.stringify(calls.body)).not.toContain(TOKEN);
  });

  it('sends an issued invoice to a KSeF number and a UPO; the PDF carries KOD I, OFFLINE until the number', async () => {
    const order = await newOrder(a.admin);
    const issued = await issue(a.admin, order.id);
    // Printed at once: KOD I with OFFLINE under it (no KSeF number yet).
    const [qrBefore] = await decodeQrCodes(issued.pdf);
    expect(qrBefore).toMatch(
      new RegExp(
        `^https://qr-test\\.ksef\\.mf\\.gov\\.pl/invoice/${SELLER_NIP}/\\d{2}-\\d{2}-\\d{4}/[A-Za-z0-9_-]{43}$`,
      ),
    );
    expect(await pdfText(issued.pdf)).toContain('OFFLINE');

    await runJobs();
    const inv = await byNumber(a.admin, issued.number);
    expect(inv, JSON.stringify(inv)).toMatchObject({ state: 'ACCEPTED', orderId: order.id, error: null, hasUpo: true });
    const sent = fake.invoices.filter((i) => i.invoiceNumber === issued.number);
    expect(sent).toHaveLength(1);
    expect(inv.ksefNumber).toBe(sent[0]!.ksefNumber);
    expect(sent[0]!.invoicingMode).toBe('Online');
    // The QR's hash is the SHA-256 of the very file KSeF received.
    const hashUrl = sent[0]!.invoiceHash.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(qrBefore!.endsWith(`/${hashUrl}`)).toBe(true);

    const upo = await a.admin.getBytes(`/api/plugins/invoicing/invoices/upo?invoiceId=${inv.invoiceId}`);
    expect(upo.status).toBe(200);
    expect(upo.headers.get('content-disposition')).toContain('UPO_');
    const upoXml = upo.bytes.toString('utf8');
    expect(upoXml).toContain(inv.ksefNumber!);
    expect(await validateUpo([{ name: 'upo', xml: upoXml }])).toEqual([]);

    // A reprint: the same code, the KSeF number under it.
    const again = await issue(a.admin, order.id);
    expect(await decodeQrCodes(again.pdf)).toEqual([qrBefore]);
    const text = await pdfText(again.pdf);
    expect(text, text).toContain(inv.ksefNumber!);
    expect(text).not.toContain('OFFLINE');
  });

  it('the e-mailed invoice carries KOD I too: OFFLINE before KSeF answers, the KSeF number after', async () => {
    const order = await newOrder(a.admin, {
      clientData: { nameSurname: 'Zofia Wiśniewska', email: 'zofia@example.pl' },
    });
    const res = await a.admin.post<{ invoiceNumber: string }>('/api/orders/print_invoice', {
      orderId: order.id,
      noPrint: true,
      email: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mailed = async () => {
      mails.length = 0;
      await drainOutbox(server.deps);
      const part = mails[0]!.split(/\r?\n--/).find((p) => /Content-Type: application\/pdf/i.test(p))!;
      return Buffer.from(
        part
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('')
          .replace(/\s+/g, ''),
        'base64',
      );
    };
    const before = await mailed();
    const [code] = await decodeQrCodes(before);
    expect(code).toMatch(new RegExp(`^https://qr-test\\.ksef\\.mf\\.gov\\.pl/invoice/${SELLER_NIP}/`));
    expect(await pdfText(before)).toContain('OFFLINE');
    await runJobs();
    const sent = fake.invoices.find((i) => i.invoiceNumber === res.body.invoiceNumber)!;
    // Sent again (the customer asked): the same code, the KSeF number under it.
    await a.admin.post('/api/orders/print_invoice', { orderId: order.id, noPrint: true, email: true });
    const after = await mailed();
    expect(await decodeQrCodes(after)).toEqual([code]);
    expect(await pdfText(after)).toContain(sent.ksefNumber!);
  });

  it("shows KSeF's rejection with what to fix; the resend gets the number", async () => {
    fake.rejectNext(1, {
      code: 450,
      description: 'Błąd weryfikacji semantyki dokumentu faktury',
      details: ['Nieprawidłowa data wystawienia'],
    });
    const issued = await issue(a.admin, (await newOrder(a.admin)).id);
    await runJobs();
    const rejected = await byNumber(a.admin, issued.number);
    expect(rejected.state).toBe('REJECTED');
    expect(rejected.error).toContain(
      'KSeF 450 Błąd weryfikacji semantyki dokumentu faktury: Nieprawidłowa data wystawienia',
    );
    expect(rejected.error).toContain('popraw dane');
    expect((await invoices(a.admin, '?state=REJECTED')).map((i) => i.invoiceNumber)).toContain(issued.number);

    const resend = await a.admin.post('/api/plugins/invoicing/invoices/resend', { invoiceId: rejected.invoiceId });
    expect(resend.status, JSON.stringify(resend.body)).toBe(200);
    await runJobs();
    expect(await byNumber(a.admin, issued.number)).toMatchObject({ state: 'ACCEPTED', error: null });
    const accepted = await a.admin.post<{ message: string }>('/api/plugins/invoicing/invoices/resend', {
      invoiceId: rejected.invoiceId,
    });
    expect(accepted.status).toBe(400);
    expect(accepted.body.message).toContain('tylko fakturę odrzuconą');
  });

  it('honours 429 with Retry-After: the invoice waits and goes once the pause is over', async () => {
    fake.rateLimitNext(1, 30);
    const issued = await issue(a.admin, (await newOrder(a.admin)).id);
    await worker().drain();
    expect((await byNumber(a.admin, issued.number)).state).toBe('WAITING');
    expect(fake.invoices.some((i) => i.invoiceNumber === issued.number)).toBe(false);
    const pauses = await server.deps.db.selectFrom('job_pauses').select(['plugin_id', 'until']).execute();
    expect(pauses.map((p) => p.plugin_id)).toContain('invoicing');
    await runJobs(120_000);
    expect(await byNumber(a.admin, issued.number)).toMatchObject({ state: 'ACCEPTED' });
    // The pause is over for the tests that follow on the real clock.
    await server.deps.db.deleteFrom('job_pauses').where('plugin_id', '=', 'invoicing').execute();
  });

  it('KSeF down: the invoice is issued, offline with its deadline; sent in offline mode once KSeF answers', async () => {
    fake.down = '503';
    const issued = await issue(a.admin, (await newOrder(a.admin)).id);
    await worker().drain();
    const offline = await byNumber(a.admin, issued.number);
    expect(offline).toMatchObject({ state: 'OFFLINE', offline: true });
    expect(offline.sendBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(offline.sendBy! > offline.issuedAt.slice(0, 10)).toBe(true);
    fake.down = false;
    // The schedule's sweep (every 5 minutes) wakes the sender.
    await a.admin.post('/api/plugins/invoicing/sync', {});
    await runJobs();
    const sent = fake.invoices.filter((i) => i.invoiceNumber === issued.number);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ offlineMode: true, invoicingMode: 'Offline' });
    expect(await byNumber(a.admin, issued.number)).toMatchObject({ state: 'ACCEPTED', offline: true });
  });

  it('an answer lost after sending: the next run finds the invoice in the session, nothing is sent twice', async () => {
    fake.loseNextSendAnswer(1);
    const issued = await issue(a.admin, (await newOrder(a.admin)).id);
    await worker().drain();
    await fake.settled();
    const sent = fake.invoices.filter((i) => i.invoiceNumber === issued.number);
    expect(sent.map((i) => i.answered)).toEqual([false]);
    await a.admin.post('/api/plugins/invoicing/sync', {});
    await runJobs();
    expect(fake.invoices.filter((i) => i.invoiceNumber === issued.number)).toHaveLength(1);
    expect(await byNumber(a.admin, issued.number)).toMatchObject({
      state: 'ACCEPTED',
      ksefNumber: sent[0]!.ksefNumber,
    });
  });

  it("reads KSeF's duplicate answer (440) as the earlier success", async () => {
    const issued = await issue(a.admin, (await newOrder(a.admin)).id);
    await runJobs();
    const first = await byNumber(a.admin, issued.number);
    expect(first.state).toBe('ACCEPTED');
    // A row that forgot it was sent (a restore of an old backup, say): it is sent again.
    await sql`update p_invoicing_ksef set state = 'WAITING', session_ref = null, invoice_ref = null, ksef_number = null, upo = null where invoice_id = ${first.invoiceId}`.execute(
      server.deps.db,
    );
    await a.admin.post('/api/plugins/invoicing/sync', {});
    await runJobs();
    const again = fake.invoices.filter((i) => i.invoiceNumber === issued.number);
    expect(again.map((i) => i.status.code)).toEqual([200, 440]);
    expect(await byNumber(a.admin, issued.number)).toMatchObject({
      state: 'ACCEPTED',
      ksefNumber: first.ksefNumber,
      hasUpo: true,
    });
  });

  it('refreshes an access token that expired; a revoked KSeF token asks the seller to reconnect', async () => {
    const before = { ...fake.counts };
    fake.expireAccessTokens();
    const issued = await issue(a.admin, (await newOrder(a.admin)).id);
    await runJobs();
    expect(await byNumber(a.admin, issued.number)).toMatchObject({ state: 'ACCEPTED' });
    expect(fake.counts.refreshes).toBeGreaterThan(before.refreshes);
    expect(fake.counts.authentications).toBe(before.authentications);

    // The seller revoked the token in KSeF: the refresh and the new login are refused.
    fake.revokeToken(TOKEN);
    fake.expireAccessTokens();
    const waiting = await issue(a.admin, (await newOrder(a.admin)).id);
    await runJobs();
    expect(await byNumber(a.admin, waiting.number)).toMatchObject({ state: 'WAITING' });
    const conn = await a.admin.get<{ state: string; message: string }>('/api/plugin_connection?pluginId=invoicing');
    expect(conn.body).toMatchObject({ state: 'reconnect' });
    expect(conn.body.message).toContain('KSeF odrzucił token');
    // A new token saved: the connection is fixed and the invoice goes.
    const fresh = TOKEN.replace('5a1e', '6b2f');
    fake.addToken(fresh, SELLER_NIP);
    await a.admin.put('/api/plugins/invoicing/settings', { values: {}, secrets: { ksefToken: fresh } });
    expect((await a.admin.get('/api/plugin_connection?pluginId=invoicing')).body).toMatchObject({ state: 'ok' });
    await a.admin.post('/api/plugins/invoicing/sync', {});
    await runJobs();
    expect(await byNumber(a.admin, waiting.number)).toMatchObject({ state: 'ACCEPTED' });
  });

  it('keeps each organisation to its own invoices', async () => {
    await setUp(b, TOKEN);
    expect(await invoices(b.admin)).toEqual([]);
    const theirs = (await invoices(a.admin))[0]!;
    const resend = await b.admin.post('/api/plugins/invoicing/invoices/resend', { invoiceId: theirs.invoiceId });
    expect(resend.status).toBe(404);
    const upo = await b.admin.get(`/api/plugins/invoicing/invoices/upo?invoiceId=${theirs.invoiceId}`);
    expect(upo.status).toBe(404);
    const bad = await a.admin.get('/api/plugins/invoicing/invoices?month=13');
    expect(bad.status).toBe(400);
  });
});

describe('invoicing plugin: receipts', { timeout: 60_000 }, () => {
  const stationary = (client: ApiClient, overrides: Record<string, unknown> = {}) =>
    newOrder(client, { stationary: true, invoice: null, ...overrides });

  it('issues a numbered receipt for a stationary order once; its number is in the order print log', async () => {
    const order = await stationary(a.admin);
    const res = await a.admin.post('/api/plugins/invoicing/receipts', { orderId: order.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const receipt = receiptAnswerSchema.parse(res.body);
    expect(receipt).toMatchObject({ orderId: order.id, created: true, printed: false, printMessage: null });
    expect(receipt.receiptNumber).toMatch(/^PAR \d+\/\d{2}\/\d{4}$/);
    const again = receiptAnswerSchema.parse(
      (await a.admin.post('/api/plugins/invoicing/receipts', { orderId: order.id })).body,
    );
    expect(again).toMatchObject({ receiptNumber: receipt.receiptNumber, created: false });
    const log = orderPrintLogAnswerSchema.parse((await a.admin.get(`/api/orders/print_log?orderId=${order.id}`)).body);
    expect(log.entries.filter((e) => e.kind === 'RECEIPT_ISSUE').map((e) => e.detail)).toEqual([receipt.receiptNumber]);

    const next = receiptAnswerSchema.parse(
      (await a.admin.post('/api/plugins/invoicing/receipts', { orderId: (await stationary(a.admin)).id })).body,
    );
    const n = (s: string) => Number(s.split(' ')[1]!.split('/')[0]);
    expect(n(next.receiptNumber)).toBe(n(receipt.receiptNumber) + 1);
  });

  it('prints the buyer NIP when given; refuses a bad NIP, an order not stationary, one with an invoice', async () => {
    const withNip = await a.admin.post('/api/plugins/invoicing/receipts', {
      orderId: (await stationary(a.admin)).id,
      buyerTaxId: 'PL 526-025-02-74',
    });
    expect(withNip.status).toBe(200);
    const row = await server.deps.db
      .selectFrom('receipts')
      .select('snapshot')
      .where('number', '=', receiptAnswerSchema.parse(withNip.body).receiptNumber)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.snapshot).buyer).toMatchObject({ isCompany: true, taxId: '5260250274' });

    const badNip = await a.admin.post<{ message: string }>('/api/plugins/invoicing/receipts', {
      orderId: (await stationary(a.admin)).id,
      buyerTaxId: '1234567890',
    });
    expect(badNip.status).toBe(400);
    expect(badNip.body.message).toContain('NIP nabywcy');
    const online = await a.admin.post<{ message: string }>('/api/plugins/invoicing/receipts', {
      orderId: (await newOrder(a.admin)).id,
    });
    expect(online.status).toBe(400);
    expect(online.body.message).toContain('zamówień stacjonarnych');
    const invoiced = await stationary(a.admin, { invoice: INVOICE_COMPANY });
    const number = (await issue(a.admin, invoiced.id)).number;
    const twice = await a.admin.post<{ message: string }>('/api/plugins/invoicing/receipts', { orderId: invoiced.id });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toContain(number);
    // And the other way: an order with a receipt gets no invoice, alone or in a mass print.
    const withReceipt = await stationary(a.admin, { invoice: INVOICE_COMPANY });
    const receipt = receiptAnswerSchema.parse(
      (await a.admin.post('/api/plugins/invoicing/receipts', { orderId: withReceipt.id })).body,
    );
    const noInvoice = await a.admin.post<{ message: string }>('/api/orders/print_invoice', { orderId: withReceipt.id });
    expect(noInvoice.status).toBe(400);
    expect(noInvoice.body.message).toContain(receipt.receiptNumber);
    const many = await a.admin.post<{ ok: number[]; err: { id: number; reason: string }[] }>(
      '/api/orders/print_invoice_many',
      { ids: [withReceipt.id], noPrint: true },
    );
    expect(many.body.err).toEqual([{ id: withReceipt.id, reason: noInvoice.body.message }]);
    expect((await a.admin.post('/api/plugins/invoicing/receipts', { orderId: 'x' })).status).toBe(400);
    expect((await a.admin.post('/api/plugins/invoicing/receipts', { orderId: 99999999 })).status).toBe(404);
  });

  it("needs main.order.edit; another organisation's order is not found", async () => {
    const order = await stationary(a.admin);
    const viewer = (await createUser(server, a, { login: 'podglad', permissions: 'main.order.show' })).client;
    expect((await viewer.post('/api/plugins/invoicing/receipts', { orderId: order.id })).status).toBe(403);
    expect((await b.admin.post('/api/plugins/invoicing/receipts', { orderId: order.id })).status).toBe(404);
  });
});
