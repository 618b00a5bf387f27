/**
 * API tokens through real HTTP (docs/decisions.md, API tokens): made, listed and revoked on the
 * profile; sent as `Authorization: Bearer` by a script without cookies; scopes, expiry, revocation,
 * the places a token is refused, isolation between organisations, the per-token rate limit, the
 * last use and the request log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_TOKEN_MAX_ACTIVE,
  API_TOKEN_MSG,
  API_TOKEN_PREFIX,
  AUTH_HEADER,
  TOKEN_STORAGE_KEY,
  type ApiToken,
  type ApiTokenCreated,
  type OwnApiTokens,
} from '@zaplecze/contract';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';
import { consoleLog } from '../../platform/context';
import { MSG } from '../../platform/messages.pl';
import { purgeEndedApiTokens } from './api-tokens.service';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Every JSON line the server logged. */
const lines: string[] = [];
let server: TestServer;
let org: TestOrg;
let other: TestOrg;

beforeAll(async () => {
  server = await startTestServer({}, { logStream: { write: (line) => void lines.push(line) } });
  org = await createOrg(server);
  other = await createOrg(server);
});
afterAll(() => server.close());

interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A script's call: the token in `Authorization: Bearer`, no cookie, no XSRF header (unless given
 * in `headers`).
 */
