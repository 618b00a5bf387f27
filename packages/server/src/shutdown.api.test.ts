import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createScratchPostgres, testEngine } from '../test/harness';
import { startMain, stopMain, workerProcesses, type RunningMain } from '../test/main-process';
import { openPostgres, openSqlite, sqliteFile, type Database } from './db/database';
import { TenantDb } from './db/tenant';
import { enqueueJob } from './platform/jobs';
import { sample } from '../test/metrics';
import { createOrgByCli } from '../test/cli';

/**
 * `npm start` as users run it (docs/operations.md, Metrics; Shutdown): two HTTP workers and the job
 * worker. A scrape of /metrics sums every process; SIGTERM makes /api/ready answer 503 at once,
 * answers the request in flight, refuses new connections, lets the running job finish (or gives it
 * back to run again when it outlasts SHUTDOWN_TIMEOUT_MS) and ends with exit code 0.
 */

const TOKEN = 'metryki-npm-start-0123456789';
const PLUGIN = 'fixture-base';

/** A GET on a connection of its own (round robin: each new connection goes to the next worker). */
function getFresh(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

/** Polls `probe` until it holds; fails after `withinMs` with `what`. */
async function until(what: string, probe: () => Promise<boolean>, withinMs = 60_000): Promise<void> {
  for (const end = Date.now() + withinMs; Date.now() < end;) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what}: not within ${withinMs / 1000} s`);
}

describe(`npm start on ${testEngine()}: metrics of every process, and SIGTERM`, () => {
  let env: NodeJS.ProcessEnv;
  let dataDir: string;
  let database: Database;
  let dropDb: (() => Promise<void>) | undefined;
  let orgId: number;
  let main: RunningMain | undefined;

  const start = async (extra: NodeJS.ProcessEnv): Promise<RunningMain> => {
    // One left running by a failed test would take this one's jobs.
    if (main) await stopMain(main);
    const started = await startMain(
      // Schedules fire only at the job worker's start (its first tick): a fixture-base schedule
      // firing mid-test would finish a job between a scrape and the count it is compared with.
      { ...env, JOBS_SCHEDULE_TICK_MS: '3600000', ...extra },
      { ready: (c) => Promise.resolve(workerProcesses(c.pid!).length === 3) },
    );
    if (!started.serving) throw new Error(`server did not start: ${started.stderr()}`);
    main = started;
    return started;
  };

  const job = (id: number) =>
    database.db
      .selectFrom('jobs')
      .select(['state', 'attempts', 'run_at', 'lease_token'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const notes = async (text: string) =>
    Number(
      (
        await sql<{ n: number }>`select count(*) as n from p_fixture_base_notes where text = ${text}`.execute(
          database.db,
        )
      ).rows[0]!.n,
    );
  const enqueue = async (payload: Record<string, unknown>) =>
    (await enqueueJob(new TenantDb(database.db, orgId), { kind: `${PLUGIN}.add-note`, pluginId: PLUGIN, payload }))!;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-shutdown-'));
    env = {
      ...process.env,
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'warn',
      JOBS_POLL_MS: '100',
      METRICS_TOKEN: TOKEN,
    };
    delete env.DATABASE_URL;
    if (testEngine() === 'postgres') {
      const scratch = await createScratchPostgres('shutdown');
      env.DATABASE_URL = scratch.url;
      dropDb = scratch.drop;
    }
    await createOrgByCli(env, 'stop', 'Haslo-Stop-1');
    database = env.DATABASE_URL ? openPostgres(env.DATABASE_URL, 2) : openSqlite(sqliteFile(dataDir));
    orgId = (
      await database.db.selectFrom('organizations').select('id').where('prefix', '=', 'stop').executeTakeFirstOrThrow()
    ).id;
  }, 120_000);

  afterAll(async () => {
    if (main) await stopMain(main);
    await database?.destroy();
    await dropDb?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'sums the metrics of the HTTP workers and the job worker; on SIGTERM answers ready 503, ' +
      'finishes the request and the job in flight, refuses new connections and exits 0',
    async () => {
      const m = await start({ SHUTDOWN_DELAY_MS: '4000', SHUTDOWN_TIMEOUT_MS: '30000' });
      const admin = new ApiClient(m.url);
      await admin.login('stop_szef', 'Haslo-Stop-1');
      expect((await admin.request('POST', '/api/plugin_install', { form: { pluginId: PLUGIN } })).status).toBe(204);

      // The job worker's own count reaches a scrape answered by an HTTP worker.
      const done = await enqueue({ text: 'policzone' });
      await until('the job done', async () => (await job(done)).state === 'done');
      // Each request on a new connection: round robin spreads them over both HTTP workers.
      for (let i = 0; i < 20; i++) expect((await getFresh(`${m.url}/api/data/languages`)).status).toBe(200);
      const scraped = await getFresh(`${m.url}/metrics`, { authorization: `Bearer ${TOKEN}` });
      expect(scraped.status).toBe(200);
      const route = { method: 'GET', route: '/api/data/languages', status: '200' };
      expect(sample(scraped.body, 'zaplecze_http_requests_total', route)).toBe(20);
      // Every fixture-base job done so far (its schedule's too) ran in the job worker. The
      // schedule's job may still be finishing (on a slow machine it ends between a scrape and the
      // count), so the scrape is compared once no fixture-base job is left to run; a job worker
      // whose counts never reach the scrape fails here after the wait.
      let counted = { scraped: -1, done: -2 };
      await until(
        'the scrape counting every fixture-base job done',
        async () => {
          const open = await database.db
            .selectFrom('jobs')
            .select('id')
            .where('plugin_id', '=', PLUGIN)
            .where('state', 'in', ['pending', 'running'])
            .execute();
          const doneJobs = await database.db
            .selectFrom('jobs')
            .select('id')
            .where('plugin_id', '=', PLUGIN)
            .where('state', '=', 'done')
            .execute();
          const body = (await getFresh(`${m.url}/metrics`, { authorization: `Bearer ${TOKEN}` })).body;
          counted = {
            scraped: sample(body, 'zaplecze_job_runs_total', { plugin: PLUGIN, outcome: 'done' }),
            done: doneJobs.length,
          };
          return open.length === 0 && counted.scraped === counted.done;
        },
        20_000,
      ).catch((err: Error) => {
        throw new Error(`${err.message}: ${JSON.stringify(counted)}`);
      });
      expect((await getFresh(`${m.url}/metrics`)).status).toBe(401);

      // A job and a request in flight when SIGTERM comes.
      const running = await enqueue({ text: 'zadanie w trakcie', waitMs: 3000 });
      await until('the job running', async () => (await job(running)).state === 'running');
      const slow = admin.post<{ id: number }>(`/api/plugins/${PLUGIN}/slow-note`, { text: 'wolne', waitMs: 10_000 });
      await until('the slow request in its handler', async () => (await notes('wolne')) === 1);
      m.child.kill('SIGTERM');

      // During SHUTDOWN_DELAY_MS: ready 503 (the balancer stops sending), everything else served.
      let ready = { status: 0, body: '' };
      await until('ready 503', async () => (ready = await getFresh(`${m.url}/api/ready`)).status === 503, 20_000);
      expect(JSON.parse(ready.body)).toMatchObject({ code: 503, status: 'stopping', failed: ['shutdown'] });
      expect((await getFresh(`${m.url}/api/health`)).status).toBe(200);
      // Then no new connection is taken.
      await until(
        'new connections refused',
        () =>
          getFresh(`${m.url}/api/health`).then(
            () => false,
            (err: NodeJS.ErrnoException) => err.code === 'ECONNREFUSED',
          ),
        30_000,
      );
      // The request in flight is answered in full, its second write included.
      const answer = await slow;
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(await notes('wolne (koniec)')).toBe(1);
      expect(await m.exited).toBe(0);
      main = undefined;
      // The job ran to its end once.
      expect(await job(running)).toMatchObject({ state: 'done', attempts: 1 });
      expect(await notes('zadanie w trakcie')).toBe(1);
      expect(m.stderr()).not.toMatch(/ended \(|did not stop|killing/);
    },
    180_000,
  );

  it('gives back the jobs that outlast SHUTDOWN_TIMEOUT_MS, uncounted, and runs each of them once after the restart', async () => {
    const m = await start({ SHUTDOWN_TIMEOUT_MS: '1000', JOBS_LEASE_SECONDS: '30' });
    // One stops on its signal, one ignores it (it would still be running when given back).
    const stops = await enqueue({ text: 'przerwane', waitMs: 600_000 });
    const stubborn = await enqueue({ text: 'uparte', waitMs: 600_000, ignoreSignal: true });
    await until(
      'both running',
      async () => (await job(stops)).state === 'running' && (await job(stubborn)).state === 'running',
    );
    const signalled = Date.now();
    m.child.kill('SIGTERM');
    expect(await m.exited).toBe(0);
    main = undefined;
    // Back in the queue, the attempt not counted; the one that stopped may run at once, the
    // stubborn one only once its process is surely gone (a lease later).
    const a = await job(stops);
    const b = await job(stubborn);
    expect(a).toMatchObject({ state: 'pending', attempts: 0, lease_token: null });
    expect(b).toMatchObject({ state: 'pending', attempts: 0, lease_token: null });
    expect(new Date(a.run_at).getTime()).toBeLessThan(Date.now());
    expect(new Date(b.run_at).getTime()).toBeGreaterThan(signalled + 25_000);
    expect(await notes('przerwane')).toBe(0);
    expect(await notes('uparte')).toBe(0);
    expect(m.stderr()).toMatch(/did not stop on its signal/);

    // The next start runs each once (made short and due now).
    for (const [id, text] of [
      [stops, 'przerwane'],
      [stubborn, 'uparte'],
    ] as const) {
      await database.db
        .updateTable('jobs')
        .set({ payload: JSON.stringify({ text }), run_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    }
    const again = await start({});
    await until('both done', async () => (await job(stops)).state === 'done' && (await job(stubborn)).state === 'done');
    await stopMain(again);
    expect(await again.exited).toBe(0);
    main = undefined;
    expect(await notes('przerwane')).toBe(1);
    expect(await notes('uparte')).toBe(1);
    expect(await job(stops)).toMatchObject({ attempts: 1 });
  }, 240_000);

  it('a job a request enqueues for now wakes the idle job worker (its poll would be 10 minutes away)', async () => {
    // JOBS_POLL_MS: the idle worker would look again only in 10 minutes; the job runs because
    // the HTTP worker that enqueued it woke the job worker through the primary.
    const m = await start({ JOBS_POLL_MS: '600000' });
    const admin = new ApiClient(m.url);
    await admin.login('stop_szef', 'Haslo-Stop-1');
    expect((await admin.request('POST', '/api/plugin_install', { form: { pluginId: 'invoicing' } })).status).toBe(204);
    // Let the job worker's first look (at its start) pass: from here it sleeps.
    await new Promise((r) => setTimeout(r, 1500));
    const res = await admin.post<{ jobId: number }>('/api/plugins/invoicing/sync', {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await until('the job run', async () => (await job(res.body.jobId)).state === 'done', 30_000);
    await stopMain(m);
    main = undefined;
  }, 120_000);
});
