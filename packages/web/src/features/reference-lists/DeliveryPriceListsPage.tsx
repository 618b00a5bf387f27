import { ReferenceListPage } from '@web/ui/ReferenceListPage';
import { deliveryPriceListsConfig } from './list-configs';

/** /delivery-price-lists: a configuration of the shared list screen (docs/rules/catalogue-and-orders-rules.md §2.12). */
export default function DeliveryPriceListsPage() {
  return <ReferenceListPage config={deliveryPriceListsConfig} />;
}
