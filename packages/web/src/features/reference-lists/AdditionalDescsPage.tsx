import { ReferenceListPage } from '@web/ui/ReferenceListPage';
import { additionalDescsConfig } from './list-configs';

/** /additional-descs: a configuration of the shared list screen (docs/rules/goods-and-orders.md §2.12). */
export default function AdditionalDescsPage() {
  return <ReferenceListPage config={additionalDescsConfig} />;
}
