import { definePlugin } from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';
import { catalogueRoutes, insertStarterCatalogue } from './catalogue';
import { csvRoutes } from './csv';
import { seedMotoDemo } from './demo';
import { fitmentRoutes, motoItemFilter } from './fitments';
import { migrations } from './migrations';
import { CHANGES, FITMENTS, MAKES, MODELS, recordFitmentChange } from './tables';

/**
 * The motorcycle module (docs/plugins.md, "The moto plugin"): a catalogue of makes and models
 * (a starter list on install, CRUD, CSV), which items fit which models and years, and the item
 * search filter `motoMakeId` / `motoModelId` / `motoYear` of `GET /items`.
 */
export default definePlugin({
  manifest,
  server: () => ({
    migrations,
    routes: [...catalogueRoutes, ...fitmentRoutes, ...csvRoutes],
    itemFilters: [motoItemFilter],
    onInstall: insertStarterCatalogue,
    demoSeed: seedMotoDemo,
    tables: [FITMENTS, CHANGES, MODELS, MAKES],
    // The fitments went: ids kept for the search filter must not serve a reinstall.
    onUninstallDeleteData: (tdb) => recordFitmentChange(tdb, 'all'),
  }),
});
