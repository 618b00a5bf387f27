import { pluginSettingsPutSchema } from '@zaplecze/contract';
import { route, type RouteDef } from '../route';
import { checkSettingsSpec, readPluginSettings, writePluginSettings, type PluginSettingsSpec } from './service';

/**
 * `GET` and `PUT <prefix>/settings` of one plugin, permission main.plugins.manage for both
 * (docs/decisions.md "Plugin settings and secrets"). The URL is relative to `prefix` (default '',
 * i.e. '/settings'): the plugin host mounts them under its own prefix, `/plugins/<id>` under
 * `/api`, and wraps them with its installed check as it does every plugin route. GET answers only
 * the states of secrets; a PUT body's secrets are never logged (the request log carries no bodies,
 * and no error of this path carries a value; platform/log-redaction.ts, platform/error-log.ts).
 */
export function pluginSettingsRoutes(
  pluginId: string,
  spec: PluginSettingsSpec,
  opts: { prefix?: string } = {},
): RouteDef[] {
  checkSettingsSpec(pluginId, spec);
  const url = `${opts.prefix ?? ''}/settings`;
  return [
    route({
      method: 'GET',
      url,
      access: 'main.plugins.manage',
      handler: (ctx) => readPluginSettings(ctx.tdb, ctx.deps.config, pluginId, spec),
    }),
    route({
      method: 'PUT',
      url,
      access: 'main.plugins.manage',
      body: pluginSettingsPutSchema,
      handler: (ctx, { body }) => writePluginSettings(ctx.tdb, ctx.deps.config, pluginId, spec, body),
    }),
  ];
}
