import { lazy } from 'react';
import type { HomeWidget } from '@web/extensions/slots';

/** The items summary tile of the home page; its code loads only when it is shown. */
export const itemsHomeWidget: HomeWidget = {
  id: 'items',
  order: 30,
  permissions: ['main.items.show'],
  width: 'third',
  component: lazy(() => import('./components/ItemsWidget')),
};
