import { performance } from 'node:perf_hooks';
import { cacheGeneration } from '../../platform/cache-generation';
import type { TenantDb } from '../../db/tenant';
import { pluginsRepository } from './plugins.repository';

/**
 * The plugins an organisation installed, kept in this process for at most `ttlMs`
 * (config.pluginsCacheMs, PLUGINS_CACHE_MS, default 1 s): every
 * plugin request needs them (the 404 of a plugin not installed), and the menu and the list too.
 * Install and uninstall forget them in every worker at once through AppDeps.sessions.forgetCached()
 * (the token cache's relay, platform/cache-generation.ts); a change made elsewhere (another server
 * on the same PostgreSQL database) is seen within `ttlMs`.
 */
const MAX_KEPT = 10_000;

interface Kept {
  ids: ReadonlySet<string>;
  at: number;
  generation: number;
}
const byDatabase = new WeakMap<object, Map<number, Kept>>();

/** `db` is the process's database handle (the cache's key), `tdb` the organisation's. */
export async function installedSet(db: object, tdb: TenantDb, ttlMs: number): Promise<ReadonlySet<string>> {
  let kept = byDatabase.get(db);
  const hit = kept?.get(tdb.orgId);
  if (hit && hit.generation === cacheGeneration() && performance.now() - hit.at <= ttlMs) return hit.ids;
  const generation = cacheGeneration();
  const ids = new Set(await pluginsRepository.installedIds(tdb));
  if (generation !== cacheGeneration()) return ids;
  if (!kept) byDatabase.set(db, (kept = new Map()));
  kept.delete(tdb.orgId);
  kept.set(tdb.orgId, { ids, at: performance.now(), generation });
  if (kept.size > MAX_KEPT) {
    const oldest = kept.keys().next();
    if (!oldest.done) kept.delete(oldest.value);
  }
  return ids;
}

/**
 * Whether the organisation of `tdb` installed the plugin `pluginId` (the SDK's face, for a plugin
 * that works with another when it is there: the invoicing plugin waits for a fiscal printer's
 * print only when that plugin is installed).
 */
export async function isPluginInstalled(
  deps: { db: object; config: { pluginsCacheMs: number } },
  tdb: TenantDb,
  pluginId: string,
): Promise<boolean> {
  return (await installedSet(deps.db, tdb, deps.config.pluginsCacheMs)).has(pluginId);
}
