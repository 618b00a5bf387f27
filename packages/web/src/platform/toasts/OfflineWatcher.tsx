import { useEffect } from 'react';
import { m } from '@web/i18n';
import { useToast } from '@web/platform/toasts/ToastProvider';

const OFFLINE_TOAST = 'offline';

/** An offline event shows a persistent error toast; the online event removes it (docs/rules/platform-rules.md §2). */
export function OfflineWatcher() {
  const toast = useToast();
  useEffect(() => {
    const offline = () =>
      toast.show('error', {
        id: OFFLINE_TOAST,
        title: m().toasts.offlineTitle,
        body: m().toasts.offlineBody,
        seconds: 0,
      });
    const online = () => toast.remove(OFFLINE_TOAST);
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    if (!navigator.onLine) offline();
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [toast]);
  return null;
}
