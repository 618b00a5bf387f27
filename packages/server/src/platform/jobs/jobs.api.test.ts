import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, testEngine } from '../../../test/harness';
import { repoRoot } from '../../../test/main-process';
import { openPostgres, openSqlite, type Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { TenantDb } from '../../db/tenant';
import { enqueueJob, JobWorker, RetryAfterError, retryDeadJob, tickCoreSchedules, type JobKind } from './index';
import { TIMEOUT_ERROR } from './worker';
import { MSG } from '../messages.pl';
import { sql } from 'kysely';

/**
 * THE conformance suite of the job engine (docs/decisions.md, Jobs): the same tests on SQLite and
 * on PostgreSQL, against a real database, with child processes where the rule is about processes.
 */

let database: Database;
let target: string;
let drop: () => Promise<void>;
let tmp: string;
const orgs: number[] = [];

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-jobs-'));
  if (testEngine() === 'postgres') {
    const scratch = await createScratchPostgres('jobs');
    target = scratch.url;
    database = openPostgres(target, 5);
    drop = async () => {
      await database.destroy();
      await scratch.drop();
    };
  } else {
    target = path.join(tmp, 'zaplecze.sqlite');
    database = openSqlite(target);
    drop = () => database.destroy();
  }
  await migrate(database);
  for (const prefix of ['ja', 'jb', 'jc']) {
    const row = await database.db
      .insertInto('organizations')
      .values({
        prefix,
        name: `Firma ${prefix}`,
        tax_id: '',
        address: '',
        post_code_city: '',
        country_code: 'PL',
        registered_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    orgs.push(row.id);
  }
}, 60_000);

afterAll(async () => {
  await drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const tdbOf = (orgId: number) => new TenantDb(database.db, orgId);
const worker = (
  kinds: JobKind[],
  opts: { concurrency?: number; leaseSeconds?: number; log?: (message: string) => void } = {},
) => new JobWorker({ db: database.db, engine: database.engine, kinds, log: () => undefined, ...opts });
const jobRow = (id: number) =>
  database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const ms = (v: string | Date | null) => (v === null ? NaN : new Date(v).getTime());
/** Makes a waiting job due now (instead of waiting out its backoff in the test). */
const dueNow = (id: number) =>
  database.db.updateTable('jobs').set({ run_at: new Date().toISOString() }).where('id', '=', id).execute();

/** Runs the fixture child process (jobs.fixture.ts) and answers its exit code. */
function child(fixture: object): { exited: Promise<number | null>; kill(): void; stderr(): string } {
  const p = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/platform/jobs/jobs.fixture.ts'], {
    cwd: repoRoot,
    env: { ...process.env, JOBS_FIXTURE: JSON.stringify({ db: target, orgIds: orgs, ...fixture }) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return {
    exited: new Promise((resolve) => p.on('exit', (code) => resolve(code))),
    kill: () => p.kill('SIGKILL'),
    stderr: () => stderr,
  };
}

async function waitFor<T>(what: () => Promise<T | undefined> | T | undefined, timeoutMs = 100_000): Promise<T> {
  for (const end = Date.now() + timeoutMs; Date.now() < end;) {
    const v = await what();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

describe(`jobs on ${testEngine()}`, () => {
  it('runs 4 processes x 1,000 jobs each exactly once', async () => {
    const out = path.join(tmp, 'runs');
    const c = child({ mode: 'cluster', out, processes: 4, perProcess: 1000 });
    const code = await c.exited;
    expect(code, c.stderr()).toBe(0);
    const files = fs.readdirSync(tmp).filter((f) => f.startsWith('runs.'));
    const ids = files.flatMap((f) => fs.readFileSync(path.join(tmp, f), 'utf8').trim().split('\n')).map(Number);
    expect(ids).toHaveLength(4000);
    expect(new Set(ids).size).toBe(4000);
    // More than one process took jobs.
    expect(files.filter((f) => fs.statSync(path.join(tmp, f)).size > 0).length).toBeGreaterThan(1);
    const left = await database.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'test.record')
      .where('state', '!=', 'done')
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  }, 240_000);

  it("runs a killed worker's job again once its lease has ended, not before", async () => {
    const id = (await enqueueJob(tdbOf(orgs[0]!), { kind: 'test.hang' }))!;
    const out = path.join(tmp, 'hang');
    const c = child({ mode: 'hang', out, leaseSeconds: 3 });
    await waitFor(() => (fs.existsSync(out) && fs.readFileSync(out, 'utf8').includes(`${id} 1`) ? true : undefined));
    c.kill();
    await c.exited;
    const taken = await jobRow(id);
    expect(taken.state).toBe('running');
    let again = 0;
    const w = worker([{ kind: 'test.hang', handler: async ({ job }) => void (again = job.attempt) }]);
    // Within the lease nobody takes it.
    await w.store.reapExpiredLeases();
    expect(await w.drain()).toBe(0);
    await waitFor(() => (Date.now() > ms(taken.lease_until) ? true : undefined), 10_000);
    await w.store.reapExpiredLeases();
    expect(await w.drain()).toBe(1);
    expect(again).toBe(2);
    expect((await jobRow(id)).state).toBe('done');
  }, 180_000);

  it('pauses only that plugin and organisation after a 429 with Retry-After, without counting the attempt', async () => {
    const [a, b] = [orgs[0]!, orgs[1]!];
    const ran: string[] = [];
    let answered429 = false;
    const kinds: JobKind[] = [
      {
        kind: 'p1.call',
        handler: async ({ job }) => {
          const name = `p1:${job.orgId === a ? 'A' : 'B'}:${(job.payload as { n: number }).n}`;
          if (job.orgId === a && !answered429) {
            answered429 = true;
            throw new RetryAfterError(30);
          }
          ran.push(name);
        },
      },
      { kind: 'p2.call', handler: async ({ job }) => void ran.push(`p2:${job.orgId === a ? 'A' : 'B'}`) },
    ];
    const first = (await enqueueJob(tdbOf(a), { kind: 'p1.call', pluginId: 'p1', payload: { n: 1 } }))!;
    await enqueueJob(tdbOf(a), { kind: 'p1.call', pluginId: 'p1', payload: { n: 2 } });
    await enqueueJob(tdbOf(b), { kind: 'p1.call', pluginId: 'p1', payload: { n: 3 } });
    await enqueueJob(tdbOf(a), { kind: 'p2.call', pluginId: 'p2' });
    const w = worker(kinds, { concurrency: 1 });
    await w.drain();
    expect(ran.sort()).toEqual(['p1:B:3', 'p2:A']);
    const paused = await jobRow(first);
    expect(paused.state).toBe('pending');
    expect(paused.attempts).toBe(0);
    expect(ms(paused.run_at) - Date.now()).toBeGreaterThan(25_000);
    const pause = await database.db.selectFrom('job_pauses').selectAll().executeTakeFirstOrThrow();
    expect([pause.org_id, pause.plugin_id]).toEqual([a, 'p1']);
    // The second job of that plugin and organisation waits for the pause too, and so does one
    // enqueued during the pause.
    await enqueueJob(tdbOf(a), { kind: 'p1.call', pluginId: 'p1', payload: { n: 4 } });
    expect(await w.drain()).toBe(0);
    // Once the pause is over both run; the first counts one attempt.
    const past = new Date(Date.now() - 1000).toISOString();
    await database.db.updateTable('job_pauses').set({ until: past }).execute();
    await database.db
      .updateTable('jobs')
      .set({ run_at: past })
      .where('kind', '=', 'p1.call')
      .where('state', '=', 'pending')
      .execute();
    await w.drain();
    expect(ran.sort()).toEqual(['p1:A:1', 'p1:A:2', 'p1:A:4', 'p1:B:3', 'p2:A']);
    expect((await jobRow(first)).attempts).toBe(1);
  });

  it("shows a database's own error as a Polish sentence with its code, and logs the original", async () => {
    const logged: string[] = [];
    const w = worker(
      [
        {
          kind: 'test.db-error',
          handler: async (ctx) => {
            // A real error of the engine: a unique index refusing the second row.
            await sql`create table if not exists test_job_unique (code varchar(10) unique)`.execute(database.db);
            await sql`insert into test_job_unique (code) values (${`J${ctx.job.id}`})`.execute(database.db);
            await sql`insert into test_job_unique (code) values (${`J${ctx.job.id}`})`.execute(database.db);
          },
        },
      ],
      { log: (m: string) => logged.push(m) },
    );
    const id = (await enqueueJob(tdbOf(orgs[0]!), { kind: 'test.db-error', maxAttempts: 1 }))!;
    expect(await w.drain()).toBe(1);
    const dead = await jobRow(id);
    const code = database.engine === 'postgres' ? '23505' : 'SQLITE_CONSTRAINT_UNIQUE';
    expect([dead.state, dead.last_error]).toEqual(['dead', MSG.jobDatabaseError(code)]);
    expect(logged.some((m) => m.includes(`job ${id} (test.db-error) failed`) && /unique/i.test(m))).toBe(true);
  });

  it('backs off with jitter, ends dead with the last error without secrets, and a dead job can be retried', async () => {
    let healthy = false;
    const w = worker([
      {
        kind: 'test.flaky',
        backoff: { firstSeconds: 10, maxSeconds: 25 },
        handler: async () => {
          if (!healthy) throw new Error('connect failed: postgres://shop:Sekret123@db.example/x?token=abc123def');
        },
      },
    ]);
    const id = (await enqueueJob(tdbOf(orgs[0]!), { kind: 'test.flaky', maxAttempts: 4 }))!;
    // Delays: 10 s, 20 s, then capped at 25 s; each jittered into its upper half.
    for (const [attempt, full] of [
      [1, 10],
      [2, 20],
      [3, 25],
    ] as const) {
      const before = Date.now();
      expect(await w.drain()).toBe(1);
      const row = await jobRow(id);
      expect([row.state, row.attempts]).toEqual(['pending', attempt]);
      const delay = ms(row.run_at) - before;
      expect(delay).toBeGreaterThanOrEqual((full * 1000) / 2 - 50);
      expect(delay).toBeLessThanOrEqual(full * 1000 + 1000);
      expect(await w.drain()).toBe(0);
      await dueNow(id);
    }
    expect(await w.drain()).toBe(1);
    const dead = await jobRow(id);
    expect(dead.state).toBe('dead');
    expect(dead.attempts).toBe(4);
    expect(dead.last_error).toContain('connect failed');
    expect(dead.last_error).not.toContain('Sekret123');
    expect(dead.last_error).not.toContain('abc123def');
    expect(await w.drain()).toBe(0);
    // Another organisation cannot retry it; its own can.
    expect(await retryDeadJob(tdbOf(orgs[1]!), id)).toBe(false);
    expect(await retryDeadJob(tdbOf(orgs[0]!), id)).toBe(true);
    healthy = true;
    expect(await w.drain()).toBe(1);
    expect((await jobRow(id)).state).toBe('done');
  });

  it('fails a run that takes longer than its kind allows, and aborts its signal', async () => {
    let aborted = false;
    const w = worker([
      {
        kind: 'test.slow',
        timeoutSeconds: 0.3,
        handler: ({ signal }) =>
          new Promise<void>((resolve) =>
            signal.addEventListener('abort', () => {
              aborted = true;
              setTimeout(resolve, 50);
            }),
          ),
      },
    ]);
    const id = (await enqueueJob(tdbOf(orgs[0]!), { kind: 'test.slow', maxAttempts: 1 }))!;
    expect(await w.drain()).toBe(1);
    const row = await jobRow(id);
    expect([row.state, row.last_error, aborted]).toEqual(['dead', TIMEOUT_ERROR, true]);
  });

  it('makes a second enqueue with the same dedupe key a no-op while the first is pending or running', async () => {
    const tdb = tdbOf(orgs[0]!);
    const first = await enqueueJob(tdb, { kind: 'test.dedupe', dedupeKey: 'sync-1' });
    expect(first).not.toBeNull();
    expect(await enqueueJob(tdb, { kind: 'test.dedupe', dedupeKey: 'sync-1' })).toBeNull();
    // Another organisation, or another key, is another job.
    expect(await enqueueJob(tdbOf(orgs[1]!), { kind: 'test.dedupe', dedupeKey: 'sync-1' })).not.toBeNull();
    expect(await enqueueJob(tdb, { kind: 'test.dedupe', dedupeKey: 'sync-2' })).not.toBeNull();
    const w = worker([{ kind: 'test.dedupe', handler: async () => undefined }]);
    const claimed = await w.store.claim(['test.dedupe'], 1, 60_000);
    expect(claimed.map((j) => j.id)).toEqual([first]);
    expect(await enqueueJob(tdb, { kind: 'test.dedupe', dedupeKey: 'sync-1' })).toBeNull();
    await w.store.complete(claimed);
    // Done: the key is free again.
    expect(await enqueueJob(tdb, { kind: 'test.dedupe', dedupeKey: 'sync-1' })).not.toBeNull();
  });

  it("exists only if the caller's transaction commits", async () => {
    const count = async () =>
      Number(
        (
          await database.db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('kind', '=', 'test.tx')
            .executeTakeFirstOrThrow()
        ).n,
      );
    await expect(
      tdbOf(orgs[0]!).transaction(async (tdb) => {
        await tdb.insertInto('options', { key: 'JOBS_TEST', value: '1' }).execute();
        await enqueueJob(tdb, { kind: 'test.tx' });
        throw new Error('the caller fails after enqueueing');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await count()).toBe(0);
    await tdbOf(orgs[0]!).transaction(async (tdb) => {
      await tdb.insertInto('options', { key: 'JOBS_TEST', value: '1' }).execute();
      await enqueueJob(tdb, { kind: 'test.tx' });
    });
    expect(await count()).toBe(1);
  });

  it("carries its organisation; the handler's db is scoped to it, and progress is kept", async () => {
    const [a, b] = [orgs[1]!, orgs[2]!];
    await tdbOf(a).insertInto('options', { key: 'JOBS_TENANT', value: 'A' }).execute();
    await tdbOf(b).insertInto('options', { key: 'JOBS_TENANT', value: 'B' }).execute();
    const seen: { orgId: number; values: string[] }[] = [];
    const w = worker([
      {
        kind: 'test.tenant',
        handler: async ({ job, tdb, progress }) => {
          const rows = await tdb.selectFrom('options').select('value').where('key', '=', 'JOBS_TENANT').execute();
          seen.push({ orgId: tdb.orgId, values: rows.map((r) => r.value) });
          expect(job.orgId).toBe(tdb.orgId);
          await progress(3, 7);
        },
      },
    ]);
    const ja = (await enqueueJob(tdbOf(a), { kind: 'test.tenant' }))!;
    await enqueueJob(tdbOf(b), { kind: 'test.tenant' });
    expect(await w.drain()).toBe(2);
    expect(seen.sort((x, y) => x.orgId - y.orgId)).toEqual([
      { orgId: a, values: ['A'] },
      { orgId: b, values: ['B'] },
    ]);
    const row = await jobRow(ja);
    expect([row.org_id, row.progress_done, row.progress_total]).toEqual([a, 3, 7]);
  });

  it('fires a schedule once per due time and organisation, and a core schedule once, across two app processes', async () => {
    const out = path.join(tmp, 'sched');
    const common = { mode: 'schedule', out, at: Date.now() + 4000, now: '2026-11-27T10:07:00.000Z' };
    const [p1, p2] = [child(common), child(common)];
    expect(await p1.exited, p1.stderr()).toBe(0);
    expect(await p2.exited, p2.stderr()).toBe(0);
    const counts = fs
      .readdirSync(tmp)
      .filter((f) => f.startsWith('sched.'))
      .map((f) => fs.readFileSync(path.join(tmp, f), 'utf8').split(' ').map(Number));
    expect(counts.reduce((s, [n]) => s + n!, 0)).toBe(orgs.length);
    // The core schedule (no organisation) ran once in all, in one of the two processes.
    expect(counts.reduce((s, [, n]) => s + n!, 0)).toBe(1);
    const jobs = await database.db
      .selectFrom('jobs')
      .select(['org_id', 'run_at'])
      .where('kind', '=', 'test.scheduled')
      .execute();
    expect(jobs.map((j) => j.org_id).sort()).toEqual([...orgs].sort());
    expect(new Set(jobs.map((j) => ms(j.run_at)))).toEqual(new Set([Date.parse('2026-11-27T10:05:00.000Z')]));
  }, 180_000);

  it('runs a core schedule once per due time, and a failing one does not stop the next', async () => {
    const runs: string[] = [];
    const logged: string[] = [];
    const schedules = [
      { key: 'core.test-fails', everyMinutes: 10, run: () => Promise.reject(new Error('purge broke')) },
      { key: 'core.test-ok', everyMinutes: 10, run: async () => runs.push('ok') },
    ];
    const log = (m: string, err: unknown) => logged.push(`${m}: ${(err as Error).message}`);
    const at = (iso: string) => tickCoreSchedules(database.db, schedules, new Date(iso), log);
    expect(await at('2026-11-27T10:03:00.000Z')).toEqual(['core.test-fails', 'core.test-ok']);
    expect(await at('2026-11-27T10:09:59.000Z')).toEqual([]);
    expect(await at('2026-11-27T10:10:00.000Z')).toEqual(['core.test-fails', 'core.test-ok']);
    // A clock behind the fired time (another process's) fires nothing.
    expect(await at('2026-11-27T10:01:00.000Z')).toEqual([]);
    expect(runs).toEqual(['ok', 'ok']);
    expect(logged).toEqual([
      'schedule core.test-fails failed: purge broke',
      'schedule core.test-fails failed: purge broke',
    ]);
  });

  it("claims fairly across organisations: one organisation's backlog does not starve another's job", async () => {
    const [a, b] = [orgs[0]!, orgs[1]!];
    await tdbOf(a).transaction(async (tdb) => {
      for (let i = 0; i < 200; i++) await enqueueJob(tdb, { kind: 'test.fair', payload: { org: 'a' } });
    });
    await enqueueJob(tdbOf(b), { kind: 'test.fair', payload: { org: 'b' } });
    const order: string[] = [];
    const w = worker(
      [{ kind: 'test.fair', handler: async ({ job }) => void order.push(job.orgId === b ? 'b' : 'a') }],
      {
        concurrency: 4,
      },
    );
    expect(await w.drain()).toBe(201);
    // Plain FIFO would run it last (201st); fair claims take it in the second claim of 4.
    expect(order.indexOf('b')).toBeLessThan(8);
    expect(order.filter((o) => o === 'a')).toHaveLength(200);
  });
});
