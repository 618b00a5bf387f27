import type { WebPluginLoader } from './types';

/**
 * Test-only fixture plugins (`plugins-fixtures/<id>/web/index.tsx`). The web build reads this file
 * only when VITE_TEST_PLUGINS=1; otherwise vite.config.ts points this import at
 * fixture-entries.off.ts, so a production bundle holds no fixture code.
 */
export const fixtureEntries: Record<string, WebPluginLoader> = import.meta.glob<WebPluginModule>(
  '../../../../../plugins-fixtures/*/web/index.tsx',
);

type WebPluginModule = Awaited<ReturnType<WebPluginLoader>>;
