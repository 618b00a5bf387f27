import { defineManifest } from '@zaplecze/contract';
import { invoicingSettingsSchema } from './schemas';

/** Invoicing (docs/plugins.md, "Plugin: invoicing"): FA(3) e-invoices sent to KSeF, and receipts. */
export const manifest = defineManifest({
  id: 'invoicing',
  name: 'Faktury, KSeF i paragony',
  desc: 'Wysyłka faktur do KSeF (FA(3)) z numerem KSeF, UPO i kodem QR, tryb offline, oraz paragony do zamówień stacjonarnych.',
  version: '1.0.0',
  dependsOn: [],
  menu: {
    category: 'Others',
    icon: 'receipt',
    name: 'Faktury i KSeF',
    tabs: [
      { path: 'invoices', tabName: 'Faktury w KSeF', icon: 'receipt', permission: 'main.order.edit' },
      { path: 'settings', tabName: 'Połączenie z KSeF', icon: 'plug', permission: 'main.plugins.manage' },
      { path: 'log', tabName: 'Dziennik', icon: 'journal-text', permission: 'main.plugins.manage' },
    ],
  },
  permissions: [],
  settings: { schema: invoicingSettingsSchema, secrets: ['ksefToken'] },
});
