import { orderPrintLogAnswerSchema } from '@zaplecze/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';
import { createOrderRefs, orderBody } from '../../../test/orders';

// The print log's own reads; the prints that write it are tested with their calls.
let server: TestServer;
let org: TestOrg;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
});
afterAll(() => server.close());

describe('GET /orders/print_log', () => {
  it('answers an empty log for a new order, 404 for an unknown one, 400 for a bad id', async () => {
    const refs = await createOrderRefs(org.admin);
    const order = await org.admin.post<{ id: number }>(
      '/api/orders',
      orderBody({ orderStatusId: refs.statusId, incomeSourceId: refs.sourceId }),
    );
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const log = await org.admin.get(`/api/orders/print_log?orderId=${order.body.id}`);
    expect(log.status).toBe(200);
    expect(orderPrintLogAnswerSchema.parse(log.body)).toEqual({ entries: [] });
    const missing = await org.admin.get<{ message: string }>('/api/orders/print_log?orderId=99999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Nie znaleziono zamówienia.');
    expect((await org.admin.get('/api/orders/print_log?orderId=abc')).status).toBe(400);
  });
});
