import type { OptionKey } from '@zaplecze/contract';
import { useEffect, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { m } from '@web/i18n';
import { PageSpinner } from '@web/ui/PageSpinner';
import { useOptions } from '@web/data/options.api';
import { settingsText } from '../texts';

interface Props<K extends OptionKey> {
  keys: readonly K[];
  /** Title of the load-error toast (default 'Błąd ładowania danych!'). */
  errorTitle?: string;
  /** Renders the editor once fresh values are in; the editor keeps its own state from then on. */
  children: (values: Record<K, string>) => ReactNode;
}

/**
 * Loads options for a settings screen: a spinner until fresh values are in (a screen must not
 * start editing stale cached values), a 'Błąd ładowania danych!' toast and a retry on failure.
 */
export function OptionsGate<K extends OptionKey>({ keys, errorTitle, children }: Props<K>) {
  const q = useOptions(keys);
  const toast = useToast();
  useEffect(() => {
    if (q.error)
      toast.show('error', {
        id: 'settings-load-error',
        title: errorTitle ?? m().toasts.loadErrorTitle,
        body: errorMessage(q.error),
      });
  }, [q.error, toast, errorTitle]);

  // Once shown, the editor stays (it holds what the user typed), whatever later fetches do.
  const [shown, setShown] = useState(false);
  if (!shown && q.data && (!q.isStale || q.isFetchedAfterMount)) setShown(true);

  if (shown && q.data) return <>{children(q.data)}</>;
  if (q.error)
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2" data-testid="settings-load-error">
        <span className="me-auto">{errorMessage(q.error)}</span>
        <Button size="sm" variant="outline-danger" onClick={() => void q.refetch()}>
          {settingsText().retry}
        </Button>
      </Alert>
    );
  return <PageSpinner />;
}
