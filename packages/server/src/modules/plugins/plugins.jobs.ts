import type { AppDeps } from '../../platform/context';
import { redactError, RetryAfterError, type JobKind, type JobSchedule } from '../../platform/jobs';
import type { PluginHost } from './plugins.host';
import { pluginsRepository } from './plugins.repository';

/**
 * The plugins' job kinds (`<id>.<name>`) as the job worker runs them (platform/jobs): a job of a
 * plugin that is broken everywhere, or that its organisation no longer has installed, ends without
 * running. A job that fails its last attempt marks the plugin broken for that organisation (shown on
 * the plugins page) until a later job of the plugin succeeds there; other organisations, the other
 * plugins and the core go on. The handler also gets the server's services (`deps`, as a route's
 * ctx.deps), which the SDK's catalogue face needs (plugin-sdk/catalog.ts).
 */
export function pluginJobKinds(host: PluginHost, deps: AppDeps): JobKind[] {
  const db = deps.db;
  const kinds: JobKind[] = [];
  for (const plugin of host.plugins) {
    const id = plugin.manifest.id;
    for (const j of plugin.server?.jobs ?? []) {
      kinds.push({
        kind: `${id}.${j.name}`,
        ...(j.timeoutSeconds !== undefined ? { timeoutSeconds: j.timeoutSeconds } : {}),
        ...(j.backoff ? { backoff: j.backoff } : {}),
        handler: async (ctx) => {
          if (!host.usable(id) || !(await pluginsRepository.isInstalled(db, ctx.job.orgId, id))) return;
          try {
            await j.handler({ ...ctx, deps });
          } catch (err) {
            if (!(err instanceof RetryAfterError) && ctx.job.attempt >= ctx.job.maxAttempts)
              await pluginsRepository
                .markBrokenFor(db, id, ctx.job.orgId, `Zadanie „${j.name}” nie powiodło się: ${redactError(err)}`)
                .catch(() => undefined);
            throw err;
          }
          await pluginsRepository.clearBroken(db, id, ctx.job.orgId);
        },
      });
    }
  }
  return kinds;
}

/** The plugins' schedules (`<id>.<name>`), fanned out only to the organisations that installed the plugin. */
export function pluginSchedules(host: PluginHost): JobSchedule[] {
  const schedules: JobSchedule[] = [];
  for (const plugin of host.plugins) {
    const id = plugin.manifest.id;
    for (const s of plugin.server?.schedules ?? []) {
      schedules.push({
        key: `${id}.${s.name}`,
        ...(s.everyMinutes !== undefined ? { everyMinutes: s.everyMinutes } : {}),
        ...(s.cron !== undefined ? { cron: s.cron } : {}),
        job: {
          kind: `${id}.${s.job.name}`,
          pluginId: id,
          payload: s.job.payload,
          dedupeKey: s.job.dedupeKey ?? null,
          ...(s.job.maxAttempts !== undefined ? { maxAttempts: s.job.maxAttempts } : {}),
        },
        organisations: (db) => (host.usable(id) ? pluginsRepository.organisationsWith(db, id) : Promise.resolve([])),
      });
    }
  }
  return schedules;
}
