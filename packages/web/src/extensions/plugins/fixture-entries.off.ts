import type { WebPluginLoader } from './types';

/** The production stand-in of fixture-entries.ts (vite.config.ts): no fixture plugins. */
export const fixtureEntries: Record<string, WebPluginLoader> = {};
