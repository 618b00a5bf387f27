import { ReferenceListPage } from '@web/ui/ReferenceListPage';
import { itemStatusesConfig } from './list-configs';

/** /item-statuses: a configuration of the shared list screen (docs/rules/catalogue-and-orders-rules.md §2.12). */
export default function ItemStatusesPage() {
  return <ReferenceListPage config={itemStatusesConfig} />;
}
