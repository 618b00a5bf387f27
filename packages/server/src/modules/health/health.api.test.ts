import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { notReadyAnswerSchema } from '@zaplecze/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, testEngine, type ApiResponse, type TestServer } from '../../../test/harness';
import { TcpProxy } from '../../../test/tcp-proxy';
import { MIGRATIONS } from '../../db/migrate';
import { beginShutdown, readinessChecks, setReadinessChecks } from './index';
import { HEALTH_MSG } from './messages.pl';

/**
 * GET /api/health and GET /api/ready (docs/operations.md, Health and readiness) through real HTTP
 * on the run's engine: public, not in the request log, never limited; ready answers 503 with a
 * Polish message naming what failed (the database, its migrations, the files' storage, a shutdown)
 * and 200 again once it is back.
 */

type NotReady = { code: number; status: string; failed: string[]; message: string };

const get = (server: TestServer, url: string) => new ApiClient(server.url).get<Record<string, unknown>>(url);

function expectNotReady(res: ApiResponse, failed: string[], texts: string[]): void {
  expect(res.status, JSON.stringify(res.body)).toBe(503);
  const body = notReadyAnswerSchema.parse(res.body);
  expect(body.failed).toEqual(failed);
  expect(body.message).toBe(HEALTH_MSG.notReady(texts));
}

