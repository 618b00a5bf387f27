import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@zaplecze/contract';
import { startTestServer, type ApiClient, type TestServer } from '../../../test/harness';
import { createOrg } from '../../../test/factories';
import { expectFirstOrderSaves, expectStarterData, starterOptions } from '../../../test/starter';

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await createOrg(server)).admin;
});
afterAll(() => server.close());

describe('a registered organisation starts with what a Polish seller expects', () => {
  it('has VAT rates, PLN, an item status, order statuses and income sources with their defaults', async () => {
    await expectStarterData(admin);
  });

  it('saves its first order right away with the defaults', async () => {
    await expectFirstOrderSaves(admin);
  });

  it('saves its first item with the default status, VAT rate and currency', async () => {
    const o = await starterOptions(admin);
    const res = await admin.post<{ id: number }>('/api/items', {
      code: 'pierwszy-1',
      name: 'Pierwszy towar',
      price: 10,
      vat: Number(o.VAT_DEFAULT_ITEM),
      currency: o.CURRENCY_DEFAULT,
      countWare: 1,
      itemStatusId: Number(o.DEFAULT_ITEM_STATUS_ID),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('keeps the starter rows editable: renamed, recoloured and deleted like any other', async () => {
    const org = await createOrg(server);
    const list = await org.admin.get<{ orderStatuses: OrderStatus[] }>('/api/order_statuses');
    const returned = list.body.orderStatuses.find((s) => s.name === 'Zwrócone');
    expect(returned).toBeDefined();
    const put = await org.admin.put('/api/order_statuses', { id: returned?.id, name: 'Zwrot', color: '112233' });
    expect(put.status).toBe(200);
    const del = await org.admin.delete(`/api/order_statuses?id=${returned?.id}`);
    expect(del.status).toBe(204);
    const after = await org.admin.get<{ orderStatuses: OrderStatus[] }>('/api/order_statuses');
    expect(after.body.orderStatuses.map((s) => s.name)).not.toContain('Zwrot');
  });
});
