import { defineManifest } from '@zaplecze/contract';

/** Import z hurtowni (CSV): supplier price and stock files into the catalogue (docs/plugins.md, wholesale-csv). */
export const manifest = defineManifest({
  id: 'wholesale-csv',
  name: 'Import z hurtowni (CSV)',
  desc: 'Import towarów, cen i stanów z plików CSV hurtowni według profili dostawców.',
  version: '1.0.0',
  dependsOn: [],
  menu: {
    category: 'Others',
    icon: 'file-earmark-spreadsheet',
    name: 'Import z hurtowni',
    tabs: [
      { path: 'import', tabName: 'Import', icon: 'upload', permission: 'plugin.wholesale-csv.import' },
      { path: 'profiles', tabName: 'Profile dostawców', icon: 'card-list', permission: 'plugin.wholesale-csv.import' },
      { path: 'log', tabName: 'Dziennik', icon: 'journal-text', permission: 'main.plugins.manage' },
    ],
  },
  permissions: [
    {
      key: 'plugin.wholesale-csv.import',
      name: 'Import z hurtowni',
      desc: 'Profile dostawców i import plików CSV: tworzenie i zmiana towarów, cen i stanów.',
    },
  ],
});
