import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantDb } from '../../db/tenant';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';
import { createOrderRefs, expectRollupsInStep, line, orderBody, type OrderRefs } from '../../../test/orders';
import { patchOrder } from './orders.patch';

// patchOrder: the small order changes of dispatch, invoices and the order reader.
let server: TestServer;
let org: TestOrg;
let refs: OrderRefs;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  refs = await createOrderRefs(org.admin);
});
afterAll(() => server.close());

const tdbOf = (o: TestOrg) => new TenantDb(server.deps.db, o.token.user.organization.id);

describe('patchOrder', () => {
  it('changes status, sizes, weight, waybill and problem, keeps roll-ups and the waybill search in step', async () => {
    const created = await org.admin.post<{ id: number }>(
      '/api/orders',
      orderBody({ orderStatusId: refs.statusId, incomeSourceId: refs.sourceId, items: [line(null, 2)] }),
    );
    expect(created.status).toBe(200);
    const id = created.body.id;
    await tdbOf(org).transaction((tdb) =>
      patchOrder(
        server.deps,
        tdb,
        id,
        {
          orderStatusId: refs.status2Id,
          sizeA: 300,
          sizeB: 200,
          sizeC: 100,
          weightGrams: 1500,
          billOfLading: 'WB 123',
          problem: '',
        },
        'jan',
      ),
    );
    const order = (await org.admin.get<{ orders: Record<string, unknown>[] }>(`/api/orders?id=${id}`)).body.orders[0]!;
    expect(order).toMatchObject({
      orderStatus: { id: refs.status2Id },
      sizeA: 300,
      sizeB: 200,
      sizeC: 100,
      weight: 1.5,
      billOfLading: 'WB 123',
      problem: '',
      modifiedByUser: 'jan',
    });
    await expectRollupsInStep(server, org.token.user.organization.id);
    const found = await org.admin.get<{ orders: { id: number }[] }>('/api/orders?bol=wb123');
    expect(found.body.orders.map((o) => o.id)).toEqual([id]);
  });

  it("refuses another organisation's status and a missing order, and changes nothing", async () => {
    const other = await createOrg(server);
    const otherRefs = await createOrderRefs(other.admin);
    const created = await org.admin.post<{ id: number; lastModDate: string }>(
      '/api/orders',
      orderBody({ orderStatusId: refs.statusId, incomeSourceId: refs.sourceId }),
    );
    const id = created.body.id;
    await expect(
      tdbOf(org).transaction((tdb) => patchOrder(server.deps, tdb, id, { orderStatusId: otherRefs.statusId }, 'jan')),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      tdbOf(other).transaction((tdb) => patchOrder(server.deps, tdb, id, { problem: 'x' }, 'jan')),
    ).rejects.toMatchObject({ statusCode: 404 });
    const order = (await org.admin.get<{ orders: Record<string, unknown>[] }>(`/api/orders?id=${id}`)).body.orders[0]!;
    expect(order).toMatchObject({
      orderStatus: { id: refs.statusId },
      problem: null,
      lastModDate: created.body.lastModDate,
    });
  });
});
