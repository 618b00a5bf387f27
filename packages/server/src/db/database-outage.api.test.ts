import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrg, type TestOrg } from '../../test/factories';
import { startTestServer, testEngine, type ApiResponse, type TestServer } from '../../test/harness';
import { TcpProxy } from '../../test/tcp-proxy';
import { loadConfig } from '../config';
import { MSG } from '../platform/messages.pl';
import { openAndMigrate } from '../server';
import { isConnectionError } from './errors';

/**
 * A PostgreSQL outage seen through the HTTP server (docs/operations.md, Database outage): the
 * server talks to PostgreSQL through a TCP proxy the test cuts, closes and stalls. Every request
 * answers 200 or a Polish 503, none hangs, nothing reaches the process as an uncaught exception or
 * an unhandled rejection (in a worker of `npm start` either would end the process), and the
 * server serves again once the database is back. PostgreSQL only: SQLite has no connection to lose.
 */
const onPostgres = testEngine() === 'postgres';

/** What reached the process uncaught while a test ran. */
const uncaught: unknown[] = [];
const record = (err: unknown) => void uncaught.push(err);

async function timed<T>(call: () => Promise<ApiResponse<T>>): Promise<{ res: ApiResponse<T>; ms: number }> {
  const started = performance.now();
  const res = await call();
  return { res, ms: performance.now() - started };
}

