import { pluginInfoResponseSchema, type PluginInfo } from '@zaplecze/contract';
import { useSyncExternalStore, type ComponentType } from 'react';
import { api, errorMessage } from '@web/platform/api';
import type { SlotRegistry } from '../slot-registry';
import { slots as appSlots, type AppSlots, type SlotName } from '../slots';
import { pluginEntries } from './entries';
import { withPluginBoundary } from './PluginBoundary';
import type { PluginSlots, WebPlugin, WebPluginLoader } from './types';

/**
 * The plugin loading states (docs/rules/platform-rules.md §4 Plugin loading): 'list' loads the
 * installed list (state 1), 'modules' each installed plugin's web entry (2), then 'ready' (3);
 * a failure of the list is 'error'. 'idle' before the first load.
 */
export type PluginHostPhase = 'idle' | 'list' | 'modules' | 'ready' | 'error';

export interface PluginHostState {
  phase: PluginHostPhase;
  /** The organisation's installed plugins (GET /plugin_info?onlyInstalled=true). */
  installed: readonly PluginInfo[];
  /** The loaded web entries of the installed plugins, by id. */
  plugins: ReadonlyMap<string, WebPlugin>;
  /** Installed plugins whose web entry failed to load or register: the reason. The others work. */
  failed: ReadonlyMap<string, string>;
  /** The message of the failed list ('error'). */
  error?: string;
}

export interface PluginHostDeps {
  fetchInstalled(): Promise<PluginInfo[]>;
  entries: Readonly<Record<string, WebPluginLoader>>;
  slots: SlotRegistry<AppSlots>;
  /** Before the one retry of an entry that failed to load (a chunk of an older build). */
  retryDelayMs?: number;
}

export interface PluginHost {
  getState(): PluginHostState;
  subscribe(listener: () => void): () => void;
  /** Runs states 1-3 again (on start and ~300 ms after an install or uninstall). */
  load(): Promise<void>;
}

const INITIAL: PluginHostState = { phase: 'idle', installed: [], plugins: new Map(), failed: new Map() };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createPluginHost(deps: PluginHostDeps): PluginHost {
  let state = INITIAL;
  let run = 0;
  const listeners = new Set<() => void>();
  /** Removers of each registered plugin's slot entries. */
  const registered = new Map<string, (() => void)[]>();

  const set = (patch: Partial<PluginHostState>) => {
    state = { ...state, ...patch };
    for (const l of [...listeners]) l();
  };

  const importEntry = async (load: WebPluginLoader) => {
    try {
      return (await load()).default;
    } catch {
      // A chunk of an older build (after a deploy) or a network blip: one more try.
      await sleep(deps.retryDelayMs ?? 500);
      return (await load()).default;
    }
  };

  const register = (plugin: WebPlugin): (() => void)[] => {
    const removers: (() => void)[] = [];
    const scoped: PluginSlots = {
      add<K extends SlotName>(slot: K, entry: AppSlots[K]) {
        const inner = (entry as { component: ComponentType<object> }).component;
        const wrapped = {
          ...entry,
          id: `${plugin.id}:${entry.id}`,
          component: withPluginBoundary(plugin.id, inner),
        } as AppSlots[K];
        removers.push(deps.slots.add(slot, wrapped));
      },
    };
    try {
      plugin.register?.(scoped);
    } catch (err) {
      // Half-registered is not registered: take back what it added.
      for (const r of removers) r();
      throw err;
    }
    return removers;
  };

  const unregister = (id: string) => {
    for (const r of registered.get(id) ?? []) r();
    registered.delete(id);
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async load() {
      const mine = ++run;
      set({ phase: 'list', error: undefined });
      let installed: PluginInfo[];
      try {
        installed = (await deps.fetchInstalled()).filter((p) => p.installed);
      } catch (err) {
        if (mine === run) set({ phase: 'error', error: errorMessage(err) });
        return;
      }
      if (mine !== run) return;
      set({ phase: 'modules', installed });

      const ids = new Set(installed.map((p) => p.id));
      for (const id of [...registered.keys()]) if (!ids.has(id)) unregister(id);
      const plugins = new Map<string, WebPlugin>();
      const failed = new Map<string, string>();
      for (const [id, plugin] of state.plugins) if (ids.has(id)) plugins.set(id, plugin);

      await Promise.all(
        installed.map(async ({ id }) => {
          const load = deps.entries[id];
          // A plugin without a web part has nothing to load (its host page says 'No module!').
          if (!load || plugins.has(id)) return;
          try {
            const plugin = await importEntry(load);
            if (!plugin || plugin.id !== id) throw new Error(`web entry of ${id} declares id ${plugin?.id}`);
            if (mine !== run) return;
            if (!registered.has(id)) registered.set(id, register(plugin));
            plugins.set(id, plugin);
          } catch (err) {
            console.error(`Plugin ${id}: web entry failed`, err);
            failed.set(id, errorMessage(err));
          }
        }),
      );
      if (mine !== run) return;
      set({ phase: 'ready', plugins, failed });
    },
  };
}

/** The app's one host: the installed list from the server, the entries of the build, the app's slots. */
export const pluginHost = createPluginHost({
  fetchInstalled: async () =>
    (await api.get('/plugin_info', { query: { onlyInstalled: true }, schema: pluginInfoResponseSchema })).plugins,
  entries: pluginEntries,
  slots: appSlots,
});

/** The host's state; re-renders on every change. */
export function usePluginHost(host: PluginHost = pluginHost): PluginHostState {
  return useSyncExternalStore(host.subscribe, host.getState);
}
