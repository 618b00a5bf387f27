import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTION_KEYS, optionResponseSchema, optionsResponseSchema } from '@zaplecze/contract';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';

let server: TestServer;
let org: TestOrg;
let other: TestOrg;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  other = await createOrg(server);
});
afterAll(() => server.close());

async function read(client: ApiClient, key: string): Promise<string> {
  const res = await client.get(`/api/options?key=${key}`);
  expect(res.status).toBe(200);
  return optionResponseSchema.parse(res.body).value;
}

async function put(key: string, value: unknown, client = org.admin) {
  return client.put<{ message: string; field?: string }>('/api/options', { key, value });
}

describe('GET /api/options', () => {
  it('answers every key of the allowlist; unset values read as empty, booleans as their default', async () => {
    const res = await org.admin.get(`/api/options?keys=${OPTION_KEYS.join(',')}`);
    expect(res.status).toBe(200);
    const { options } = optionsResponseSchema.parse(res.body);
    expect(options.map((o) => o.key)).toEqual(OPTION_KEYS);
    const byKey = Object.fromEntries(options.map((o) => [o.key, o.value]));
    expect(byKey.AUTO_RESET_AFTER_SEND).toBe('true');
    expect(byKey.WAREHOUSE_AUTO_COMMIT).toBe('false');
    expect(byKey.INVOICE_UNIT).toBe('');
    // A new organisation starts with the Polish VAT rates (modules/registration/starter-data.ts).
    expect(byKey.VAT_VALUES).toBe('23;8;5;0;zw');
  });

  it('refuses an unknown key, no key, or key and keys together with a Polish 400', async () => {
    for (const url of [
      '/api/options?key=SECRET',
      '/api/options',
      '/api/options?keys=VAT_VALUES,NOPE',
      '/api/options?key=VAT_VALUES&keys=VAT_VALUES',
    ]) {
      const res = await org.admin.get<{ message: string }>(url);
      expect(res.status, url).toBe(400);
      expect(res.body.message).toBe('Nieznany klucz ustawienia.');
    }
  });

  it('needs a signed-in user', async () => {
    expect((await new ApiClient(server.url).get('/api/options?key=VAT_VALUES')).status).toBe(401);
  });
});

