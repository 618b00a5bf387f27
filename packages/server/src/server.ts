import type { FastifyBaseLogger } from 'fastify';
import { loadConfig, type Config } from './config';
import { NO_LIMITS, openDatabase, postgresUrl, type Database, type PostgresLimits } from './db/database';
import { migrate } from './db/migrate';
import { allModules } from './modules';
import { authenticate, sessions, TOKEN_CACHE_MS } from './modules/auth';
import { APP_VERSION } from './modules/meta';
import { migratePlugins, pluginHost, setPluginLog } from './modules/plugins';
import { buildApp, type BuiltApp, type LogDestination } from './platform/app';
import { CacheBus, setCacheBus } from './platform/cache-bus';
import { svgCaptchaGenerator } from './platform/captcha';
import { closeFileStorage } from './platform/file-storage';
import type { AppDeps } from './platform/context';
import { EventBus } from './platform/events';
import type { ServerModule } from './platform/module';
import type { RouteDef } from './platform/route';
import { UsageRegistry } from './platform/usage';

/**
 * The composition root: the only place that knows every module. It wires the modules' usage
 * checks and event subscribers into the deps and their routes into the HTTP app.
 */

/** Subscriber failures are reported here; the server points it at its logger once built. */
let eventErrorLog: (err: unknown, event: string) => void = (err, event) =>
  console.error(`event ${event}: subscriber failed`, err instanceof Error ? err.message : err);

export function createDeps(
  config: Config,
  database: Database,
  overrides: Partial<Pick<AppDeps, 'captcha' | 'now'>> = {},
  modules: ServerModule[] = allModules,
): AppDeps {
  const events = new EventBus((err, event) => eventErrorLog(err, event));
  const usage = new UsageRegistry();
  for (const m of modules) {
    for (const check of m.usageChecks ?? []) usage.add(check);
    m.subscribe?.(events, { db: database.db, config });
  }
  return {
    config,
    db: database.db,
    engine: database.engine,
    captcha: overrides.captcha ?? svgCaptchaGenerator,
    now: overrides.now ?? (() => new Date()),
    events,
    usage,
    authenticate,
    sessions,
  };
}

/** The HTTP app with every module's routes (plus `extraRoutes`, for the route-table test). */
export async function createApp(
  deps: AppDeps,
  opts: { logger?: boolean; logStream?: LogDestination; extraRoutes?: RouteDef[] } = {},
): Promise<BuiltApp> {
  // Each route in its module's group of the OpenAPI document (a plugin's routes come in their own).
  const routes = [
    ...allModules.flatMap((m) => m.routes.map((r) => ({ ...r, tag: r.tag ?? m.name }))),
    ...(opts.extraRoutes ?? []),
  ];
  const tags = [
    ...allModules.map((m) => ({ name: m.name, description: m.title })),
    ...pluginHost().plugins.map((p) => ({
      name: `plugin:${p.manifest.id}`,
      description: `Wtyczka: ${p.manifest.name}`,
    })),
  ];
  const built = await buildApp(deps, routes, {
    logger: opts.logger,
    logStream: opts.logStream,
    openApi: { version: APP_VERSION, tags },
  });
  const log: FastifyBaseLogger = built.app.log;
  // The S3 client's connections (platform/file-storage) end with the server.
  built.app.addHook('onClose', () => closeFileStorage(deps.config));
  eventErrorLog = (err, event) => log.error({ err, event }, 'event subscriber failed');
  setPluginLog((message) => log.error(message));
  return built;
}

/** The PostgreSQL time limits of the HTTP server's database (docs/operations.md, Database outage). */
export function servingLimits(config: Config): PostgresLimits {
  return {
    connectTimeoutMs: config.dbConnectTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    idleInTransactionTimeoutMs: config.dbIdleInTransactionTimeoutMs,
  };
}

/**
 * Opens the configured database and migrates it; the same for the server and the CLI. Migrations
 * and the CLI's tools run without a statement limit (a migration or a seed of a big catalogue runs
 * for minutes); `serving` reopens the database with the HTTP server's limits once migrated.
 */
export async function openAndMigrate(
  config: Config = loadConfig(),
  opts: { serving?: boolean } = {},
): Promise<{ database: Database; deps: AppDeps }> {
  let database = openDatabase(config, { ...NO_LIMITS, connectTimeoutMs: config.dbConnectTimeoutMs });
  try {
    await migrate(database);
    // The plugins' own migrations, after the core's; a failing one marks its plugin broken only.
    await migratePlugins(database);
  } catch (err) {
    await database.destroy();
    throw err;
  }
  if (opts.serving && database.engine === 'postgres') {
    await database.destroy();
    database = openDatabase(config, servingLimits(config));
  }
  return { database, deps: createDeps(config, database) };
}

/**
 * On PostgreSQL, this process's share of the cache forgets of every node (platform/cache-bus.ts):
 * listening before it serves, so no forget announced after its start is missed. Nothing on SQLite
 * (one machine: the cluster's relay is enough). `stop` before the process ends.
 */
export async function startCacheBus(config: Config, log: (message: string) => void): Promise<CacheBus | undefined> {
  const url = postgresUrl(config);
  if (!url) return undefined;
  const bus = new CacheBus({ url, connectTimeoutMs: config.dbConnectTimeoutMs, forgetWaitMs: TOKEN_CACHE_MS, log });
  setCacheBus(bus);
  await bus.start();
  return bus;
}
