import cluster from 'node:cluster';
import fs from 'node:fs';
import { sql } from 'kysely';
import { NO_LIMITS, openPostgres, openSqlite, type Database } from '../../db/database';
import { TenantDb } from '../../db/tenant';
import { handOutWriteTurns } from '../../db/write-turn';
import { enqueueJob } from './enqueue';
import { tickCoreSchedules, tickSchedules } from './schedules';
import { openJobStorePostgres } from './store';
import { JobWorker } from './worker';

/**
 * The child processes of the job engine's conformance suite (jobs.api.test.ts): real processes,
 * each with its own connection, as the job workers of several machines or a restarted worker.
 * JOBS_FIXTURE is a JSON object: { mode, db (postgres URL or SQLite file), out, ... }.
 */
interface Fixture {
  mode: 'cluster' | 'hang' | 'schedule';
  db: string;
  out: string;
  orgIds: number[];
  processes?: number;
  perProcess?: number;
  leaseSeconds?: number;
  at?: number;
  now?: string;
}

const fx = JSON.parse(process.env.JOBS_FIXTURE ?? '{}') as Fixture;

function open(): Database {
  return fx.db.startsWith('postgres') ? openPostgres(fx.db, 4) : openSqlite(fx.db);
}

/** 4 x 1,000: the primary forks the workers (SQLite: and hands out write turns, as `npm start`). */
async function clusterMode(): Promise<void> {
  if (cluster.isPrimary) {
    if (!fx.db.startsWith('postgres')) handOutWriteTurns();
    let left = fx.processes!;
    for (let i = 0; i < fx.processes!; i++) cluster.fork();
    cluster.on('exit', (_w, code) => {
      if (code !== 0) process.exit(code ?? 1);
      if (--left === 0) process.exit(0);
    });
    return;
  }
  const database = open();
  const total = fx.processes! * fx.perProcess!;
  for (let i = 0; i < fx.perProcess!; i += 100) {
    const orgId = fx.orgIds[i % fx.orgIds.length]!;
    await new TenantDb(database.db, orgId).transaction(async (tdb) => {
      for (let k = i; k < Math.min(i + 100, fx.perProcess!); k++)
        await enqueueJob(tdb, { kind: 'test.record', payload: { pid: process.pid, k } });
    });
  }
  const file = `${fx.out}.${process.pid}`;
  // As the job worker process builds it (jobs-process.ts): PostgreSQL bookkeeping on its own pool.
  const store = fx.db.startsWith('postgres') ? openJobStorePostgres(fx.db, NO_LIMITS) : undefined;
  const worker = new JobWorker({
    db: database.db,
    engine: database.engine,
    storeDb: store?.db,
    pollMs: 50,
    kinds: [{ kind: 'test.record', handler: async ({ job }) => fs.appendFileSync(file, `${job.id}\n`) }],
  });
  worker.start();
  for (;;) {
    const r = await sql<{ n: number }>`select count(*) as n from jobs where state = 'done'`.execute(database.db);
    if (Number(r.rows[0]!.n) >= total) break;
    await new Promise((res) => setTimeout(res, 100));
  }
  await worker.stop();
  await store?.destroy();
  await database.destroy();
  process.exit(0);
}

/** Takes the job, says so, and never finishes: the test kills it with SIGKILL. */
async function hangMode(): Promise<void> {
  const database = open();
  const worker = new JobWorker({
    db: database.db,
    engine: database.engine,
    pollMs: 50,
    leaseSeconds: fx.leaseSeconds ?? 2,
    kinds: [
      {
        kind: 'test.hang',
        handler: async ({ job }) => {
          fs.appendFileSync(fx.out, `${job.id} ${job.attempt}\n`);
          await new Promise(() => undefined);
        },
      },
    ],
  });
  worker.start();
}

/**
 * Fires the schedule and a core schedule at the agreed moment, as a second app process does at the
 * same time; writes `<jobs enqueued> <core runs>`.
 */
async function scheduleMode(): Promise<void> {
  const database = open();
  const schedule = {
    key: 'test.every-5',
    everyMinutes: 5,
    job: { kind: 'test.scheduled' },
    organisations: () => Promise.resolve(fx.orgIds),
  };
  // Both processes connect first, then start together.
  await sql`select 1`.execute(database.db);
  await new Promise((res) => setTimeout(res, Math.max(0, fx.at! - Date.now())));
  let fired = 0;
  let coreRuns = 0;
  const core = { key: 'core.test-purge', everyMinutes: 5, run: async () => coreRuns++ };
  for (let i = 0; i < 3; i++) {
    fired += await tickSchedules(database.db, [schedule], new Date(fx.now!));
    await tickCoreSchedules(database.db, [core], new Date(fx.now!));
  }
  fs.writeFileSync(`${fx.out}.${process.pid}`, `${fired} ${coreRuns}`);
  await database.destroy();
  process.exit(0);
}

const modes = { cluster: clusterMode, hang: hangMode, schedule: scheduleMode };
modes[fx.mode]().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
