import { lazy } from 'react';
import { defineWebPlugin, PluginJobsScreen } from '@zaplecze/plugin-sdk-web';

/**
 * The web part of wholesale-csv (docs/plugins.md, wholesale-csv): the manifest's tabs 'import'
 * (upload, preview, import with progress and report), 'profiles' (supplier profiles) and 'log'
 * (the platform's jobs screen). Each screen is its own lazy chunk.
 */
export default defineWebPlugin({
  id: 'wholesale-csv',
  screens: {
    import: { title: 'Import z hurtowni', component: lazy(() => import('./ImportPage')) },
    profiles: { title: 'Profile dostawców', component: lazy(() => import('./ProfilesPage')) },
    log: { title: 'Dziennik importów', component: PluginJobsScreen },
  },
});
