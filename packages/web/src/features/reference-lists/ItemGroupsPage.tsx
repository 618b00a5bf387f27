import { ReferenceListPage } from '@web/ui/ReferenceListPage';
import { itemGroupsConfig } from './list-configs';

/** /item-groups: a configuration of the shared list screen (docs/rules/catalogue-and-orders-rules.md §2.12). */
export default function ItemGroupsPage() {
  return <ReferenceListPage config={itemGroupsConfig} />;
}