async function script<T = Record<string, unknown>>(
  base: string,
  token: string,
  method: string,
  url: string,
  opts: { json?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...opts.headers };
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + url, {
    method,
    headers,
    body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
}
const call = <T = Record<string, unknown>>(
  token: string,
  method: string,
  url: string,
  opts?: { json?: unknown; headers?: Record<string, string> },
) => script<T>(server.url, token, method, url, opts);

async function makeToken(
  client: ApiClient,
  permissions: string[],
  opts: { name?: string; days?: number } = {},
): Promise<ApiTokenCreated> {
  const res = await client.post<ApiTokenCreated>('/api/profile/api_tokens', {
    name: opts.name ?? 'Skrypt',
    permissions,
    expiresInDays: opts.days ?? 30,
  });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function ownTokens(client: ApiClient): Promise<ApiToken[]> {
  const res = await client.get<OwnApiTokens>('/api/profile/api_tokens');
  expect(res.status).toBe(200);
  return res.body.tokens;
}

let seq = 0;
const login = (base: string) => `${base}${++seq}`;

describe('making and listing API tokens', () => {
  it('answers the token once, with the zpl_ prefix; the list shows its data but never the token', async () => {
    const made = await makeToken(org.admin, ['main.items.show', 'main.order.show'], { name: 'Eksport BL', days: 90 });
    expect(made.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(made.token).toMatch(/^zpl_[A-Za-z0-9_-]{43}$/);
    expect(made.apiToken).toMatchObject({
      name: 'Eksport BL',
      permissions: ['main.items.show', 'main.order.show'],
      state: 'active',
      revokedAt: null,
      lastUsedAt: null,
      userLogin: org.adminLogin,
    });
    const created = new Date(made.apiToken.createdAt).getTime();
    expect(new Date(made.apiToken.expiresAt).getTime() - created).toBe(90 * DAY_MS);

    const list = await org.admin.get<OwnApiTokens>('/api/profile/api_tokens');
    expect(list.body.tokens.map((t) => t.id)).toContain(made.apiToken.id);
    expect(JSON.stringify(list.body)).not.toContain(made.token);
    expect(JSON.stringify(list.body)).not.toContain(made.token.slice(API_TOKEN_PREFIX.length));
    const admin = await org.admin.get<{ tokens: ApiToken[] }>('/api/api_tokens');
    expect(JSON.stringify(admin.body)).not.toContain(made.token.slice(API_TOKEN_PREFIX.length));
    // An administrator may put any permission but user management into a token.
    expect(list.body.grantable).toContain('main.admin');
    expect(list.body.grantable).toContain('main.plugins.manage');
    expect(list.body.grantable).not.toContain('main.users.edit');
  });

  it('refuses permissions the user does not hold, user management, no permissions, a bad name or expiry', async () => {
    const user = await createUser(server, org, { login: login('perm'), permissions: 'main.items.show' });
    const own = await user.client.get<OwnApiTokens>('/api/profile/api_tokens');
    expect(own.body.grantable).toEqual(['main.items.show']);
    const bad = async (body: Record<string, unknown>, message: string, field: string) => {
      const res = await user.client.post('/api/profile/api_tokens', {
        name: 'x',
        permissions: ['main.items.show'],
        expiresInDays: 30,
        ...body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ message, field });
    };
    await bad({ permissions: ['main.items.edit'] }, MSG.apiTokenPermissionNotOwn, 'permissions');
    await bad({ permissions: ['main.admin'] }, MSG.apiTokenPermissionNotOwn, 'permissions');
    await bad({ permissions: [] }, API_TOKEN_MSG.permissionsRequired, 'permissions');
    await bad({ permissions: ['nie.ma'] }, API_TOKEN_MSG.permissionsInvalid, 'permissions.0');
    await bad({ name: '   ' }, API_TOKEN_MSG.nameRequired, 'name');
    await bad({ name: 'x'.repeat(101) }, API_TOKEN_MSG.nameTooLong, 'name');
    await bad({ expiresInDays: 366 }, API_TOKEN_MSG.expiryInvalid, 'expiresInDays');
    await bad({ expiresInDays: 0 }, API_TOKEN_MSG.expiryInvalid, 'expiresInDays');
    await bad({ expiresInDays: undefined }, API_TOKEN_MSG.expiryInvalid, 'expiresInDays');
    // Even an administrator cannot give a token user management.
    const admin = await org.admin.post('/api/profile/api_tokens', {
      name: 'x',
      permissions: ['main.users.edit'],
      expiresInDays: 30,
    });
    expect(admin.status).toBe(400);
    expect(await ownTokens(user.client)).toEqual([]);
  });

  it(`allows at most ${API_TOKEN_MAX_ACTIVE} active tokens a user; a revoked one makes room`, async () => {
    const user = await createUser(server, org, { login: login('many'), permissions: 'main.items.show' });
    const made: ApiTokenCreated[] = [];
    for (let i = 0; i < API_TOKEN_MAX_ACTIVE; i++) made.push(await makeToken(user.client, ['main.items.show']));
    const refused = await user.client.post('/api/profile/api_tokens', {
      name: 'jeden za dużo',
      permissions: ['main.items.show'],
      expiresInDays: 1,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: MSG.apiTokenTooMany(API_TOKEN_MAX_ACTIVE) });
    expect((await user.client.delete(`/api/profile/api_tokens?id=${made[0]!.apiToken.id}`)).status).toBe(204);
    await makeToken(user.client, ['main.items.show']);
  });
});

describe('what a token may do', () => {
  it('calls routes of its permissions without cookie or XSRF header, and gets 403 on others', async () => {
    const { token } = await makeToken(org.admin, ['main.items.show', 'main.items.edit']);
    expect((await call(token, 'GET', '/api/items?page=1&perPage=25')).status).toBe(200);
    // A change with no XSRF cookie or header: a script's request is not a forged one.
    const group = await call<{ id: number; name: string }>(token, 'POST', '/api/item_groups', {
      json: { name: 'Grupa ze skryptu' },
    });
    expect(group.status).toBe(200);
    expect(group.body.name).toBe('Grupa ze skryptu');
    expect(group.headers.get('set-cookie')).toBeNull();
    // Orders are not in the token.
    const orders = await call(token, 'GET', '/api/orders?page=1&perPage=25');
    expect(orders.status).toBe(403);
    expect(orders.body).toMatchObject({ message: MSG.forbidden });
    expect((await call(token, 'DELETE', `/api/orders?id=1`)).status).toBe(403);
  });

  it("calls a plugin's routes with the plugin's permission", async () => {
    expect((await org.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'moto' } })).status).toBe(204);
    const user = await createUser(server, org, { login: login('moto'), permissions: 'plugin.moto.catalogue' });
    const own = await user.client.get<OwnApiTokens>('/api/profile/api_tokens');
    expect(own.body.grantable).toEqual(['plugin.moto.catalogue']);
    const moto = await makeToken(user.client, ['plugin.moto.catalogue']);
    const make = await call<{ id: number }>(moto.token, 'POST', '/api/plugins/moto/makes', {
      json: { name: 'Marka ze skryptu' },
    });
    expect(make.status).toBe(200);
    const other = await makeToken(org.admin, ['main.items.show']);
    const refused = await call(other.token, 'POST', '/api/plugins/moto/makes', { json: { name: 'Nie' } });
    expect(refused.status).toBe(403);
  });

  it("loses at once what its user loses, and never gets more than the user's own", async () => {
    const user = await createUser(server, org, {
      login: login('shrink'),
      permissions: 'main.items.show;main.order.show',
    });
    const { token } = await makeToken(user.client, ['main.items.show', 'main.order.show']);
    expect((await call(token, 'GET', '/api/orders?page=1&perPage=25')).status).toBe(200);
    const put = await org.admin.put('/api/users', { id: user.id, permissions: 'main.items.show;main.items.edit' });
    expect(put.status).toBe(200);
    // The very next call: the kept token row was forgotten with the change.
    expect((await call(token, 'GET', '/api/orders?page=1&perPage=25')).status).toBe(403);
    expect((await call(token, 'GET', '/api/items?page=1&perPage=25')).status).toBe(200);
    // main.items.edit was given to the user later: the token does not get it.
    expect((await call(token, 'DELETE', '/api/items?id=999999')).status).toBe(403);
    // The list still shows what was chosen.
    const [listed] = await ownTokens(user.client);
    expect(listed!.permissions).toEqual(['main.items.show', 'main.order.show']);
  });

  it('an administrator token keeps working while its user is an administrator', async () => {
    const user = await createUser(server, org, { login: login('adm'), permissions: 'main.admin' });
    const { token } = await makeToken(user.client, ['main.admin']);
    expect((await call(token, 'GET', '/api/orders?page=1&perPage=25')).status).toBe(200);
    expect((await org.admin.put('/api/users', { id: user.id, permissions: 'main.items.show' })).status).toBe(200);
    // main.admin is gone from the user, so from the token: nothing is left.
    expect((await call(token, 'GET', '/api/items?page=1&perPage=25')).status).toBe(403);
  });

  it('ends at its expiry: refused with its own message, listed as expired', async () => {
    const user = await createUser(server, org, { login: login('exp'), permissions: 'main.items.show' });
    const made = await makeToken(user.client, ['main.items.show'], { days: 1 });
    // A long session (30 days) to read the list a day later.
    const long = new ApiClient(server.url);
    await long.login(user.login, user.pass, true);
    expect((await call(made.token, 'GET', '/api/items?page=1&perPage=25')).status).toBe(200);
    server.clock.offsetMs = DAY_MS - 1000;
    try {
      expect((await call(made.token, 'GET', '/api/items?page=1&perPage=25')).status).toBe(200);
      server.clock.offsetMs = DAY_MS + 1;
      const res = await call(made.token, 'GET', '/api/items?page=1&perPage=25');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ message: MSG.apiTokenExpired });
      const [listed] = (await ownTokens(long)).filter((t) => t.id === made.apiToken.id);
      expect(listed!.state).toBe('expired');
    } finally {
      server.clock.offsetMs = 0;
    }
  });

  it('is refused at once after its revocation, and stays listed as revoked', async () => {
    const user = await createUser(server, org, { login: login('rev'), permissions: 'main.items.show' });
    const made = await makeToken(user.client, ['main.items.show']);
    const kept = await makeToken(user.client, ['main.items.show']);
    // Checked once, so the server keeps its row for a second.
    expect((await call(made.token, 'GET', '/api/items?page=1&perPage=25')).status).toBe(200);
    expect((await user.client.delete(`/api/profile/api_tokens?id=${made.apiToken.id}`)).status).toBe(204);
    const res = await call(made.token, 'GET', '/api/items?page=1&perPage=25');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: MSG.apiTokenRevoked });
    const listed = (await ownTokens(user.client)).find((t) => t.id === made.apiToken.id)!;
    expect(listed.state).toBe('revoked');
    expect(listed.revokedAt).not.toBeNull();
    // Revoking again changes nothing; the other token still works.
    expect((await user.client.delete(`/api/profile/api_tokens?id=${made.apiToken.id}`)).status).toBe(204);
    expect((await call(kept.token, 'GET', '/api/items?page=1&perPage=25')).status).toBe(200);
  });

  it("dies with its user; survives the user's password change and sign-out", async () => {
    const user = await createUser(server, org, { login: login('life'), permissions: 'main.items.show' });
    const { token } = await makeToken(user.client, ['main.items.show']);
    const profile = await user.client.get<{ name: string; email: string; tel: string }>('/api/profile');
    const changed = await user.client.put('/api/profile', {
      name: profile.body.name,
      email: profile.body.email,
      tel: profile.body.tel,
      pass: 'Nowe-Haslo-123',
      oldPass: user.pass,
    });
    expect(changed.status).toBe(200);
    expect((await call(token, 'GET', '/api/items?page=1&perPage=25')).status).toBe(200);
    expect((await user.client.delete('/api/login')).status).toBe(204);
    expect((await call(token, 'GET', '/api/items?page=1&perPage=25')).status).toBe(200);
    expect((await org.admin.delete(`/api/users?id=${user.id}`)).status).toBe(204);
    const gone = await call(token, 'GET', '/api/items?page=1&perPage=25');
    expect(gone.status).toBe(401);
    expect(gone.body).toMatchObject({ message: MSG.apiTokenInvalid });
  });
});

