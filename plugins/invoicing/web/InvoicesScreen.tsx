import { Fragment, useState } from 'react';
import {
  Alert,
  api,
  apiBlob,
  Badge,
  Button,
  errorMessage,
  Form,
  formatDateTime,
  formatMoney,
  PageSpinner,
  SectionCard,
  Table,
  useConnectionState,
  useMutation,
  useQuery,
  useQueryClient,
  useToast,
} from '@zaplecze/plugin-sdk-web';
import { invoicesAnswerSchema, KSEF_STATE_NAMES, KSEF_STATES, type KsefInvoice, type KsefState } from '../schemas';

const BASE = '/plugins/invoicing';

const VARIANT: Record<KsefState, string> = {
  WAITING: 'secondary',
  SENT: 'info',
  ACCEPTED: 'success',
  REJECTED: 'danger',
  OFFLINE: 'warning',
};

const thisMonth = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};
const dayPl = (iso: string) => iso.split('-').reverse().join('.');

/**
 * The month's invoices and their way through KSeF (docs/plugins.md, "Plugin: invoicing"): state,
 * KSeF number, what KSeF refused and what to fix, resend, the UPO, and 'Wyślij teraz'. Filters by
 * month and state; pages of 100 ('Pokaż więcej').
 */
export default function InvoicesScreen() {
  const [month, setMonth] = useState(thisMonth());
  const [state, setState] = useState<KsefState | ''>('');
  const [pages, setPages] = useState(1);
  const toast = useToast();
  const qc = useQueryClient();
  const connection = useConnectionState('invoicing');
  const [year, mm] = month.split('-').map(Number) as [number, number];
  const query = { year, month: mm, ...(state ? { state } : {}) };
  const key = ['plugin', 'invoicing', 'invoices', month, state, pages] as const;
  const list = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      // The first page and, after 'Pokaż więcej', the next ones: each starts where the last ended.
      const first = await api.get(`${BASE}/invoices`, { query, schema: invoicesAnswerSchema, signal });
      const invoices = [...first.invoices];
      let next = first.next;
      for (let p = 1; p < pages && next !== null; p++) {
        const page = await api.get(`${BASE}/invoices`, {
          query: { ...query, before: next },
          schema: invoicesAnswerSchema,
          signal,
        });
        invoices.push(...page.invoices);
        next = page.next;
      }
      return { ...first, invoices, next };
    },
    refetchInterval: (q) =>
      q.state.data?.invoices.some((i) => i.state === 'SENT' || i.state === 'WAITING') ? 3000 : false,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['plugin', 'invoicing', 'invoices'] });
  const sync = useMutation({
    mutationFn: () => api.post(`${BASE}/sync`, { json: {} }),
    onSuccess: () => {
      toast.success('Wysyłka czekających faktur do KSeF została zlecona.');
      setTimeout(() => void refresh(), 1500);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const resend = useMutation({
    mutationFn: (invoiceId: number) => api.post(`${BASE}/invoices/resend`, { json: { invoiceId } }),
    onSuccess: () => {
      toast.success('Faktura wróciła do kolejki wysyłki do KSeF.');
      void refresh();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const downloadUpo = async (inv: KsefInvoice) => {
    try {
      const blob = await apiBlob(`${BASE}/invoices/upo`, { invoiceId: inv.invoiceId });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `UPO_${inv.invoiceNumber.replace(/[^0-9A-Za-z]+/g, '_')}.xml`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      toast.error('Nie pobrano UPO', errorMessage(err));
    }
  };

  const data = list.data;
  const counts = data?.counts ?? {};
  const today = new Date().toISOString().slice(0, 10);
  return (
    <SectionCard title="Faktury w KSeF">
      {connection.data?.state === 'reconnect' && (
        <Alert variant="danger">
          KSeF odrzucił dane logowania: {connection.data.message} Popraw token albo NIP w zakładce „Połączenie z KSeF”.
        </Alert>
      )}
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <Form.Group style={{ maxWidth: 200 }} controlId="ksef-month">
          <Form.Label>Miesiąc wystawienia</Form.Label>
          <Form.Control
            type="month"
            value={month}
            onChange={(e) => {
              setMonth(e.target.value || thisMonth());
              setPages(1);
            }}
          />
        </Form.Group>
        <Form.Group style={{ maxWidth: 260 }} controlId="ksef-state">
          <Form.Label>Stan w KSeF</Form.Label>
          <Form.Select
            value={state}
            onChange={(e) => {
              setState(e.target.value as KsefState | '');
              setPages(1);
            }}
          >
            <option value="">Wszystkie</option>
            {KSEF_STATES.map((s) => (
              <option key={s} value={s}>
                {KSEF_STATE_NAMES[s]} ({counts[s] ?? 0})
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button variant="outline-primary" disabled={sync.isPending} onClick={() => sync.mutate()}>
          <i className="bi bi-send me-1" aria-hidden="true" />
          Wyślij teraz
        </Button>
      </div>
      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <Alert variant="danger">{errorMessage(list.error)}</Alert>
      ) : !data || data.invoices.length === 0 ? (
        <Alert variant="secondary">Brak faktur w tym miesiącu{state ? ' w wybranym stanie' : ''}.</Alert>
      ) : (
        <>
          <Table size="sm" striped responsive className="align-middle" data-testid="ksef-invoices">
            <thead>
              <tr>
                <th>Faktura</th>
                <th>Zamówienie</th>
                <th>Wystawiona</th>
                <th className="text-end">Brutto</th>
                <th>Stan w KSeF</th>
                <th>Numer KSeF</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.invoices.map((inv) => (
                <Fragment key={inv.invoiceId}>
                  <tr data-testid={`ksef-row-${inv.invoiceId}`} className={inv.error ? 'border-bottom-0' : undefined}>
                    <td className="text-nowrap">{inv.invoiceNumber}</td>
                    <td>{inv.orderId ?? '—'}</td>
                    <td>
                      {formatDateTime(inv.issuedAt)
                        .split(' ')
                        .map((part, i) => (
                          <div key={part} className={i > 0 ? 'small text-muted' : undefined}>
                            {part}
                          </div>
                        ))}
                    </td>
                    <td className="text-end text-nowrap">{formatMoney(inv.gross / 100, inv.currency)}</td>
                    <td className="text-nowrap">
                      <Badge bg={VARIANT[inv.state]}>{KSEF_STATE_NAMES[inv.state]}</Badge>
                      {inv.offline && inv.state !== 'ACCEPTED' && inv.sendBy && (
                        <div className={`small ${inv.sendBy < today ? 'text-danger fw-bold' : 'text-muted'}`}>
                          Termin wysyłki: {dayPl(inv.sendBy)}
                        </div>
                      )}
                      {inv.offline && inv.state === 'ACCEPTED' && (
                        <div className="small text-muted">Wysłana w trybie offline</div>
                      )}
                    </td>
                    <td className="small" style={{ wordBreak: 'break-all', minWidth: 150 }}>
                      {inv.ksefNumber ?? <span className="text-muted">—</span>}
                    </td>
                    <td className="text-end text-nowrap">
                      {inv.hasUpo && (
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          className="me-1"
                          onClick={() => void downloadUpo(inv)}
                        >
                          UPO
                        </Button>
                      )}
                      {inv.state === 'REJECTED' && (
                        <Button
                          size="sm"
                          variant="outline-primary"
                          disabled={resend.isPending}
                          onClick={() => resend.mutate(inv.invoiceId)}
                        >
                          Wyślij ponownie
                        </Button>
                      )}
                    </td>
                  </tr>
                  {inv.error && (
                    <tr data-testid={`ksef-error-${inv.invoiceId}`}>
                      <td colSpan={7} className="small text-danger pt-0">
                        {/* Zero width, full cell: a long message wraps instead of widening the table. */}
                        <div style={{ width: 0, minWidth: '100%' }}>{inv.error}</div>
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </Table>
          {data.next !== null && (
            <Button variant="link" onClick={() => setPages(pages + 1)}>
              Pokaż więcej
            </Button>
          )}
        </>
      )}
    </SectionCard>
  );
}
