import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_HEADER, XSRF_COOKIE } from '@zaplecze/contract';
import { startTestServer, type TestServer } from '../../test/harness';
import { createOrg, type TestOrg } from '../../test/factories';
import { MSG } from './messages.pl';

let server: TestServer;
let org: TestOrg;
let port: number;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  port = Number(new URL(server.url).port);
});
afterAll(() => server.close());

/**
 * One request written byte for byte over a socket: fetch and URL would normalise the target
 * (dot segments, the absolute form), which is exactly what these tests must not let happen.
 */
function rawRequest(
  method: string,
  target: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    const lines = [
      `${method} ${target} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Connection: close',
      `Content-Length: ${Buffer.byteLength(body)}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}

/** Names of the organisation's item groups (through the ordinary API). */
async function groupNames(): Promise<string[]> {
  const res = await org.admin.get<{ itemGroups: { name: string }[] }>('/api/item_groups');
  expect(res.status).toBe(200);
  return res.body.itemGroups.map((g) => g.name);
}

/**
 * A signed-in browser carries the XSRF cookie on every request, a forged one cannot add the
 * header: every spelling of an API path must be refused before its handler runs.
 */
const TARGETS = [
  '/api/item_groups',
  '/%61pi/item_groups',
  '/%61%70%69/item_groups',
  '/API/item_groups',
  '//api/item_groups',
  '/./api/item_groups',
  '/x/../api/item_groups',
  '/api//item_groups',
  'ABSOLUTE',
];

describe('XSRF check on every non-GET request', () => {
  it.each(TARGETS)('POST %s without the XSRF header answers 403 and creates nothing', async (spelling) => {
    const target = spelling === 'ABSOLUTE' ? `http://127.0.0.1:${port}/api/item_groups` : spelling;
    const name = `Wymuszona ${spelling}`;
    const res = await rawRequest(
      'POST',
      target,
      {
        'Content-Type': 'application/json',
        [AUTH_HEADER]: org.token.token,
        Cookie: `${XSRF_COOKIE}=ciasteczko-przegladarki`,
      },
      JSON.stringify({ name }),
    );
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toEqual({ code: 403, message: MSG.xsrf });
    expect(await groupNames()).not.toContain(name);
  });

  it('the absolute form with the right header still reaches the API', async () => {
    const res = await rawRequest(
      'POST',
      `http://127.0.0.1:${port}/api/item_groups`,
      {
        'Content-Type': 'application/json',
        [AUTH_HEADER]: org.token.token,
        Cookie: `${XSRF_COOKIE}=abc`,
        'X-XSRF-TOKEN': 'abc',
      },
      JSON.stringify({ name: 'Z nagłówkiem' }),
    );
    expect(res.status).toBe(200);
    expect(await groupNames()).toContain('Z nagłówkiem');
  });

  it('PUT and DELETE outside /api are checked too; GET needs no header', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const res = await rawRequest(method, '/%61pi/item_groups', { Cookie: `${XSRF_COOKIE}=abc` }, '');
      expect(res.status, method).toBe(403);
    }
    const get = await rawRequest('GET', '/%61pi/', {}, '');
    expect(get.status).toBe(200);
  });
});
