import { fixturePlugins } from '../../../../../plugins-fixtures';
import { plugins } from '../../../../../plugins';
import type { PluginDefinition } from '../../plugin-sdk';

/** The environment variable that adds the test-only fixture plugins (plugins-fixtures/). */
export const TEST_PLUGINS_ENV = 'ZAPLECZE_TEST_PLUGINS';

/**
 * The plugins of the build: the static list of plugins/index.ts (no scanning of folders), plus the
 * fixture plugins of plugins-fixtures/ when ZAPLECZE_TEST_PLUGINS=1 (the API tests set it).
 */
export function registeredPlugins(env: NodeJS.ProcessEnv = process.env): PluginDefinition[] {
  return [...plugins, ...(env[TEST_PLUGINS_ENV] === '1' ? fixturePlugins : [])];
}