describe('where a token is refused', () => {
  let token: string;
  let user: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    user = await createUser(server, org, {
      login: login('where'),
      permissions: 'main.items.show;main.order.show;main.settings.edit',
    });
    token = (await makeToken(user.client, ['main.items.show', 'main.order.show', 'main.settings.edit'])).token;
  });

  it('in the session header, and in the token cookie of an <img> route', async () => {
    const inHeader = await fetch(`${server.url}/api/items?page=1&perPage=25`, { headers: { [AUTH_HEADER]: token } });
    expect(inHeader.status).toBe(401);
    expect(await inHeader.json()).toMatchObject({ message: MSG.apiTokenInSessionHeader });
    const image = `/api/image?p=${org.prefix}&name=${'a'.repeat(32)}.jpg`;
    const inCookie = await fetch(server.url + image, { headers: { cookie: `${TOKEN_STORAGE_KEY}=${token}` } });
    expect(inCookie.status).toBe(401);
    // The same route takes the token in its header (the file is missing: 404, past the guard).
    expect((await call(token, 'GET', image)).status).toBe(404);
  });

  it('a session token in Authorization: Bearer', async () => {
    const res = await call(user.client.token!, 'GET', '/api/items?page=1&perPage=25');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: MSG.sessionTokenInAuthorization });
    // A change with a session token in Authorization is not spared the XSRF check either.
    const post = await call(user.client.token!, 'POST', '/api/item_groups', { json: { name: 'Nie' } });
    expect(post.status).toBe(403);
    expect(post.body).toMatchObject({ message: MSG.xsrf });
  });

  it('on the account routes: sessions, API tokens, password and profile, users', async () => {
    const other = await createUser(server, org, { login: login('victim') });
    const admin = (await makeToken(org.admin, ['main.admin'])).token;
    const calls: { method: string; url: string; json?: unknown }[] = [
      { method: 'GET', url: '/api/login' },
      { method: 'PUT', url: '/api/login', json: { longtoken: true } },
      { method: 'DELETE', url: '/api/login' },
      { method: 'PUT', url: '/api/profile', json: { name: 'X', email: '', tel: '123456789', pass: 'Haslo-12345' } },
      { method: 'GET', url: '/api/profile/api_tokens' },
      {
        method: 'POST',
        url: '/api/profile/api_tokens',
        json: { name: 'x', permissions: ['main.items.show'], expiresInDays: 1 },
      },
      { method: 'DELETE', url: '/api/profile/api_tokens?id=1' },
      { method: 'GET', url: '/api/api_tokens' },
      { method: 'DELETE', url: '/api/api_tokens?id=1' },
      {
        method: 'POST',
        url: '/api/users',
        json: { login: 'nowy', pass: 'Haslo-12345', permissions: 'main.admin' },
      },
      { method: 'PUT', url: '/api/users', json: { id: other.id, permissions: 'main.admin' } },
      { method: 'DELETE', url: `/api/users?id=${other.id}` },
    ];
    for (const c of calls) {
      const res = await call(admin, c.method, c.url, c.json === undefined ? {} : { json: c.json });
      expect(res.status, `${c.method} ${c.url}`).toBe(403);
      expect(res.body).toMatchObject({ message: MSG.apiTokenSessionOnly });
    }
    // Nothing happened: the user is there unchanged, the admin's session lives, no token was made.
    const still = await org.admin.get<{ permissions: string }>(`/api/users?id=${other.id}`);
    expect(still.status).toBe(200);
    expect(still.body.permissions).toBe('');
    expect((await org.admin.get('/api/login')).status).toBe(200);
    // Reading users and the own profile is fine.
    expect((await call(admin, 'GET', '/api/users')).status).toBe(200);
    expect((await call(admin, 'GET', '/api/profile')).status).toBe(200);
  });

  it('unknown, empty or malformed tokens; Basic credentials are not a token', async () => {
    for (const value of [`${API_TOKEN_PREFIX}nieznany`, `${API_TOKEN_PREFIX}${'x'.repeat(300)}`]) {
      const res = await call(value, 'GET', '/api/items?page=1&perPage=25');
      expect(res.status).toBe(401);
    }
    const empty = await fetch(`${server.url}/api/items`, { headers: { authorization: 'Bearer' } });
    expect(empty.status).toBe(401);
    // A made-up API token gets no further on a change: 401, nothing written.
    const post = await call(`${API_TOKEN_PREFIX}nieznany`, 'POST', '/api/item_groups', { json: { name: 'Nie' } });
    expect(post.status).toBe(401);
    // Basic credentials (a browser may send them by itself) count for nothing: no XSRF exemption.
    const basic = await fetch(`${server.url}/api/item_groups`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Nie' }),
    });
    expect(basic.status).toBe(403);
    const groups = await org.admin.get<{ itemGroups: { name: string }[] }>('/api/item_groups');
    expect(groups.body.itemGroups.map((g) => g.name)).not.toContain('Nie');
  });
});

