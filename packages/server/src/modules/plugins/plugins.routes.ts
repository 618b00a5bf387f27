import {
  pluginInfoQuerySchema,
  pluginInfoResponseSchema,
  pluginInstallRequestSchema,
  pluginMenuResponseSchema,
  pluginUninstallRequestSchema,
} from '@zaplecze/contract';
import { notFound } from '../../platform/errors';
import { pluginSettingsRoutes } from '../../platform/plugin-settings';
import { NO_CONTENT, route, type RouteDef } from '../../platform/route';
import type { PluginHost } from './plugins.host';
import * as plugins from './plugins.service';

export const pluginsCoreRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/plugin_info',
    access: 'authenticated',
    summary: 'Wtyczki: dostępne albo tylko zainstalowane',
    response: pluginInfoResponseSchema,
    query: pluginInfoQuerySchema,
    handler: (ctx, { query }) => plugins.pluginInfo(ctx, query.onlyInstalled),
  }),
  route({
    method: 'POST',
    url: '/plugin_install',
    access: 'main.plugins.manage',
    summary: 'Instalacja wtyczki w organizacji',
    response: NO_CONTENT,
    docs: { form: true },
    body: pluginInstallRequestSchema,
    handler: (ctx, { body }) => plugins.installPlugin(ctx, body.pluginId),
  }),
  // `pluginId` and `deleteData` in the query or in the body (the web sends the query).
  route({
    method: 'DELETE',
    url: '/plugin_install',
    access: 'main.plugins.manage',
    summary: 'Odinstalowanie wtyczki (dane zostają, chyba że deleteData)',
    response: NO_CONTENT,
    docs: { query: pluginUninstallRequestSchema, body: pluginUninstallRequestSchema.partial() },
    handler: (ctx, _input, req) => {
      const body = typeof req.body === 'object' && req.body !== null ? req.body : {};
      const input = pluginUninstallRequestSchema.parse({ ...(req.query as object), ...body });
      return plugins.uninstallPlugin(ctx, input.pluginId, input.deleteData);
    },
  }),
  route({
    method: 'GET',
    url: '/plugin_menu',
    access: 'authenticated',
    summary: 'Menu zainstalowanych wtyczek dla zalogowanego użytkownika',
    response: pluginMenuResponseSchema,
    handler: (ctx) => plugins.pluginMenu(ctx),
  }),
];

/**
 * Every plugin's routes, mounted at `/plugins/<id><url>` (so `/api/plugins/<id>/...`) with the
 * access they declare, behind the gate that answers 404 to an organisation that has not installed
 * the plugin (or when it is broken) before its permission or input is looked at. A path under
 * `/plugins/` that no plugin serves answers the same 404 to a signed-in caller.
 */
export function pluginRoutes(host: PluginHost): RouteDef[] {
  const out: RouteDef[] = [];
  for (const plugin of host.plugins) {
    const id = plugin.manifest.id;
    // GET/PUT /api/plugins/<id>/settings (platform/plugin-settings), behind the same gate.
    const settings =
      plugin.manifest.settings && !host.brokenReason(id) ? pluginSettingsRoutes(id, plugin.manifest.settings) : [];
    for (const r of [...settings, ...(plugin.server?.routes ?? [])]) {
      if (r.access === 'public') continue;
      const own = r.gate;
      out.push({
        ...r,
        url: `/plugins/${id}${r.url}`,
        tag: `plugin:${id}`,
        gate: async (ctx) => {
          await plugins.assertInstalled(ctx, id);
          await own?.(ctx);
        },
      });
    }
  }
  for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const)
    out.push(
      route({
        method,
        url: '/plugins/*',
        access: 'authenticated',
        // Only ever 404: not an operation of the OpenAPI document (platform/openapi.ts isDocumented).
        response: NO_CONTENT,
        handler: async () => {
          throw notFound(plugins.PLUGIN_MSG.notInstalled);
        },
      }),
    );
  return out;
}
