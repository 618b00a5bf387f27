import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useDocumentTitle } from '@web/platform/route-handle';
import { PageSpinner } from '@web/ui/PageSpinner';

/** Layout without menus (login, register, public pages). */
export function Bare() {
  useDocumentTitle();
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
