import { hasPermissionForScreen } from '@zaplecze/contract';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { ReferenceListPage } from '@web/ui/ReferenceListPage';
import { DispatchSettingsForm } from './components/DispatchSettingsForm';
import { orderStatusesConfig } from './list-configs';

/** /order-statuses: the shared list screen with the dispatch settings below (docs/rules/catalogue-and-orders-rules.md §2.12). */
export default function OrderStatusesPage() {
  const { user } = useAuth();
  const canEdit = hasPermissionForScreen(user?.permissions ?? '', orderStatusesConfig.editPermission);
  return (
    <ReferenceListPage config={orderStatusesConfig}>
      <DispatchSettingsForm canEdit={canEdit} />
    </ReferenceListPage>
  );
}
