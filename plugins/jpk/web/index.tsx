import { lazy } from 'react';
import { defineWebPlugin, PluginJobsScreen } from '@zaplecze/plugin-sdk-web';

/**
 * The web part of jpk (docs/plugins.md, "Plugin: jpk"): the manifest's tabs 'files' (make a
 * JPK_V7M or JPK_FA file, follow its progress, download it), 'settings' (the taxpayer's data the
 * files need: a screen of its own, since the tax-office list is long and the fields depend on the
 * kind of taxpayer) and 'log' (the platform's jobs screen). Each screen is its own lazy chunk.
 */
export default defineWebPlugin({
  id: 'jpk',
  screens: {
    files: { title: 'Pliki JPK', component: lazy(() => import('./FilesScreen')) },
    settings: { title: 'Pliki JPK: dane podatnika', component: lazy(() => import('./SettingsScreen')) },
    log: { title: 'Pliki JPK: dziennik', component: PluginJobsScreen },
  },
});
