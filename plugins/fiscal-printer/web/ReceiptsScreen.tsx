import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import {
  Alert,
  api,
  Badge,
  Button,
  errorMessage,
  Form,
  formatDateTime,
  formatMoney,
  keepPreviousData,
  PageSpinner,
  SectionCard,
  Table,
  useModals,
  useMutation,
  useQuery,
  useQueryClient,
  useToast,
} from '@zaplecze/plugin-sdk-web';
import {
  PRINT_STATE_NAMES,
  PRINT_STATES,
  printAnswerSchema,
  receiptsAnswerSchema,
  type PrintState,
  type ReceiptPrint,
} from '../schemas';
import { BASE, fiscalKeys } from './api';

/** The invoicing plugin's POST /receipts answer, as far as this screen reads it. */
const issueAnswerSchema = z.object({
  receiptId: z.number(),
  receiptNumber: z.string(),
  printed: z.boolean(),
  created: z.boolean(),
  printMessage: z.string().nullable(),
});

const VARIANT: Record<PrintState, string> = {
  WAITING: 'secondary',
  PRINTING: 'info',
  PRINTED: 'success',
  FAILED: 'danger',
  UNKNOWN: 'warning',
};

/**
 * 'Paragony' (docs/plugins.md, "Plugin: fiscal-printer"): a stationary order's receipt issued and
 * printed (the invoicing plugin's POST /receipts), and the recent receipts with their print state:
 * printed, waiting, not printed with the printer's reason ('Drukuj ponownie'), or 'Do sprawdzenia'
 * when the printer may have printed it without saying so ('Wydrukowany' / 'Drukuj mimo to').
 */
