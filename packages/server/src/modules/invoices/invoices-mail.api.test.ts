import type { AddressInfo } from 'node:net';
import { orderPrintLogAnswerSchema, printInvoiceAnswerSchema, type Order } from '@zaplecze/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantDb } from '../../db/tenant';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';
import { createOrderRefs, orderBody } from '../../../test/orders';
import { pdfText } from '../../../test/pdf-tools';
import { qpdfCheck } from '../../../test/pdf-check';
import { drainOutbox } from './index';

/** A real SMTP server in this process: it takes mail for user "faktury" and keeps what it got. */
interface Received {
  from: string;
  to: string[];
  raw: string;
}
const SMTP_USER = 'faktury';
const SMTP_PASS = 'Sekretne-Haslo-SMTP-42';

function smtpSink(received: Received[]): SMTPServer {
  return new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) cb(null, { user: SMTP_USER });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
}

const listen = (smtp: SMTPServer, port = 0) =>
  new Promise<number>((resolve) =>
    smtp.listen(port, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)),
  );
const close = (smtp: SMTPServer) => new Promise<void>((resolve) => smtp.close(() => resolve()));

/** The PDF attachment of a raw MIME message (base64 part of type application/pdf). */
function pdfAttachment(raw: string): { name: string; pdf: Buffer } {
  const part = raw.split(/\r?\n--/).find((p) => /Content-Type: application\/pdf/i.test(p));
  if (!part) throw new Error('no PDF attachment');
  const name = /filename="?([^";\r\n]+)"?/i.exec(part)?.[1] ?? '';
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('')
    .replace(/\s+/g, '');
  return { name, pdf: Buffer.from(body, 'base64') };
}

let server: TestServer;
let org: TestOrg;
let orgId: number;
let smtp: SMTPServer;
let smtpPort: number;
const received: Received[] = [];

beforeAll(async () => {
  smtp = smtpSink(received);
  smtpPort = await listen(smtp);
  server = await startTestServer({
    smtpUrl: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${smtpPort}`,
    mailFrom: 'Sklep Łąka <faktury@example.pl>',
  });
  org = await createOrg(server);
  await createOrderRefs(org.admin);
  orgId = (await org.admin.get<{ organization: { id: number } }>('/api/profile')).body.organization.id;
});
afterAll(async () => {
  await server.close();
  await close(smtp);
});

async function newOrder(email: string): Promise<Order> {
  const res = await org.admin.post<Order>(
    '/api/orders',
    orderBody({
      clientData: { nameSurname: 'Zofia Wiśniewska', email, city: 'Kraków' },
      invoice: { nameSurname: 'Zofia Wiśniewska', address: 'Żółkiewskiego 5', postCode: '31-539', city: 'Kraków' },
      items: [{ code: 'DON-01', name: 'Doniczka gliniana', quantity: 2, price: 12.5, vat: 23 }],
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function mailFlag(id: number): Promise<boolean> {
  const res = await org.admin.get<{ orders: Order[] }>(`/api/orders?id=${id}`);
  return res.body.orders[0]!.invoice!.invoiceMailSent;
}

async function outboxRow(orderId: number) {
  return new TenantDb(server.deps.db, orgId)
    .selectFrom('outbox')
    .select(['attempts', 'last_error', 'sent_at', 'next_attempt_at'])
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
}

describe('e-mailed invoices', () => {
  it('sends the invoice as a PDF attachment and marks the order once the server accepted it', async () => {
    const order = await newOrder('zofia@example.pl');
    const res = await org.admin.post('/api/orders/print_invoice', { orderId: order.id, noPrint: true, email: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = printInvoiceAnswerSchema.parse(res.body);
    expect(answer.mailQueued).toBe(true);
    await drainOutbox(server.deps);
    const mail = received.find((m) => m.to.includes('zofia@example.pl'));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('faktury@example.pl');
    expect(mail!.raw).toMatch(/^Subject: .*Faktura/m);
    const { name, pdf } = pdfAttachment(mail!.raw);
    expect(name).toBe(`Faktura_${answer.invoiceNumber.replace(/[^0-9A-Za-z]+/g, '_')}.pdf`);
    await qpdfCheck(pdf);
    const text = await pdfText(pdf);
    expect(text).toContain(answer.invoiceNumber);
    expect(text).toContain('Zofia Wiśniewska');
    expect(await mailFlag(order.id)).toBe(true);
    const log = orderPrintLogAnswerSchema.parse(
      (await org.admin.get(`/api/orders/print_log?orderId=${order.id}`)).body,
    );
    expect(log.entries.map((e) => [e.kind, e.user, e.detail])).toEqual([
      ['INVOICE_EMAIL', null, 'zofia@example.pl'],
      ['INVOICE_ISSUE', org.adminLogin, answer.invoiceNumber],
    ]);
    // Sent once: another run sends nothing.
    const count = received.length;
    expect(await drainOutbox(server.deps)).toBe(0);
    expect(received.length).toBe(count);
  });

  it('answers 400 for an order without a client e-mail address, and queues nothing', async () => {
    const order = await newOrder('');
    const res = await org.admin.post<{ message: string }>('/api/orders/print_invoice', {
      orderId: order.id,
      email: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Zamówienie nie ma adresu e-mail klienta.');
    expect(
      (await org.admin.get<{ orders: Order[] }>(`/api/orders?id=${order.id}`)).body.orders[0]!.invoice!.invoiceNumber,
    ).toBeNull();
  });

  it('keeps the message while the SMTP server is down and sends it on a retry after the backoff', async () => {
    await close(smtp);
    const order = await newOrder('jan@example.pl');
    const res = await org.admin.post('/api/orders/print_invoice', { orderId: order.id, noPrint: true, email: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await drainOutbox(server.deps);
    const failed = await outboxRow(order.id);
    expect(failed.attempts).toBe(1);
    expect(failed.sent_at).toBeNull();
    expect(failed.last_error).toBeTruthy();
    expect(failed.last_error).not.toContain(SMTP_PASS);
    expect(await mailFlag(order.id)).toBe(false);

    smtp = smtpSink(received);
    await listen(smtp, smtpPort);
    // Not due yet: the first retry waits 30 s.
    expect(await drainOutbox(server.deps)).toBe(0);
    expect(received.some((m) => m.to.includes('jan@example.pl'))).toBe(false);
    server.clock.offsetMs = 31_000;
    try {
      expect(await drainOutbox(server.deps)).toBe(1);
    } finally {
      server.clock.offsetMs = 0;
    }
    expect(received.some((m) => m.to.includes('jan@example.pl'))).toBe(true);
    expect((await outboxRow(order.id)).attempts).toBe(2);
    expect(await mailFlag(order.id)).toBe(true);
  });
});
