import { defineManifest } from '@zaplecze/contract';
import { fiscalSettingsSchema } from './schemas';

/**
 * Fiscal printer (docs/plugins.md, "Plugin: fiscal-printer"): the receipts of stationary orders
 * that the invoicing plugin issues, printed on a POSNET online printer over TCP.
 */
export const manifest = defineManifest({
  id: 'fiscal-printer',
  name: 'Drukarka fiskalna',
  desc: 'Paragony zamówień stacjonarnych drukowane na drukarce fiskalnej POSNET (online, TCP): kolejka wydruków, NIP nabywcy, kody błędów drukarki po polsku, ponowny wydruk bez dublowania.',
  version: '1.0.0',
  dependsOn: ['invoicing'],
  menu: {
    category: 'Others',
    icon: 'printer',
    name: 'Drukarka fiskalna',
    tabs: [
      { path: 'receipts', tabName: 'Paragony', icon: 'receipt-cutoff', permission: 'main.order.edit' },
      { path: 'settings', tabName: 'Drukarka', icon: 'printer', permission: 'main.plugins.manage' },
      { path: 'vat', tabName: 'Stawki VAT', icon: 'percent', permission: 'main.plugins.manage' },
      { path: 'log', tabName: 'Dziennik', icon: 'journal-text', permission: 'main.plugins.manage' },
    ],
  },
  permissions: [],
  settings: { schema: fiscalSettingsSchema, secrets: [] },
});
