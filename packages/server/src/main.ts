import cluster from 'node:cluster';
import { loadConfig } from './config';
import { relayTokenForgets } from './modules/auth';
import { prewarmItemIndexes } from './modules/items';
import { handOutWriteTurns } from './db/write-turn';
import { runningHandlers } from './platform/route';
import { isConnectionError } from './db/errors';
import { closeFileStorage, fileStorage } from './platform/file-storage';
import { createApp, openAndMigrate, startCacheBus } from './server';
import { WorkerRestarts } from './worker-restarts';
import { holdServerLock, type HeldLock } from './server-lock';
import { runJobProcess } from './jobs-process';
import { beginShutdown } from './modules/health';
import { activateMetrics, collectForWorkers } from './platform/metrics';
import { relayJobWakes } from './platform/jobs';

/** The environment variable that makes a forked worker the job worker (docs/operations.md, Jobs). */
const PROCESS_ROLE = 'ZAPLECZE_PROCESS';

/**
 * The running server's hold on its database (server-lock.ts): `restore` is refused while it is
 * held. Kept here for the life of the process; the operating system or PostgreSQL drops it when
 * the process ends, however it ends.
 */
let serverLock: HeldLock | undefined;

/**
 * How much longer than SHUTDOWN_DELAY_MS + SHUTDOWN_TIMEOUT_MS the primary waits for its workers
 * before it kills them: a worker's own clean-up after its grace (closing its pools, giving back
 * jobs) takes well under a second.
 */
const SHUTDOWN_MARGIN_MS = 5000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Names the S3 storage of the files and tries it once (write and remove a tiny object). A storage
 * that does not answer is reported, not fatal: everything but photos and plugins' files works,
 * and those answer 503 until it is back (docs/operations.md, "When S3 fails").
 */
