import { ReferenceListPage } from '@web/ui/ReferenceListPage';
import { itemStatusesConfig } from './list-configs';

/** /item-statuses: a configuration of the shared list screen (docs/rules/goods-and-orders.md §2.12). */
export default function ItemStatusesPage() {
  return <ReferenceListPage config={itemStatusesConfig} />;
}
