import {
  Alert,
  api,
  Badge,
  Button,
  errorMessage,
  formatDateTime,
  PageSpinner,
  SectionCard,
  useMutation,
  useQueryClient,
  useToast,
} from '@zaplecze/plugin-sdk-web';
import { connectStartedSchema, syncStartedSchema, testConnectionSchema } from '../schemas';
import { allegroKeys, BASE, useConnect, type ConnectState } from './api';

const BADGE: Record<ConnectState['state'], { bg: string; text: string }> = {
  disconnected: { bg: 'secondary', text: 'Niepołączone' },
  pending: { bg: 'warning', text: 'Oczekuje na zatwierdzenie' },
  connected: { bg: 'success', text: 'Połączone' },
  reconnect: { bg: 'danger', text: 'Połącz ponownie' },
};

/**
 * 'Połączenie': the seller's Allegro account by the device flow (the user code and the link to
 * allegro.pl), its state, 'Sprawdź połączenie' and 'Synchronizuj teraz'.
 */
export default function ConnectScreen() {
  const state = useConnect();
  const qc = useQueryClient();
  const toast = useToast();
  const refresh = () => qc.invalidateQueries({ queryKey: allegroKeys.connect });
  const start = useMutation({
    mutationFn: () => api.post(`${BASE}/connect`, { json: {}, schema: connectStartedSchema }),
    onSuccess: refresh,
    onError: (e) => toast.error(errorMessage(e)),
  });
  const test = useMutation({
    mutationFn: () => api.post(`${BASE}/test_connection`, { json: {}, schema: testConnectionSchema }),
    onSuccess: (r) => {
      if (r.ok) toast.success(r.message);
      else toast.error(r.message);
      void refresh();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const sync = useMutation({
    mutationFn: () => api.post(`${BASE}/sync`, { json: {}, schema: syncStartedSchema }),
    onSuccess: (r) => toast.success(`Synchronizacja zlecona (zadanie ${r.jobId}).`),
    onError: (e) => toast.error(errorMessage(e)),
  });
  const disconnect = useMutation({
    mutationFn: () => api.delete(`${BASE}/connect`),
    onSuccess: refresh,
    onError: (e) => toast.error(errorMessage(e)),
  });

  if (state.isPending) return <PageSpinner />;
  if (state.error || !state.data) return <Alert variant="danger">{errorMessage(state.error)}</Alert>;
  const s = state.data;
  const badge = BADGE[s.state];
  return (
    <div className="d-flex flex-column gap-3" data-testid="allegro-connect">
      <SectionCard title="Konto Allegro" icon="plug">
        <p className="mb-2">
          Stan:{' '}
          <Badge bg={badge.bg} data-testid="allegro-state">
            {badge.text}
          </Badge>
        </p>
        <p className="text-secondary">{s.message}</p>
        {s.state === 'pending' && s.userCode && s.verificationUriComplete && (
          <Alert variant="info" data-testid="allegro-device">
            <p className="mb-1">1. Otwórz stronę Allegro i zaloguj się na konto sprzedawcy:</p>
            <p>
              <a href={s.verificationUriComplete} target="_blank" rel="noreferrer" data-testid="allegro-verification">
                {s.verificationUriComplete}
              </a>
            </p>
            <p className="mb-1">2. Sprawdź, czy kod na stronie jest taki sam i zatwierdź:</p>
            <p className="fs-3 fw-bold font-monospace" data-testid="allegro-user-code">
              {s.userCode}
            </p>
            {s.expiresAt && <p className="small mb-0">Kod ważny do {formatDateTime(s.expiresAt)}.</p>}
          </Alert>
        )}
        <div className="d-flex flex-wrap gap-2">
          {s.state !== 'connected' && (
            <Button onClick={() => start.mutate()} disabled={start.isPending} data-testid="allegro-connect-start">
              {s.state === 'pending' ? 'Nowy kod' : s.state === 'reconnect' ? 'Połącz ponownie' : 'Połącz z Allegro'}
            </Button>
          )}
          <Button variant="outline-primary" onClick={() => test.mutate()} disabled={test.isPending}>
            Sprawdź połączenie
          </Button>
          <Button
            variant="outline-primary"
            onClick={() => sync.mutate()}
            disabled={sync.isPending || s.state !== 'connected'}
            data-testid="allegro-sync"
          >
            Synchronizuj teraz
          </Button>
          {s.state === 'connected' && (
            <Button variant="outline-danger" onClick={() => disconnect.mutate()} disabled={disconnect.isPending}>
              Odłącz konto
            </Button>
          )}
        </div>
      </SectionCard>
      <SectionCard title="Synchronizacja" icon="arrow-repeat">
        <p className="mb-1">
          Ostatnia synchronizacja: {s.lastSyncAt ? formatDateTime(s.lastSyncAt) : 'jeszcze nie było'}
        </p>
        {s.lastError && (
          <Alert variant="warning" className="mb-0" data-testid="allegro-last-error">
            {s.lastError}
          </Alert>
        )}
      </SectionCard>
    </div>
  );
}
