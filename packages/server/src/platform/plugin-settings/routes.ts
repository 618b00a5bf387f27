import { pluginSettingsPutSchema, SECRET_STATES } from '@zaplecze/contract';
import { z } from 'zod';
import { clearPluginReconnect } from '../outside';
import { route, type RouteDef } from '../route';
import { checkSettingsSpec, readPluginSettings, writePluginSettings, type PluginSettingsSpec } from './service';

/**
 * `GET` and `PUT <prefix>/settings` of one plugin, permission main.plugins.manage for both
 * (docs/decisions.md "Plugin settings and secrets"). The URL is relative to `prefix` (default '',
 * i.e. '/settings'): the plugin host mounts them under its own prefix, `/plugins/<id>` under
 * `/api`, and wraps them with its installed check as it does every plugin route. GET answers only
 * the states of secrets; a PUT body's secrets are never logged (the request log carries no bodies,
 * and no error of this path carries a value; platform/log-redaction.ts, platform/error-log.ts).
 * A save also ends the connection's 'Połącz ponownie' state (platform/outside/connection.ts).
 */
export function pluginSettingsRoutes(
  pluginId: string,
  spec: PluginSettingsSpec,
  opts: { prefix?: string } = {},
): RouteDef[] {
  checkSettingsSpec(pluginId, spec);
  const url = `${opts.prefix ?? ''}/settings`;
  // The answer as the OpenAPI document shows it: this plugin's own values (a required one nothing
  // has set yet is left out) and the state of each of its secrets.
  const answer = z.object({
    values: spec.schema.partial(),
    secrets: z.object(Object.fromEntries(spec.secrets.map((name) => [name, z.enum(SECRET_STATES)]))),
  });
  return [
    route({
      method: 'GET',
      url,
      access: 'main.plugins.manage',
      summary: 'Ustawienia wtyczki (sekrety tylko jako stan)',
      response: answer,
      handler: (ctx) => readPluginSettings(ctx.tdb, ctx.deps.config, pluginId, spec),
    }),
    route({
      method: 'PUT',
      url,
      access: 'main.plugins.manage',
      summary: 'Zapis ustawień wtyczki (sekrety tylko do zapisu)',
      response: answer,
      body: pluginSettingsPutSchema,
      handler: async (ctx, { body }) => {
        const saved = await writePluginSettings(ctx.tdb, ctx.deps.config, pluginId, spec, body);
        // New settings are the seller's fix of a refused connection: the schedules run again (a
        // still wrong one is refused again at the next call).
        await clearPluginReconnect(ctx.tdb, pluginId, ctx.deps.now());
        return saved;
      },
    }),
  ];
}