/** Polls until `call` answers 200; fails after `withinMs`. */
async function until200(call: () => Promise<ApiResponse>, withinMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const res = await call();
    if (res.status === 200) return performance.now() - started;
    expect(res.status).toBe(503);
    if (performance.now() - started > withinMs) throw new Error(`no 200 within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function expectOutage(res: ApiResponse, message: string = MSG.dbUnavailable): void {
  expect(res.body).toEqual({ code: 503, message });
  expect(res.headers.get('retry-after')).toBe('5');
}

beforeEach(() => {
  uncaught.length = 0;
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
});

afterEach(() => {
  process.off('uncaughtException', record);
  process.off('unhandledRejection', record);
  expect(uncaught).toEqual([]);
});

describe.skipIf(!onPostgres)('PostgreSQL outage: connections cut and refused (PostgreSQL only)', () => {
  let proxy: TcpProxy;
  let server: TestServer;
  let org: TestOrg;

  beforeAll(async () => {
    proxy = await TcpProxy.start(process.env.TEST_DATABASE_URL!);
    server = await startTestServer({}, { postgresVia: (url) => proxy.via(url), captureLogs: true });
    org = await createOrg(server);
    for (let i = 0; i < 5; i++)
      expect((await org.admin.post('/api/item_statuses', { name: `Stan ${i}`, color: '00ff00' })).status).toBe(200);
  });

  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  it('answers the requests a cut connection touched with 503 and serves again at once', async () => {
    // Held first, so the burst's statements are surely in flight when every connection drops.
    proxy.stall();
    const burst = [
      ...Array.from({ length: 30 }, () => timed(() => org.admin.get('/api/items'))),
      ...Array.from({ length: 10 }, (_, i) =>
        timed(() => org.admin.post('/api/item_statuses', { name: `Nowy ${i}`, color: '0000ff' })),
      ),
    ];
    await new Promise((r) => setTimeout(r, 300));
    proxy.cut();
    proxy.resume();
    const answers = await Promise.all(burst);
    const statuses = answers.map((a) => a.res.status);
    expect(
      statuses.filter((s) => s !== 200 && s !== 503),
      JSON.stringify(statuses),
    ).toEqual([]);
    expect(statuses).toContain(503);
    for (const a of answers) if (a.res.status === 503) expectOutage(a.res);
    // The connections are opened again on demand: the very next request is served.
    expect((await org.admin.get('/api/items')).status).toBe(200);
    const reads = await Promise.all(Array.from({ length: 20 }, () => org.admin.get('/api/item_statuses')));
    expect(reads.map((r) => r.status)).toEqual(Array(20).fill(200));
    // Logged as a warning with the cause, without a stack, and not once per request.
    const warnings = server.logs.filter((l) => String(l.msg).startsWith('database unavailable'));
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.length).toBeLessThan(statuses.filter((s) => s === 503).length + 1);
    expect(warnings[0]).toMatchObject({ level: 40 });
    expect(JSON.stringify(warnings)).not.toContain('    at ');
    expect(server.logs.filter((l) => Number(l.level) >= 50)).toEqual([]);
  });

  it('answers 503 at once while the database refuses connections, and recovers when it is back', async () => {
    await proxy.refuse();
    const down = performance.now();
    const during: { res: ApiResponse; ms: number }[] = [];
    while (performance.now() - down < 2000) {
      during.push(...(await Promise.all(Array.from({ length: 5 }, () => timed(() => org.admin.get('/api/items'))))));
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const d of during) expectOutage(d.res);
    expect(Math.max(...during.map((d) => d.ms))).toBeLessThan(2500);
    await proxy.accept();
    // The reconnect backoff is at most 5 s.
    await until200(() => org.admin.get('/api/items'), 8000);
    const reads = await Promise.all(Array.from({ length: 10 }, () => org.admin.get('/api/items')));
    expect(reads.map((r) => r.status)).toEqual(Array(10).fill(200));
  });
});

describe.skipIf(!onPostgres)('PostgreSQL outage: a server that accepts and never answers (PostgreSQL only)', () => {
  let proxy: TcpProxy;
  let server: TestServer;
  let org: TestOrg;

  beforeAll(async () => {
    proxy = await TcpProxy.start(process.env.TEST_DATABASE_URL!);
    server = await startTestServer(
      { dbConnectTimeoutMs: 500, dbStatementTimeoutMs: 1000 },
      { postgresVia: (url) => proxy.via(url) },
    );
    org = await createOrg(server);
  });

  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });

  it('answers 503 within the time limits and serves again once it answers', async () => {
    expect((await org.admin.get('/api/items')).status).toBe(200);
    proxy.stall();
    const answers = await Promise.all(Array.from({ length: 12 }, () => timed(() => org.admin.get('/api/items'))));
    for (const a of answers) {
      expect(a.res.status).toBe(503);
      expect(a.res.headers.get('retry-after')).toBe('5');
      expect([MSG.dbUnavailable, MSG.dbTimeout]).toContain((a.res.body as { message: string }).message);
    }
    // A statement waits at most its limit plus the client's grace (1 + 1 s), a connection 0.5 s.
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(5000);
    // Also when the connections are opened anew during the stall.
    proxy.cut();
    const fresh = await timed(() => org.admin.get('/api/items'));
    expect(fresh.res.status).toBe(503);
    expect(fresh.ms).toBeLessThan(2000);
    proxy.resume();
    await until200(() => org.admin.get('/api/items'), 8000);
    const reads = await Promise.all(Array.from({ length: 10 }, () => org.admin.get('/api/items')));
    expect(reads.map((r) => r.status)).toEqual(Array(10).fill(200));
  });
});

describe.skipIf(!onPostgres)('PostgreSQL statement limit (PostgreSQL only)', () => {
  let server: TestServer;
  let org: TestOrg;

  beforeAll(async () => {
    server = await startTestServer({ dbStatementTimeoutMs: 1000 });
    org = await createOrg(server);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers 503 when a statement passes DB_STATEMENT_TIMEOUT_MS, and serves once it would not', async () => {
    // Another session holds the items table: the list's statement waits on the lock until the
    // server cancels it (57014).
    const holder = new pg.Client({ connectionString: server.cliEnv.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table items in access exclusive mode');
      const { res, ms } = await timed(() => org.admin.get('/api/items'));
      expectOutage(res, MSG.dbTimeout);
      expect(ms).toBeLessThan(5000);
      await holder.query('rollback');
      expect((await org.admin.get('/api/items')).status).toBe(200);
    } finally {
      await holder.end();
    }
  });
});

describe.skipIf(!onPostgres)('PostgreSQL outage at start-up (PostgreSQL only)', () => {
  it('migrations against a database that never answers fail after the connect limit, not hang', async () => {
    const proxy = await TcpProxy.start(process.env.TEST_DATABASE_URL!);
    proxy.stall();
    try {
      const started = performance.now();
      const config = {
        ...loadConfig({}),
        databaseUrl: proxy.via(process.env.TEST_DATABASE_URL!),
        dbConnectTimeoutMs: 500,
      };
      const failed = await openAndMigrate(config).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(isConnectionError(failed), String(failed)).toBe(true);
      expect(performance.now() - started).toBeLessThan(3000);
    } finally {
      await proxy.close();
    }
  });
});