async function checkFileStorage(config: ReturnType<typeof loadConfig>): Promise<void> {
  const storage = fileStorage(config);
  console.log(`Pliki: ${storage.where}`);
  try {
    await storage.probe();
  } catch (err) {
    console.error(`file storage not answering at start: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await closeFileStorage(config);
  }
}

/** Young-generation semi-space of each worker, MB (V8's default is 16 on 64-bit machines). */
const WORKER_SEMI_SPACE_MB = 64;

/**
 * `npm start`: the primary migrates the database once, then forks WEB_CONCURRENCY workers
 * (one per core by default) that share the port. SQLite's driver is synchronous, so one process
 * would serialise every request; no state that matters lives in a process.
 */
async function primary(): Promise<void> {
  const config = loadConfig();
  // Before anything touches the database: a restore under way makes the start fail here.
  serverLock = await holdServerLock(config, (err) =>
    console.error(`server lock lost, taking it again: ${err instanceof Error ? err.message : String(err)}`),
  );
  const { database } = await openAndMigrate(config);
  await database.destroy();
  const workers = config.webConcurrency;
  console.log(`Zaplecze: ${database.engine}, ${workers} proces(y), http://localhost:${config.port}`);
  if (config.filesS3) await checkFileStorage(config);
  // One process serves everything only without the job worker: jobs never run in an HTTP process.
  if (workers === 1 && !config.jobsWorker) return worker();
  // A bigger young generation for the workers: a 10,000-row list answer allocates tens of MB of
  // short-lived objects, and with V8's default 16 MB semi-space its scavenges were the slowest
  // requests' extra 30-50 ms (docs/performance.md, Order search). Costs up to ~150 MB per worker.
  // A flag given on the command line (NODE_OPTIONS or execArgv) wins.
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (!flags.some((f) => f.startsWith('--max-semi-space-size')))
    cluster.setupPrimary({ execArgv: [...process.execArgv, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`] });
  relayTokenForgets();
  if (database.engine === 'sqlite') handOutWriteTurns();
  // Metrics (docs/operations.md, Metrics): a scraped worker gets every worker's sum from here.
  if (config.metricsEnabled) collectForWorkers();
  // The maintenance purges (expired tokens, unclaimed uploads, the item filter index's log) are
  // core schedules of the job worker (jobs-process.ts), run once per due time across processes.
  // A worker that ends is started again after a wait that grows while workers keep ending soon
  // after they start (worker-restarts.ts): a database that is down must not make a tight loop.
  const startedAt = new Map<number, number>();
  let stopping = false;
  const fork = () => startedAt.set(cluster.fork().id, Date.now());
  for (let i = 0; i < workers; i++) fork();
  // The job worker (jobs-process.ts): one per machine, a cluster worker that never listens, so its
  // SQLite writes take turns like the HTTP workers'; restarted with a backoff of its own.
  let jobWorkerId: number | undefined;
  // A job enqueued for now wakes the job worker (platform/jobs/wake.ts).
  relayJobWakes(() => (jobWorkerId === undefined ? undefined : cluster.workers?.[jobWorkerId]));
  const forkJobs = () => {
    const w = cluster.fork({ [PROCESS_ROLE]: 'jobs' });
    jobWorkerId = w.id;
    startedAt.set(w.id, Date.now());
  };
  // Forked once the first HTTP worker listens: the site serves first, jobs wait a moment.
  if (config.jobsWorker) cluster.once('listening', () => stopping || forkJobs());
  const jobRestarts = new WorkerRestarts();
  const restarts = new WorkerRestarts();
  const pending = new Set<NodeJS.Timeout>();
  let finished = false;
  const finish = async (code: number) => {
    if (finished) return;
    finished = true;
    await serverLock?.release().catch(() => undefined);
    process.exit(code);
  };
  // A worker that ended may stay in cluster.workers until its IPC channel closes too.
  const alive = () =>
    Object.values(cluster.workers ?? {}).filter((w): w is NonNullable<typeof w> => w !== undefined && !w.isDead());
  cluster.on('exit', (w, code, signal) => {
    if (stopping) {
      if (alive().length === 0) void finish(0);
      return;
    }
    const jobs = w.id === jobWorkerId;
    const delay = (jobs ? jobRestarts : restarts).delayAfter(Date.now() - (startedAt.get(w.id) ?? 0));
    startedAt.delete(w.id);
    const what = jobs ? 'job worker' : 'worker';
    console.error(`${what} ${w.process.pid} ended (${signal ?? code}), starting another in ${delay / 1000} s`);
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!stopping) (jobs ? forkJobs : fork)();
    }, delay);
    pending.add(timer);
  });
  // A graceful stop (docs/operations.md, Shutdown): every worker is told with SIGTERM (a signal, not
  // the cluster's disconnect, so the IPC channel keeps serving SQLite's write turns and the metrics
  // until each ends); the HTTP workers finish their requests, the job worker its jobs, each within
  // SHUTDOWN_DELAY_MS + SHUTDOWN_TIMEOUT_MS. The primary waits for all of them, and kills any that
  // is still there a few seconds after that (exit code 1; a killed job worker's jobs run again once
  // their leases end).
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const timer of pending) clearTimeout(timer);
    const workersLeft = alive();
    const limitMs = config.shutdownDelayMs + config.shutdownTimeoutMs + SHUTDOWN_MARGIN_MS;
    console.error(`Zaplecze: ${signal}, stopping ${workersLeft.length} process(es), waiting up to ${limitMs / 1000} s`);
    if (workersLeft.length === 0) return void finish(0);
    for (const w of workersLeft) w.process.kill('SIGTERM');
    setTimeout(() => {
      for (const w of alive()) {
        console.error(`Zaplecze: process ${w.process.pid} did not stop within ${limitMs / 1000} s, killing it`);
        w.process.kill('SIGKILL');
      }
      void finish(1);
    }, limitMs).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function worker(): Promise<void> {
  const config = loadConfig();
  if (process.env[PROCESS_ROLE] === 'jobs') return runJobProcess(config);
  // Before the database opens: its statements are timed from the first one.
  if (config.metricsEnabled) activateMetrics();
  const { database, deps } = await openAndMigrate(config, { serving: true });
  const { app } = await createApp(deps);
  // On PostgreSQL, forgets of other nodes reach this worker's caches (platform/cache-bus.ts).
  const cacheBus = await startCacheBus(config, (m) => app.log.warn(m));
  await app.listen({ port: config.port, host: config.host });
  // The item filter indexes of big organisations load in the background (docs/operations.md).
  prewarmItemIndexes(deps, app.log).catch((err: unknown) =>
    app.log.warn({ err }, 'item filter index: loading at start failed, searches load them'),
  );
  let stopping = false;
  // SIGTERM (docs/operations.md, Shutdown): /api/ready answers 503 at once; after
  // SHUTDOWN_DELAY_MS no new connection is taken, and the requests in flight get
  // SHUTDOWN_TIMEOUT_MS to be answered before their connections are closed.
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    beginShutdown(deps);
    app.log.info(`${signal}: stopping`);
    if (config.shutdownDelayMs > 0) await sleep(config.shutdownDelayMs);
    const deadline = Date.now() + config.shutdownTimeoutMs;
    const closed = app.close();
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([
      closed.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), config.shutdownTimeoutMs))),
    ]);
    clearTimeout(timer);
    if (!inTime) {
      app.log.warn(`${signal}: requests still running after ${config.shutdownTimeoutMs / 1000} s, closing them`);
      app.server.closeAllConnections();
      await closed;
    }
    // Handlers whose clients hung up may still be using the database: they get the rest of the time.
    while (runningHandlers.count > 0 && Date.now() < deadline) await sleep(20);
    await cacheBus?.stop();
    await database.destroy();
    await serverLock?.release();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Exit code of a start that could not reach the database (docs/operations.md, Database outage). */
const EXIT_DATABASE_UNAVAILABLE = 3;

const run = cluster.isPrimary ? primary : worker;
run().catch((err: unknown) => {
  if (isConnectionError(err)) {
    console.error(
      `Zaplecze: nie można połączyć się z bazą danych: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exit(EXIT_DATABASE_UNAVAILABLE);
  }
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
