import { hasPermissionForScreen, type PermissionKey } from '@zaplecze/contract';
import type { ReactNode } from 'react';
import { useScreenPermissions } from '@web/platform/auth/AuthProvider';
import { uiText } from './texts';

/**
 * What only a user who may change the screen's data sees (a save button); anyone else sees a
 * short note that the screen is read-only, not a button the server would refuse.
 */
export function EditOnly({ permission, children }: { permission: PermissionKey; children: ReactNode }) {
  const permissions = useScreenPermissions();
  if (permissions === undefined || hasPermissionForScreen(permissions, permission)) return <>{children}</>;
  return (
    <span className="text-body-secondary" data-testid="view-only">
      <i className="bi bi-eye me-1" aria-hidden="true" />
      {uiText().listPage.viewOnly}
    </span>
  );
}
