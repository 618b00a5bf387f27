import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';

let server: TestServer;
let org: TestOrg;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
});
afterAll(() => server.close());

describe("changing one's own password (PUT /api/users)", () => {
  it('needs the old password', async () => {
    const u = await createUser(server, org, { login: 'bezstarego' });
    const res = await u.client.put('/api/users', { id: u.id, pass: 'Nowe-haslo-123' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Podaj stare hasło, aby zmienić własne hasło.', field: 'oldPass' });
  });

  it('refuses a wrong old password', async () => {
    const u = await createUser(server, org, { login: 'zlestare' });
    const res = await u.client.put('/api/users', { id: u.id, pass: 'Nowe-haslo-123', oldPass: 'nie-to-haslo' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Stare hasło jest niepoprawne.');
    await new ApiClient(server.url).login(u.login, u.pass);
  });

  it('with the old password changes it, keeps this session and ends the others', async () => {
    const u = await createUser(server, org, { login: 'zmieniam' });
    const other = new ApiClient(server.url);
    await other.login(u.login, u.pass);
    const res = await u.client.put('/api/users', { id: u.id, pass: 'Nowe-hasło-ąę-1', oldPass: u.pass });
    expect(res.status).toBe(200);
    expect((await u.client.get('/api/login')).status).toBe(200);
    expect((await other.get('/api/login')).status).toBe(401);
    expect((await new ApiClient(server.url).post('/api/login', { login: u.login, pass: u.pass })).status).toBe(401);
    await new ApiClient(server.url).login(u.login, 'Nowe-hasło-ąę-1');
  });
});

describe("an administrator setting another user's password", () => {
  it('needs no old password and ends every session of that user', async () => {
    const u = await createUser(server, org, { login: 'reset' });
    const res = await org.admin.put('/api/users', { id: u.id, pass: 'Ustawione-przez-admina' });
    expect(res.status).toBe(200);
    expect((await u.client.get('/api/login')).status).toBe(401);
    expect((await org.admin.get('/api/login')).status).toBe(200);
    await new ApiClient(server.url).login(u.login, 'Ustawione-przez-admina');
  });
});
