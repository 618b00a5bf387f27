import { defineManifest } from '@zaplecze/contract';
import { JPK_FILES_PERMISSION, jpkSettingsSchema } from './schemas';

/**
 * Pliki JPK (docs/plugins.md, "Plugin: jpk"): JPK_V7M(3) of a month and JPK_FA(4) of a period from
 * the issued invoices and receipts, checked against the ministry's schemas, kept for download.
 */
export const manifest = defineManifest({
  id: 'jpk',
  name: 'Pliki JPK',
  desc: 'Jednolite pliki kontrolne z wystawionych faktur i paragonów: JPK_V7M (ewidencja i deklaracja VAT za miesiąc) i JPK_FA (faktury z okresu), sprawdzone ze schematami Ministerstwa Finansów.',
  version: '1.0.0',
  dependsOn: [],
  menu: {
    category: 'Others',
    icon: 'file-earmark-check',
    name: 'Pliki JPK',
    tabs: [
      { path: 'files', tabName: 'Pliki JPK', icon: 'file-earmark-text', permission: JPK_FILES_PERMISSION },
      { path: 'settings', tabName: 'Dane podatnika', icon: 'person-vcard', permission: 'main.plugins.manage' },
      { path: 'log', tabName: 'Dziennik', icon: 'journal-text', permission: 'main.plugins.manage' },
    ],
  },
  permissions: [
    {
      key: JPK_FILES_PERMISSION,
      name: 'Pliki JPK',
      desc: 'Tworzenie i pobieranie plików JPK_V7M i JPK_FA: cała sprzedaż organizacji (faktury i paragony).',
    },
  ],
  settings: { schema: jpkSettingsSchema, secrets: [] },
});
