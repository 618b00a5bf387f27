import { lazy } from 'react';
import type { HomeWidget } from '@web/extensions/slots';

/**
 * The home page's order and income tiles (docs/rules/platform-rules.md §2 Home, §6): both need the homepage
 * permission (checked by the home page) plus their own; their code loads only when shown.
 */
export const ordersHomeWidget: HomeWidget = {
  id: 'orders',
  order: 10,
  permissions: ['main.order.show'],
  width: 'full',
  component: lazy(() => import('./components/OrdersWidget')),
};

export const incomeHomeWidget: HomeWidget = {
  id: 'income',
  order: 20,
  permissions: ['main.order.summary.show'],
  width: 'full',
  component: lazy(() => import('./components/IncomeWidget')),
};
