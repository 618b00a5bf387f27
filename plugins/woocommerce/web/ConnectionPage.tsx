import { useState, type FormEvent } from 'react';
import {
  Alert,
  api,
  Button,
  errorMessage,
  Form,
  formatDateTime,
  InputGroup,
  PageSpinner,
  SectionCard,
  useConnectionState,
  useQueryClient,
  useToast,
} from '@zaplecze/plugin-sdk-web';
import { BASE, useSyncStatus, useWebhook, useWooSettings, wooKeys, type SettingsAnswer } from './api';

const SECRETS = [
  ['consumerKey', 'Klucz klienta (ck_...)'],
  ['consumerSecret', 'Sekret klienta (cs_...)'],
  ['webhookSecret', 'Sekret webhooków'],
] as const;
const STATE = { set: 'ustawiony', unset: 'nie ustawiony', unreadable: 'wprowadź ponownie' } as const;

/** 'Połączenie': the shop's address and keys, the connection test, the webhook address, sync now. */
export default function ConnectionPage() {
  const settings = useWooSettings();
  if (settings.isPending) return <PageSpinner />;
  if (settings.error) return <Alert variant="danger">{errorMessage(settings.error)}</Alert>;
  return (
    <div style={{ maxWidth: 760 }}>
      <ConnectionForm key={JSON.stringify(settings.data)} stored={settings.data} />
      <WebhookCard />
      <SyncCard />
    </div>
  );
}

function ConnectionForm({ stored }: { stored: SettingsAnswer }) {
  const toast = useToast();
  const client = useQueryClient();
  const connection = useConnectionState('woocommerce');
  const [url, setUrl] = useState(stored.values.url);
  const [minutes, setMinutes] = useState(String(stored.values.syncMinutes));
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [test, setTest] = useState<{ ok: boolean; message: string } | null>(null);

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const given = Object.fromEntries(Object.entries(secrets).filter(([, v]) => v.trim() !== ''));
      await api.put(`${BASE}/settings`, {
        json: { values: { url: url.trim(), syncMinutes: Number(minutes) }, secrets: given },
      });
      toast.show('success', { title: 'Zapisano ustawienia' });
      await client.invalidateQueries({ queryKey: wooKeys.settings });
    } catch (err) {
      toast.show('error', { title: 'Nie zapisano', body: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  async function check() {
    setTest(null);
    try {
      setTest((await api.post(`${BASE}/test_connection`, { json: {} })) as { ok: boolean; message: string });
    } catch (err) {
      setTest({ ok: false, message: errorMessage(err) });
    }
  }

  return (
    <SectionCard title="Połączenie ze sklepem" icon="plug" className="mb-3" testId="woo-connection">
      {connection.data?.state === 'reconnect' && (
        <Alert variant="warning" data-testid="woo-reconnect">
          <strong>Połącz ponownie.</strong> {connection.data.message}
        </Alert>
      )}
      <Form noValidate onSubmit={(e) => void save(e)}>
        <Form.Group className="mb-3" controlId="woo-url">
          <Form.Label>Adres sklepu</Form.Label>
          <Form.Control value={url} placeholder="https://sklep.pl" onChange={(e) => setUrl(e.target.value)} />
          <Form.Text>
            Sklep musi mieć HTTPS i bezpośrednie odnośniki (WordPress → Ustawienia → Bezpośrednie odnośniki).
          </Form.Text>
        </Form.Group>
        {SECRETS.map(([name, label]) => (
          <Form.Group className="mb-3" controlId={`woo-${name}`} key={name}>
            <Form.Label>
              {label} <span className="text-muted small">({STATE[stored.secrets[name]]})</span>
            </Form.Label>
            <Form.Control
              type="password"
              autoComplete="off"
              placeholder={stored.secrets[name] === 'set' ? 'zostaw puste, aby nie zmieniać' : ''}
              value={secrets[name] ?? ''}
              onChange={(e) => setSecrets({ ...secrets, [name]: e.target.value })}
            />
          </Form.Group>
        ))}
        <Form.Group className="mb-3" controlId="woo-minutes" style={{ maxWidth: 260 }}>
          <Form.Label>Import zamówień co (minut)</Form.Label>
          <Form.Control type="number" min={5} max={1440} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
        </Form.Group>
        <div className="d-flex gap-2">
          <Button type="submit" disabled={busy}>
            Zapisz
          </Button>
          <Button variant="outline-primary" onClick={() => void check()} data-testid="woo-test">
            Sprawdź połączenie
          </Button>
        </div>
        {test && (
          <Alert variant={test.ok ? 'success' : 'danger'} className="mt-3 mb-0" data-testid="woo-test-result">
            {test.message}
          </Alert>
        )}
      </Form>
    </SectionCard>
  );
}

function WebhookCard() {
  const hook = useWebhook();
  const toast = useToast();
  const address = hook.data ? `${window.location.origin}${hook.data.path}` : '';
  return (
    <SectionCard title="Powiadomienia (webhook)" icon="broadcast" className="mb-3" testId="woo-webhook">
      <p className="small text-muted">
        W WooCommerce → Ustawienia → Zaawansowane → Webhooki dodaj webhooki „Zamówienie utworzone” i „Zamówienie
        zaktualizowane” z tym adresem dostarczania i tym samym sekretem co „Sekret webhooków” powyżej. Import według
        harmonogramu działa dalej jako zabezpieczenie.
      </p>
      <InputGroup>
        <Form.Control readOnly value={address} aria-label="Adres dostarczania" data-testid="woo-webhook-url" />
        <Button
          variant="outline-secondary"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(address)
              .then(() => toast.show('success', { title: 'Skopiowano adres' }))
          }
        >
          Kopiuj
        </Button>
      </InputGroup>
      {hook.data && !hook.data.secretSet && (
        <p className="small text-danger mt-2 mb-0">Nie ustawiono sekretu webhooków: powiadomienia będą odrzucane.</p>
      )}
    </SectionCard>
  );
}

function SyncCard() {
  const status = useSyncStatus();
  const toast = useToast();
  async function start(path: 'sync' | 'push') {
    try {
      const r = (await api.post(`${BASE}/${path}`, { json: {} })) as { jobId: number };
      toast.show('success', {
        title: path === 'sync' ? 'Import zamówień uruchomiony' : 'Wysyłanie stanów uruchomione',
        body: `Zadanie ${r.jobId}`,
      });
    } catch (err) {
      toast.show('error', { title: 'Nie uruchomiono', body: errorMessage(err) });
    }
  }
  return (
    <SectionCard title="Synchronizacja" icon="arrow-repeat" className="mb-3" testId="woo-sync">
      <dl className="row small mb-3">
        <dt className="col-sm-5">Ostatni import</dt>
        <dd className="col-sm-7">{status.data?.lastSyncAt ? formatDateTime(status.data.lastSyncAt) : '—'}</dd>
        <dt className="col-sm-5">Zamówienia zaimportowane</dt>
        <dd className="col-sm-7" data-testid="woo-imported">
          {status.data?.imported ?? '—'}
        </dd>
        <dt className="col-sm-5">Towary połączone z produktami</dt>
        <dd className="col-sm-7">{status.data?.links ?? '—'}</dd>
      </dl>
      <div className="d-flex gap-2">
        <Button onClick={() => void start('sync')} data-testid="woo-sync-now">
          Importuj zamówienia teraz
        </Button>
        <Button variant="outline-primary" onClick={() => void start('push')}>
          Połącz po SKU i wyślij stany
        </Button>
      </div>
    </SectionCard>
  );
}
