import { ListPage } from '@web/ui/ListPage';
import { deliveryPriceListsConfig } from './list-configs';

/** /delivery-price-lists: a configuration of the shared list screen (goods-and-orders.md §2.12). */
export default function DeliveryPriceListsPage() {
  return <ListPage config={deliveryPriceListsConfig} />;
}
