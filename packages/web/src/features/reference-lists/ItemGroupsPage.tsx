import { ListPage } from '@web/ui/ListPage';
import { itemGroupsConfig } from './list-configs';

/** /item-groups: a configuration of the shared list screen (goods-and-orders.md §2.12). */
export default function ItemGroupsPage() {
  return <ListPage config={itemGroupsConfig} />;
}
