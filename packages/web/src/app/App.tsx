import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '@web/platform/auth/AuthProvider';
import { ModalProvider } from '@web/platform/modals/ModalProvider';
import { createAppRouter } from './router';
import { OfflineWatcher } from '@web/platform/toasts/OfflineWatcher';
import { ToastProvider } from '@web/platform/toasts/ToastProvider';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: 0 },
    },
  });
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ModalProvider>
          <AuthProvider>
            <OfflineWatcher />
            <RouterProvider router={router} />
          </AuthProvider>
        </ModalProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
