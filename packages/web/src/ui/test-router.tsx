import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/**
 * Tests only: `children` inside a data router (as the app runs), which forms with the
 * unsaved-changes guard (ui/useLeaveGuard.ts, react-router's useBlocker) need.
 */
export function InDataRouter({ children }: { children: ReactNode }) {
  const [router] = useState(() => createMemoryRouter([{ path: '*', element: children }]));
  return <RouterProvider router={router} />;
}
