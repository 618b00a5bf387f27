import { invoiceSnapshotSchema, printInvoiceAnswerSchema, type Order } from '@zaplecze/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantDb } from '../../db/tenant';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';
import { orderBody } from '../../../test/orders';
import { pdfText } from '../../../test/pdf-tools';

/** The seller's bank account and place of issue on invoices (docs/decisions.md, Seller's data on invoices). */

let server: TestServer;
let org: TestOrg;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server, { companyName: 'Sklep Kowalski', postcodeCity: '00-001 Warszawa' });
});
afterAll(() => server.close());

const put = (key: string, value: string) =>
  org.admin.put<{ message: string; field?: string }>('/api/options', { key, value });

async function option(key: string): Promise<string> {
  return (await org.admin.get<{ value: string }>(`/api/options?key=${key}`)).body.value;
}

async function invoiced(): Promise<{ text: string; orderId: number }> {
  const order = await org.admin.post<Order>(
    '/api/orders',
    orderBody({
      invoice: { isCompany: false, nameSurname: 'Jan Nowak', address: 'Polna 1', postCode: '30-001', city: 'Kraków' },
      items: [{ code: 'K-1', name: 'Kubek', quantity: 1, price: 20, vat: 23 }],
    }),
  );
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const res = await org.admin.post('/api/orders/print_invoice', { orderId: order.body.id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const pdf = Buffer.from(printInvoiceAnswerSchema.parse(res.body).pdf ?? '', 'base64');
  return { text: await pdfText(pdf), orderId: order.body.id };
}

describe('invoice settings: bank account, bank and place of issue', () => {
  it('refuses a bank account with a wrong checksum or shape with a Polish 400', async () => {
    for (const bad of ['62 1090 1014 0000 0712 1981 2874', '1234', 'PL61 1090 1014 0000 0712 1981 287', 'konto']) {
      const res = await put('INVOICE_BANK_ACCOUNT', bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toContain('Nieprawidłowy numer konta');
    }
    expect(await option('INVOICE_BANK_ACCOUNT')).toBe('');
  });

  it('stores an NRB or an IBAN typed with spaces without them; an empty value clears it', async () => {
    expect((await put('INVOICE_BANK_ACCOUNT', 'pl61 1090 1014 0000 0712 1981 2874')).status).toBe(204);
    expect(await option('INVOICE_BANK_ACCOUNT')).toBe('PL61109010140000071219812874');
    expect((await put('INVOICE_BANK_ACCOUNT', '')).status).toBe(204);
    expect(await option('INVOICE_BANK_ACCOUNT')).toBe('');
    expect((await put('INVOICE_BANK_ACCOUNT', '61-1090-1014-0000-0712-1981-2874')).status).toBe(204);
    expect(await option('INVOICE_BANK_ACCOUNT')).toBe('61109010140000071219812874');
  });

  it('needs the settings permission', async () => {
    const user = await createUser(server, org, { login: 'magazyn', permissions: 'main.order.edit' });
    const res = await user.client.put('/api/options', { key: 'INVOICE_PLACE_OF_ISSUE', value: 'Kraków' });
    expect(res.status).toBe(403);
  });

  it('prints the place of issue, the account grouped by four and the bank; the snapshot keeps them', async () => {
    // Without the settings: the seller's city, no account.
    expect((await put('INVOICE_BANK_ACCOUNT', '')).status).toBe(204);
    const before = await invoiced();
    expect(before.text).toContain('Miejsce wystawienia:');
    expect(before.text).toContain('Warszawa');
    expect(before.text).not.toContain('Numer konta:');

    expect((await put('INVOICE_BANK_ACCOUNT', '61109010140000071219812874')).status).toBe(204);
    expect((await put('INVOICE_BANK_NAME', 'Bank Przykładowy S.A.')).status).toBe(204);
    expect((await put('INVOICE_PLACE_OF_ISSUE', 'Piaseczno')).status).toBe(204);
    const after = await invoiced();
    expect(after.text).toContain('Piaseczno');
    expect(after.text).toContain('Numer konta: 61 1090 1014 0000 0712 1981 2874');
    expect(after.text).toContain('Bank: Bank Przykładowy S.A.');

    const row = await new TenantDb(server.deps.db, (await profileOrgId()) ?? 0)
      .selectFrom('invoices')
      .select('snapshot')
      .where('order_id', '=', after.orderId)
      .executeTakeFirstOrThrow();
    const snap = invoiceSnapshotSchema.parse(JSON.parse(row.snapshot));
    expect(snap).toMatchObject({
      placeOfIssue: 'Piaseczno',
      bankAccount: '61109010140000071219812874',
      bankName: 'Bank Przykładowy S.A.',
    });
  });

  it('reads a snapshot stored before these fields with an empty account and bank', () => {
    const old = invoiceSnapshotSchema.shape;
    expect(old.bankAccount.parse(undefined)).toBe('');
    expect(old.bankName.parse(undefined)).toBe('');
  });
});

async function profileOrgId(): Promise<number | undefined> {
  return (await org.admin.get<{ organization: { id: number } }>('/api/profile')).body.organization.id;
}
