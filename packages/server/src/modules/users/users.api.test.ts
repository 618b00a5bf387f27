import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersResponseSchema, userSchema, type User } from '@zaplecze/contract';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';

let server: TestServer;
let org: TestOrg;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server, { companyName: 'ACME sp. z o.o.', country: 'DE' });
});
afterAll(() => server.close());

const newUser = (login: string, extra: Record<string, unknown> = {}) => ({
  login,
  pass: 'Haslo-nowego-1',
  name: 'Jan Nowak',
  email: `${login}@example.pl`,
  tel: '+48 600 000 000',
  permissions: 'main.items.show',
  ...extra,
});

describe('GET /api/users', () => {
  it('lists the users of the organisation with the organisation block, without secrets', async () => {
    await createUser(server, org, { login: 'lista' });
    const res = await org.admin.get('/api/users');
    expect(res.status).toBe(200);
    const { users } = usersResponseSchema.parse(res.body);
    expect(users.map((u) => u.login)).toEqual(expect.arrayContaining([org.adminLogin, `${org.prefix}_lista`]));
    expect(users[0]?.organization).toMatchObject({ prefix: org.prefix, name: 'ACME sp. z o.o.', countryCode: 'DE' });
    expect(new Date(users[0]?.organization.registrationDate ?? '').getTime()).toBeGreaterThan(Date.now() - 3_600_000);
    expect(JSON.stringify(res.body)).not.toMatch(/pass|hash/i);
  });

  it('answers one user by ?id= and by /users/:id, 404 for a missing id', async () => {
    const u = await createUser(server, org, { login: 'jeden' });
    const byQuery = await org.admin.get<User>(`/api/users?id=${u.id}`);
    const byPath = await org.admin.get<User>(`/api/users/${u.id}`);
    expect(byQuery.status).toBe(200);
    expect(userSchema.parse(byQuery.body).login).toBe(`${org.prefix}_jeden`);
    expect(byPath.body).toEqual(byQuery.body);
    const missing = await org.admin.get('/api/users/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Nie znaleziono użytkownika.');
  });

  it('is open to any signed-in user of the organisation', async () => {
    const u = await createUser(server, org, { login: 'zwykly', permissions: '' });
    expect((await u.client.get('/api/users')).status).toBe(200);
  });
});

describe('POST /api/users', () => {
  it('creates a user, adding the organisation prefix to the login', async () => {
    const res = await org.admin.post<User>('/api/users', newUser('anna.k'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      login: `${org.prefix}_anna.k`,
      name: 'Jan Nowak',
      permissions: 'main.items.show',
    });
    await new ApiClient(server.url).login(`${org.prefix}_anna.k`, 'Haslo-nowego-1');
  });

  it('refuses a taken login with 409, also in other letter case', async () => {
    expect((await org.admin.post('/api/users', newUser('podwojny'))).status).toBe(200);
    const again = await org.admin.post('/api/users', newUser('PODWOJNY'));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Taki login już istnieje.');
  });

  it('parallel creations of one login: one succeeds, the others answer 409', async () => {
    const results = await Promise.all([1, 2, 3].map(() => org.admin.post('/api/users', newUser('rownolegly'))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it.each([
    ['no login', { login: undefined }, 'Podaj nazwę użytkownika.'],
    [
      'a login with "_"',
      { login: 'a_b' },
      'Nazwa użytkownika może zawierać tylko małe litery, cyfry, kropkę i myślnik.',
    ],
    ['no password', { pass: undefined }, 'Hasło musi mieć od 8 do 128 znaków.'],
    ['a short password', { pass: 'krótkie' }, 'Hasło musi mieć od 8 do 128 znaków.'],
    ['a bad e-mail', { email: 'zly' }, 'Niepoprawny adres e-mail.'],
    ['an unknown permission', { permissions: 'main.items.show;main.root' }, 'Nieznane uprawnienie.'],
  ])('refuses %s with 400', async (_name, extra, message) => {
    const res = await org.admin.post('/api/users', newUser('walidacja', extra));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('PUT /api/users', () => {
  it('changes name, e-mail, phone, login and permissions; what is left out stays', async () => {
    const u = await createUser(server, org, { login: 'zmiana', permissions: 'main.items.show' });
    const res = await org.admin.put<User>('/api/users', {
      id: u.id,
      login: 'zmieniony',
      name: 'Zofia Żak',
      permissions: 'main.order.show;main.items.show',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      login: `${org.prefix}_zmieniony`,
      name: 'Zofia Żak',
      email: 'zmiana@example.pl',
      tel: '123456789',
      permissions: 'main.items.show;main.order.show',
    });
    const again = await org.admin.get<User>(`/api/users/${u.id}`);
    expect(again.body).toEqual(res.body);
  });

  it('refuses a login taken by another user with 409', async () => {
    const a = await createUser(server, org, { login: 'pierwszy' });
    await createUser(server, org, { login: 'drugi' });
    const res = await org.admin.put('/api/users', { id: a.id, login: 'drugi' });
    expect(res.status).toBe(409);
  });

  it('answers 404 for a missing id', async () => {
    expect((await org.admin.put('/api/users', { id: 999999, name: 'x' })).status).toBe(404);
  });
});

describe('DELETE /api/users', () => {
  it('deletes a user: it is gone from the list and its tokens stop working', async () => {
    const u = await createUser(server, org, { login: 'usuwany' });
    const res = await org.admin.delete(`/api/users?id=${u.id}`);
    expect(res.status).toBeLessThan(300);
    expect((await org.admin.get(`/api/users/${u.id}`)).status).toBe(404);
    expect((await u.client.get('/api/login')).status).toBe(401);
    expect((await org.admin.delete(`/api/users?id=${u.id}`)).status).toBe(404);
  });
});
