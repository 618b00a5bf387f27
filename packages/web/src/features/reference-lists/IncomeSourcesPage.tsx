import { ReferenceListPage } from '@web/ui/ReferenceListPage';
import { incomeSourcesConfig } from './list-configs';

/** /income-sources: a configuration of the shared list screen (docs/rules/catalogue-and-orders-rules.md §2.12). */
export default function IncomeSourcesPage() {
  return <ReferenceListPage config={incomeSourcesConfig} />;
}
