import type { ServerModule } from '../../platform/module';
import type { UsageCheckDef } from '../../platform/usage';
import { detachGroupLines, markDeletedItemLines } from './orders.detach';
import { ordersRepository } from './orders.repository';
import { buyerRoutes } from './orders.buyer.routes';
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
  // Order lines outlive their item and its group; the roll-ups stay in step when those go.
  { target: 'items', release: markDeletedItemLines },
  { target: 'item_groups', release: detachGroupLines },
];

/**
 * Orders: create, edit, copy and delete, with their lines' stock through the ledger; the public
 * buyer page's lookup.
 */
export const ordersModule: ServerModule = {
  name: 'orders',
  title: 'Zamówienia',
  routes: [...ordersRoutes, ...buyerRoutes],
  usageChecks,
};
export { createOrder, getOrder, insertOrder, updateOrder } from './orders.service';
export { checkOrderRollups, rebuildOrderRollups, type RollupDifference } from './orders.rollups';
export { patchOrder, type OrderPatch } from './orders.patch';
export { hasWaybill, isDispatched, lockOrders, statusAfter, type StatusAfterOption } from './orders.lock';
