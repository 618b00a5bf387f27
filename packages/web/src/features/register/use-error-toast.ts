import { useEffect } from 'react';
import { errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';

/** Shows an error toast once per failure of a query; a toast id keeps retries from stacking up. */
export function useErrorToast(error: unknown, title: string, id: string): void {
  const toast = useToast();
  useEffect(() => {
    if (error) toast.show('error', { id, title, body: errorMessage(error) });
  }, [error, title, id, toast]);
}
