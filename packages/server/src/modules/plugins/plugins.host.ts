import {
  isDomainEventName,
  isPluginPermissionKey,
  PERMISSIONS,
  PLUGIN_ID_PATTERN,
  PLUGIN_MENU_CATEGORIES,
  type PluginManifest,
} from '@zaplecze/contract';
import type { TenantDb } from '../../db/tenant';
import { checkSchedule, type JobSchedule } from '../../platform/jobs';
import { checkSettingsSpec } from '../../platform/plugin-settings';
import type { PluginDefinition, PluginServer } from '../../plugin-sdk';
import { carrierRegistry, type CarrierProvider } from '../carriers';
import { invoiceMarkRegistry, type InvoiceMarkSource } from '../../platform/invoice-marks';
import { registeredPlugins } from './plugins.list';

/**
 * The plugin host (docs/plugins.md; docs/decisions.md, Plugin platform (server)): every plugin of
 * the build, loaded once per process. Loading validates the manifest and builds the server part
 * inside a guard: a plugin that fails is kept, marked broken everywhere with a Polish reason, and
 * contributes nothing (no routes, jobs or schedules); the server and the other plugins go on.
 */
export interface LoadedPlugin {
  manifest: PluginManifest;
  /** Undefined when the plugin has no server part or failed to load. */
  server?: PluginServer;
}

const JOB_NAME = /^[a-z0-9][a-z0-9_-]*$/;
const MIGRATION_NAME = /^[0-9a-z][0-9a-z_-]{0,150}$/;

export class PluginHost {
  /** Every plugin of the build, in dependency order (a plugin after those it depends on). */
  readonly plugins: LoadedPlugin[] = [];
  private readonly byId = new Map<string, LoadedPlugin>();
  /** Plugins broken everywhere in this process (load or migration), with the reason. */
  private readonly brokenEverywhere = new Map<string, string>();
  /** Removes this host's carriers from the carrier registry again (dispose). */
  private readonly unregister: (() => void)[] = [];

  constructor(
    definitions: readonly PluginDefinition[],
    private readonly log: (message: string) => void = (m) => console.error(m),
  ) {
    const seen = new Map<string, PluginDefinition>();
    for (const def of definitions) {
      const id = String(def.manifest?.id);
      if (seen.has(id)) {
        this.log(`plugin ${id}: defined twice, the second is ignored`);
        continue;
      }
      seen.set(id, def);
    }
    for (const def of orderByDependencies([...seen.values()])) {
      const loaded: LoadedPlugin = { manifest: def.manifest };
      this.plugins.push(loaded);
      this.byId.set(def.manifest.id, loaded);
      try {
        checkManifest(def.manifest, seen);
        const broken = def.manifest.dependsOn.find((d) => this.brokenEverywhere.has(d));
        if (broken) throw new Error(`zależny plugin „${seen.get(broken)!.manifest.name}” jest uszkodzony`);
        if (def.server) {
          const server = def.server();
          checkServer(def.manifest, server);
          loaded.server = server;
          for (const carrier of server.carriers ?? []) this.registerCarrier(def.manifest.id, carrier);
          if (server.invoiceMarks || server.invoiceKsefMarks) {
            const pluginId = def.manifest.id;
            const marks = server.invoiceMarks?.bind(server);
            const ksef = server.invoiceKsefMarks?.bind(server);
            const source: InvoiceMarkSource = { isAvailable: (tdb) => this.installedHere(pluginId, tdb) };
            if (marks) source.marks = (deps, tdb, invoices) => marks(tdb, deps, invoices);
            if (ksef) source.ksef = (_deps, tdb, ids) => ksef(tdb, ids);
            this.unregister.push(invoiceMarkRegistry.register(source));
          }
        }
      } catch (err) {
        this.markBroken(def.manifest.id, `Błąd ładowania pluginu: ${messageOf(err)}`);
      }
    }
  }

  /**
   * A plugin's carrier joins the core's carrier registry (modules/carriers), available to an
   * organisation only while it has the plugin installed and the plugin is not broken everywhere
   * (and the provider's own `isAvailable`, if any, agrees).
   */
  private registerCarrier(pluginId: string, carrier: CarrierProvider): void {
    const own = carrier.isAvailable?.bind(carrier);
    const provider: CarrierProvider = Object.assign(Object.create(carrier) as CarrierProvider, {
      isAvailable: async (tdb: TenantDb) => (await this.installedHere(pluginId, tdb)) && (own ? await own(tdb) : true),
    });
    this.unregister.push(carrierRegistry.register(provider));
  }

