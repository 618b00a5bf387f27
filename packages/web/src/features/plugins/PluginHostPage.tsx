import { lazy, type ComponentType, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { format } from '@web/i18n';
import { usePageTitle } from '@web/platform/route-handle';
import { PageSpinner } from '@web/ui/PageSpinner';
import { usePluginHost, type PluginHostState } from '@web/extensions/plugins/host';
import { PluginBoundary } from '@web/extensions/plugins/PluginBoundary';
import { pluginText } from '@web/extensions/plugins/texts';
import { SETTINGS_CONTROLLER, type PluginScreenProps, type WebPlugin } from '@web/extensions/plugins/types';

const SettingsScreen = lazy(() => import('@web/extensions/plugins/SettingsScreen'));

type Resolved =
  | { kind: 'loading' }
  | { kind: 'error'; message: string; detail?: string }
  | { kind: 'screen'; title: string; render: () => ReactNode };

/** What the host page shows for plugin `name` and `controller` in the host's current state. */
export function resolveScreen(state: PluginHostState, name: string, controller: string): Resolved {
  const t = pluginText();
  const plugin: WebPlugin | undefined = state.plugins.get(name);
  if (!plugin) {
    if (state.phase === 'error') return { kind: 'error', message: t.loadErrorTitle, detail: state.error };
    if (state.phase !== 'ready') return { kind: 'loading' };
    return { kind: 'error', message: t.noModule, detail: state.failed.get(name) };
  }
  const screen = plugin.screens?.[controller];
  if (screen) {
    const Screen: ComponentType<PluginScreenProps> = screen.component;
    return { kind: 'screen', title: screen.title, render: () => <Screen pluginId={name} controller={controller} /> };
  }
  if (controller === SETTINGS_CONTROLLER && plugin.settings) {
    const info = state.installed.find((p) => p.id === name);
    const { fields, testConnection } = plugin.settings;
    return {
      kind: 'screen',
      title: plugin.settings.title ?? format(t.settings.heading, { plugin: info?.name ?? name }),
      render: () => <SettingsScreen pluginId={name} fields={fields} testConnection={testConnection} />,
    };
  }
  return { kind: 'error', message: t.noComponent };
}

/**
 * /plugin/:pluginName?controller=path (docs/rules/platform-rules.md §2 Plugin host page): the
 * installed plugin's screen for that path, titled by it, inside its own error boundary; 'No
 * module!' (plugin unknown, not installed or without a web part) and 'No component!' (no such
 * screen) in red.
 */
export default function PluginHostPage() {
  const name = useParams().pluginName ?? '';
  const [search] = useSearchParams();
  const controller = search.get('controller') ?? '';
  const resolved = resolveScreen(usePluginHost(), name, controller);
  usePageTitle(resolved.kind === 'screen' ? resolved.title : undefined);

  if (resolved.kind === 'loading') return <PageSpinner />;
  if (resolved.kind === 'error')
    return (
      <div className="text-danger fw-semibold" role="alert" data-testid="plugin-host-error">
        {resolved.message}
        {resolved.detail && <div className="small fw-normal mt-1">{resolved.detail}</div>}
      </div>
    );
  return (
    <div data-testid="plugin-host" data-plugin={name} data-controller={controller}>
      <h1 className="h3 mb-3">{resolved.title}</h1>
      <PluginBoundary key={`${name}/${controller}`} pluginId={name}>
        {resolved.render()}
      </PluginBoundary>
    </div>
  );
}
