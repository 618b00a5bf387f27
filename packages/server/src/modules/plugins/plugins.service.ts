import {
  hasPermissionExact,
  type MenuPlugin,
  type PermissionInfo,
  type PermissionSection,
  type PluginInfo,
} from '@zaplecze/contract';
import type { AuthContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { deletePluginSettings } from '../../platform/plugin-settings';
import { pluginHost, type LoadedPlugin } from './plugins.host';
import { installedSet } from './plugins.installed';
import { pluginsRepository } from './plugins.repository';
import type { PluginItemFilter } from '../../plugin-sdk';
import { pluginFiles } from '../../plugin-sdk/files';

/** The plugins' Polish messages (docs/rules/platform-rules.md §8). */
export const PLUGIN_MSG = {
  unknown: 'Nie ma takiego pluginu',
  notInstalled: 'Plugin nie jest zainstalowany',
  broken: (name: string, reason: string) => `Plugin „${name}” jest uszkodzony: ${reason}`,
  needsFirst: (name: string, missing: string[]) =>
    `Nie można zainstalować pluginu „${name}”: najpierw zainstaluj ${missing.map((m) => `„${m}”`).join(', ')}`,
  neededBy: (name: string, dependants: string[]) =>
    `Nie można odinstalować pluginu „${name}”: zależ${dependants.length > 1 ? 'ą' : 'y'} od niego ${dependants
      .map((d) => `„${d}”`)
      .join(', ')}`,
} as const;

const installed = (ctx: AuthContext) => installedSet(ctx.db, ctx.tdb, ctx.deps.config.pluginsCacheMs);

/** `GET /plugin_info`: every plugin of the build (or only the installed) with this organisation's state. */
export async function pluginInfo(ctx: AuthContext, onlyInstalled: boolean): Promise<{ plugins: PluginInfo[] }> {
  const host = pluginHost();
  const [ids, brokenRows] = await Promise.all([installed(ctx), pluginsRepository.brokenFor(ctx.db, ctx.orgId)]);
  const brokenEverywhere = new Map(brokenRows.filter((r) => r.org_id === 0).map((r) => [r.plugin_id, r.reason]));
  const brokenHere = new Map(brokenRows.filter((r) => r.org_id !== 0).map((r) => [r.plugin_id, r.reason]));
  const plugins = host.plugins
    .filter((p) => !onlyInstalled || ids.has(p.manifest.id))
    .map(({ manifest: m }) => ({
      id: m.id,
      name: m.name,
      desc: m.desc,
      version: m.version,
      installed: ids.has(m.id),
      dependsOn: [...m.dependsOn],
      hasSettings: m.settings !== undefined,
      broken: host.brokenReason(m.id) ?? brokenEverywhere.get(m.id) ?? brokenHere.get(m.id) ?? null,
    }));
  return { plugins };
}

function known(id: string): LoadedPlugin {
  const plugin = pluginHost().get(id);
  if (!plugin) throw notFound(PLUGIN_MSG.unknown);
  return plugin;
}

/**
 * `POST /plugin_install`: one row for the organisation, after its dependencies. Installing an
 * installed plugin changes nothing and answers the same (idempotent; docs/decisions.md).
 */
export async function installPlugin(ctx: AuthContext, pluginId: string): Promise<void> {
  const host = pluginHost();
  const plugin = known(pluginId);
  const reason = host.brokenReason(pluginId);
  if (reason) throw conflict(PLUGIN_MSG.broken(plugin.manifest.name, reason));
  const changed = await ctx.tdb.transaction(async (tdb) => {
    // Installs and uninstalls of one organisation one at a time: a dependency cannot go while its
    // dependant comes.
    await tdb.lock('plugins');
    const ids = new Set(await pluginsRepository.installedIds(tdb));
    const missing = plugin.manifest.dependsOn.filter((d) => !ids.has(d));
    if (missing.length > 0)
      throw conflict(
        PLUGIN_MSG.needsFirst(
          plugin.manifest.name,
          missing.map((d) => host.nameOf(d)),
        ),
      );
    const added = await pluginsRepository.install(tdb, pluginId, ctx.deps.now());
    // The plugin's starter rows, in the same transaction (PluginServer.onInstall).
    if (added) await plugin.server?.onInstall?.(tdb);
    return added;
  });
  if (changed) await ctx.deps.sessions.forgetCached();
}

/**
 * `DELETE /plugin_install`: removes the organisation's row; the plugin's data stays unless
 * `deleteData`, which deletes the organisation's rows of the plugin's tables in the same
 * transaction (and only that organisation's), and its files under DATA_DIR once that has committed.
 * Pending jobs of the plugin for the organisation go.
 */
export async function uninstallPlugin(ctx: AuthContext, pluginId: string, deleteData: boolean): Promise<void> {
  const host = pluginHost();
  const plugin = known(pluginId);
  const changed = await ctx.tdb.transaction(async (tdb) => {
    await tdb.lock('plugins');
    const ids = new Set(await pluginsRepository.installedIds(tdb));
    const dependants = host.plugins.filter((p) => ids.has(p.manifest.id) && p.manifest.dependsOn.includes(pluginId));
    if (dependants.length > 0)
      throw conflict(
        PLUGIN_MSG.neededBy(
          plugin.manifest.name,
          dependants.map((d) => d.manifest.name),
        ),
      );
    const removed = await pluginsRepository.uninstall(tdb, pluginId);
    await tdb.deleteFrom('jobs').where('plugin_id', '=', pluginId).where('state', '=', 'pending').execute();
    await tdb.deleteFrom('plugin_broken').where('plugin_id', '=', pluginId).execute();
    if (deleteData) await deletePluginSettings(tdb, pluginId);
    if (deleteData && plugin.server) {
      const own = tdb.withTables<Record<string, { org_id: number }>>();
      for (const table of plugin.server.tables ?? []) await own.deleteFrom(table).execute();
      await plugin.server.onUninstallDeleteData?.(tdb);
    }
    return removed;
  });
  // Its files (plugin-sdk/files.ts) go once the rows are gone for good, never inside the transaction;
  // a failure leaves files nobody reads, so it is logged and the uninstall stands.
  if (deleteData)
    await pluginFiles
      .removeAll(ctx.deps.config, pluginId, ctx.orgId)
      .catch((err: unknown) => ctx.log.warn({ err, pluginId }, 'plugin files: removal after uninstall failed'));
  if (changed) await ctx.deps.sessions.forgetCached();
}

/** `GET /plugin_menu`: the installed (working) plugins' groups, with the tabs the user may open. */
export async function pluginMenu(ctx: AuthContext): Promise<{ plugins: MenuPlugin[] }> {
  const host = pluginHost();
  const ids = await installed(ctx);
  const plugins: MenuPlugin[] = [];
  for (const { manifest: m } of host.plugins) {
    if (!m.menu || !ids.has(m.id) || !host.usable(m.id)) continue;
    const items = m.menu.tabs
      .filter((t) => !t.permission || hasPermissionExact(ctx.user.permissions, t.permission))
      .map((t) => ({ path: t.path, tabName: t.tabName, icon: t.icon }));
    if (items.length === 0) continue;
    plugins.push({ pluginId: m.id, name: m.menu.name, icon: m.menu.icon, category: m.menu.category, items });
  }
  return { plugins };
}

/**
 * The installed plugins' permissions for `GET /data/permissions_info`: one section per plugin
 * (key `plugin:<id>`, its Polish name and description).
 */
export async function pluginPermissionSections(
  ctx: AuthContext,
): Promise<{ sections: PermissionSection[]; permissions: PermissionInfo[] }> {
  const ids = await installed(ctx);
  const sections: PermissionSection[] = [];
  const permissions: PermissionInfo[] = [];
  for (const { manifest: m } of pluginHost().plugins) {
    if (!ids.has(m.id) || !m.permissions?.length) continue;
    const section = `plugin:${m.id}`;
    sections.push({ key: section, name: m.name, desc: m.desc });
    for (const p of m.permissions) permissions.push({ key: p.key, name: p.name, desc: p.desc, section });
  }
  return { sections, permissions };
}

/** Every permission key the plugins of the build add (a user's permissions may hold them). */
export function pluginPermissionKeys(): ReadonlySet<string> {
  return pluginHost().permissionKeys();
}

/**
 * The item search filters of the plugins the caller's organisation installed (and that work), for
 * `GET /items` (items.plugin-filters.ts); none without a query.
 */
/** Every query parameter some plugin's item search filter reads (whether installed or not). */
export function itemFilterParams(): ReadonlySet<string> {
  return new Set(pluginHost().plugins.flatMap((p) => (p.server?.itemFilters ?? []).flatMap((f) => f.params)));
}

export async function installedItemFilters(
  ctx: AuthContext,
): Promise<{ pluginId: string; filter: PluginItemFilter }[]> {
  const host = pluginHost();
  const withFilters = host.plugins.filter((p) => (p.server?.itemFilters?.length ?? 0) > 0);
  if (withFilters.length === 0) return [];
  const ids = await installed(ctx);
  return withFilters
    .filter((p) => ids.has(p.manifest.id) && host.usable(p.manifest.id))
    .flatMap((p) => p.server!.itemFilters!.map((filter) => ({ pluginId: p.manifest.id, filter })));
}

/** Throws the plugins' 404 unless the caller's organisation installed the plugin and it works. */
export async function assertInstalled(ctx: AuthContext, pluginId: string): Promise<void> {
  if (!pluginHost().usable(pluginId) || !(await installed(ctx)).has(pluginId)) throw notFound(PLUGIN_MSG.notInstalled);
}
