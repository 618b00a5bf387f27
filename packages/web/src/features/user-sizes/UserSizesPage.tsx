import { ReferenceListPage } from '@web/ui/ReferenceListPage';
import { userSizesConfig } from './user-sizes-config';

/** /user-sizes: defined package sizes on the shared list screen (docs/rules/platform-rules.md §2, docs/rules/catalogue-and-orders-rules.md §2.12). */
export default function UserSizesPage() {
  return <ReferenceListPage config={userSizesConfig} />;
}