describe('isolation between organisations', () => {
  it("a token sees only its organisation; the other organisation's ids read like missing ones", async () => {
    const mine = await org.admin.post<{ id: number }>('/api/item_groups', { name: 'Grupa A' });
    const theirs = await other.admin.post<{ id: number }>('/api/item_groups', { name: 'Grupa B' });
    const { token } = await makeToken(org.admin, ['main.items.edit']);
    const list = await call<{ itemGroups: { id: number }[] }>(token, 'GET', '/api/item_groups');
    expect(list.body.itemGroups.map((g) => g.id)).toContain(mine.body.id);
    expect(list.body.itemGroups.map((g) => g.id)).not.toContain(theirs.body.id);
    const put = await call(token, 'PUT', '/api/item_groups', { json: { id: theirs.body.id, name: 'Przejęta' } });
    expect(put.status).toBe(404);
    const read = await other.admin.get<{ name: string }>(`/api/item_groups?id=${theirs.body.id}`);
    expect(read.body.name).toBe('Grupa B');
    const me = await call<{ organization: { prefix: string } }>(token, 'GET', '/api/profile');
    expect(me.body.organization.prefix).toBe(org.prefix);
  });

  it("another organisation's administrator neither lists nor revokes a token", async () => {
    const made = await makeToken(org.admin, ['main.items.show']);
    const theirList = await other.admin.get<{ tokens: ApiToken[] }>('/api/api_tokens');
    expect(theirList.status).toBe(200);
    expect(theirList.body.tokens.map((t) => t.id)).not.toContain(made.apiToken.id);
    const theirUser = await other.admin.get<{ tokens: ApiToken[] }>(`/api/api_tokens?userId=${made.apiToken.userId}`);
    expect(theirUser.body.tokens).toEqual([]);
    for (const url of [`/api/api_tokens?id=${made.apiToken.id}`, `/api/profile/api_tokens?id=${made.apiToken.id}`]) {
      const res = await other.admin.delete(url);
      expect(res.status, url).toBe(404);
      expect(res.body).toMatchObject({ message: MSG.apiTokenNotFound });
    }
    expect((await call(made.token, 'GET', '/api/items?page=1&perPage=25')).status).toBe(200);
  });
});

