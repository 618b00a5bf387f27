import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TOKEN_LONG_ABSOLUTE_MS,
  TOKEN_LONG_MS,
  TOKEN_SHORT_ABSOLUTE_MS,
  TOKEN_SHORT_MS,
  tokenObjectSchema,
  type TokenObject,
} from '@zaplecze/contract';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';

let server: TestServer;
let org: TestOrg;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
});
afterAll(() => server.close());

const msLeft = (t: TokenObject) => new Date(t.validTo).getTime() - server.deps.now().getTime();

describe('POST /api/login', () => {
  it('signs in with a form post and answers the token object', async () => {
    const c = new ApiClient(server.url);
    const res = await c.request<TokenObject>('POST', '/api/login', {
      form: { login: org.adminLogin, pass: org.adminPass, longtoken: 'false' },
    });
    expect(res.status).toBe(200);
    const t = tokenObjectSchema.parse(res.body);
    expect(t.user.login).toBe(org.adminLogin);
    expect(t.user.permissions).toBe('main.admin');
    expect(t.user.organization.prefix).toBe(org.prefix);
    expect(t.longSession).toBe(false);
    // at least 128 random bits, URL-safe
    expect(t.token).toMatch(/^[\w-]{22,}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/pass|hash/i);
  });

  it('signs in with JSON too, and the login is case-insensitive', async () => {
    const c = new ApiClient(server.url);
    const res = await c.post<TokenObject>('/api/login', { login: org.adminLogin.toUpperCase(), pass: org.adminPass });
    expect(res.status).toBe(200);
    expect(res.body.user.login).toBe(org.adminLogin);
  });

  it('gives a short session of 12 hours and a long one ("save login") of 30 days', async () => {
    const short = await new ApiClient(server.url).login(org.adminLogin, org.adminPass, false);
    const long = await new ApiClient(server.url).login(org.adminLogin, org.adminPass, true);
    expect(Math.abs(msLeft(short) - TOKEN_SHORT_MS)).toBeLessThan(60_000);
    expect(Math.abs(msLeft(long) - TOKEN_LONG_MS)).toBeLessThan(60_000);
    expect(TOKEN_SHORT_MS).toBe(12 * HOUR);
    expect(TOKEN_LONG_MS).toBe(30 * 24 * HOUR);
    expect(long.longSession).toBe(true);
  });

  it('answers the same 401 message for a wrong login and a wrong password', async () => {
    const c = new ApiClient(server.url);
    const wrongPass = await c.post('/api/login', { login: org.adminLogin, pass: 'zle-haslo-123' });
    const wrongLogin = await c.post('/api/login', { login: `${org.prefix}_nikt`, pass: org.adminPass });
    expect(wrongPass.status).toBe(401);
    expect(wrongLogin.status).toBe(401);
    expect(wrongPass.body).toEqual(wrongLogin.body);
    expect(wrongPass.body.message).toBe('Niepoprawny login lub hasło.');
  });

  it('refuses a missing login or password with 400 and a Polish message', async () => {
    const c = new ApiClient(server.url);
    const noLogin = await c.post('/api/login', { pass: 'x' });
    expect(noLogin.status).toBe(400);
    expect(noLogin.body.message).toBe('Podaj login.');
    const noPass = await c.post('/api/login', { login: 'x' });
    expect(noPass.status).toBe(400);
    expect(noPass.body.message).toBe('Podaj hasło.');
  });

  it('stores tokens only as hashes', async () => {
    const t = await new ApiClient(server.url).login(org.adminLogin, org.adminPass);
    const rows = await server.deps.db.selectFrom('auth_tokens').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.token_hash).not.toContain(t.token);
      expect(r.token_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    const users = await server.deps.db.selectFrom('users').select('pass_hash').execute();
    for (const u of users) {
      expect(u.pass_hash).not.toContain(org.adminPass);
      expect(u.pass_hash).toMatch(/^\$(argon2id|scrypt)/);
    }
  });
});

describe('GET /api/login (token check)', () => {
  it('answers the token object for a valid token', async () => {
    const c = new ApiClient(server.url);
    const t = await c.login(org.adminLogin, org.adminPass, true);
    const res = await c.get<TokenObject>('/api/login');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token: t.token, validTo: t.validTo, longSession: true });
    expect(res.body.user.id).toBe(t.user.id);
  });

  it('answers 401 for a missing or unknown token', async () => {
    const c = new ApiClient(server.url);
    expect((await c.get('/api/login')).status).toBe(401);
    c.token = 'x'.repeat(43);
    const res = await c.get('/api/login');
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/zaloguj/i);
  });

  it('answers 401 once the token has expired (server clock moved)', async () => {
    const c = new ApiClient(server.url);
    await c.login(org.adminLogin, org.adminPass, false);
    server.clock.offsetMs = 11 * HOUR;
    try {
      expect((await c.get('/api/login')).status).toBe(200);
      server.clock.offsetMs = 12 * HOUR + 60_000;
      expect((await c.get('/api/login')).status).toBe(401);
      expect((await c.get('/api/users')).status).toBe(401);
    } finally {
      server.clock.offsetMs = 0;
    }
  });
});

