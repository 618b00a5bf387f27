import type { ServerModule } from '../../platform/module';
import type { UsageCheckDef } from '../../platform/usage';
import { detachLines } from './orders.detach';
import { ordersRepository } from './orders.repository';
import { ordersRoutes } from './orders.routes';
import { ORDERS_MSG } from './messages.pl';

/** What orders keep in use: an order status or income source with orders cannot be deleted. */
const usageChecks: UsageCheckDef[] = [
  {
    target: 'order_statuses',
    check: async (tdb, id) =>
      (await ordersRepository.anyWith(tdb, 'order_status_id', id)) ? ORDERS_MSG.usedByOrders.order_statuses : undefined,
  },
  {
    target: 'income_sources',
    check: async (tdb, id) =>
      (await ordersRepository.anyWith(tdb, 'income_source_id', id))
        ? ORDERS_MSG.usedByOrders.income_sources
        : undefined,
  },
  // Order lines may outlive their item and its group; their roll-ups move when those go.
  { target: 'items', release: (tdb, id) => detachLines(tdb, 'items', 'item_id', id) },
  { target: 'item_groups', release: (tdb, id) => detachLines(tdb, 'item_groups', 'item_group_id', id) },
];

/** Orders: create, edit, copy and delete, with their lines' stock through the ledger. */
export const ordersModule: ServerModule = { name: 'orders', routes: ordersRoutes, usageChecks };
export { getOrder } from './orders.service';
export { checkOrderRollups, rebuildOrderRollups, type RollupDifference } from './orders.rollups';
