// The job engine's drain rate (docs/performance.md, Jobs): 10,000 queued no-op jobs of one
// organisation, drained by the job worker as `npm start` runs it (one process per machine, its
// default concurrency), timed from the worker's start until the last job is marked done.
// Usage: npm run bench:jobs [-- --jobs 10000 --processes 1 --concurrency 8]
//   (node --import tsx bench/jobs-drain.mjs)
// SQLite in a temporary directory; PostgreSQL when BENCH_DATABASE_URL is set (a fresh database,
// dropped afterwards). --processes N forks N job workers as cluster workers (on SQLite taking write
// turns from this primary, as main.ts hands them out), as several machines on PostgreSQL would.
import cluster from 'node:cluster';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { benchDatabase } from './bench-db.mjs';
import { loadConfig } from '../packages/server/src/config.ts';
import { openAndMigrate } from '../packages/server/src/server.ts';
import { handOutWriteTurns } from '../packages/server/src/db/write-turn.ts';
import { TenantDb } from '../packages/server/src/db/tenant.ts';
import { postgresUrl } from '../packages/server/src/db/database.ts';
import {
  enqueueJob,
  JobWorker,
  JOB_DEFAULTS,
  openJobStorePostgres,
} from '../packages/server/src/platform/jobs/index.ts';

const { values: args } = parseArgs({
  options: {
    jobs: { type: 'string', default: '10000' },
    processes: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: String(JOB_DEFAULTS.concurrency) },
  },
});
const JOBS = Number(args.jobs);
const PROCESSES = Number(args.processes);
const CONCURRENCY = Number(args.concurrency);
const noop = [{ kind: 'bench.noop', handler: async () => undefined }];

/** The job worker as jobs-process.ts builds it (PostgreSQL: its bookkeeping pool). */
function jobWorker(config, db, engine) {
  const url = postgresUrl(config);
  const store = url ? openJobStorePostgres(url, { connectTimeoutMs: 5000, statementTimeoutMs: 30_000 }) : undefined;
  const worker = new JobWorker({ db, engine, storeDb: store?.db, kinds: noop, concurrency: CONCURRENCY });
  return { worker, close: async () => (await worker.stop(), await store?.destroy()) };
}

if (cluster.isWorker) {
  // A forked job worker: runs until the primary says stop.
  const config = loadConfig(process.env);
  const { database, deps } = await openAndMigrate(config);
  const { worker, close } = jobWorker(config, deps.db, database.engine);
  process.on('message', async (m) => {
    if (m === 'start') worker.start();
    if (m === 'stop') {
      await close();
      await database.destroy();
      process.exit(0);
    }
  });
  process.send('ready');
} else {
  const { env, dropDb } = await benchDatabase({ fresh: 'jobs' });
  const config = loadConfig(env);
  const { database, deps } = await openAndMigrate(config);
  const db = deps.db;
  try {
    const now = new Date().toISOString();
    const org = (
      await sql`insert into organizations (prefix, name, tax_id, address, post_code_city, country_code, registered_at)
        values ('jobs', 'Bench', '', '', '', 'PL', ${now}) returning id`.execute(db)
    ).rows[0].id;
    const t0 = performance.now();
    for (let i = 0; i < JOBS; i += 500) {
      await new TenantDb(db, org).transaction(async (tdb) => {
        for (let k = i; k < Math.min(i + 500, JOBS); k++) await enqueueJob(tdb, { kind: 'bench.noop', payload: { k } });
      });
    }
    const enqueueS = (performance.now() - t0) / 1000;
    console.log(
      `${database.engine}: enqueued ${JOBS} jobs in ${enqueueS.toFixed(2)} s (${Math.round(JOBS / enqueueS)} jobs/s, 500 per transaction)`,
    );

    const done = async () =>
      Number((await sql`select count(*) as n from jobs where state = 'done'`.execute(db)).rows[0].n);
    let stop;
    if (PROCESSES > 1) {
      if (database.engine === 'sqlite') handOutWriteTurns();
      const workers = Array.from({ length: PROCESSES }, () => cluster.fork(env));
      await Promise.all(workers.map((w) => new Promise((r) => w.once('message', r))));
      for (const w of workers) w.send('start');
      stop = () => Promise.all(workers.map((w) => new Promise((r) => (w.once('exit', r), w.send('stop')))));
    } else {
      const { worker, close } = jobWorker(config, db, database.engine);
      worker.start();
      stop = close;
    }
    const started = performance.now();
    for (;;) {
      if ((await done()) >= JOBS) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const drainS = (performance.now() - started) / 1000;
    await stop();
    console.log(
      `${database.engine}: drained ${JOBS} no-op jobs in ${drainS.toFixed(2)} s = ${Math.round(JOBS / drainS)} jobs/s ` +
        `(${PROCESSES} job worker process(es), concurrency ${CONCURRENCY}; target >= 1,000 jobs/s)`,
    );
  } finally {
    await database.destroy();
    await dropDb();
  }
  process.exit(0);
}