describe("a user manager and the organisation's tokens", () => {
  it('lists and revokes other users’ tokens; a plain user may not; a manager who is no administrator not an administrator’s', async () => {
    const worker = await createUser(server, org, { login: login('prac'), permissions: 'main.items.show' });
    const made = await makeToken(worker.client, ['main.items.show']);
    const byUser = await org.admin.get<{ tokens: ApiToken[] }>(`/api/api_tokens?userId=${worker.id}`);
    expect(byUser.body.tokens.map((t) => [t.id, t.userLogin])).toEqual([[made.apiToken.id, worker.login]]);
    // The worker sees only their own, and may not see or revoke anybody else's.
    expect((await worker.client.get('/api/api_tokens')).status).toBe(403);
    const adminToken = await makeToken(org.admin, ['main.items.show']);
    expect((await worker.client.delete(`/api/profile/api_tokens?id=${adminToken.apiToken.id}`)).status).toBe(404);
    expect((await worker.client.delete(`/api/api_tokens?id=${adminToken.apiToken.id}`)).status).toBe(403);

    const manager = await createUser(server, org, {
      login: login('kier'),
      permissions: 'main.users.edit;main.items.show',
    });
    expect((await manager.client.delete(`/api/api_tokens?id=${adminToken.apiToken.id}`)).status).toBe(403);
    expect((await call(adminToken.token, 'GET', '/api/items?page=1&perPage=25')).status).toBe(200);
    expect((await manager.client.delete(`/api/api_tokens?id=${made.apiToken.id}`)).status).toBe(204);
    expect((await call(made.token, 'GET', '/api/items?page=1&perPage=25')).status).toBe(401);
    expect((await org.admin.delete(`/api/api_tokens?id=${adminToken.apiToken.id}`)).status).toBe(204);
    expect((await call(adminToken.token, 'GET', '/api/items?page=1&perPage=25')).status).toBe(401);
  });
});

