import type { DomainEventName } from '@zaplecze/contract';
import { TenantDb } from '../../db/tenant';
import type { AppDeps } from '../../platform/context';
import type { EventBus } from '../../platform/events';
import { enqueueJob, jobErrorText, RetryAfterError, type JobKind, type JobSchedule } from '../../platform/jobs';
import { markPluginReconnect, OutsideAuthError, organisationsToReconnect } from '../../platform/outside';
import type { PluginHost } from './plugins.host';
import { installedSet } from './plugins.installed';
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
            if (err instanceof OutsideAuthError) {
              // The service refused the stored credentials: retrying cannot help. The connection
              // waits for the seller ('Połącz ponownie') and the plugin's schedules skip the
              // organisation until then; the job ends (its call is in the plugin's log).
              await markPluginReconnect(new TenantDb(db, ctx.job.orgId), id, err.userMessage, deps.now());
              return;
            }
            if (!(err instanceof RetryAfterError) && ctx.job.attempt >= ctx.job.maxAttempts)
              // Marking it is best effort: the job's own failure (rethrown) is what the worker records
              // and logs, and a database that failed the job may fail this too.
              await pluginsRepository
                .markBrokenFor(db, id, ctx.job.orgId, `Zadanie „${j.name}” nie powiodło się: ${jobErrorText(err)}`)
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

/**
 * The plugins' schedules (`<id>.<name>`), fanned out only to the organisations that installed the
 * plugin and whose connection of it does not wait for the seller ('Połącz ponownie').
 */
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
        organisations: async (db) => {
          if (!host.usable(id)) return [];
          const [orgs, waiting] = await Promise.all([
            pluginsRepository.organisationsWith(db, id),
            organisationsToReconnect(db, id),
          ]);
          return waiting.size === 0 ? orgs : orgs.filter((o) => !waiting.has(o));
        },
      });
    }
  }
  return schedules;
}

/**
 * The plugins' durable subscriptions (docs/plugins.md, Events and subscriptions): for each event at
 * least one plugin subscribes to, an in-transaction subscriber that enqueues `<id>.<job>` (payload
 * `{ event, payload }`) for each subscribed plugin the emitting organisation installed and that is
 * not broken everywhere, inside the emitting transaction. An event no plugin subscribes to gets no
 * subscriber, so emitting it costs no query; one that some plugin does costs the organisation's
 * installed set (kept per worker, plugins.installed.ts) and an insert per installed subscriber.
 */
export function subscribePlugins(host: PluginHost, events: EventBus, deps: Pick<AppDeps, 'db' | 'config'>): void {
  const byEvent = new Map<DomainEventName, { id: string; job: string }[]>();
  for (const plugin of host.plugins) {
    for (const [event, job] of Object.entries(plugin.server?.subscriptions ?? {}) as [DomainEventName, string][])
      byEvent.set(event, [...(byEvent.get(event) ?? []), { id: plugin.manifest.id, job }]);
  }
  for (const [event, subscribers] of byEvent) {
    events.inTransaction(event, async (tdb, payload) => {
      const usable = subscribers.filter((s) => host.usable(s.id));
      if (usable.length === 0) return;
      const installed = await installedSet(deps.db, tdb, deps.config.pluginsCacheMs);
      for (const s of usable) {
        if (installed.has(s.id))
          await enqueueJob(tdb, { kind: `${s.id}.${s.job}`, pluginId: s.id, payload: { event, payload } });
      }
    });
  }
}