/** Polls /api/ready until it answers `status`; fails after `withinMs`. */
async function readyUntil(server: TestServer, status: number, withinMs: number): Promise<ApiResponse> {
  const started = performance.now();
  for (;;) {
    const res = await get(server, '/api/ready');
    if (res.status === status) return res;
    if (performance.now() - started > withinMs)
      throw new Error(`/api/ready did not answer ${status} within ${withinMs} ms: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe(`health and readiness on ${testEngine()}`, () => {
  let server: TestServer;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    server = await startTestServer(
      {},
      { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
    );
  });
  afterAll(() => server.close());

  it('answers both probes without signing in, uncached, and logs neither', async () => {
    const health = await get(server, '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    expect(health.headers.get('cache-control')).toBe('no-store');
    // Every fixture plugin is there, one of them broken by its failing migration on purpose
    // (plugins-fixtures/fixture-migration-throws): a broken plugin does not make the node unready.
    const ready = await get(server, '/api/ready');
    expect(ready.status, JSON.stringify(ready.body)).toBe(200);
    expect(ready.body).toEqual({ status: 'ok' });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    // Another request is logged, so the log works; the probes are not in it.
    expect((await get(server, '/api/data/languages')).status).toBe(200);
    const urls = lines.map((l) => (l.req as { url?: string } | undefined)?.url).filter(Boolean);
    expect(urls).toContain('/api/data/languages');
    expect(urls.filter((u) => u!.startsWith('/api/health') || u!.startsWith('/api/ready'))).toEqual([]);
  });

  it('is never rate-limited: a probe every few milliseconds answers 200 each time', async () => {
    const client = new ApiClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      statuses.push((await client.get('/api/ready')).status, (await client.get('/api/health')).status);
    }
    expect(statuses).toEqual(Array(200).fill(200));
  });

  it('answers 503 naming the storage while the files directory takes no write, 200 once it does', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-ready-'));
    // Not a directory: every write under it fails (as root, a read-only mode would not stop one).
    fs.writeFileSync(path.join(dataDir, 'files'), 'not a directory');
    const logs: Record<string, unknown>[] = [];
    const fresh = await startTestServer(
      { dataDir, logLevel: 'info' },
      { logStream: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) } },
    );
    try {
      for (let i = 0; i < 3; i++) expectNotReady(await get(fresh, '/api/ready'), ['storage'], [HEALTH_MSG.storage]);
      // The database and the process are fine.
      expect((await get(fresh, '/api/health')).status).toBe(200);
      // One warning for the three probes, naming the check and the file system's error.
      const warnings = logs.filter((l) => l.level === 40);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.msg).toBe('not ready: storage');
      expect(JSON.stringify(warnings[0])).toMatch(/EEXIST|ENOTDIR/);
      fs.rmSync(path.join(dataDir, 'files'));
      expect((await get(fresh, '/api/ready')).status).toBe(200);
      expect(logs.filter((l) => l.msg === 'ready again')).toHaveLength(1);
      // The probe leaves nothing behind.
      expect(fs.readdirSync(path.join(dataDir, 'files'))).toEqual([]);
    } finally {
      await fresh.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe('on a server of its own (a current result is believed for the rest of the process)', () => {
    let fresh: TestServer;
    beforeAll(async () => {
      fresh = await startTestServer();
    });
    afterAll(() => fresh.close());

    it("answers 503 naming the missing migrations, the core's and a usable plugin's, 200 once they are back", async () => {
      const db = fresh.database.db;
      const last = MIGRATIONS[MIGRATIONS.length - 1]!.name;
      const { rows } = await sql<{ applied_at: string }>`select applied_at from schema_migrations
        where name = ${last}`.execute(db);
      const plugin = await db
        .selectFrom('plugin_migrations')
        .selectAll()
        .where('plugin_id', '=', 'fixture-base')
        .where('name', '=', '0001_notes')
        .executeTakeFirstOrThrow();
      await sql`delete from schema_migrations where name = ${last}`.execute(db);
      await db.deleteFrom('plugin_migrations').where('plugin_id', '=', 'fixture-base').execute();
      const texts = [HEALTH_MSG.migrations([last, 'fixture-base/0001_notes'])];
      expectNotReady(await get(fresh, '/api/ready'), ['migrations'], texts);
      // A failure is never believed: the next probe looks again.
      await sql`insert into schema_migrations (name, applied_at) values (${last}, ${rows[0]!.applied_at})`.execute(db);
      expectNotReady(
        await get(fresh, '/api/ready'),
        ['migrations'],
        [HEALTH_MSG.migrations(['fixture-base/0001_notes'])],
      );
      await db.insertInto('plugin_migrations').values(plugin).execute();
      expect((await get(fresh, '/api/ready')).status).toBe(200);
    });

    it('takes the storage check from a probe hook (a storage object brings its own)', async () => {
      let probes = 0;
      setReadinessChecks(
        fresh.deps,
        readinessChecks(fresh.deps, async () => {
          probes++;
          throw new Error('object storage: 403');
        }),
      );
      expectNotReady(await get(fresh, '/api/ready'), ['storage'], [HEALTH_MSG.storage]);
      expect(probes).toBe(1);
      setReadinessChecks(fresh.deps, readinessChecks(fresh.deps));
      expect((await get(fresh, '/api/ready')).status).toBe(200);
    });

    it('answers 503 from the start of a shutdown, while /api/health stays 200', async () => {
      expect((await get(fresh, '/api/ready')).status).toBe(200);
      beginShutdown(fresh.deps);
      const res = await get(fresh, '/api/ready');
      expectNotReady(res, ['shutdown'], [HEALTH_MSG.stopping]);
      expect((res.body as NotReady).status).toBe('stopping');
      expect((await get(fresh, '/api/health')).status).toBe(200);
    });
  });

  it.skipIf(testEngine() !== 'sqlite')(
    'answers 503 naming the database when it does not answer (SQLite: its handle closed)',
    async () => {
      const fresh = await startTestServer();
      try {
        expect((await get(fresh, '/api/ready')).status).toBe(200);
        await fresh.database.destroy();
        expectNotReady(await get(fresh, '/api/ready'), ['database'], [HEALTH_MSG.database]);
        expect((await get(fresh, '/api/health')).status).toBe(200);
      } finally {
        await fresh.close();
      }
    },
  );
});

/**
 * PostgreSQL going away under a running server (the TCP proxy of db/database-outage.api.test.ts):
 * ready answers 503 within about a second while refused and within its time limit while stalled,
 * never hangs, /api/health stays 200, and ready is 200 again once the database is back.
 */
describe.skipIf(testEngine() !== 'postgres')('readiness through a PostgreSQL outage (PostgreSQL only)', () => {
  let proxy: TcpProxy;
  let server: TestServer;
  const uncaught: unknown[] = [];
  const record = (err: unknown) => void uncaught.push(err);

  beforeAll(async () => {
    proxy = await TcpProxy.start(process.env.TEST_DATABASE_URL!);
    server = await startTestServer({}, { postgresVia: (url) => proxy.via(url), captureLogs: true });
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });
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

  it('answers 503 naming the database while PostgreSQL refuses connections, 200 once it is back', async () => {
    expect((await get(server, '/api/ready')).status).toBe(200);
    await proxy.refuse();
    try {
      const down = await readyUntil(server, 503, 10_000);
      expectNotReady(down, ['database'], [HEALTH_MSG.database]);
      expect((await get(server, '/api/health')).status).toBe(200);
    } finally {
      await proxy.accept();
    }
    // The pool waits out its reconnect backoff (at most 5 s) before it connects again.
    await readyUntil(server, 200, 15_000);
    expect(server.logs.some((l) => l.msg === 'not ready: database')).toBe(true);
  });

  it('answers 503 within its time limit while PostgreSQL stalls, 200 once it answers again', async () => {
    expect((await get(server, '/api/ready')).status).toBe(200);
    proxy.stall();
    try {
      // The probes come while the first one's statement still waits: they share it.
      const down = await Promise.all(Array.from({ length: 5 }, () => get(server, '/api/ready')));
      for (const res of down) expectNotReady(res, ['database'], [HEALTH_MSG.timedOut(HEALTH_MSG.database, 2000)]);
      expect((await get(server, '/api/health')).status).toBe(200);
    } finally {
      proxy.resume();
    }
    await readyUntil(server, 200, 15_000);
  });
});
