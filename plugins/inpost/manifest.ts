import { defineManifest } from '@zaplecze/contract';
import { inpostSettingsSchema } from './schemas';

/** InPost (docs/plugins.md, "Plugin: inpost"): parcel lockers and courier through ShipX. */
export const manifest = defineManifest({
  id: 'inpost',
  name: 'InPost',
  desc: 'Paczkomaty® i kurier InPost przez ShipX: nadawanie, etykiety, stany przesyłek, anulowanie i zamawianie kuriera.',
  version: '1.0.0',
  dependsOn: [],
  menu: {
    category: 'Carriers',
    icon: 'box2',
    name: 'InPost',
    tabs: [
      { path: 'parcels', tabName: 'Paczki', icon: 'box-seam', permission: 'main.plugins.manage' },
      { path: 'shipping', tabName: 'Usługi i statusy', icon: 'sliders', permission: 'main.plugins.manage' },
      { path: 'settings', tabName: 'Połączenie', icon: 'plug', permission: 'main.plugins.manage' },
      { path: 'log', tabName: 'Dziennik', icon: 'journal-text', permission: 'main.plugins.manage' },
    ],
  },
  permissions: [],
  settings: { schema: inpostSettingsSchema, secrets: ['token'] },
});
