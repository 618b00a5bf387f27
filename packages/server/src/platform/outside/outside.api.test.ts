/**
 * What integration plugins share (docs/decisions.md, "Integrations: outside calls, connection
 * state, imported orders"), on both engines with real HTTP: the SDK's OutsideClient against a
 * service on loopback (the call log, 401 -> 'Połącz ponownie' and stopped schedules, 429, 5xx,
 * refusals with the service's message, malformed bodies, time limits, never the credentials), the
 * log and connection routes with their permission and tenancy, a plugin's carrier joining
 * GET /carriers only where installed, and the orders face (an outside order imported once, with
 * the importer's transaction; what may be sold).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarriersAnswer, Order, PluginCallsAnswer, PluginConnectionAnswer } from '@zaplecze/contract';
import { createCatalog, itemBody, type Catalog } from '../../../test/catalog';
import { createOrg, createUser, orgIdOf, type TestOrg } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { line, orderBody } from '../../../test/orders';
import { TenantDb } from '../../db/tenant';
import { pluginsModule } from '../../modules/plugins';
import { importOrder, patchImportedOrder, sellableStock } from '../../plugin-sdk/orders';
import { enqueueJob, RetryAfterError, tickSchedules } from '../jobs';
import { OutsideClient, OutsideMalformedError, OutsideRefusedError, OutsideUnavailableError } from './index';
import { pluginJobWorker } from '../../../test/plugin-jobs';

const PLUGIN = 'fixture-outside';
const TOKEN = 'sekretny-token-123';

let server: TestServer;
let a: TestOrg;
let b: TestOrg;
let orgA: number;
let service: http.Server;
let serviceUrl: string;
const seenAuth: string[] = [];

/** The outside service: each path answers one way. */
function startService(): Promise<void> {
  service = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    seenAuth.push(String(req.headers.authorization ?? ''));
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${TOKEN}`)
      return json(401, { errors: [{ code: 'UNAUTHORIZED', userMessage: 'Token wygasł lub jest nieprawidłowy.' }] });
    switch (path) {
      case '/me':
      case '/ok':
      case '/scheduled':
        return json(200, { ok: true });
      case '/limited':
        return json(429, { errors: [] }, { 'retry-after': '120' });
      case '/broken':
        return json(503, { errors: [] });
      case '/refused':
        return json(422, { errors: [{ code: 'VALIDATION_ERROR', userMessage: 'Oferta nie istnieje.' }] });
      case '/garbage':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('<html>nie JSON</html>');
      case '/slow':
        return void setTimeout(() => json(200, {}), 3000);
      default:
        return json(404, {});
    }
  });
  return new Promise((resolve) =>
    service.listen(0, '127.0.0.1', () => {
      serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

const worker = () => pluginJobWorker(server.deps);

async function install(org: TestOrg, token = TOKEN) {
  expect((await org.admin.request('POST', '/api/plugin_install', { form: { pluginId: PLUGIN } })).status).toBe(204);
  const put = await org.admin.put(`/api/plugins/${PLUGIN}/settings`, {
    values: { apiUrl: serviceUrl },
    secrets: { token },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

const calls = async (org: TestOrg, query = '') =>
  (await org.admin.get<PluginCallsAnswer>(`/api/plugin_calls?pluginId=${PLUGIN}${query}`)).body;
const connection = async (org: TestOrg) =>
  (await org.admin.get<PluginConnectionAnswer>(`/api/plugin_connection?pluginId=${PLUGIN}`)).body;

function clientOf(orgId: number) {
  return new OutsideClient({
    pluginId: PLUGIN,
    tdb: new TenantDb(server.deps.db, orgId),
    deps: server.deps,
    baseUrl: `${serviceUrl}/`,
    timeoutMs: 500,
    headers: () => ({ authorization: `Bearer ${TOKEN}` }),
    userMessage: (_s, body) => (body as { errors?: { userMessage?: string }[] } | undefined)?.errors?.[0]?.userMessage,
  });
}

beforeAll(async () => {
  await startService();
  server = await startTestServer();
  a = await createOrg(server);
  b = await createOrg(server);
  orgA = orgIdOf(a);
  await install(a);
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => service.close(resolve));
});

describe('OutsideClient', () => {
  it('answers the parsed JSON and logs the call without its query or credentials', async () => {
    const res = await clientOf(orgA).request<{ ok: boolean }>({
      method: 'GET',
      path: '/ok',
      query: { token: 'nie-w-logu', type: ['A', 'B'] },
      what: 'Pobranie testowe',
      orderId: 77,
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ok: true });
    const last = (await calls(a)).calls[0]!;
    expect(last).toMatchObject({
      method: 'GET',
      path: '/ok',
      status: 200,
      ok: true,
      what: 'Pobranie testowe',
      orderId: 77,
    });
    const rows = JSON.stringify(await server.deps.db.selectFrom('plugin_calls').selectAll().execute());
    expect(rows).not.toContain('nie-w-logu');
    expect(rows).not.toContain(TOKEN);
  });

  it('maps 429, 5xx, refusals, malformed bodies and time limits, each logged', async () => {
    const c = clientOf(orgA);
    const limited = await c.request({ method: 'GET', path: '/limited', what: 'x' }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(RetryAfterError);
    expect((limited as RetryAfterError).seconds).toBe(120);
    const broken = await c.request({ method: 'GET', path: '/broken', what: 'x' }).catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(OutsideUnavailableError);
    expect((broken as OutsideUnavailableError).status).toBe(503);
    const refused = await c
      .request({ method: 'POST', path: '/refused', json: { a: 1 }, what: 'x' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OutsideRefusedError);
    expect((refused as OutsideRefusedError).userMessage).toBe('Oferta nie istnieje.');
    expect(await c.request({ method: 'GET', path: '/garbage', what: 'x' }).catch((e: unknown) => e)).toBeInstanceOf(
      OutsideMalformedError,
    );
    const slow = await c.request({ method: 'GET', path: '/slow', what: 'x' }).catch((e: unknown) => e);
    expect(slow).toBeInstanceOf(OutsideUnavailableError);
    expect((slow as OutsideUnavailableError).status).toBe(0);
    const failed = (await calls(a, '&outcome=error')).calls.slice(0, 5);
    expect(failed.map((x) => [x.path, x.status, x.ok])).toEqual([
      ['/slow', 0, false],
      ['/garbage', 200, false],
      ['/refused', 422, false],
      ['/broken', 503, false],
      ['/limited', 429, false],
    ]);
    expect(failed[2]!.message).toBe('Oferta nie istnieje.');
    expect(failed[0]!.message).toBe('Usługa nie odpowiedziała w ciągu 1 s.');
    // No answer at all: a closed port.
    const closed = new OutsideClient({
      pluginId: PLUGIN,
      tdb: new TenantDb(server.deps.db, orgA),
      deps: server.deps,
      baseUrl: 'http://127.0.0.1:9',
    });
    expect(await closed.request({ method: 'GET', path: '/', what: 'x' }).catch((e: unknown) => e)).toBeInstanceOf(
      OutsideUnavailableError,
    );
  });

  it('refuses to call from inside a database transaction', async () => {
    await expect(
      new TenantDb(server.deps.db, orgA).transaction((tdb) =>
        new OutsideClient({ pluginId: PLUGIN, tdb, deps: server.deps, baseUrl: serviceUrl }).request({
          method: 'GET',
          path: '/ok',
          what: 'x',
        }),
      ),
    ).rejects.toThrow(/inside a database transaction/);
  });
});

describe('call log and connection routes', () => {
  it('need main.plugins.manage, list only the caller organisation and page newest first', async () => {
    const viewer = await createUser(server, a, { login: `widz${Date.now()}`, permissions: 'main.items.show' });
    expect((await viewer.client.get(`/api/plugin_calls?pluginId=${PLUGIN}`)).status).toBe(403);
    expect((await viewer.client.get(`/api/plugin_connection?pluginId=${PLUGIN}`)).status).toBe(403);
    expect((await calls(b)).count).toBe(0);
    const page = await a.admin.get<PluginCallsAnswer>(`/api/plugin_calls?pluginId=${PLUGIN}&perPage=25&page=1`);
    expect(page.status).toBe(200);
    const ids = page.body.calls.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect((await a.admin.get(`/api/plugin_calls?pluginId=${PLUGIN}&outcome=zle`)).status).toBe(400);
    expect((await a.admin.get(`/api/plugin_calls?pluginId=ZLY!`)).status).toBe(400);
  });
});

describe('401: the connection waits for the seller', () => {
  it('a job refused with 401 marks reconnect, ends, and stops the schedules until a settings save', async () => {
    const c = await createOrg(server);
    const orgC = orgIdOf(c);
    await install(c, 'zly-token');
    const tdb = new TenantDb(server.deps.db, orgC);
    const id = (await enqueueJob(tdb, {
      kind: `${PLUGIN}.call`,
      pluginId: PLUGIN,
      payload: { path: '/ok', orderId: 5 },
    }))!;
    await worker().drain();
    const job = await server.deps.db
      .selectFrom('jobs')
      .select(['state'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(job.state).toBe('done');
    expect(await connection(c)).toMatchObject({ state: 'reconnect', message: 'Token wygasł lub jest nieprawidłowy.' });
    const logged = (await calls(c)).calls[0]!;
    expect(logged).toMatchObject({ status: 401, ok: false, jobId: id, orderId: 5 });
    // The plugin is not marked broken by a refused connection (it is the seller's to fix).
    const info = await c.admin.get<{ plugins: { id: string; broken: string | null }[] }>('/api/plugin_info');
    expect(info.body.plugins.find((p) => p.id === PLUGIN)!.broken).toBeNull();

    const schedules = pluginsModule.schedules!(server.deps).filter((s) => s.key.startsWith(`${PLUGIN}.`));
    const fanned = async () => new Set(await schedules[0]!.organisations(server.deps.db));
    expect((await fanned()).has(orgA)).toBe(true);
    expect((await fanned()).has(orgC)).toBe(false);
    const now = new Date('2026-11-28T10:07:00.000Z');
    await tickSchedules(server.deps.db, schedules, now);
    const scheduled = await server.deps.db
      .selectFrom('jobs')
      .select('org_id')
      .where('kind', '=', `${PLUGIN}.call`)
      .where('org_id', '=', orgC)
      .execute();
    expect(scheduled).toHaveLength(1); // only the job above

    // The seller saves a new token: the connection is ok again and the schedules include it.
    expect((await c.admin.put(`/api/plugins/${PLUGIN}/settings`, { secrets: { token: TOKEN } })).status).toBe(200);
    expect((await connection(c)).state).toBe('ok');
    expect((await fanned()).has(orgC)).toBe(true);
    // The connection test answers the service's own message, not an error status.
    expect((await c.admin.post(`/api/plugins/${PLUGIN}/test_connection`, {})).body).toEqual({
      ok: true,
      message: 'Połączono (HTTP 200).',
    });
    await c.admin.put(`/api/plugins/${PLUGIN}/settings`, { secrets: { token: 'znowu-zly' } });
    const refused = await c.admin.post(`/api/plugins/${PLUGIN}/test_connection`, {});
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ ok: false, message: 'Token wygasł lub jest nieprawidłowy.' });
  });

  it('a 429 out of a job pauses only this plugin for this organisation', async () => {
    const id = (await enqueueJob(new TenantDb(server.deps.db, orgA), {
      kind: `${PLUGIN}.call`,
      pluginId: PLUGIN,
      payload: { path: '/limited' },
    }))!;
    await worker().drain();
    const job = await server.deps.db
      .selectFrom('jobs')
      .select(['state', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(job.state).toBe('pending');
    const pause = await server.deps.db
      .selectFrom('job_pauses')
      .selectAll()
      .where('org_id', '=', orgA)
      .where('plugin_id', '=', PLUGIN)
      .executeTakeFirst();
    expect(pause).toBeDefined();
    expect((await connection(a)).state).toBe('ok');
  });
});

describe("a plugin's carrier", () => {
  it('is in GET /carriers only for organisations that installed the plugin', async () => {
    const names = async (org: TestOrg) =>
      (await org.admin.get<CarriersAnswer>('/api/carriers')).body.carriers.map((c) => c.id);
    expect(await names(a)).toContain(PLUGIN);
    expect(await names(b)).not.toContain(PLUGIN);
    const check = await a.admin.get<{ status: string }>(
      `/api/check_pickup_point?pickupPoint=KRA01&methodId=${(await a.admin.get<CarriersAnswer>('/api/carriers')).body.carriers.find((c) => c.id === PLUGIN)!.methods[0]!.id}`,
    );
    expect(check.body.status).toBe('unknown');
  });
});

describe('orders for importers', () => {
  let cat: Catalog;
  let itemId: number;
  beforeAll(async () => {
    cat = await createCatalog(a.admin);
    itemId = (await a.admin.post<{ id: number }>('/api/items', itemBody(cat, { code: 'IMP-1', countWare: 10 }))).body
      .id;
  });
  const scope = () => ({ tdb: new TenantDb(server.deps.db, orgA), deps: server.deps });

  it('imports an outside order once, with its stock, and joins the caller transaction', async () => {
    const input = orderBody({ items: [line(itemId, 3)], externalId: 'ZEW-1' });
    const first = await importOrder(scope(), PLUGIN, 'ZEW-1', input as never);
    expect(first.created).toBe(true);
    const again = await importOrder(scope(), PLUGIN, 'ZEW-1', input as never);
    expect(again).toEqual({ orderId: first.orderId, created: false });
    const orderOf = async (id: number) =>
      (await a.admin.get<{ orders: Order[] }>(`/api/orders?id=${id}`)).body.orders[0]!;
    const order = await orderOf(first.orderId);
    expect(order.items.map((l) => [l.itemId, l.quantity])).toEqual([[itemId, 3]]);
    expect(order.modifiedByUser).toBe(`plugin:${PLUGIN}`);
    // Uncommitted decrease of the order: 10 in stock, 7 may be sold.
    expect((await sellableStock(scope().tdb, [itemId])).get(itemId)).toBe(7);

    // Rolled back with the importer's transaction: no order and no ref stay.
    await expect(
      scope().tdb.transaction(async (tdb) => {
        await importOrder({ tdb, deps: server.deps }, PLUGIN, 'ZEW-2', input as never);
        throw new Error('cursor save failed');
      }),
    ).rejects.toThrow('cursor save failed');
    const refs = await server.deps.db
      .selectFrom('plugin_order_refs')
      .select('external_id')
      .where('org_id', '=', orgA)
      .execute();
    expect(refs.map((r) => r.external_id)).toEqual(['ZEW-1']);

    // Another organisation's import of the same outside id is its own.
    const orgB = orgIdOf(b);
    const forB = await importOrder(
      { tdb: new TenantDb(server.deps.db, orgB), deps: server.deps },
      PLUGIN,
      'ZEW-1',
      orderBody() as never,
    );
    expect(forB.created).toBe(true);
    expect((await b.admin.get(`/api/orders?id=${first.orderId}`)).status).toBe(404);

    // A refusal is the core's Polish 400.
    await expect(
      importOrder(scope(), PLUGIN, 'ZEW-3', orderBody({ deliveryVat: 'abc' }) as never),
    ).rejects.toMatchObject({
      statusCode: 400,
    });

    // Status through the core's patch.
    const statuses = (await a.admin.get<{ orderStatuses: { id: number }[] }>('/api/order_statuses')).body.orderStatuses;
    await patchImportedOrder(scope(), PLUGIN, first.orderId, { orderStatusId: statuses.at(-1)!.id });
    expect((await orderOf(first.orderId)).orderStatus.id).toBe(statuses.at(-1)!.id);
  });

  it('two importers racing for one outside order create one order', async () => {
    const input = orderBody({ items: [line(itemId, 1)] });
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => importOrder(scope(), PLUGIN, 'ZEW-RACE', input as never)),
    );
    const ok = results
      .filter((r) => r.status === 'fulfilled')
      .map((r) => (r as PromiseFulfilledResult<{ orderId: number }>).value);
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((r) => r.orderId)).size).toBe(1);
    const refs = await server.deps.db
      .selectFrom('plugin_order_refs')
      .select('order_id')
      .where('org_id', '=', orgA)
      .where('external_id', '=', 'ZEW-RACE')
      .execute();
    expect(refs).toHaveLength(1);
    const orders = await server.deps.db
      .selectFrom('order_lines')
      .select('order_id')
      .where('org_id', '=', orgA)
      .where('item_id', '=', itemId)
      .where('quantity', '=', 1)
      .execute();
    expect(orders).toHaveLength(1);
  });
});
