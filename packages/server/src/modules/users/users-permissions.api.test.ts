import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@zaplecze/contract';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';

let server: TestServer;
let org: TestOrg;
/** No user permission at all. */
let plain: Awaited<ReturnType<typeof createUser>>;
/** May manage users, holds main.items.show, is not an administrator. */
let manager: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  plain = await createUser(server, org, { login: 'zwykly', permissions: 'main.items.show' });
  manager = await createUser(server, org, { login: 'kierownik', permissions: 'main.users.edit;main.items.show' });
});
afterAll(() => server.close());

const body = (login: string, permissions = '') => ({ login, pass: 'Haslo-nowe-123', permissions });

describe('a user without main.users.edit', () => {
  it('cannot create, delete, or edit another user (403)', async () => {
    const create = await plain.client.post('/api/users', body('nowy1'));
    expect(create.status).toBe(403);
    expect(create.body.message).toBe('Brak uprawnień do wykonania tej operacji.');
    expect((await plain.client.delete(`/api/users?id=${manager.id}`)).status).toBe(403);
    expect((await plain.client.put('/api/users', { id: manager.id, name: 'przejęty' })).status).toBe(403);
    const m = await org.admin.get<User>(`/api/users/${manager.id}`);
    expect(m.body.name).toBe('kierownik');
  });

  it('can edit own name but not own permissions', async () => {
    expect((await plain.client.put('/api/users', { id: plain.id, name: 'Nowe Imię' })).status).toBe(200);
    const res = await plain.client.put('/api/users', { id: plain.id, permissions: 'main.items.show;main.items.edit' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Zmiana uprawnień wymaga uprawnienia do edycji użytkowników.');
    // sending the unchanged permissions is no change
    expect((await plain.client.put('/api/users', { id: plain.id, permissions: 'main.items.show' })).status).toBe(200);
  });
});

describe('a user manager who is not an administrator', () => {
  it('may create users with permissions they hold themselves', async () => {
    const res = await manager.client.post<User>('/api/users', body('pomocnik', 'main.items.show'));
    expect(res.status).toBe(200);
    expect(res.body.permissions).toBe('main.items.show');
  });

  it('cannot grant a permission they do not hold, nor main.admin', async () => {
    expect((await manager.client.post('/api/users', body('wiecej', 'main.order.edit'))).status).toBe(403);
    expect((await manager.client.post('/api/users', body('szef', 'main.admin'))).status).toBe(403);
    expect(
      (await manager.client.put('/api/users', { id: plain.id, permissions: 'main.items.show;main.order.edit' })).status,
    ).toBe(403);
    expect(
      (
        await manager.client.put('/api/users', {
          id: manager.id,
          permissions: 'main.users.edit;main.items.show;main.admin',
        })
      ).status,
    ).toBe(403);
  });

  it('cannot take over or delete a user who holds more than they do', async () => {
    const admin2 = await createUser(server, org, { login: 'admin2', permissions: 'main.admin' });
    const editor = await createUser(server, org, { login: 'redaktor', permissions: 'main.items.edit' });
    for (const target of [admin2, editor]) {
      expect((await manager.client.put('/api/users', { id: target.id, pass: 'Przejete-haslo-1' })).status).toBe(403);
      expect((await manager.client.put('/api/users', { id: target.id, login: 'przejety' })).status).toBe(403);
      expect((await manager.client.delete(`/api/users?id=${target.id}`)).status).toBe(403);
      await new ApiClient(server.url).login(target.login, target.pass);
    }
  });

  it('may edit and delete a user whose permissions they hold', async () => {
    const u = await createUser(server, org, { login: 'podwladny', permissions: 'main.items.show' });
    expect((await manager.client.put('/api/users', { id: u.id, name: 'Nowe' })).status).toBe(200);
    expect((await manager.client.delete(`/api/users?id=${u.id}`)).status).toBeLessThan(300);
  });
});

describe('administrator protections', () => {
  it('nobody can delete themselves', async () => {
    const res = await org.admin.delete(`/api/users?id=${org.token.user.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Nie możesz usunąć własnego konta.');
  });

  it('an administrator cannot take main.admin away from themselves', async () => {
    const res = await org.admin.put('/api/users', { id: org.token.user.id, permissions: 'main.users.edit' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Nie możesz odebrać sobie uprawnień administratora.');
  });

  it('the organisation always keeps an administrator', async () => {
    const other = await createOrg(server);
    const second = await createUser(server, other, { login: 'drugi', permissions: 'main.admin' });
    // the second admin removes the first one's right, then nobody can remove the last
    expect(
      (await second.client.put('/api/users', { id: other.token.user.id, permissions: 'main.users.edit' })).status,
    ).toBe(200);
    const self = await second.client.put('/api/users', { id: second.id, permissions: '' });
    expect(self.status).toBe(409);
    const list = await second.client.get<{ users: User[] }>('/api/users');
    expect(list.body.users.filter((u) => u.permissions.split(';').includes('main.admin'))).toHaveLength(1);
  });

  it('an administrator may grant main.admin', async () => {
    const u = await createUser(server, org, { login: 'awans' });
    const res = await org.admin.put<User>('/api/users', { id: u.id, permissions: 'main.admin' });
    expect(res.status).toBe(200);
    expect(res.body.permissions).toBe('main.admin');
  });
});

describe('renaming an account', () => {
  it("needs main.users.edit, even for one's own login; the same login is no change", async () => {
    const own = await plain.client.put<User>('/api/users', { id: plain.id, login: 'inny-login' });
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ message: 'Zmiana loginu wymaga uprawnienia do edycji użytkowników.' });
    const same = await plain.client.put<User>('/api/users', { id: plain.id, login: 'zwykly', name: 'Zwykły' });
    expect(same.status).toBe(200);
    expect(same.body.login).toBe(plain.login);

    const renamed = await manager.client.put<User>('/api/users', { id: manager.id, login: 'kierownik2' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.login).toBe(`${org.prefix}_kierownik2`);
  });
});
