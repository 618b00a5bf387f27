import { defineManifest } from '@zaplecze/contract';

/** A fixture plugin that needs `fixture-base` installed first. */
export const manifest = defineManifest({
  id: 'fixture-dependent',
  name: 'Dodatek do notatek',
  desc: 'Wtyczka testowa zależna od notatek testowych.',
  version: '1.0.0',
  dependsOn: ['fixture-base'],
  menu: {
    category: 'Marketplace',
    icon: 'plus',
    name: 'Dodatek',
    tabs: [{ path: 'main', tabName: 'Dodatek', icon: 'plus' }],
  },
});
