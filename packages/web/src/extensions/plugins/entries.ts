import { fixtureEntries } from '@web/extensions/plugins/fixture-entries';
import type { WebPluginLoader, WebPluginModule } from './types';

/**
 * Every plugin's web entry, found at build time: `plugins/<id>/web/index.tsx`, each a lazy chunk
 * of its own, imported only for an organisation that installed the plugin (host.ts). Fixture
 * plugins join only in test builds (fixture-entries.ts).
 */
const found: Record<string, WebPluginLoader> = {
  ...import.meta.glob<WebPluginModule>('../../../../../plugins/*/web/index.tsx'),
  ...fixtureEntries,
};

/** The plugin id of an entry's path (`.../plugins/<id>/web/index.tsx`). */
export function pluginIdOfEntry(path: string): string | undefined {
  return /\/([a-z][a-z0-9-]*)\/web\/index\.tsx$/.exec(path)?.[1];
}

/** The loaders by plugin id. */
export function byPluginId(map: Record<string, WebPluginLoader>): Record<string, WebPluginLoader> {
  const out: Record<string, WebPluginLoader> = {};
  for (const [path, load] of Object.entries(map)) {
    const id = pluginIdOfEntry(path);
    if (id) out[id] = load;
  }
  return out;
}

export const pluginEntries: Record<string, WebPluginLoader> = byPluginId(found);
