import type { ServerModule } from '../../platform/module';
import { itemReaderRoutes } from './item-reader.routes';

/** The item barcode reader: selects items, adds stock changes, sets statuses, places... by scan. */
export const itemReaderModule: ServerModule = {
  name: 'item-reader',
  title: 'Czytnik kodów towarów',
  routes: itemReaderRoutes,
};
