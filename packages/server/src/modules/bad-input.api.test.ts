import {
  ITEM_MSG,
  ORDER_MSG,
  orderSchema,
  orderToUpdate,
  PAGING_MSG,
  VALIDATION as V,
  type Order,
} from '@zaplecze/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantDb } from '../db/tenant';
import { MSG } from '../platform/messages.pl';
import { ApiClient, startTestServer, type TestServer } from '../../test/harness';
import { createOrg, registrationData, withCaptcha, type TestOrg } from '../../test/factories';
import { createOrderRefs, line, orderBody } from '../../test/orders';
import { setFlag, stockedItem } from '../../test/ledger';
import { verifyLedger } from './stock';

/**
 * Bad input never answers 500 (docs/decisions.md, Bad input): NUL characters anywhere, page
 * numbers whose offset would not fit, parallel generations of the same codes, numbers that
 * Number() would read ('   ', '0x10', '1e3'), and e-mail lists posing as one address. Each is a
 * Polish 4xx, and a refused stock input writes no ledger row.
 */

let server: TestServer;
let org: TestOrg;
let orgId: number;
let statusId: number;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  orgId = org.token.user.organization.id;
  await createOrderRefs(org.admin);
  statusId = (await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny', color: '00aa00' })).body.id;
  await setFlag(org.admin, 'WAREHOUSE_AUTO_COMMIT', true);
});
afterAll(() => server.close());

const NUL = '\u0000';
const item = (countWare = 5) => stockedItem(org.admin, statusId, `BI-${++seq}`, countWare);
const itemBody = (overrides: Record<string, unknown> = {}) => ({
  code: `BI-${++seq}`,
  name: 'Kubek',
  price: 10,
  vat: 23,
  currency: 'PLN',
  countWare: 5,
  itemStatusId: statusId,
  ...overrides,
});
async function createItem(overrides: Record<string, unknown> = {}) {
  const body = itemBody(overrides);
  const res = await org.admin.post<{ id: number }>('/api/items', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.id, body };
}
const getItem = async (id: number) =>
  (await org.admin.get<{ items: Record<string, unknown>[] }>(`/api/items?id=${id}`)).body.items[0];