describe('use of a token', () => {
  it('notes the last use (time and address) at most once a minute', async () => {
    const user = await createUser(server, org, { login: login('use'), permissions: 'main.items.show' });
    const made = await makeToken(user.client, ['main.items.show']);
    const lastUse = async () => (await ownTokens(user.client)).find((t) => t.id === made.apiToken.id)!;
    expect((await lastUse()).lastUsedAt).toBeNull();
    expect((await call(made.token, 'GET', '/api/items?page=1&perPage=25')).status).toBe(200);
    const first = await lastUse();
    expect(first.lastUsedAt).not.toBeNull();
    expect(first.lastUsedIp).toBe('127.0.0.1');
    server.clock.offsetMs = 30_000;
    try {
      await call(made.token, 'GET', '/api/items?page=1&perPage=25');
      expect((await lastUse()).lastUsedAt).toBe(first.lastUsedAt);
      server.clock.offsetMs = 61_000;
      await call(made.token, 'GET', '/api/items?page=1&perPage=25');
      const later = (await lastUse()).lastUsedAt!;
      expect(new Date(later).getTime()).toBeGreaterThan(new Date(first.lastUsedAt!).getTime() + 60_000);
    } finally {
      server.clock.offsetMs = 0;
    }
  });

  it("logs every call with the token's id and name, never the token itself", async () => {
    const made = await makeToken(org.admin, ['main.items.show'], { name: 'Token do logu' });
    for (let i = 0; i < 3; i++)
      expect((await call(made.token, 'GET', `/api/items?page=${i + 1}&perPage=25`)).status).toBe(200);
    await call(made.token, 'GET', '/api/orders?page=1&perPage=25');
    await call(`${API_TOKEN_PREFIX}zle`, 'GET', '/api/items?page=1&perPage=25');
    let completed: Record<string, unknown>[] = [];
    for (let i = 0; i < 100; i++) {
      completed = lines
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.msg === 'request completed' && l.apiTokenId === made.apiToken.id);
      if (completed.length >= 4) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(completed.map((l) => (l.res as { statusCode: number }).statusCode)).toEqual([200, 200, 200, 403]);
    expect(completed.every((l) => l.apiTokenName === 'Token do logu')).toBe(true);
    const log = lines.join('\n');
    expect(log).toContain('"msg":"api token created"');
    expect(log).not.toContain(made.token);
    expect(log).not.toContain(made.token.slice(API_TOKEN_PREFIX.length));
    expect(log.toLowerCase()).not.toContain('"authorization"');
  });

  it('purges tokens ended or revoked 90 days ago, and keeps them until then', async () => {
    const user = await createUser(server, org, { login: login('purge'), permissions: 'main.items.show' });
    const ended = await makeToken(user.client, ['main.items.show'], { days: 1 });
    const revoked = await makeToken(user.client, ['main.items.show'], { days: 365 });
    const live = await makeToken(user.client, ['main.items.show'], { days: 365 });
    expect((await user.client.delete(`/api/profile/api_tokens?id=${revoked.apiToken.id}`)).status).toBe(204);
    const ctx = { deps: server.deps, db: server.deps.db, ip: '127.0.0.1', locale: 'pl', log: consoleLog };
    const left = async () =>
      (
        await server.deps.db
          .selectFrom('api_tokens')
          .select('id')
          .where('user_id', '=', user.id)
          .orderBy('id')
          .execute()
      ).map((r) => r.id);
    // Only the API tokens' purge: the sessions' would end every session of this file's server.
    server.clock.offsetMs = 80 * DAY_MS;
    try {
      await purgeEndedApiTokens(ctx);
      expect(await left()).toEqual([ended.apiToken.id, revoked.apiToken.id, live.apiToken.id]);
      server.clock.offsetMs = 92 * DAY_MS;
      await purgeEndedApiTokens(ctx);
      expect(await left()).toEqual([live.apiToken.id]);
    } finally {
      server.clock.offsetMs = 0;
    }
  });
});

describe('the per-token rate limit', () => {
  let limited: TestServer;
  let limitedOrg: TestOrg;
  beforeAll(async () => {
    limited = await startTestServer({ apiTokenRatePerMinute: 3 });
    limitedOrg = await createOrg(limited);
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After past the limit, for that token only, until its minute ends', async () => {
    const one = await makeToken(limitedOrg.admin, ['main.items.show']);
    const two = await makeToken(limitedOrg.admin, ['main.items.show']);
    const get = (token: string) => script(limited.url, token, 'GET', '/api/items?page=1&perPage=25');
    for (let i = 0; i < 3; i++) expect((await get(one.token)).status).toBe(200);
    const refused = await get(one.token);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.body).toEqual({ code: 429, message: MSG.apiTokenRateLimited(wait) });
    // The other token and the browser session are not limited by it.
    expect((await get(two.token)).status).toBe(200);
    expect((await limitedOrg.admin.get('/api/items?page=1&perPage=25')).status).toBe(200);
    limited.clock.offsetMs = 61_000;
    try {
      expect((await get(one.token)).status).toBe(200);
    } finally {
      limited.clock.offsetMs = 0;
    }
  });
});
