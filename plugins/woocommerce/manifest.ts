import { defineManifest } from '@zaplecze/contract';
import { wooSettingsSchema } from './schemas';

/** WooCommerce: orders in, statuses both ways, waybills as notes, stock and prices out (docs/plugins.md, "Plugin: woocommerce"). */
export const manifest = defineManifest({
  id: 'woocommerce',
  name: 'WooCommerce',
  desc: 'Sklep WooCommerce: import zamówień, statusy w obie strony, numery przesyłek do klienta, stany i ceny produktów.',
  version: '1.0.0',
  dependsOn: [],
  menu: {
    category: 'Shops',
    icon: 'shop',
    name: 'WooCommerce',
    tabs: [
      { path: 'settings', tabName: 'Połączenie', icon: 'plug', permission: 'main.plugins.manage' },
      { path: 'mapping', tabName: 'Mapowanie', icon: 'arrow-left-right', permission: 'main.plugins.manage' },
      { path: 'log', tabName: 'Dziennik', icon: 'journal-text', permission: 'main.plugins.manage' },
      { path: 'jobs', tabName: 'Zadania', icon: 'list-task', permission: 'main.plugins.manage' },
    ],
  },
  permissions: [],
  settings: {
    schema: wooSettingsSchema,
    secrets: ['consumerKey', 'consumerSecret', 'webhookSecret'],
  },
});
