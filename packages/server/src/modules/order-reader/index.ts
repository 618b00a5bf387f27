import type { ServerModule } from '../../platform/module';
import { orderReaderRoutes } from './order-reader.routes';

/**
 * The order barcode reader of the packing station: selects orders, fills parcel sizes and weight,
 * changes status and income source, flags problems, checks packed items, answers the dispatch and
 * document actions the client runs; logs every scan per user.
 */
export const orderReaderModule: ServerModule = {
  name: 'order-reader',
  title: 'Czytnik kodów zamówień (pakowanie)',
  routes: orderReaderRoutes,
};