describe('PUT /api/options', () => {
  it('stores booleans as true/false and reads 1 as true', async () => {
    expect((await put('WAREHOUSE_AUTO_COMMIT', '1')).status).toBe(204);
    expect(await read(org.admin, 'WAREHOUSE_AUTO_COMMIT')).toBe('true');
    await put('WAREHOUSE_AUTO_COMMIT', false);
    expect(await read(org.admin, 'WAREHOUSE_AUTO_COMMIT')).toBe('false');
    const bad = await put('WAREHOUSE_AUTO_COMMIT', 'tak');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('WAREHOUSE_AUTO_COMMIT');
  });

  it('VAT list: numbers joined by ";", commas to dots, empty parts dropped; no letters, no duplicates', async () => {
    expect((await put('VAT_VALUES', '23;8;;5,5;0')).status).toBe(204);
    expect(await read(org.admin, 'VAT_VALUES')).toBe('23;8;5.5;0');
    expect((await put('VAT_VALUES', '23;abc')).body.message).toBe('Niepoprawna stawka VAT!');
    expect((await put('VAT_VALUES', '23;23')).body.message).toBe('Taka stawka już istnieje!');
    expect((await put('VAT_VALUES', '101')).status).toBe(400);
    expect((await put('VAT_DEFAULT_ITEM', '23')).status).toBe(204);
    expect((await put('VAT_DEFAULT_ITEM', '-1')).status).toBe(400);
    expect((await put('VAT_DEFAULT_ITEM', '')).status).toBe(204);
  });

  it('currency list: 3-letter codes upper-cased, no duplicates; default currency likewise', async () => {
    expect((await put('CURRENCY_VALUES', 'pln;EUR')).status).toBe(204);
    expect(await read(org.admin, 'CURRENCY_VALUES')).toBe('PLN;EUR');
    expect((await put('CURRENCY_VALUES', 'PLN;EURO')).body.message).toBe('Waluta musi mieć 3 znaki!');
    expect((await put('CURRENCY_VALUES', 'PLN;pln')).body.message).toBe('Taka waluta już istnieje!');
    expect((await put('CURRENCY_DEFAULT', 'eur')).status).toBe(204);
    expect(await read(org.admin, 'CURRENCY_DEFAULT')).toBe('EUR');
    expect((await put('CURRENCY_DEFAULT', 'E1R')).status).toBe(400);
    // Three letters are not enough: only ISO 4217 codes (a typo such as 'ZLT' is refused).
    const unknown = 'Nieznany kod waluty: podaj kod ISO 4217, np. PLN, EUR, USD.';
    expect((await put('CURRENCY_VALUES', 'PLN;ZLT')).body.message).toBe(unknown);
    expect((await put('CURRENCY_DEFAULT', 'abc')).body.message).toBe(unknown);
    expect(await read(org.admin, 'CURRENCY_VALUES')).toBe('PLN;EUR');
  });

  it('an id option must name an existing row of the caller’s organisation', async () => {
    const mine = await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Mój' });
    const theirs = await other.admin.post<{ id: number }>('/api/item_statuses', { name: 'Cudzy' });
    expect((await put('DEFAULT_ITEM_STATUS_ID', String(mine.body.id))).status).toBe(204);
    for (const value of [String(theirs.body.id), '2000000000', 'abc', '-3', '1.5']) {
      const res = await put('DEFAULT_ITEM_STATUS_ID', value);
      expect(res.status, value).toBe(400);
      expect(res.body.message).toBe('Ustawienie musi wskazywać istniejący element lub być puste.');
    }
    // An order status id is not an item status id.
    const order = await org.admin.post<{ id: number }>('/api/order_statuses', { name: 'Nowe' });
    const status = await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Inny' });
    await org.admin.delete(`/api/item_statuses?id=${status.body.id}`);
    expect((await put('DEFAULT_ORDER_STATUS_ID', String(order.body.id))).status).toBe(204);
    expect((await put('DEFAULT_ITEM_STATUS_ID', String(status.body.id))).status).toBe(400);
    expect(await read(org.admin, 'DEFAULT_ITEM_STATUS_ID')).toBe(String(mine.body.id));
  });

  it('invoice texts are trimmed and limited to 200 characters', async () => {
    expect((await put('INVOICE_SIGN_PERSON', '  Jan Kowalski ')).status).toBe(204);
    expect(await read(org.admin, 'INVOICE_SIGN_PERSON')).toBe('Jan Kowalski');
    expect((await put('INVOICE_UNIT', 'x'.repeat(201))).status).toBe(400);
  });

  it('several options at once are one transaction: one bad value changes nothing', async () => {
    await put('CURRENCY_VALUES', 'PLN');
    const res = await org.admin.put<{ message: string }>('/api/options', {
      options: [
        { key: 'CURRENCY_VALUES', value: 'PLN;USD' },
        { key: 'DEFAULT_ITEM_STATUS_ID', value: '2000000000' },
      ],
    });
    expect(res.status).toBe(400);
    expect(await read(org.admin, 'CURRENCY_VALUES')).toBe('PLN');
  });

  it('refuses unknown keys and malformed bodies with a Polish 400', async () => {
    for (const body of [
      { key: 'ADMIN', value: 'x' },
      { key: 'VAT_VALUES' },
      { value: '23' },
      { options: [] },
      [],
      'x',
    ]) {
      const res = await org.admin.put<{ message: string }>('/api/options', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/[a-ząęół]/i);
    }
  });

  it('each key needs its edit permission: settings, items or orders', async () => {
    const goods = await createUser(server, org, { login: 'opcje-towary', permissions: 'main.items.edit' });
    const settings = await createUser(server, org, { login: 'opcje-ustawienia', permissions: 'main.settings.edit' });
    const status = await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Na stanie' });
    expect((await goods.client.get('/api/options?key=VAT_VALUES')).status).toBe(200);
    expect((await put('VAT_VALUES', '23', goods.client)).status).toBe(403);
    expect((await put('DEFAULT_ITEM_STATUS_ID', String(status.body.id), goods.client)).status).toBe(204);
    expect((await put('VAT_VALUES', '23', settings.client)).status).toBe(204);
    expect((await put('AUTO_RESET_AFTER_SEND', 'false', settings.client)).status).toBe(403);
  });

  it('organisations do not share options', async () => {
    await put('INVOICE_UNIT', 'szt.');
    expect(await read(other.admin, 'INVOICE_UNIT')).toBe('');
  });
});
