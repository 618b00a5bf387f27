import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definePlugin, route, type PluginDefinition } from '../../plugin-sdk';
import { DOMAIN_EVENT_NAMES } from '@zaplecze/contract';
import { EventBus } from '../../platform/events';
import { PluginHost } from './plugins.host';
import { subscribePlugins } from './plugins.jobs';

/** The host's checks at load (docs/plugins.md, The manifest; Failure containment). */
const plugin = (id: string, over: Partial<PluginDefinition['manifest']> = {}, server?: PluginDefinition['server']) =>
  definePlugin({
    manifest: { id, name: `Plugin ${id}`, desc: 'Opis', version: '1.0.0', dependsOn: [], ...over },
    ...(server ? { server } : {}),
  });
const quiet = () => undefined;
const ok = async () => ({});

describe('the plugin host', () => {
  it('loads plugins after their dependencies', () => {
    const host = new PluginHost(
      [plugin('ccc', { dependsOn: ['bbb'] }), plugin('bbb', { dependsOn: ['aaa'] }), plugin('aaa')],
      quiet,
    );
    expect(host.plugins.map((p) => p.manifest.id)).toEqual(['aaa', 'bbb', 'ccc']);
    expect(['aaa', 'bbb', 'ccc'].map((id) => host.brokenReason(id))).toEqual([null, null, null]);
  });

  it('marks broken, with a Polish reason, what does not keep the rules, and what depends on it', () => {
    const host = new PluginHost(
      [
        plugin('Zly'),
        plugin('core'),
        plugin('no-dep', { dependsOn: ['missing'] }),
        plugin('cyc-a', { dependsOn: ['cyc-b'] }),
        plugin('cyc-b', { dependsOn: ['cyc-a'] }),
        plugin('bad-perm', { permissions: [{ key: 'plugin.other.edit', name: 'X', desc: 'Y' }] }),
        plugin('bad-tab', {
          menu: {
            category: 'Others',
            icon: 'x',
            name: 'X',
            tabs: [{ path: 'a', tabName: 'A', icon: 'a', permission: 'main.nope' }],
          },
        }),
        plugin('both', { settings: { schema: z.object({ token: z.string() }), secrets: ['token'] } }),
        plugin('pub', {}, () => ({
          routes: [route({ method: 'GET', url: '/x', access: 'public', response: z.object({}), handler: ok })],
        })),
        plugin('rel', {}, () => ({
          routes: [route({ method: 'GET', url: 'x', access: 'authenticated', response: z.object({}), handler: ok })],
        })),
        plugin('foreign-key', {}, () => ({
          routes: [
            route({ method: 'GET', url: '/x', access: 'plugin.other.edit', response: z.object({}), handler: ok }),
          ],
        })),
        plugin('bad-sched', {}, () => ({
          jobs: [{ name: 'run', handler: async () => undefined }],
          schedules: [{ name: 's', cron: 'co godzinę', job: { name: 'run' } }],
        })),
        plugin('bad-table', {}, () => ({ tables: ['items'] })),
        plugin('throws', {}, () => {
          throw new Error('bum');
        }),
        plugin('after-throws', { dependsOn: ['throws'] }),
      ],
      quiet,
    );
    const reasons = Object.fromEntries(host.plugins.map((p) => [p.manifest.id, host.brokenReason(p.manifest.id)]));
    for (const [id, reason] of Object.entries(reasons)) {
      expect(reason, id).toMatch(/^(Błąd ładowania pluginu: |Zależny plugin)/);
      expect(host.usable(id), id).toBe(false);
    }
    expect(reasons.throws).toBe('Błąd ładowania pluginu: bum');
    expect(reasons['after-throws']).toMatch(/„Plugin throws”/);
    expect(host.plugins.every((p) => p.server === undefined)).toBe(true);
  });

  it('keeps a good plugin beside broken ones, with its server part and permission keys', () => {
    const host = new PluginHost(
      [
        plugin('throws', {}, () => {
          throw new Error('bum');
        }),
        plugin('good', { permissions: [{ key: 'plugin.good.edit', name: 'Edycja', desc: 'Opis' }] }, () => ({
          routes: [
            route({ method: 'GET', url: '/x', access: 'plugin.good.edit', response: z.object({}), handler: ok }),
          ],
        })),
      ],
      quiet,
    );
    expect(host.usable('good')).toBe(true);
    expect(host.get('good')!.server!.routes).toHaveLength(1);
    expect([...host.permissionKeys()]).toEqual(['plugin.good.edit']);
  });
});

describe('durable subscriptions at load', () => {
  const job = { name: 'sync', handler: async () => undefined };
  it('refuses an unknown event or job, and subscribes in transactions only to the events plugins name', () => {
    const host = new PluginHost(
      [
        plugin('subs', {}, () => ({ jobs: [job], subscriptions: { 'stock.changed': 'sync' } })),
        plugin('quiet', {}, () => ({ jobs: [job] })),
        plugin('bad-event', {}, () => ({ jobs: [job], subscriptions: { 'item.saved': 'sync' } as never })),
        plugin('bad-job', {}, () => ({ jobs: [job], subscriptions: { 'items.saved': 'nope' } })),
      ],
      quiet,
    );
    expect(host.brokenReason('subs')).toBeNull();
    expect(host.brokenReason('bad-event')).toBe(
      'Błąd ładowania pluginu: subskrypcja nieznanego zdarzenia „item.saved”',
    );
    expect(host.brokenReason('bad-job')).toBe(
      'Błąd ładowania pluginu: subskrypcja „items.saved” uruchamia nieznane zadanie „nope”',
    );
    const bus = new EventBus();
    subscribePlugins(host, bus, { db: {} as never, config: {} as never });
    // Only the event a loaded plugin subscribes to gets an in-transaction subscriber: the others
    // are emitted without any query.
    expect(DOMAIN_EVENT_NAMES.filter((e) => bus.hasInTransaction(e))).toEqual(['stock.changed']);
  });
});
