import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_HEADER } from '@zaplecze/contract';
import { ApiClient, startTestServer, type TestServer } from '../../test/harness';
import { createOrg, type TestOrg } from '../../test/factories';

/** Every JSON line the server logged. */
const lines: string[] = [];
let server: TestServer;
let org: TestOrg;

beforeAll(async () => {
  server = await startTestServer({}, { logStream: { write: (line) => void lines.push(line) } });
  org = await createOrg(server);
});
afterAll(() => server.close());

/** The log so far, once the "request completed" line of `url`'s last request is in. */
async function logAfter(marker: string): Promise<string> {
  for (let i = 0; i < 100 && !lines.some((l) => l.includes('request completed') && l.includes(marker)); i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  return lines.join('\n');
}

describe('the request log', () => {
  it('shows the route but not buyer uuids, customers’ search terms, tokens or cookies', async () => {
    const uuid = randomUUID();
    const anon = new ApiClient(server.url);
    await anon.get(`/api/order_buyer_info?p=${org.prefix}&uuid=${uuid}`);
    await anon.get(`/order-buyer-info?p=${org.prefix}&uuid=${uuid}`);
    await anon.get(`/api/nie/ma/${uuid}`);
    const search = await org.admin.get(
      `/api/orders?email=${encodeURIComponent('jan.kowalski@example.pl')}&tel=600100200&city=Szczebrzeszyn&page=1&perPage=25`,
    );
    expect(search.status).toBe(200);
    await org.admin.get('/api/items?name=Tajny%20towar&search=poufne&q=sekret&page=2');
    const signIn = await anon.request('POST', '/api/login', {
      form: { login: org.adminLogin, pass: org.adminPass, longtoken: 'false' },
    });
    expect(signIn.status).toBe(200);
    await org.admin.post('/api/item_groups', { name: 'Grupa z logu' });

    const log = await logAfter('/api/item_groups');
    // The routes stay readable, with the harmless parameters.
    expect(log).toContain(`"url":"/api/order_buyer_info?p=${org.prefix}&uuid=[redacted]"`);
    expect(log).toContain(`"url":"/order-buyer-info?p=${org.prefix}&uuid=[redacted]"`);
    expect(log).toContain('"url":"/api/nie/ma/[redacted]"');
    expect(log).toContain('"url":"/api/orders?email=[redacted]&tel=[redacted]&city=[redacted]&page=1&perPage=25"');
    expect(log).toContain('"url":"/api/items?name=[redacted]&search=[redacted]&q=[redacted]&page=2"');
    expect(log).toContain('"url":"/api/login"');
    // Nothing of the customer's data or of a secret.
    const secrets = [
      uuid,
      uuid.replace(/-/g, ''),
      'jan.kowalski',
      '600100200',
      'Szczebrzeszyn',
      'Tajny',
      'poufne',
      'sekret',
      org.adminPass,
      org.token.token,
      (signIn.body as { token: string }).token,
    ];
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
    expect(log.toLowerCase()).not.toContain(AUTH_HEADER.toLowerCase());
    expect(log.toLowerCase()).not.toContain('xsrf-token=');
    expect(log.toLowerCase()).not.toContain('"cookie"');
  });
});
