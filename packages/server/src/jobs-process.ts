import os from 'node:os';
import type { Config } from './config';
import { allModules } from './modules';
import { postgresUrl } from './db/database';
import {
  checkSchedule,
  JobWorker,
  onJobWake,
  openJobStorePostgres,
  purgeScheduleRuns,
  redactError,
  tickCoreSchedules,
  tickSchedules,
} from './platform/jobs';
import { activateMetrics } from './platform/metrics';
import type { ServerModule } from './platform/module';
import { openAndMigrate, servingLimits, startCacheBus } from './server';

/**
 * The job worker process of `npm start` (docs/operations.md, Jobs): forked by the primary beside
 * the HTTP workers and restarted after it ends like them (main.ts). It serves no HTTP. On SQLite it
 * is a worker of the cluster, so its writes take turns at the write lock from the primary like the
 * HTTP workers' (db/write-turn.ts); on PostgreSQL every node's job worker takes jobs (SKIP LOCKED).
 */
export async function runJobProcess(config: Config, modules: ServerModule[] = allModules): Promise<void> {
  // Below the HTTP workers (docs/operations.md, Jobs): a user's request is not kept waiting for
  // the CPU an import or a sync takes. The main thread is where the handlers and the SQLite
  // statements run.
  if (config.jobsNice > 0) {
    try {
      os.setPriority(config.jobsNice);
    } catch (err) {
      console.error(`job worker: could not lower its priority: ${redactError(err)}`);
    }
  }
  // Its job runs and pools count in the machine's metrics (the primary collects them).
  if (config.metricsEnabled) activateMetrics();
  const { database, deps } = await openAndMigrate(config, { serving: true });
  const secrets = [smtpPassword(config.smtpUrl)].filter((s) => s.length > 0);
  const log = (m: string) => console.error(m);
  const url = postgresUrl(config);
  // Jobs read the installed plugins through the same caches as the HTTP workers.
  const cacheBus = await startCacheBus(config, log);
  const store = url ? openJobStorePostgres(url, servingLimits(config)) : undefined;
  const worker = new JobWorker({
    db: deps.db,
    engine: deps.engine,
    storeDb: store?.db,
    kinds: modules.flatMap((m) => m.jobs?.(deps) ?? []),
    concurrency: config.jobsConcurrency,
    pollMs: config.jobsPollMs,
    leaseSeconds: config.jobsLeaseSeconds,
    secrets,
    log,
  });
  const schedules = modules.flatMap((m) => m.schedules?.(deps) ?? []);
  // The core's maintenance (the purges once done by a timer of the HTTP workers): once per due time
  // across every process (docs/decisions.md, Core schedules).
  const coreSchedules = modules.flatMap((m) => m.coreSchedules?.(deps) ?? []);
  for (const s of [...schedules, ...coreSchedules]) checkSchedule(s);
  worker.start();
  // A job enqueued for now by an HTTP worker starts at once (platform/jobs/wake.ts).
  onJobWake(() => worker.wakeNow());
  let ticks = 0;
  let ticking: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      await tickCoreSchedules(deps.db, coreSchedules, new Date(), (m, err) =>
        log(`jobs: ${m}: ${redactError(err, secrets)}`),
      );
      await tickSchedules(deps.db, schedules);
      if (ticks++ % 240 === 0) await purgeScheduleRuns(deps.db);
    } catch (err) {
      log(`jobs: schedules failed: ${redactError(err, secrets)}`);
    }
  };
  ticking = tick();
  const timer =
    schedules.length + coreSchedules.length > 0
      ? setInterval(() => (ticking = tick()), config.jobsScheduleTickMs)
      : undefined;
  let stopping = false;
  // SIGTERM (from the primary, or a service manager that signals every process): no new job is
  // taken; the running ones get SHUTDOWN_TIMEOUT_MS to end, then are given back to run again
  // (JobWorker.stop; docs/operations.md, Shutdown).
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`job worker ${process.pid}: ${signal}, stopping (up to ${config.shutdownTimeoutMs / 1000} s for running jobs)`);
    clearInterval(timer);
    await worker.stop(config.shutdownTimeoutMs);
    await ticking;
    // A handler that ignored its signal may still hold a connection, which the pools' end would
    // wait for: the process ends anyway, and PostgreSQL rolls its transaction back.
    await Promise.race([
      Promise.all([store?.destroy(), cacheBus?.stop(), database.destroy()]),
      new Promise((r) => setTimeout(r, 2000).unref()),
    ]);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

function smtpPassword(url: string | undefined): string {
  try {
    return url ? decodeURIComponent(new URL(url).password) : '';
  } catch {
    return '';
  }
}