export default function ReceiptsScreen() {
  const toast = useToast();
  const modals = useModals();
  const qc = useQueryClient();
  const [state, setState] = useState<PrintState | ''>('');
  const [pages, setPages] = useState(1);
  const key = [...fiscalKeys.receipts(state), pages];
  const receipts = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const rows: ReceiptPrint[] = [];
      let before: number | null | undefined;
      for (let p = 0; p < pages && before !== null; p++) {
        const page = await api.get(`${BASE}/receipts`, {
          query: { state: state || undefined, before: before ?? undefined, limit: 50 },
          schema: receiptsAnswerSchema,
          signal,
        });
        rows.push(...page.receipts);
        before = page.next;
      }
      return { rows, more: before !== null };
    },
    placeholderData: keepPreviousData,
    // While a receipt waits or prints, the list follows it.
    refetchInterval: (q) =>
      q.state.data?.rows.some((r) => r.state === 'WAITING' || r.state === 'PRINTING') ? 1500 : false,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['plugin', 'fiscal-printer', 'receipts'] });

  const [orderId, setOrderId] = useState('');
  const [nip, setNip] = useState('');
  const issue = useMutation({
    mutationFn: async () => {
      const a = await api.post('/plugins/invoicing/receipts', {
        json: { orderId: Number(orderId), ...(nip.trim() ? { buyerTaxId: nip.trim() } : {}) },
        schema: issueAnswerSchema,
      });
      if (a.printed) return { ...a, reason: null };
      // Not printed (yet): the printer's own reason, when the print already ended.
      const recent = await api.get(`${BASE}/receipts`, { query: { limit: 20 }, schema: receiptsAnswerSchema });
      const row = recent.receipts.find((r) => r.receiptId === a.receiptId);
      const ended = row && (row.state === 'FAILED' || row.state === 'UNKNOWN');
      return { ...a, reason: ended ? row.message : null };
    },
    onSuccess: (a) => {
      if (a.printed)
        toast.success(
          `Paragon ${a.receiptNumber} wydrukowany`,
          a.created ? undefined : 'Zamówienie miało już paragon.',
        );
      else
        toast.warning(
          `Paragon ${a.receiptNumber} nie jest jeszcze wydrukowany`,
          a.reason ?? a.printMessage ?? undefined,
        );
      setOrderId('');
      setNip('');
      void refresh();
    },
    onError: (err) => toast.error('Nie wystawiono paragonu', errorMessage(err)),
  });
  const print = useMutation({
    mutationFn: (body: { receiptId: number; force?: boolean }) =>
      api.post(`${BASE}/print`, { json: body, schema: printAnswerSchema }),
    onSuccess: (a) => {
      toast.info(`Paragon ${a.number} czeka na drukarkę`);
      void refresh();
    },
    onError: (err) => toast.error('Nie zlecono wydruku', errorMessage(err)),
  });
  const mark = useMutation({
    mutationFn: (receiptId: number) =>
      api.post(`${BASE}/mark_printed`, { json: { receiptId }, schema: printAnswerSchema }),
    onSuccess: (a) => {
      toast.success(`Paragon ${a.number} oznaczony jako wydrukowany`);
      void refresh();
    },
    onError: (err) => toast.error('Nie oznaczono paragonu', errorMessage(err)),
  });

  async function askMark(r: ReceiptPrint) {
    const yes = await modals.confirm({
      title: 'Paragon wydrukowany?',
      message: `Potwierdzasz, że paragon ${r.number} na ${formatMoney(r.gross / 100, 'PLN')} wyszedł z drukarki? Nie zostanie wydrukowany ponownie.`,
      yesLabel: 'Tak, jest wydrukowany',
      noLabel: 'Anuluj',
    });
    if (yes) mark.mutate(r.receiptId);
  }
  async function askForce(r: ReceiptPrint) {
    const yes = await modals.confirm({
      title: 'Drukować mimo to?',
      message: `Sprawdź wydruki na drukarce. Jeśli paragonu ${r.number} na ${formatMoney(r.gross / 100, 'PLN')} tam nie ma, wydrukujemy go teraz. Jeśli jest, wybierz „Wydrukowany”: drugi paragon oznaczałby podwójną sprzedaż w drukarce.`,
      yesLabel: 'Paragonu nie ma: drukuj',
      noLabel: 'Anuluj',
    });
    if (yes) print.mutate({ receiptId: r.receiptId, force: true });
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d+$/.test(orderId.trim())) {
      toast.error('Podaj numer zamówienia stacjonarnego');
      return;
    }
    issue.mutate();
  };

  const busy = print.isPending || mark.isPending;
  const rows = receipts.data?.rows ?? [];
  return (
    <>
      <SectionCard title="Paragon do zamówienia stacjonarnego" icon="receipt" className="mb-3">
        <Form className="d-flex flex-wrap align-items-end gap-3" onSubmit={submit} data-testid="fiscal-issue">
          <Form.Group controlId="fiscal-order" style={{ maxWidth: 200 }}>
            <Form.Label>Numer zamówienia</Form.Label>
            <Form.Control inputMode="numeric" value={orderId} onChange={(e) => setOrderId(e.target.value)} />
          </Form.Group>
          <Form.Group controlId="fiscal-nip" style={{ maxWidth: 240 }}>
            <Form.Label>NIP nabywcy (opcjonalnie)</Form.Label>
            <Form.Control value={nip} maxLength={20} onChange={(e) => setNip(e.target.value)} />
          </Form.Group>
          <Button type="submit" disabled={issue.isPending}>
            <i className="bi bi-printer me-1" aria-hidden="true" />
            {issue.isPending ? 'Drukowanie…' : 'Wystaw i drukuj paragon'}
          </Button>
        </Form>
        <Form.Text>
          Bez NIP-u na paragonie jest NIP firmy z danych do faktury zamówienia, jeśli go ma. Zamówienie, które ma już
          paragon, nie dostaje drugiego.
        </Form.Text>
      </SectionCard>
      <SectionCard title="Paragony na drukarce fiskalnej" icon="printer">
        <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
          <Form.Group controlId="fiscal-state" style={{ maxWidth: 240 }}>
            <Form.Label>Stan wydruku</Form.Label>
            <Form.Select
              value={state}
              onChange={(e) => {
                setState(e.target.value as PrintState | '');
                setPages(1);
              }}
            >
              <option value="">Wszystkie</option>
              {PRINT_STATES.map((s) => (
                <option key={s} value={s}>
                  {PRINT_STATE_NAMES[s]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Button variant="outline-secondary" onClick={() => void refresh()}>
            <i className="bi bi-arrow-repeat me-1" aria-hidden="true" />
            Odśwież
          </Button>
        </div>
        {receipts.isPending ? (
          <PageSpinner />
        ) : receipts.isError ? (
          <Alert variant="danger">{errorMessage(receipts.error)}</Alert>
        ) : rows.length === 0 ? (
          <Alert variant="secondary">Brak paragonów{state ? ` w stanie „${PRINT_STATE_NAMES[state]}”` : ''}.</Alert>
        ) : (
          <Table size="sm" striped responsive className="align-middle" data-testid="fiscal-receipts">
            <thead>
              <tr>
                <th>Paragon</th>
                <th>Wystawiony</th>
                <th className="text-end">Kwota</th>
                <th>Stan</th>
                <th>Szczegóły</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid={`fiscal-receipt-${r.receiptId}`}>
                  <td className="text-nowrap">
                    {r.number}
                    {r.orderId !== null && <div className="small text-muted">zamówienie {r.orderId}</div>}
                  </td>
                  <td className="text-nowrap">{formatDateTime(r.issuedAt, false)}</td>
                  <td className="text-end text-nowrap">{formatMoney(r.gross / 100, 'PLN')}</td>
                  <td>
                    <Badge bg={VARIANT[r.state]} text={r.state === 'UNKNOWN' ? 'dark' : undefined}>
                      {PRINT_STATE_NAMES[r.state]}
                    </Badge>
                  </td>
                  <td className="small">
                    <div data-testid="fiscal-receipt-message">{r.message ?? <span className="text-muted">—</span>}</div>
                    {r.printedAt && r.state === 'PRINTED' && (
                      <div className="text-muted">{formatDateTime(r.printedAt)}</div>
                    )}
                    {(r.state === 'FAILED' || r.state === 'UNKNOWN') && (
                      <div className="d-flex flex-wrap gap-2 mt-1">
                        <Button
                          size="sm"
                          variant="outline-primary"
                          disabled={busy}
                          onClick={() => print.mutate({ receiptId: r.receiptId })}
                        >
                          <i className="bi bi-printer me-1" aria-hidden="true" />
                          Drukuj ponownie
                        </Button>
                        {r.state === 'UNKNOWN' && (
                          <>
                            <Button size="sm" variant="outline-success" disabled={busy} onClick={() => void askMark(r)}>
                              Wydrukowany
                            </Button>
                            <Button size="sm" variant="outline-danger" disabled={busy} onClick={() => void askForce(r)}>
                              Drukuj mimo to
                            </Button>
                          </>
                        )}
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {receipts.data?.more && (
          <Button variant="link" onClick={() => setPages(pages + 1)}>
            Pokaż starsze
          </Button>
        )}
      </SectionCard>
    </>
  );
}
