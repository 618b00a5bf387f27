import { AuthStatus } from '@zaplecze/contract';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '@web/ui/PageSpinner';
import { useAuth } from '@web/platform/auth/AuthProvider';

/** Protected routes: while the stored token is checked show a spinner; signed out goes to login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === AuthStatus.authorized) return <>{children}</>;
  if (status === AuthStatus.checking && !location.state) return <PageSpinner />;
  return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
}

/** Login and register are shown only while signed out; once signed in the user goes home. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === AuthStatus.authorized) return <Navigate to="/" replace />;
  return <>{children}</>;
}