describe('PUT /api/login (renew)', () => {
  it('extends a valid token to its full length again', async () => {
    const c = new ApiClient(server.url);
    const t = await c.login(org.adminLogin, org.adminPass, false);
    server.clock.offsetMs = 10 * HOUR;
    try {
      expect(msLeft(t)).toBeLessThan(3 * HOUR);
      const res = await c.put<TokenObject>('/api/login', {});
      expect(res.status).toBe(200);
      expect(res.body.token).toBe(t.token);
      expect(Math.abs(msLeft(res.body) - TOKEN_SHORT_MS)).toBeLessThan(60_000);
      // still valid past the original end
      server.clock.offsetMs = 13 * HOUR;
      expect((await c.get('/api/login')).status).toBe(200);
    } finally {
      server.clock.offsetMs = 0;
    }
  });

  it('renews a long session to 30 days', async () => {
    const c = new ApiClient(server.url);
    await c.login(org.adminLogin, org.adminPass, true);
    server.clock.offsetMs = 26 * 24 * HOUR;
    try {
      const res = await c.put<TokenObject>('/api/login', {});
      expect(res.status).toBe(200);
      expect(res.body.longSession).toBe(true);
      expect(Math.abs(msLeft(res.body) - TOKEN_LONG_MS)).toBeLessThan(60_000);
    } finally {
      server.clock.offsetMs = 0;
    }
  });

  it('cannot renew an expired token', async () => {
    const c = new ApiClient(server.url);
    await c.login(org.adminLogin, org.adminPass, false);
    server.clock.offsetMs = 13 * HOUR;
    try {
      expect((await c.put('/api/login', {})).status).toBe(401);
    } finally {
      server.clock.offsetMs = 0;
    }
  });
});

describe('PUT /api/login: the session ends at a fixed time from sign-in', () => {
  const DAY = 24 * HOUR;
  const at = (offsetMs: number) => {
    server.clock.offsetMs = offsetMs;
  };

  it('renews a short session to 12 hours, but never past 24 hours from its sign-in', async () => {
    expect(TOKEN_SHORT_ABSOLUTE_MS).toBe(DAY);
    const c = new ApiClient(server.url);
    const t = await c.login(org.adminLogin, org.adminPass, false);
    const signedIn = new Date(t.validTo).getTime() - TOKEN_SHORT_MS;
    try {
      at(10 * HOUR);
      expect(Math.abs(msLeft((await c.put<TokenObject>('/api/login', {})).body) - TOKEN_SHORT_MS)).toBeLessThan(60_000);
      at(20 * HOUR);
      const last = await c.put<TokenObject>('/api/login', {});
      expect(last.status).toBe(200);
      expect(Math.abs(new Date(last.body.validTo).getTime() - (signedIn + DAY))).toBeLessThan(60_000);
      at(23 * HOUR + 50 * 60_000);
      const again = await c.put<TokenObject>('/api/login', {});
      expect(again.body.validTo).toBe(last.body.validTo);
      at(DAY + 60_000);
      expect((await c.get('/api/login')).status).toBe(401);
      expect((await c.put('/api/login', {})).status).toBe(401);
    } finally {
      at(0);
    }
  });

  it('renews a long session to 30 days, but never past 90 days from its sign-in', async () => {
    expect(TOKEN_LONG_ABSOLUTE_MS).toBe(90 * DAY);
    const c = new ApiClient(server.url);
    const t = await c.login(org.adminLogin, org.adminPass, true);
    const signedIn = new Date(t.validTo).getTime() - TOKEN_LONG_MS;
    try {
      for (const day of [26, 52, 78]) {
        at(day * DAY);
        expect((await c.put('/api/login', {})).status).toBe(200);
      }
      at(85 * DAY);
      const last = await c.put<TokenObject>('/api/login', { longtoken: true });
      expect(last.body.longSession).toBe(true);
      expect(Math.abs(new Date(last.body.validTo).getTime() - (signedIn + 90 * DAY))).toBeLessThan(60_000);
      at(90 * DAY + 60_000);
      expect((await c.get('/api/login')).status).toBe(401);
    } finally {
      at(0);
    }
  });

  it('refuses to turn a short session into a long one without the password (403), and the token stays short', async () => {
    const c = new ApiClient(server.url);
    const t = await c.login(org.adminLogin, org.adminPass, false);
    const res = await c.put('/api/login', { longtoken: true });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Długą sesję („Zapamiętaj logowanie”) można włączyć tylko przy logowaniu hasłem.');
    const now = await c.get<TokenObject>('/api/login');
    expect(now.body).toMatchObject({ longSession: false, validTo: t.validTo });
    try {
      at(TOKEN_SHORT_MS + 60_000);
      expect((await c.get('/api/login')).status).toBe(401);
    } finally {
      at(0);
    }
  });

  it('turns a long session into a short one on longtoken=false', async () => {
    const c = new ApiClient(server.url);
    await c.login(org.adminLogin, org.adminPass, true);
    const res = await c.put<TokenObject>('/api/login', { longtoken: false });
    expect(res.status).toBe(200);
    expect(res.body.longSession).toBe(false);
    expect(Math.abs(msLeft(res.body) - TOKEN_SHORT_MS)).toBeLessThan(60_000);
    try {
      at(10 * HOUR);
      expect((await c.put<TokenObject>('/api/login', {})).body.longSession).toBe(false);
      at(20 * HOUR);
      expect(Math.abs(msLeft((await c.put<TokenObject>('/api/login', {})).body) - 4 * HOUR)).toBeLessThan(60_000);
      at(DAY + 60_000);
      expect((await c.get('/api/login')).status).toBe(401);
    } finally {
      at(0);
    }
  });
});

describe('DELETE /api/login (logout)', () => {
  it('revokes the token: the next call answers 401, other sessions stay', async () => {
    const a = new ApiClient(server.url);
    const b = new ApiClient(server.url);
    await a.login(org.adminLogin, org.adminPass);
    await b.login(org.adminLogin, org.adminPass);
    const res = await a.delete('/api/login');
    expect(res.status).toBeLessThan(300);
    expect((await a.get('/api/login')).status).toBe(401);
    expect((await a.get('/api/users')).status).toBe(401);
    expect((await b.get('/api/login')).status).toBe(200);
  });
});
