import type { PluginInfo } from '@zaplecze/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSlotRegistry } from '../slot-registry';
import type { AppSlots } from '../slots';
import { createPluginHost, type PluginHostPhase } from './host';
import type { WebPlugin, WebPluginLoader } from './types';

const info = (id: string, installed = true): PluginInfo => ({
  id,
  name: id.toUpperCase(),
  desc: '',
  version: '1.0.0',
  installed,
  dependsOn: [],
  hasSettings: false,
  broken: null,
});

function Boom(): never {
  throw new Error('plugin bug');
}

const widgetPlugin = (id: string, component: () => React.ReactNode = () => <p>widget {id}</p>): WebPlugin => ({
  id,
  screens: { main: { title: `Ekran ${id}`, component: () => <p>screen</p> } },
  register(slots) {
    slots.add('home.widgets', { id: 'w', component });
  },
});

const loader = (plugin: WebPlugin) => vi.fn<WebPluginLoader>(async () => ({ default: plugin }));

function setup(installed: () => Promise<PluginInfo[]>, entries: Record<string, WebPluginLoader>) {
  const slots = createSlotRegistry<AppSlots>();
  const host = createPluginHost({ fetchInstalled: installed, entries, slots, retryDelayMs: 1 });
  const phases: PluginHostPhase[] = [];
  host.subscribe(() => {
    const p = host.getState().phase;
    if (phases.at(-1) !== p) phases.push(p);
  });
  return { slots, host, phases };
}

beforeEach(() => {
  // The host logs each failing plugin; these tests fail plugins on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('plugin host (docs/rules/platform-rules.md §4 Plugin loading)', () => {
  it('loads the installed list (1), then only the installed plugins’ entries (2), then is ready (3)', async () => {
    const a = loader(widgetPlugin('alpha'));
    const b = loader(widgetPlugin('beta'));
    const { host, phases, slots } = setup(async () => [info('alpha')], { alpha: a, beta: b });
    expect(host.getState().phase).toBe('idle');
    await host.load();
    expect(phases).toEqual(['list', 'modules', 'ready']);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).not.toHaveBeenCalled();
    expect([...host.getState().plugins.keys()]).toEqual(['alpha']);
    // Slot entries carry the plugin id in front of their own.
    expect(slots.list('home.widgets').map((w) => w.id)).toEqual(['alpha:w']);
  });

  it('a failing installed list is the error state with its message', async () => {
    const { host, phases } = setup(async () => {
      throw new Error('Serwer nie odpowiada');
    }, {});
    await host.load();
    expect(phases).toEqual(['list', 'error']);
    expect(host.getState().error).toBe('Serwer nie odpowiada');
  });

  it('a web entry that fails to load marks only that plugin; the others load; one retry first', async () => {
    const broken = vi.fn<WebPluginLoader>(async () => {
      throw new Error('chunk missing');
    });
    const flaky = vi
      .fn<WebPluginLoader>()
      .mockRejectedValueOnce(new Error('stale chunk'))
      .mockResolvedValue({ default: widgetPlugin('flaky') });
    const good = loader(widgetPlugin('good'));
    const { host, slots } = setup(async () => [info('broken'), info('flaky'), info('good')], {
      broken,
      flaky,
      good,
    });
    await host.load();
    const s = host.getState();
    expect(s.phase).toBe('ready');
    expect(broken).toHaveBeenCalledTimes(2);
    expect(s.failed.get('broken')).toBe('chunk missing');
    expect([...s.plugins.keys()].sort()).toEqual(['flaky', 'good']);
    expect(slots.list('home.widgets').map((w) => w.id)).toEqual(['flaky:w', 'good:w']);
  });

  it('a plugin whose register throws is failed and leaves no half of its entries behind', async () => {
    const bad: WebPlugin = {
      id: 'bad',
      register(slots) {
        slots.add('home.widgets', { id: 'first', component: () => null });
        throw new Error('register bug');
      },
    };
    const { host, slots } = setup(async () => [info('bad')], { bad: loader(bad) });
    await host.load();
    expect(host.getState().failed.get('bad')).toBe('register bug');
    expect(slots.list('home.widgets')).toEqual([]);
  });

  it('an entry declaring another id is refused', async () => {
    const { host } = setup(async () => [info('alpha')], { alpha: loader(widgetPlugin('other')) });
    await host.load();
    expect(host.getState().failed.has('alpha')).toBe(true);
    expect(host.getState().plugins.size).toBe(0);
  });

  it('a reload after uninstall removes the plugin’s slot entries; after install adds them, loading once', async () => {
    let installed = [info('alpha'), info('beta')];
    const a = loader(widgetPlugin('alpha'));
    const { host, slots } = setup(async () => installed, { alpha: a, beta: loader(widgetPlugin('beta')) });
    await host.load();
    expect(slots.list('home.widgets').map((w) => w.id)).toEqual(['alpha:w', 'beta:w']);
    installed = [info('beta')];
    await host.load();
    expect(slots.list('home.widgets').map((w) => w.id)).toEqual(['beta:w']);
    expect([...host.getState().plugins.keys()]).toEqual(['beta']);
    installed = [info('alpha'), info('beta')];
    await host.load();
    expect(slots.list('home.widgets').map((w) => w.id)).toEqual(['alpha:w', 'beta:w']);
    // Rows of plugins the server lists as not installed are not loaded either.
    installed = [info('alpha', false), info('beta')];
    await host.load();
    expect(slots.list('home.widgets').map((w) => w.id)).toEqual(['beta:w']);
    expect(a).toHaveBeenCalledTimes(2);
  });

  it('a stale load does not overwrite a newer one', async () => {
    let release: (v: PluginInfo[]) => void = () => undefined;
    const calls: Promise<PluginInfo[]>[] = [new Promise((r) => (release = r)), Promise.resolve([info('beta')])];
    const { host } = setup(() => calls.shift() ?? Promise.resolve([]), {
      alpha: loader(widgetPlugin('alpha')),
      beta: loader(widgetPlugin('beta')),
    });
    const first = host.load();
    await host.load();
    release([info('alpha')]);
    await first;
    expect([...host.getState().plugins.keys()]).toEqual(['beta']);
  });

  it('a plugin component that throws shows a small Polish error in its place; the rest renders', async () => {
    const { host, slots } = setup(async () => [info('alpha'), info('beta')], {
      alpha: loader(widgetPlugin('alpha', Boom)),
      beta: loader(widgetPlugin('beta')),
    });
    await host.load();
    render(
      <div>
        {slots.list('home.widgets').map((w) => (
          <w.component key={w.id} />
        ))}
        <p>reszta strony</p>
      </div>,
    );
    expect(screen.getByTestId('plugin-error').textContent).toContain('Błąd pluginu „alpha”');
    expect(screen.getByText('widget beta')).toBeTruthy();
    expect(screen.getByText('reszta strony')).toBeTruthy();
  });
});
