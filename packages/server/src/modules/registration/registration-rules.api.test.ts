import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { registrationData, withCaptcha } from '../../../test/factories';

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  client = new ApiClient(server.url);
});
afterAll(() => server.close());

describe('GET /api/register', () => {
  it('says registration is enabled, with no text', async () => {
    const res = await client.get('/api/register');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ enabled: true, registerText: '' });
  });
});

describe('REGISTRATION_ENABLED=false', () => {
  it('GET says disabled with the server text, POST answers 403 and creates nothing', async () => {
    const off = await startTestServer({ registrationEnabled: false, registerText: 'Zapisy tylko przez opiekuna.' });
    try {
      const c = new ApiClient(off.url);
      const info = await c.get('/api/register');
      expect(info.status).toBe(200);
      expect(info.body).toEqual({ enabled: false, registerText: 'Zapisy tylko przez opiekuna.' });
      const data = await withCaptcha(off, c, registrationData());
      const res = await c.post('/api/register', data);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Rejestracja jest wyłączona.');
      expect(await off.deps.db.selectFrom('organizations').select('id').execute()).toHaveLength(0);
    } finally {
      await off.close();
    }
  });
});

describe('registration is atomic', () => {
  it('a failure while creating the administrator leaves no organisation behind', async () => {
    // A stray user row already holds the administrator's login, so the second insert fails.
    const first = await withCaptcha(server, client, registrationData({ orgPrefix: 'pierwsza' }));
    expect((await client.post('/api/register', first)).status).toBe(200);
    const org = await server.deps.db
      .selectFrom('organizations')
      .select('id')
      .where('prefix', '=', 'pierwsza')
      .executeTakeFirstOrThrow();
    await server.deps.db
      .insertInto('users')
      .values({
        org_id: org.id,
        login: 'druga_admin',
        name: '',
        email: '',
        tel: '',
        pass_hash: 'x',
        permissions: '',
        created_at: new Date().toISOString(),
      })
      .execute();

    const second = await withCaptcha(server, client, registrationData({ orgPrefix: 'druga', adminUser: 'admin' }));
    const res = await client.post('/api/register', second);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(res.body)).not.toMatch(/ at |stack|sqlite|constraint/i);
    const orgs = await server.deps.db.selectFrom('organizations').select('id').where('prefix', '=', 'druga').execute();
    expect(orgs).toHaveLength(0);
  });

  it('parallel registrations of one prefix: one succeeds, the others answer 409', async () => {
    // withCaptcha reads the harness' last answer, so the captchas are fetched one by one
    const ready = [];
    for (let i = 0; i < 4; i++)
      ready.push(await withCaptcha(server, client, registrationData({ orgPrefix: 'wyscig' })));
    const results = await Promise.all(ready.map((p) => client.post('/api/register', p)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
  });
});
