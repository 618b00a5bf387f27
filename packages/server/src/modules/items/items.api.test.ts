import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemSchema, itemsAnswerSchema, massResultSchema } from '@zaplecze/contract';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';

let server: TestServer;
let org: TestOrg;
let statusId: number;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  statusId = (await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny', color: '00ff00' })).body.id;
});
afterAll(() => server.close());

const base = () => ({
  code: 'abc-1',
  name: 'Kubek',
  price: 19.99,
  vat: 23,
  currency: 'pln',
  countWare: 5,
  itemStatusId: statusId,
});

describe('items smoke', () => {
  it('creates, finds, lists, edits and deletes an item', async () => {
    const created = await org.admin.post('/api/items', base());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const item = itemSchema.parse(created.body);
    expect(item).toMatchObject({ code: 'ABC-1', price: 19.99, vat: 23, currency: 'PLN', countWare: 5 });
    const list = itemsAnswerSchema.parse((await org.admin.get('/api/items?name=kub')).body);
    expect(list.count).toBe(1);
    const upd = await org.admin.put('/api/items', { ...base(), id: item.id, countWare: 8, price: '21,50' });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(itemSchema.parse(upd.body)).toMatchObject({ countWare: 8, price: 21.5 });
    const mass = await org.admin.post('/api/items/mass_edit', {
      ids: [item.id, 999999],
      data: { price: { type: 'PLUSPERCENT', value: 10 }, countWare: { type: 'INC', value: 2 } },
    });
    expect(mass.status, JSON.stringify(mass.body)).toBe(200);
    expect(massResultSchema.parse(mass.body)).toEqual({ ok: ['ABC-1'], err: [], notFound: [999999] });
    const gen = await org.admin.post('/api/items/generate_many', {
      beforeSymbol: 'g',
      start: 1,
      stop: 3,
      itemStatusId: statusId,
      countWare: 2,
    });
    expect(gen.body).toEqual({ generated: 3 });
    const all = itemsAnswerSchema.parse((await org.admin.get('/api/items?sort=COUNT_D&perPage=25')).body);
    // Unfiltered, the count is the organisation's counter: it follows creation and generation.
    expect(all.count).toBe(4);
    expect(all.items.map((i) => [i.code, i.countWare, i.price])).toEqual([
      ['ABC-1', 10, 23.65],
      ['G3', 2, 0],
      ['G2', 2, 0],
      ['G1', 2, 0],
    ]);
    const del = await org.admin.delete(`/api/items?id=${item.id}`);
    expect(del.status).toBe(204);
    expect(itemsAnswerSchema.parse((await org.admin.get('/api/items')).body).count).toBe(3);
    expect(itemsAnswerSchema.parse((await org.admin.get('/api/items?name=kub')).body).count).toBe(0);
    const reader = await createUser(server, org, { login: 'r' });
    expect((await reader.client.get('/api/items')).status).toBe(403);
  });
});
