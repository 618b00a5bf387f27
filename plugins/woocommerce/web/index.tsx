import { lazy } from 'react';
import { defineWebPlugin, PluginJobsScreen } from '@zaplecze/plugin-sdk-web';

/**
 * The web part of woocommerce (docs/plugins.md, "Plugin: woocommerce"): 'Połączenie' (the shop's
 * address and keys, 'Sprawdź połączenie', the webhook address to copy, sync now), 'Mapowanie'
 * (statuses both ways, income source, shipping methods, stock), 'Dziennik' (the call log and the
 * import's events), 'Zadania' (jobs), and the item edit section 'WooCommerce'.
 */
export default defineWebPlugin({
  id: 'woocommerce',
  screens: {
    settings: { title: 'WooCommerce: połączenie', component: lazy(() => import('./ConnectionPage')) },
    mapping: { title: 'WooCommerce: mapowanie', component: lazy(() => import('./MappingPage')) },
    log: { title: 'WooCommerce: dziennik', component: lazy(() => import('./LogPage')) },
    jobs: { title: 'WooCommerce: zadania', component: PluginJobsScreen },
  },
  register(slots) {
    slots.add('item.edit.sections', { id: 'product', component: lazy(() => import('./ItemSection')) });
  },
});
