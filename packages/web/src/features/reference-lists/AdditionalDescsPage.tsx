import { ReferenceListPage } from '@web/ui/ReferenceListPage';
import { additionalDescsConfig } from './list-configs';

/** /additional-descs: a configuration of the shared list screen (docs/rules/catalogue-and-orders-rules.md §2.12). */
export default function AdditionalDescsPage() {
  return <ReferenceListPage config={additionalDescsConfig} />;
}
