import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema, type User } from '@zaplecze/contract';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';

let server: TestServer;
let org: TestOrg;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
});
afterAll(() => server.close());

describe('GET /api/profile', () => {
  it('answers the signed-in user', async () => {
    const u = await createUser(server, org, { login: 'profil', permissions: 'main.order.show' });
    const res = await u.client.get('/api/profile');
    expect(res.status).toBe(200);
    expect(userSchema.parse(res.body)).toMatchObject({ id: u.id, login: u.login, permissions: 'main.order.show' });
  });

  it('needs a token', async () => {
    expect((await new ApiClient(server.url).get('/api/profile')).status).toBe(401);
  });
});

describe('PUT /api/profile', () => {
  it('saves own name, e-mail and phone, and nothing else', async () => {
    const u = await createUser(server, org, { login: 'zapis', permissions: 'main.items.show' });
    const res = await u.client.put<User>('/api/profile', {
      name: 'Łukasz Świątek',
      email: 'lukasz@example.pl',
      tel: '+48 500 600 700',
      permissions: 'main.admin',
      login: 'inny',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Łukasz Świątek',
      email: 'lukasz@example.pl',
      tel: '+48 500 600 700',
      permissions: 'main.items.show',
      login: u.login,
    });
  });

  it('changes the password only with the right old one', async () => {
    const u = await createUser(server, org, { login: 'haslo' });
    const base = { name: 'x', email: '', tel: '' };
    expect((await u.client.put('/api/profile', { ...base, pass: 'Nowe-haslo-999' })).status).toBe(400);
    expect((await u.client.put('/api/profile', { ...base, pass: 'Nowe-haslo-999', oldPass: 'zle-stare' })).status).toBe(
      400,
    );
    expect((await u.client.put('/api/profile', { ...base, pass: 'Nowe-haslo-999', oldPass: u.pass })).status).toBe(200);
    await new ApiClient(server.url).login(u.login, 'Nowe-haslo-999');
  });

  it('validates like the screens: bad e-mail, short password, phone with letters', async () => {
    const u = await createUser(server, org, { login: 'walid' });
    const base = { name: 'x', email: '', tel: '' };
    const email = await u.client.put('/api/profile', { ...base, email: 'zly@' });
    expect(email.status).toBe(400);
    expect(email.body.message).toBe('Niepoprawny adres e-mail.');
    const pass = await u.client.put('/api/profile', { ...base, pass: 'krótkie', oldPass: u.pass });
    expect(pass.body.message).toBe('Hasło musi mieć od 8 do 128 znaków.');
    expect((await u.client.put('/api/profile', { ...base, tel: 'abc' })).status).toBe(400);
  });
});
