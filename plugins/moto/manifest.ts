import { defineManifest } from '@zaplecze/contract';

/** The motorcycle parts plugin (docs/plugins.md, "The moto plugin"). */
export const manifest = defineManifest({
  id: 'moto',
  name: 'Moduł motocyklowy',
  desc: 'Katalog marek i modeli motocykli oraz dopasowanie towarów do motocykli (wyszukiwanie części po modelu i roczniku).',
  version: '1.0.0',
  dependsOn: [],
  menu: {
    category: 'Others',
    icon: 'bicycle',
    name: 'Motocykle',
    tabs: [{ path: 'catalogue', tabName: 'Katalog motocykli', icon: 'list-ul' }],
  },
  permissions: [
    {
      key: 'plugin.moto.catalogue',
      name: 'Edycja katalogu motocykli',
      desc: 'Dodawanie, zmiana, usuwanie i import marek i modeli motocykli.',
    },
  ],
});
