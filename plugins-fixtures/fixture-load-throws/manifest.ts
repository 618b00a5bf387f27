import { defineManifest } from '@zaplecze/contract';

/** A fixture plugin whose server part throws while it loads. */
export const manifest = defineManifest({
  id: 'fixture-load-throws',
  name: 'Wtyczka psująca się przy ładowaniu',
  desc: 'Wtyczka testowa: rzuca wyjątek przy ładowaniu.',
  version: '1.0.0',
  dependsOn: [],
  menu: { category: 'Others', icon: 'x', name: 'Zepsuta', tabs: [{ path: 'main', tabName: 'Zepsuta', icon: 'x' }] },
});
