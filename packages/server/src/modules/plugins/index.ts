import type { ServerModule } from '../../platform/module';
import { pluginHost } from './plugins.host';
import { pluginJobKinds, pluginSchedules, subscribePlugins } from './plugins.jobs';
import { pluginHookRoutes } from './plugins.hooks';
import { pluginRoutes, pluginsCoreRoutes } from './plugins.routes';

/**
 * The plugin platform's host (docs/plugins.md): the plugin list and install per organisation
 * (/plugin_info, /plugin_install, /plugin_menu), every plugin's routes under /plugins/<id>/, their
 * webhooks (/hooks/<id>/<name>/<key>), jobs, schedules and durable event subscriptions. The plugins are loaded at the first use (plugins.host.ts).
 */
export const pluginsModule: ServerModule = {
  name: 'plugins',
  title: 'Wtyczki',
  get routes() {
    return [...pluginsCoreRoutes, ...pluginRoutes(pluginHost()), ...pluginHookRoutes(pluginHost())];
  },
  jobs: (deps) => pluginJobKinds(pluginHost(), deps),
  schedules: () => pluginSchedules(pluginHost()),
  subscribe: (events, deps) => subscribePlugins(pluginHost(), events, deps),
};

export { forgetPluginHost, pluginHost, setPluginLog, type PluginHost, type LoadedPlugin } from './plugins.host';
export { migratePlugins } from './plugins.migrate';
export { isPluginInstalled } from './plugins.installed';
export { TEST_PLUGINS_ENV } from './plugins.list';
export {
  installedItemFilters,
  itemFilterParams,
  pluginPermissionKeys,
  pluginPermissionSections,
  PLUGIN_MSG,
} from './plugins.service';
