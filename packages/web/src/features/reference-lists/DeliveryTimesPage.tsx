import { ReferenceListPage } from '@web/ui/ReferenceListPage';
import { deliveryTimesConfig } from './list-configs';

/** /delivery-times: a configuration of the shared list screen (docs/rules/catalogue-and-orders-rules.md §2.12). */
export default function DeliveryTimesPage() {
  return <ReferenceListPage config={deliveryTimesConfig} />;
}
