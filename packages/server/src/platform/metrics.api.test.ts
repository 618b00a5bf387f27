import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type TestOrg } from '../../test/factories';
import { ApiClient, startTestServer, testEngine, type TestServer } from '../../test/harness';
import { sample } from '../../test/metrics';
import { TenantDb } from '../db/tenant';
import { enqueueJob, JobWorker } from './jobs';
import { activateMetrics } from './metrics';
import { MSG } from './messages.pl';

/**
 * GET /metrics (docs/operations.md, Metrics) through real HTTP on the run's engine: 404 while off,
 * 401 without the token or with a wrong one, and with it the exposition text, whose figures move
 * with the requests, statements, jobs and scans made meanwhile. Labels carry route patterns, never
 * a request's values. The cluster's sum across processes: shutdown.api.test.ts (npm start).
 */

const TOKEN = 'metryki-testowe-0123456789';

async function scrape(server: TestServer): Promise<string> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  return res.text();
}

describe('metrics off (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers 404 at /metrics, with or without a token, not the web app', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const res = await fetch(`${server.url}/metrics`, { headers });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 404, message: MSG.routeNotFound });
    }
  });
});

describe(`metrics on ${testEngine()}`, () => {
  let server: TestServer;
  let org: TestOrg;

  beforeAll(async () => {
    // As `npm start`'s processes do before they open their database (its statements are timed).
    activateMetrics();
    server = await startTestServer({ metricsEnabled: true, metricsToken: TOKEN });
    org = await createOrg(server);
  });
  afterAll(() => server.close());

  it('answers 401 without the token or with a wrong one, in Polish', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`]) {
      const res = await fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await res.json()).toEqual({ code: 401, message: MSG.metricsToken });
    }
  });

  it('counts requests and their time per route pattern, never their ids or search terms', async () => {
    const before = await scrape(server);
    const route = { method: 'GET', route: '/api/users/:id' };
    const user = org.token.user.id;
    for (let i = 0; i < 3; i++) expect((await org.admin.get(`/api/users/${user}`)).status).toBe(200);
    expect((await org.admin.get('/api/items?name=Szukany-Tekst-42')).status).toBe(200);
    expect((await new ApiClient(server.url).get('/api/nie-ma-takiego/98765')).status).toBe(404);
    const after = await scrape(server);
    const moved = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(moved('zaplecze_http_requests_total', { ...route, status: '200' })).toBe(3);
    expect(moved('zaplecze_http_request_duration_seconds_count', route)).toBe(3);
    expect(moved('zaplecze_http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
    expect(moved('zaplecze_http_requests_total', { route: '/api/items', status: '200' })).toBe(1);
    expect(moved('zaplecze_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(after).not.toContain('Szukany-Tekst-42');
    expect(after).not.toContain('98765');
    expect(after).not.toMatch(new RegExp(`route="/api/users/${user}"`));
  });

  it("times the database's statements on both engines, and counts PostgreSQL's pool", async () => {
    const before = await scrape(server);
    for (let i = 0; i < 5; i++) expect((await org.admin.get('/api/item_statuses')).status).toBe(200);
    const after = await scrape(server);
    const select = { engine: testEngine(), statement: 'select', outcome: 'ok' };
    const count = (text: string) => sample(text, 'zaplecze_db_query_duration_seconds_count', select);
    expect(count(after) - count(before)).toBeGreaterThanOrEqual(5);
    expect(sample(after, 'zaplecze_db_query_duration_seconds_sum', select)).toBeGreaterThan(0);
    if (testEngine() === 'postgres') {
      // The test server's pool (test/harness.ts: 5 connections): open ones, idle ones, its size.
      expect(sample(after, 'zaplecze_db_pool_max_connections', { pool: 'app' })).toBeGreaterThanOrEqual(5);
      expect(sample(after, 'zaplecze_db_pool_connections', { pool: 'app' })).toBeGreaterThan(0);
      expect(after).toMatch(/^zaplecze_db_pool_idle_connections\{pool="app"\} \d+$/m);
      expect(after).toMatch(/^zaplecze_db_pool_waiting_clients\{pool="app"\} 0$/m);
    } else {
      expect(after).not.toMatch(/^zaplecze_db_pool_connections\{/m);
    }
  });

  it('shows the job queue per plugin and state, and counts failed runs per plugin', async () => {
    const orgId = org.token.user.organization.id;
    const tdb = new TenantDb(server.deps.db, orgId);
    const before = await scrape(server);
    const pending = { plugin: 'fixture-job-throws', state: 'pending' };
    for (let i = 0; i < 2; i++)
      await enqueueJob(tdb, { kind: 'fixture-job-throws.fail', pluginId: 'fixture-job-throws' });
    const queued = await scrape(server);
    expect(sample(queued, 'zaplecze_jobs', pending) - sample(before, 'zaplecze_jobs', pending)).toBe(2);
    // A job worker of this process (npm start's job worker is a process of its own).
    const worker = new JobWorker({
      db: server.deps.db,
      engine: server.deps.engine,
      kinds: [
        {
          kind: 'fixture-job-throws.fail',
          handler: async () => {
            throw new Error('awaria zadania (celowa)');
          },
        },
      ],
      log: () => undefined,
    });
    expect(await worker.drain()).toBe(2);
    const after = await scrape(server);
    const retry = { plugin: 'fixture-job-throws', outcome: 'retry' };
    expect(sample(after, 'zaplecze_job_runs_total', retry) - sample(before, 'zaplecze_job_runs_total', retry)).toBe(2);
    // Failed and waiting for their retry: pending again, not running.
    expect(sample(after, 'zaplecze_jobs', { plugin: 'fixture-job-throws', state: 'running' })).toBe(0);
    expect(sample(after, 'zaplecze_jobs', pending)).toBe(sample(queued, 'zaplecze_jobs', pending));
  });

  it("counts the readers' scans by reader and result", async () => {
    const status = await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny', color: '00ff00' });
    const item = await org.admin.post('/api/items', {
      code: 'METRYKA-1',
      name: 'Kubek',
      price: 1,
      vat: 23,
      currency: 'PLN',
      countWare: 1,
      itemStatusId: status.body.id,
    });
    expect(item.status).toBe(200);
    const before = await scrape(server);
    const scan = (url: string, body: object) => org.admin.post<{ isError: boolean }>(url, body);
    expect((await scan('/api/items/barcodes', { barcode: 'METRYKA-1', itemCode: null })).body.isError).toBe(false);
    expect((await scan('/api/items/barcodes', { barcode: 'NIE-MA-1', itemCode: null })).body.isError).toBe(true);
    expect((await scan('/api/items/barcodes', { barcode: 'NIE-MA-2', itemCode: null })).body.isError).toBe(true);
    expect((await scan('/api/orders/barcodes', { barcode: '', orderId: null })).body.isError).toBe(true);
    const after = await scrape(server);
    const moved = (labels: Record<string, string>) =>
      sample(after, 'zaplecze_reader_scans_total', labels) - sample(before, 'zaplecze_reader_scans_total', labels);
    expect(moved({ reader: 'item', result: 'ok' })).toBe(1);
    expect(moved({ reader: 'item', result: 'error' })).toBe(2);
    expect(moved({ reader: 'order', result: 'error' })).toBe(1);
    expect(after).not.toContain('NIE-MA-1');
  });

  it("has the Node runtime's own metrics", async () => {
    const text = await scrape(server);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  });
});