  /** Whether the organisation of `tdb` installed the plugin and it is not broken everywhere. */
  private async installedHere(pluginId: string, tdb: TenantDb): Promise<boolean> {
    if (!this.usable(pluginId)) return false;
    const row = await tdb
      .selectFrom('plugin_installs')
      .select('plugin_id')
      .where('plugin_id', '=', pluginId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Takes this host's carriers out of the registry (a test server that stops). */
  dispose(): void {
    for (const run of this.unregister.splice(0)) run();
  }

  get(id: string): LoadedPlugin | undefined {
    return this.byId.get(id);
  }

  /** The Polish reason when the plugin is broken everywhere in this process, else null. */
  brokenReason(id: string): string | null {
    return this.brokenEverywhere.get(id) ?? null;
  }

  /** Marks a plugin broken everywhere, and so every plugin that depends on it. */
  markBroken(id: string, reason: string): void {
    if (this.brokenEverywhere.has(id)) return;
    this.brokenEverywhere.set(id, reason.slice(0, 1000));
    this.log(`plugin ${id}: broken: ${reason}`);
    for (const p of this.plugins)
      if ((p.manifest.dependsOn ?? []).includes(id))
        this.markBroken(p.manifest.id, `Zależny plugin „${this.byId.get(id)?.manifest.name ?? id}” jest uszkodzony`);
  }

  /** Whether the plugin is of the build and not broken everywhere. */
  usable(id: string): boolean {
    return this.byId.has(id) && !this.brokenEverywhere.has(id);
  }

  /** Every permission key the plugins of the build add (whether or not broken or installed). */
  permissionKeys(): Set<string> {
    return new Set(this.plugins.flatMap((p) => (p.manifest.permissions ?? []).map((x) => x.key)));
  }

  /** The name of a plugin for messages: its Polish name, or the id when unknown. */
  nameOf(id: string): string {
    return this.byId.get(id)?.manifest.name ?? id;
  }
}

function messageOf(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
}

/** Plugins after those they depend on; a cycle or an unknown dependency is left in place (checkManifest refuses it). */
function orderByDependencies(defs: PluginDefinition[]): PluginDefinition[] {
  const byId = new Map(defs.map((d) => [d.manifest.id, d]));
  const out: PluginDefinition[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (d: PluginDefinition) => {
    const id = d.manifest.id;
    if (state.get(id)) return;
    state.set(id, 'visiting');
    for (const dep of d.manifest.dependsOn ?? []) {
      const next = byId.get(dep);
      if (next && !state.get(dep)) visit(next);
    }
    state.set(id, 'done');
    out.push(d);
  };
  for (const d of defs) visit(d);
  return out;
}

function dependsOnItself(id: string, seen: Map<string, PluginDefinition>): boolean {
  const stack = [...(seen.get(id)?.manifest.dependsOn ?? [])];
  const visited = new Set<string>();
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next === id) return true;
    if (visited.has(next)) continue;
    visited.add(next);
    stack.push(...(seen.get(next)?.manifest.dependsOn ?? []));
  }
  return false;
}

/** Throws a Polish reason when the manifest is not well formed. */
function checkManifest(m: PluginManifest, seen: Map<string, PluginDefinition>): void {
  // 'core' is the owner of the core's job kinds ('core.<name>').
  if (!PLUGIN_ID_PATTERN.test(m.id) || m.id === 'core') throw new Error(`nieprawidłowy identyfikator „${m.id}”`);
  if (!m.name?.trim() || !m.desc?.trim() || !m.version?.trim()) throw new Error('brak nazwy, opisu lub wersji');
  for (const dep of m.dependsOn) {
    if (!seen.has(dep)) throw new Error(`wymaga nieznanego pluginu „${dep}”`);
  }
  if (dependsOnItself(m.id, seen)) throw new Error('zależności tworzą cykl');
  // A bad settings declaration breaks only this plugin, here, not the app when its routes mount.
  if (m.settings) checkSettingsSpec(m.id, m.settings);
  const own = `plugin.${m.id}.`;
  const keys = new Set<string>();
  for (const p of m.permissions ?? []) {
    if (!isPluginPermissionKey(p.key) || !p.key.startsWith(own))
      throw new Error(`uprawnienie „${p.key}” nie ma postaci ${own}<nazwa>`);
    if (keys.has(p.key)) throw new Error(`uprawnienie „${p.key}” podane dwa razy`);
    keys.add(p.key);
  }
  if (m.menu) {
    if (!(PLUGIN_MENU_CATEGORIES as readonly string[]).includes(m.menu.category))
      throw new Error(`nieznana kategoria menu „${m.menu.category}”`);
    for (const tab of m.menu.tabs) {
      if (tab.permission && !keys.has(tab.permission) && !(PERMISSIONS as readonly string[]).includes(tab.permission))
        throw new Error(`zakładka „${tab.tabName}” wymaga nieznanego uprawnienia „${tab.permission}”`);
    }
  }
  if (m.settings) {
    const fields = Object.keys(m.settings.schema.shape);
    for (const s of m.settings.secrets)
      if (fields.includes(s)) throw new Error(`pole „${s}” jest jednocześnie ustawieniem i sekretem`);
  }
}

/** Throws when the server part does not keep the host's rules (routes, jobs, schedules, migrations). */
function checkServer(m: PluginManifest, s: PluginServer): void {
  const own = `plugin.${m.id}.`;
  const keys = new Set<string>((m.permissions ?? []).map((p) => p.key));
  const core = new Set<string>(PERMISSIONS);
  for (const r of s.routes ?? []) {
    if (!r.url.startsWith('/')) throw new Error(`trasa „${r.url}” nie zaczyna się od „/”`);
    if (r.access === 'public') throw new Error(`trasa ${r.method} ${r.url} nie może być publiczna`);
    if (r.access.startsWith('plugin.') && (!r.access.startsWith(own) || !keys.has(r.access)))
      throw new Error(`trasa ${r.method} ${r.url} wymaga nieznanego uprawnienia „${r.access}”`);
    if (!r.access.startsWith('plugin.') && r.access !== 'authenticated' && !core.has(r.access))
      throw new Error(`trasa ${r.method} ${r.url} wymaga nieznanego uprawnienia „${r.access}”`);
  }
  const jobs = new Set<string>();
  for (const j of s.jobs ?? []) {
    if (!JOB_NAME.test(j.name) || jobs.has(j.name)) throw new Error(`nieprawidłowe lub powtórzone zadanie „${j.name}”`);
    jobs.add(j.name);
  }
  const schedules = new Set<string>();
  for (const sc of s.schedules ?? []) {
    if (!JOB_NAME.test(sc.name) || schedules.has(sc.name))
      throw new Error(`nieprawidłowy lub powtórzony harmonogram „${sc.name}”`);
    if (!jobs.has(sc.job.name)) throw new Error(`harmonogram „${sc.name}” uruchamia nieznane zadanie „${sc.job.name}”`);
    schedules.add(sc.name);
    checkSchedule({ key: sc.name, everyMinutes: sc.everyMinutes, cron: sc.cron, job: { kind: 'x.y' } } as JobSchedule);
  }
  const migrations = new Set<string>();
  for (const mg of s.migrations ?? []) {
    if (!MIGRATION_NAME.test(mg.name) || migrations.has(mg.name))
      throw new Error(`nieprawidłowa lub powtórzona migracja „${mg.name}”`);
    migrations.add(mg.name);
  }
  for (const [event, job] of Object.entries(s.subscriptions ?? {})) {
    if (!isDomainEventName(event)) throw new Error(`subskrypcja nieznanego zdarzenia „${event}”`);
    if (!jobs.has(String(job))) throw new Error(`subskrypcja „${event}” uruchamia nieznane zadanie „${String(job)}”`);
  }
  for (const c of s.carriers ?? [])
    if (c.id !== m.id && !c.id.startsWith(`${m.id}.`))
      throw new Error(`przewoźnik „${c.id}” musi mieć identyfikator pluginu (${m.id}) lub zaczynać się od „${m.id}.”`);
  const hooks = new Set<string>();
  for (const h of s.webhooks ?? []) {
    if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(h.name) || hooks.has(h.name))
      throw new Error(`nieprawidłowy lub powtórzony webhook „${h.name}”`);
    hooks.add(h.name);
  }
  const prefix = `p_${m.id.replace(/-/g, '_')}_`;
  for (const t of s.tables ?? [])
    if (!t.startsWith(prefix)) throw new Error(`tabela „${t}” nie zaczyna się od ${prefix}`);
}

let host: PluginHost | undefined;

/**
 * This process's plugin host, loaded at the first call: the plugins of the build (plugins/index.ts)
 * and, when ZAPLECZE_TEST_PLUGINS=1, the test fixtures (plugins-fixtures/index.ts).
 */
export function pluginHost(): PluginHost {
  host ??= new PluginHost(registeredPlugins(), (m) => hostLog(m));
  return host;
}

/**
 * Drops this process's plugin host; the next pluginHost() loads the plugins afresh. For test
 * servers started one after another in one process (packages/server/test/harness.ts): each starts
 * as a new process would, without the broken marks an earlier server's start left.
 */
export function forgetPluginHost(): void {
  host?.dispose();
  host = undefined;
}

/** Where the host reports broken plugins; the server points it at its logger once built. */
let hostLog: (message: string) => void = (m) => console.error(m);
export function setPluginLog(log: (message: string) => void): void {
  hostLog = log;
}
