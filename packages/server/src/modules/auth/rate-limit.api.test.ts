import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@zaplecze/contract';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';

// trustProxy lets each request claim its own address through X-Forwarded-For, so that the
// per-login and the per-address limits can be told apart from one test machine.
let server: TestServer;
let org: TestOrg;
const RATE_MESSAGE = 'Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za kilkanaście minut.';

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
  org = await createOrg(server);
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.deps.db.deleteFrom('login_failures').execute();
  server.clock.offsetMs = 0;
});

function attempt(login: string, pass: string, ip: string) {
  return new ApiClient(server.url).request('POST', '/api/login', {
    json: { login, pass },
    headers: { 'x-forwarded-for': ip },
  });
}

describe('sign-in rate limiting', () => {
  it('after 10 failures for one login answers 429 in Polish, even with the right password from elsewhere', async () => {
    expect(LOGIN_MAX_FAILURES).toBe(10);
    for (let i = 0; i < 10; i++) {
      expect((await attempt(org.adminLogin, 'zle-haslo', `10.0.1.${i}`)).status).toBe(401);
    }
    const blocked = await attempt(org.adminLogin, org.adminPass, '10.0.2.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(RATE_MESSAGE);
    // another login from a clean address is not affected
    const other = await attempt(`${org.prefix}_nikt`, 'x', '10.0.2.2');
    expect(other.status).toBe(401);
  });

  it('after 10 failures from one address answers 429 for any login from it', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await attempt(`${org.prefix}_nikt${i}`, 'zle-haslo', '10.0.3.1')).status).toBe(401);
    }
    const blocked = await attempt(org.adminLogin, org.adminPass, '10.0.3.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(RATE_MESSAGE);
    expect((await attempt(org.adminLogin, org.adminPass, '10.0.3.2')).status).toBe(200);
  });

  it('nine failures still let the right password in, and the limit ends after the window', async () => {
    for (let i = 0; i < 9; i++) await attempt(org.adminLogin, 'zle-haslo', '10.0.4.1');
    expect((await attempt(org.adminLogin, org.adminPass, '10.0.4.1')).status).toBe(200);

    for (let i = 0; i < 10; i++) await attempt(`${org.prefix}_x`, 'zle-haslo', '10.0.5.1');
    expect((await attempt(org.adminLogin, org.adminPass, '10.0.5.1')).status).toBe(429);
    server.clock.offsetMs = LOGIN_FAILURE_WINDOW_MS + 1000;
    expect((await attempt(org.adminLogin, org.adminPass, '10.0.5.1')).status).toBe(200);
  });

  it('keeps its counters in the database, not in the process', async () => {
    for (let i = 0; i < 3; i++) await attempt(org.adminLogin, 'zle-haslo', '10.0.6.1');
    const rows = await server.deps.db.selectFrom('login_failures').select('key').execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });
});
