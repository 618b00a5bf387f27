import { slots } from '@web/extensions/slots';
import { itemsHomeWidget } from '@web/features/items/home-widget';
import { incomeHomeWidget, ordersHomeWidget } from '@web/features/orders-summary/home-widgets';

/**
 * The core's own home widgets, added to the `home.widgets` slot when the home page's chunk loads
 * (plugins add theirs the same way). Adding is idempotent: the slot replaces an entry by id.
 */
export function registerCoreWidgets(): void {
  slots.add('home.widgets', ordersHomeWidget);
  slots.add('home.widgets', incomeHomeWidget);
  slots.add('home.widgets', itemsHomeWidget);
}
