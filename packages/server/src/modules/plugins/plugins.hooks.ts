import { z } from 'zod';
import { TenantDb } from '../../db/tenant';
import { AppError, notFound, tooManyFor } from '../../platform/errors';
import { countAttempts } from '../../platform/rate-limit';
import { route, type RouteDef } from '../../platform/route';
import { organisationOfHookKey } from '../../plugin-sdk/hooks';
import type { PluginHost } from './plugins.host';
import { installedSet } from './plugins.installed';

export const HOOK_MSG = {
  unknown: 'Nieznany adres powiadomień.',
  badSignature: 'Nieprawidłowy podpis powiadomienia.',
  tooMany: 'Zbyt wiele powiadomień z tego adresu. Spróbuj ponownie za chwilę.',
} as const;

const HOOK_WINDOW_MS = 60_000;
const keyParams = z.object({ key: z.string().max(100) });
/** 200 (not 204): WooCommerce keeps a new webhook only when its test call gets exactly 200. */
const hookAnswer = z.object({ ok: z.literal(true) });

/**
 * Every plugin's webhooks (docs/plugins.md, Webhooks; plugin-sdk/hooks.ts), public at
 * `/hooks/<pluginId>/<name>/:key` (so `/api/hooks/...`), in this order, before the plugin reads or
 * writes anything: the address's rate limit (per client address, PLUGIN_HOOK_RATE_LIMIT a
 * minute), the key -> organisation (an unknown key, another plugin's key, an organisation without
 * the plugin or a broken plugin: the same 404), the service's unsigned test call when the plugin
 * recognises one (200, nothing else), the plugin's `verify` (false: 401), then `handle` (200).
 */
export function pluginHookRoutes(host: PluginHost): RouteDef[] {
  const out: RouteDef[] = [];
  for (const plugin of host.plugins) {
    const id = plugin.manifest.id;
    for (const hook of plugin.server?.webhooks ?? []) {
      out.push(
        route({
          method: 'POST',
          url: `/hooks/${id}/${hook.name}/:key`,
          access: 'public',
          webhook: true,
          tag: `plugin:${id}`,
          summary: hook.summary,
          params: keyParams,
          response: hookAnswer,
          bodyLimit: hook.bodyLimit ?? 1024 * 1024,
          docs: {
            description:
              'Adres powiadomień organizacji (klucz w adresie); treść sprawdzana podpisem wtyczki przed czymkolwiek innym.',
          },
          handler: async (ctx, { params }, req) => {
            const now = ctx.deps.now();
            const { attempts, windowEnd } = await countAttempts(ctx.db, `hook:${ctx.ip}`, 1, HOOK_WINDOW_MS, now);
            if (attempts > ctx.deps.config.pluginHookRateLimit)
              throw tooManyFor(HOOK_MSG.tooMany, Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000)));
            const orgId = await organisationOfHookKey(ctx.db, id, params.key);
            if (orgId === null || !host.usable(id)) throw notFound(HOOK_MSG.unknown);
            const tdb = new TenantDb(ctx.db, orgId);
            if (!(await installedSet(ctx.db, tdb, ctx.deps.config.pluginsCacheMs)).has(id))
              throw notFound(HOOK_MSG.unknown);
            const headers: Record<string, string | undefined> = {};
            for (const [name, value] of Object.entries(req.headers))
              headers[name] = Array.isArray(value) ? value[0] : value;
            const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
            const input = { tdb, deps: ctx.deps, headers, body };
            if (hook.isPing?.({ headers, body })) return { ok: true as const };
            if (!(await hook.verify(input))) throw new AppError(401, HOOK_MSG.badSignature);
            await hook.handle(input);
            return { ok: true as const };
          },
        }),
      );
    }
  }
  return out;
}
