import { ListPage } from '@web/ui/ListPage';
import { incomeSourcesConfig } from './list-configs';

/** /income-sources: a configuration of the shared list screen (goods-and-orders.md §2.12). */
export default function IncomeSourcesPage() {
  return <ListPage config={incomeSourcesConfig} />;
}
