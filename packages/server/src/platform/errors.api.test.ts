import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@zaplecze/contract';
import { ApiClient, startTestServer, type TestServer } from '../../test/harness';
import { createOrg, type TestOrg } from '../../test/factories';

let server: TestServer;
let org: TestOrg;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
});
afterAll(() => server.close());

/** Every failure: JSON with a Polish message, the status repeated, no stack trace or SQL. */
function expectError(res: { status: number; body: unknown; headers: Headers }, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  const body = errorBodySchema.parse(res.body);
  expect(body.code).toBe(status);
  expect(body.message).toMatch(/[ąćęłńóśźż]|Nie |Niepoprawn|Brak|Zbyt|Podaj/);
  expect(JSON.stringify(res.body)).not.toMatch(/\bat \S+:\d+|stack|node_modules|SELECT|sqlite|Invalid input|Expected/i);
  return body;
}

describe('bad input', () => {
  it('malformed JSON answers 400 in Polish', async () => {
    const empty = await org.admin.request('POST', '/api/users', { headers: { 'content-type': 'application/json' } });
    expectError(empty, 400);
    const raw = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' },
      body: '{"login": "x", ',
    });
    const body = expectError({ status: raw.status, body: await raw.json(), headers: raw.headers }, 400);
    expect(body.message).toBe('Niepoprawny format danych (JSON).');
  });

  it('a JSON body of the wrong shape answers 400 in Polish', async () => {
    expectError(await org.admin.post('/api/users', [1, 2]), 400);
    expectError(await org.admin.post('/api/users', 'tekst'), 400);
    expectError(await org.admin.post('/api/users', { login: 12, pass: true }), 400);
  });

  it('a body over 1 MB answers 413', async () => {
    const big = 'x'.repeat(1024 * 1024 + 10);
    expectError(await org.admin.post('/api/users', { login: 'a', pass: big }), 413);
  });

  it('an unsupported content type answers 415 in Polish', async () => {
    const res = await org.admin.request('POST', '/api/users', { headers: { 'content-type': 'text/xml' } });
    expect([400, 415]).toContain(res.status);
    expectError(res, res.status);
  });

  it.each(['abc', '-1', '0', '1.5', '1e99', '99999999999', '%00', "1' or '1'='1"])(
    'id=%s answers 400, never 500',
    async (id) => {
      const q = encodeURIComponent(id);
      expectError(await org.admin.get(`/api/users?id=${q}`), 400);
      expectError(await org.admin.get(`/api/users/${q}`), 400);
      expectError(await org.admin.delete(`/api/users?id=${q}`), 400);
    },
  );

  it('an id in a body of the wrong type answers 400', async () => {
    for (const id of ['abc', -1, 1.5, 1e99, null, {}])
      expectError(await org.admin.put('/api/users', { id, name: 'x' }), 400);
  });
});

describe('routing and access', () => {
  it('an unknown /api path answers 404 JSON, for any method', async () => {
    expectError(await org.admin.get('/api/nie-ma-takiego'), 404);
    expectError(await org.admin.post('/api/nie/ma', {}), 404);
    expectError(await org.admin.get('/api/users/1/extra'), 404);
  });

  it('missing token answers 401', async () => {
    const anon = new ApiClient(server.url);
    expectError(await anon.get('/api/users'), 401);
    expectError(await anon.post('/api/users', {}), 401);
  });

  it('a non-GET call without the XSRF header, or with another value, answers 403', async () => {
    const noHeader = await org.admin.request('POST', '/api/users', { json: {}, xsrf: false });
    expect(expectError(noHeader, 403).message).toBe('Nieprawidłowy token XSRF. Odśwież stronę i spróbuj ponownie.');
    const mismatch = await org.admin.request('DELETE', '/api/login', { headers: { 'x-xsrf-token': 'inna-wartosc' } });
    expectError(mismatch, 403);
    expect((await org.admin.get('/api/login')).status).toBe(200);
    // without the cookie the header alone does not pass either
    const raw = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': 'abc' },
      body: JSON.stringify({ login: org.adminLogin, pass: org.adminPass }),
    });
    expect(raw.status).toBe(403);
  });

  it('GET calls need no XSRF header', async () => {
    expect((await org.admin.get('/api/users')).status).toBe(200);
  });
});
