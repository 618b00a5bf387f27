import { sql, type Kysely } from 'kysely';
import { MIGRATIONS } from '../../db/migrate';
import type { DB } from '../../db/schema';
import type { AppDeps } from '../../platform/context';
import { probeFilesStorage } from '../files';
import { pluginHost, type PluginHost } from '../plugins';
import { HEALTH_MSG } from './messages.pl';
import { NotReady, Readiness, type ReadinessCheck } from './readiness';

/**
 * The readiness checks of a server (docs/operations.md, Health and readiness): the database
 * answers, it has every migration this release knows (the core's and those of each usable plugin),
 * and the files' storage takes a write.
 */

/** The migrations this release expects that the database lacks, as names ('<plugin>/<name>' for a plugin's). */
export async function missingMigrations(db: Kysely<DB>, host: PluginHost = pluginHost()): Promise<string[]> {
  const core = await sql<{ name: string }>`select name from schema_migrations`.execute(db);
  const applied = new Set(core.rows.map((r) => r.name));
  const missing = MIGRATIONS.filter((m) => !applied.has(m.name)).map((m) => m.name);
  // A plugin whose migration failed is broken and answers as such (docs/plugins.md); the server
  // and the other plugins serve, so only the usable plugins' migrations are expected.
  const plugins = host.plugins.filter((p) => host.usable(p.manifest.id) && (p.server?.migrations ?? []).length > 0);
  if (plugins.length > 0) {
    const rows = await db.selectFrom('plugin_migrations').select(['plugin_id', 'name']).execute();
    const done = new Set(rows.map((r) => `${r.plugin_id}/${r.name}`));
    for (const p of plugins)
      for (const m of p.server?.migrations ?? []) {
        const key = `${p.manifest.id}/${m.name}`;
        if (!done.has(key)) missing.push(key);
      }
  }
  return missing;
}

/** The storage probe: the files module's, or a test's. */
export type StorageProbe = () => Promise<void>;

/** The checks of a server built from `deps`. */
export function readinessChecks(deps: AppDeps, probe: StorageProbe = () => probeFilesStorage(deps)): ReadinessCheck[] {
  return [
    {
      name: 'database',
      failedText: HEALTH_MSG.database,
      okForMs: 0,
      run: async () => {
        await sql`select 1`.execute(deps.db);
      },
    },
    {
      name: 'migrations',
      failedText: HEALTH_MSG.migrationsUnknown,
      // Migrations only come with a start of a newer release, and a restore (the only way back)
      // is refused while a server runs (server-lock.ts): once current, current for this process.
      okForMs: Infinity,
      needs: 'database',
      run: async () => {
        const missing = await missingMigrations(deps.db);
        if (missing.length > 0) throw new NotReady(HEALTH_MSG.migrations(missing));
      },
    },
    {
      name: 'storage',
      failedText: HEALTH_MSG.storage,
      // A write and a delete of a tiny file per second at most, however often probes come.
      okForMs: 1000,
      run: probe,
    },
  ];
}

const states = new WeakMap<AppDeps, Readiness>();

/** The readiness of the server built from `deps` (made at its first probe). */
export function readinessOf(deps: AppDeps): Readiness {
  let r = states.get(deps);
  if (!r) {
    r = new Readiness(readinessChecks(deps));
    states.set(deps, r);
  }
  return r;
}

/**
 * The process begins to shut down (main.ts, on SIGTERM): from now on GET /api/ready answers 503,
 * so that a load balancer stops sending requests here.
 */
export function beginShutdown(deps: AppDeps): void {
  readinessOf(deps).stopping = true;
}

/** Replaces the checks of the server built from `deps` (tests: a storage that refuses writes). */
export function setReadinessChecks(deps: AppDeps, checks: ReadinessCheck[]): void {
  states.set(deps, new Readiness(checks));
}