async function ledgerRows(): Promise<number> {
  const r = await server.deps.db
    .selectFrom('warehouse_changes')
    .where('org_id', '=', orgId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
async function ledgerClean(): Promise<void> {
  expect((await verifyLedger(new TenantDb(server.deps.db, orgId))).differences).toEqual([]);
}

describe('NUL characters', () => {
  it('are refused with a Polish 400 on the main write and search routes, never a 500', async () => {
    const { id: itemId, body: itemPut } = await createItem({ name: 'Kubek biały' });
    const order = await org.admin.post<Order>('/api/orders', orderBody({ items: [line(itemId, 1)] }));
    expect(order.status).toBe(200);
    const orderPut = orderToUpdate(orderSchema.parse(order.body));
    const groupId = (await org.admin.post<{ id: number }>('/api/item_groups', { name: 'Grupa' })).body.id;
    const bad = `Ku${NUL}bek`;
    const calls: [string, string, unknown][] = [
      ['POST', '/api/items', itemBody({ name: bad })],
      ['POST', '/api/items', itemBody({ code: bad })],
      ['POST', '/api/items', itemBody({ description: bad })],
      ['PUT', '/api/items', { ...itemPut, id: itemId, name: bad }],
      ['GET', `/api/items?name=${encodeURIComponent(bad)}`, undefined],
      ['GET', `/api/items?name=${encodeURIComponent(NUL)}`, undefined],
      ['GET', `/api/items?code=${encodeURIComponent(bad)}`, undefined],
      ['GET', `/api/items?extCode=${encodeURIComponent(bad)}`, undefined],
      ['GET', `/api/items?fullcode=${encodeURIComponent(bad)}`, undefined],
      ['GET', `/api/items?scanbarcode=${encodeURIComponent(bad)}`, undefined],
      ['POST', '/api/items/generate_many', { beforeSymbol: bad, start: 1, stop: 2, itemStatusId: statusId }],
      ['POST', '/api/items/copy', { id: itemId, newCode: bad }],
      ['POST', '/api/items/barcodes', { barcode: bad }],
      ['POST', '/api/orders', orderBody({ comment: bad })],
      ['POST', '/api/orders', orderBody({ clientData: { nameSurname: bad, city: bad } })],
      ['POST', '/api/orders', orderBody({ items: [{ code: bad, name: bad, price: 1, vat: 23 }] })],
      ['POST', '/api/orders', orderBody({ invoice: { nameSurname: bad } })],
      ['PUT', '/api/orders', { ...orderPut, messageToSeller: bad }],
      ['GET', `/api/orders?city=${encodeURIComponent(bad)}`, undefined],
      ['GET', `/api/orders?email=${encodeURIComponent(bad)}`, undefined],
      ['GET', `/api/orders?tel=${encodeURIComponent(bad)}`, undefined],
      ['GET', `/api/orders?bol=${encodeURIComponent(bad)}`, undefined],
      ['POST', '/api/orders/barcodes', { barcode: bad }],
      ['POST', '/api/item_groups', { name: bad }],
      ['PUT', '/api/item_groups', { id: groupId, name: bad }],
      ['POST', '/api/order_statuses', { name: bad, color: '00ff00' }],
      ['POST', '/api/additional_descs', { name: 'Opis', description: bad }],
      ['POST', '/api/categories', { name: bad, number: 'X', parentId: null }],
      ['POST', '/api/parameters', { name: 'Kolor', type: 'DICT', dictionary: [bad] }],
      ['POST', '/api/user_sizes', { name: bad, sizeA: 1 }],
      ['POST', '/api/users', { login: 'jan', name: bad, pass: 'Haslo-dlugie-1' }],
      ['PUT', '/api/profile', { name: bad, email: '', tel: '' }],
      ['PUT', '/api/options', { key: 'INVOICE_SIGN_PERSON', value: bad }],
      ['GET', `/api/options?key=${encodeURIComponent(bad)}`, undefined],
      // A NUL in a key, not a value.
      ['POST', '/api/items', { ...itemBody(), [`na${NUL}me`]: 'x' }],
    ];
    const answers = [];
    for (const [method, url, json] of calls) {
      const res = await org.admin.request(method, url, json === undefined ? {} : { json });
      answers.push([method, url, res.status, (res.body as { message?: string }).message]);
    }
    expect(answers.filter((a) => a[2] !== 400 || a[3] !== MSG.nulCharacter)).toEqual([]);
    // Nothing of it was written.
    expect((await getItem(itemId))?.name).toBe('Kubek biały');
  });

  it('are refused on sign-in and registration (form and JSON bodies) before anything else', async () => {
    const client = new ApiClient(server.url);
    const login = await client.request('POST', '/api/login', { form: { login: `a${NUL}b`, pass: 'x' } });
    expect(login.status).toBe(400);
    expect(login.body).toMatchObject({ message: MSG.nulCharacter, field: 'login' });
    const data = await withCaptcha(server, client, registrationData({ companyName: `Firma${NUL}` }));
    const reg = await client.post('/api/register', data);
    expect(reg.status).toBe(400);
    expect(reg.body).toMatchObject({ message: MSG.nulCharacter, field: 'companyName' });
  });
});

describe('huge page numbers', () => {
  it("answer a Polish 400 naming the page, with the issue's exact values, on every big list", async () => {
    const month = `year=2026&month=1`;
    for (const url of [
      '/api/items?page=4611686018427388&perPage=10000',
      '/api/items?page=2147483648',
      '/api/orders?page=4611686018427388&perPage=10000',
      '/api/orders?page=2147483648',
      `/api/warehouse_changes?${month}&page=4611686018427388&perPage=10000`,
      `/api/warehouse_changes?${month}&page=2147483648`,
      `/api/items?page=${'9'.repeat(60)}`,
    ]) {
      const res = await org.admin.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toMatchObject({ message: PAGING_MSG.pageTooBig, field: 'page' });
    }
    // The last allowed page is an empty page, not an error.
    const last = await org.admin.get<{ items: unknown[] }>('/api/items?page=214748&perPage=10000');
    expect(last.status).toBe(200);
    expect(last.body.items).toEqual([]);
    const orders = await org.admin.get<{ orders: unknown[] }>('/api/orders?page=214748&perPage=10000');
    expect(orders.status).toBe(200);
  });
});

describe('strict numbers', () => {
  const JUNK = ['   ', '0x10', '1e3', 'Infinity', '1_000'];

  it('item stock and offer stock: refused naming the field, no item, no ledger row', async () => {
    const before = await ledgerRows();
    for (const v of JUNK) {
      const res = await org.admin.post('/api/items', itemBody({ countWare: v }));
      expect(res.status, v).toBe(400);
      expect(res.body, v).toMatchObject({ message: ITEM_MSG.countInvalid, field: 'countWare' });
      const offer = await org.admin.post('/api/items', itemBody({ countOffer: v }));
      expect(offer.status, v).toBe(400);
      expect(offer.body, v).toMatchObject({ field: 'countOffer' });
    }
    const { id, body: stored } = await createItem({ countWare: 5 });
    const rowsAfterCreate = await ledgerRows();
    for (const v of JUNK) {
      const res = await org.admin.put('/api/items', { ...stored, id, countWare: v });
      expect(res.status, v).toBe(400);
      expect(res.body, v).toMatchObject({ message: ITEM_MSG.countInvalid, field: 'countWare' });
      const offer = await org.admin.put('/api/items', { ...stored, id, countOffer: v });
      expect(offer.status, v).toBe(400);
    }
    expect((await getItem(id))?.countWare).toBe(5);
    expect(await ledgerRows()).toBe(rowsAfterCreate);
    expect(rowsAfterCreate).toBe(before + 1);
    // Digits as text still work, and so does a plain number.
    const ok = await org.admin.put('/api/items', { ...stored, id, countWare: ' 7 ', countOffer: '3' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await getItem(id)).toMatchObject({ countWare: 7, countOffer: 3 });
    await ledgerClean();
  });

  it('mass edit of stock and offer stock: refused, no ledger row', async () => {
    const id = await item(5);
    const before = await ledgerRows();
    for (const v of JUNK) {
      for (const data of [{ countWare: { type: 'SET', value: v } }, { countOffer: { type: 'SET', value: v } }]) {
        const res = await org.admin.post('/api/items/mass_edit', { ids: [id], data });
        expect(res.status, `${v} ${JSON.stringify(data)}`).toBe(400);
        expect(res.body).toMatchObject({ message: ITEM_MSG.countInvalid });
      }
    }
    expect(await ledgerRows()).toBe(before);
    expect((await getItem(id))?.countWare).toBe(5);
  });

  it('warehouse changes, generation, sizes and order line quantities refuse them too', async () => {
    const id = await item(5);
    const before = await ledgerRows();
    for (const v of JUNK) {
      const commit = await org.admin.put('/api/warehouse_changes', { id: v });
      expect(commit.status, v).toBe(400);
      expect(commit.body).toMatchObject({ message: V.idInvalid, field: 'id' });
      const gen = await org.admin.post('/api/items/generate_many', {
        beforeSymbol: 'GX',
        start: 1,
        stop: 2,
        itemStatusId: statusId,
        countWare: v,
      });
      // A blank stock of a generation is its default 0 (the form's empty field); junk is refused.
      if (v.trim() !== '') expect(gen.status, v).toBe(400);
      const genStop = await org.admin.post('/api/items/generate_many', {
        beforeSymbol: 'GY',
        start: 1,
        stop: v,
        itemStatusId: statusId,
      });
      expect(genStop.status, v).toBe(400);
      expect(genStop.body).toMatchObject({ field: 'stop' });
      const size = await org.admin.post('/api/user_sizes', { name: 'Paczka', sizeA: v });
      expect(size.status, v).toBe(400);
      expect(size.body).toMatchObject({ message: V.sizeInvalid, field: 'sizeA' });
      const order = await org.admin.post('/api/orders', orderBody({ sizeB: v, items: [line(id, 1)] }));
      expect(order.status, v).toBe(400);
      expect(order.body).toMatchObject({ message: V.sizeInvalid, field: 'sizeB' });
      const qty = await org.admin.post('/api/orders', orderBody({ items: [line(id, v as unknown as number)] }));
      expect(qty.status, v).toBe(400);
      expect(qty.body).toMatchObject({ message: ORDER_MSG.quantityInvalid, field: 'items.0.quantity' });
      const list = await org.admin.get(`/api/items?countFrom=${encodeURIComponent(v)}`);
      if (v.trim() !== '') expect(list.status, v).toBe(400);
      const per = await org.admin.get(`/api/items?perPage=${encodeURIComponent(v)}`);
      if (v.trim() !== '') expect(per.status, v).toBe(400);
    }
    expect(await ledgerRows()).toBe(before);
    expect((await getItem(id))?.countWare).toBe(5);
  });

  it("takes a decimal comma where decimals are allowed: '7,5' is 7.5", async () => {
    const id = await item(5);
    const res = await org.admin.post<{ deliveryCost: number; items: { price: number; quantity: number }[] }>(
      '/api/orders',
      orderBody({ deliveryCost: '7,5', weight: '1,25', items: [line(id, '2' as unknown as number, { price: '7,5' })] }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.deliveryCost).toBe(7.5);
    expect(res.body.items[0]).toMatchObject({ price: 7.5, quantity: 2 });
    expect((await getItem(id))?.countWare).toBe(3);
    // A whole-number field still refuses a fraction written with a comma.
    const half = await org.admin.post('/api/orders', orderBody({ items: [line(id, '1,5' as unknown as number)] }));
    expect(half.status).toBe(400);
    await ledgerClean();
  });
});

describe('e-mail addresses', () => {
  const BAD = ['a@b.pl,c', 'a@b.pl, c@d.pl', 'a@b.pl;c@d.pl', 'a b@c.pl', 'a@b@c.pl', 'a@b', '<a@b.pl>'];

  it('users, profile and the order buyer e-mail refuse lists and junk with a Polish 400', async () => {
    for (const email of BAD) {
      const user = await org.admin.post('/api/users', { login: `u${++seq}`, pass: 'Haslo-dlugie-1', email });
      expect(user.status, email).toBe(400);
      expect(user.body, email).toMatchObject({ message: V.emailInvalid, field: 'email' });
      const profile = await org.admin.put('/api/profile', { name: 'Admin', email, tel: '' });
      expect(profile.status, email).toBe(400);
      expect(profile.body, email).toMatchObject({ message: V.emailInvalid, field: 'email' });
      const order = await org.admin.post('/api/orders', orderBody({ clientData: { email } }));
      expect(order.status, email).toBe(400);
      expect(order.body, email).toMatchObject({ message: V.emailInvalid, field: 'clientData.email' });
    }
    const good = await org.admin.post(
      '/api/orders',
      orderBody({ clientData: { email: 'jan.kowalski+sklep@firma.pl' } }),
    );
    expect(good.status).toBe(200);
  });

  it('registration refuses them too', async () => {
    const client = new ApiClient(server.url);
    const data = await withCaptcha(server, client, registrationData({ adminEmail: 'a@b.pl,c' }));
    const res = await client.post('/api/register', data);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: V.emailInvalid, field: 'adminEmail' });
  });
});

describe('parallel generations with overlapping codes', () => {
  it('each answers 200 or 409, never 500, and the items and the ledger end consistent', async () => {
    const before = await ledgerRows();
    // Ten ranges of ten codes, each overlapping the next by five.
    const calls = Array.from({ length: 10 }, (_, i) =>
      org.admin.post<{ generated?: number; message?: string }>('/api/items/generate_many', {
        beforeSymbol: 'RACE-',
        start: i * 5 + 1,
        stop: i * 5 + 10,
        itemStatusId: statusId,
        countWare: 2,
      }),
    );
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).toMatch(/już istnieją|właśnie/);
    const generated = answers.reduce((sum, a) => sum + (a.status === 200 ? (a.body.generated ?? 0) : 0), 0);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    const list = await org.admin.get<{ items: { code: string; countWare: number }[]; count: number }>(
      '/api/items?code=RACE-&perPage=1000',
    );
    const race = list.body.items.filter((i) => i.code.startsWith('RACE-'));
    expect(race.length).toBe(generated);
    expect(new Set(race.map((i) => i.code)).size).toBe(race.length);
    expect(race.every((i) => i.countWare === 2)).toBe(true);
    // One committed GENERATE row per created item, and no other.
    expect(await ledgerRows()).toBe(before + generated);
    await ledgerClean();
  });
});

describe('NUL characters on every route', () => {
  it('every route of the table answers 400 to a NUL in its query or body, none 500', async () => {
    // Its own organisation: the sweep also calls sign-out and the delete routes (all refused).
    const sweep = await createOrg(server);
    const routes = server.routes.filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(60);
    const failures = [];
    for (const r of routes) {
      const url = r.url.replace(/:[A-Za-z]+/g, '1');
      const query = `?name=a${encodeURIComponent(NUL)}b&id=1`;
      const res =
        r.method === 'GET' || r.method === 'DELETE'
          ? await sweep.admin.request(r.method, url + query)
          : await sweep.admin.request(r.method, url, { json: { name: `a${NUL}b`, id: 1, ids: [1] } });
      // A plugin webhook (docs/plugins.md, Webhooks) looks its key up before it reads anything: the
      // sweep's key is no organisation's, so it is refused as an unknown address, the body unread.
      const refused = r.url.startsWith('/api/hooks/') ? [404] : [400];
      if (!refused.includes(res.status)) failures.push(`${r.method} ${r.url}: ${res.status}`);
    }
    expect(failures).toEqual([]);
  });
});
