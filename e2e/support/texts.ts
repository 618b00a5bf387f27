import { APP_NAME } from '@zaplecze/contract';
import { pl } from '@web/i18n';
import { authMessages } from '@web/features/auth/messages.pl';
import { barcodePrintsMessages } from '@web/features/barcode-prints/messages.pl';
import { treesMessages } from '@web/features/catalog-trees/messages.pl';
import { itemEditMessages } from '@web/features/item-edit/messages.pl';
import { homeMessages } from '@web/features/home/messages.pl';
import { itemsMessages } from '@web/features/items/messages.pl';
import { parametersMessages } from '@web/features/parameters/messages.pl';
import { profileMessages } from '@web/features/profile/messages.pl';
import { listsMessages } from '@web/features/reference-lists/messages.pl';
import { registerMessages } from '@web/features/register/messages.pl';
import { settingsMessages } from '@web/features/settings/messages.pl';
import { userSizesMessages } from '@web/features/user-sizes/messages.pl';
import { usersMessages } from '@web/features/users/messages.pl';
import { itemReaderMessages } from '@web/features/item-reader/messages.pl';
import { warehouseChangesMessages } from '@web/features/warehouse-changes/messages.pl';
import { orderBuyerMessages } from '@web/features/order-buyer/messages.pl';
import { orderDivideMessages } from '@web/features/order-divide/messages.pl';
import { orderEditMessages } from '@web/features/order-edit/messages.pl';
import { ordersSummaryMessages } from '@web/features/orders-summary/messages.pl';
import { ordersMessages } from '@web/features/orders/messages.pl';
import { ordersMassEditMessages } from '@web/features/orders-mass-edit/messages.pl';
import { uiMessages } from '@web/ui/messages.pl';
import { pluginMessages } from '@web/extensions/plugins/messages.pl';
import { MSG } from '../../packages/server/src/platform/messages.pl';

/**
 * The web app's Polish texts in one object: the app catalogue plus every feature's and ui/'s
 * (the app loads them with their pages; tests find elements by the texts users see).
 */
export const t = {
  ...pl,
  auth: authMessages,
  register: registerMessages,
  profile: profileMessages,
  users: usersMessages,
  home: homeMessages,
  settings: settingsMessages,
  lists: listsMessages,
  userSizes: userSizesMessages,
  trees: treesMessages,
  parameters: parametersMessages,
  barcodePrints: barcodePrintsMessages,
  itemEdit: itemEditMessages,
  items: itemsMessages,
  warehouseChanges: warehouseChangesMessages,
  itemReader: itemReaderMessages,
  orderEdit: orderEditMessages,
  orderDivide: orderDivideMessages,
  ordersSummary: ordersSummaryMessages,
  orderBuyer: orderBuyerMessages,
  orders: ordersMessages,
  ordersMassEdit: ordersMassEditMessages,
  plugins: pluginMessages,
  ui: uiMessages,
};
/** The server's Polish messages (errors shown on forms and in toasts). */
export const serverMsg = MSG;

/** The document title of a route: its titles (innermost first) and the app name. */
export function pageTitle(...titles: string[]): string {
  return [...titles, APP_NAME].join(' - ');
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
