import { useState } from 'react';
import {
  Alert,
  api,
  Badge,
  Button,
  Col,
  errorMessage,
  Form,
  formatDateTime,
  PageSpinner,
  Row,
  SectionCard,
  Table,
  useModals,
  useMutation,
  useQuery,
  useQueryClient,
  useToast,
} from '@zaplecze/plugin-sdk-web';
import {
  dispatchOrderAnswerSchema,
  parcelsAnswerSchema,
  SERVICE_NAMES,
  type DispatchOrderBody,
  type InpostParcel,
} from '../schemas';
import { BASE, inpostKeys } from './api';

const today = () => new Date().toISOString().slice(0, 10);

/** ShipX's statuses in Polish (the common ones; any other is shown as ShipX names it). */
const STATUS_NAMES: Record<string, string> = {
  new: 'Wysyłanie do InPost',
  created: 'Utworzona, czeka na numer',
  offers_prepared: 'Utworzona, czeka na numer',
  offer_selected: 'Utworzona, czeka na numer',
  confirmed: 'Gotowa do nadania',
  dispatched_by_sender: 'Nadana w paczkomacie',
  collected_from_sender: 'Odebrana od nadawcy',
  taken_by_courier: 'Odebrana przez kuriera',
  adopted_at_source_branch: 'W oddziale nadawczym',
  sent_from_source_branch: 'W trasie',
  out_for_delivery: 'Wydana do doręczenia',
  ready_to_pickup: 'Czeka w paczkomacie',
  delivered: 'Doręczona',
  returned_to_sender: 'Zwrócona do nadawcy',
  cancelled: 'Anulowana',
  offer_rejected: 'Odrzucona przez InPost',
};
const BEFORE_NUMBER = new Set(['new', 'created', 'offers_prepared', 'offer_selected']);
const variantOf = (status: string) =>
  status === 'delivered'
    ? 'success'
    : status === 'cancelled' || status === 'offer_rejected' || status === 'returned_to_sender'
      ? 'secondary'
      : BEFORE_NUMBER.has(status)
        ? 'warning'
        : status === 'confirmed'
          ? 'info'
          : 'primary';

const EMPTY_ADDRESS = { street: '', buildingNumber: '', city: '', postCode: '', comment: '' };

/**
 * The day's InPost parcels (docs/plugins.md, "Plugin: inpost"): their ShipX status, cancel of a
 * parcel still waiting for its number, 'Odśwież stany' (the states asked now) and the courier
 * pickup (ShipX dispatch order) for the day's parcels ready to be sent.
 */
export default function ParcelsScreen() {
  const [date, setDate] = useState(today());
  const toast = useToast();
  const modals = useModals();
  const qc = useQueryClient();
  const key = inpostKeys.parcels(date);
  const parcels = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get(`${BASE}/parcels`, { query: { date }, schema: parcelsAnswerSchema, signal }),
  });
  const [address, setAddress] = useState<Omit<DispatchOrderBody, 'date'>>(EMPTY_ADDRESS);
  const refresh = () => qc.invalidateQueries({ queryKey: key });

  const sync = useMutation({
    mutationFn: () => api.post(`${BASE}/sync`, { json: {} }),
    onSuccess: () => {
      toast.success('Sprawdzanie stanów paczek w InPost zostało zlecone; lista odświeży się za chwilę.');
      setTimeout(() => void refresh(), 3000);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const cancel = useMutation({
    mutationFn: (orderId: number) => api.post('/orders/cancel_shipment', { json: { orderId } }),
    onSuccess: (_a, orderId) => {
      toast.success(`Anulowano przesyłkę zamówienia ${orderId}; zamówienie można nadać ponownie.`);
      void refresh();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const order = useMutation({
    mutationFn: () =>
      api.post(`${BASE}/dispatch_order`, { json: { ...address, date }, schema: dispatchOrderAnswerSchema }),
    onSuccess: (a) => {
      toast.success(`Zamówiono kuriera InPost (zlecenie ${a.dispatchOrderId}, paczek: ${a.parcels}).`);
      void refresh();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });

  async function askCancel(p: InpostParcel) {
    const yes = await modals.confirm({
      title: 'Anulowanie przesyłki',
      message: `Czy na pewno anulować przesyłkę InPost zamówienia nr ${p.orderId}?`,
    });
    if (yes) cancel.mutate(p.orderId);
  }

  const list = parcels.data?.parcels ?? [];
  const ready = list.filter(
    (p) => p.status === 'confirmed' && p.sendingMethod === 'dispatch_order' && !p.dispatchOrder,
  );
  const field = (name: keyof typeof address, label: string, md = 3) => (
    <Form.Group as={Col} md={md} className="mb-2" controlId={`inpost-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control value={address[name]} onChange={(e) => setAddress({ ...address, [name]: e.target.value })} />
    </Form.Group>
  );
  return (
    <>
      <SectionCard title="Paczki InPost">
        <div className="d-flex align-items-end gap-3 mb-3">
          <Form.Group style={{ maxWidth: 220 }} controlId="inpost-date">
            <Form.Label>Dzień nadania</Form.Label>
            <Form.Control type="date" value={date} onChange={(e) => setDate(e.target.value || today())} />
          </Form.Group>
          <Button variant="outline-primary" disabled={sync.isPending} onClick={() => sync.mutate()}>
            <i className="bi bi-arrow-repeat me-1" aria-hidden="true" />
            Odśwież stany
          </Button>
        </div>
        {parcels.isPending ? (
          <PageSpinner />
        ) : parcels.isError ? (
          <Alert variant="danger">{errorMessage(parcels.error)}</Alert>
        ) : list.length === 0 ? (
          <Alert variant="secondary">Brak paczek InPost z tego dnia.</Alert>
        ) : (
          <Table size="sm" striped responsive className="align-middle" data-testid="inpost-parcels">
            <thead>
              <tr>
                <th>Zamówienie</th>
                <th>Usługa</th>
                <th>Numer przesyłki</th>
                <th>Stan w InPost</th>
                <th>Utworzono</th>
                <th>Kurier</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.map((p) => (
                <tr key={`${p.orderId}-${p.createdAt}`}>
                  <td>{p.orderId}</td>
                  <td>{SERVICE_NAMES[p.service] ?? p.service}</td>
                  <td>{p.trackingNumber ?? <span className="text-muted">—</span>}</td>
                  <td>
                    <Badge bg={variantOf(p.status)}>{STATUS_NAMES[p.status] ?? p.status}</Badge>
                  </td>
                  <td>{formatDateTime(p.createdAt)}</td>
                  <td>{p.dispatchOrder ?? '—'}</td>
                  <td className="text-end">
                    {BEFORE_NUMBER.has(p.status) && p.shipmentId && (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        disabled={cancel.isPending}
                        onClick={() => void askCancel(p)}
                      >
                        Anuluj
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </SectionCard>
      <SectionCard title="Zamów kuriera InPost">
        <p className="text-muted small">
          Kurier odbierze paczki gotowe do nadania z wybranego dnia ({ready.length}), nadawane sposobem „odbiór przez
          kuriera”.
        </p>
        <Row>
          {field('street', 'Ulica', 4)}
          {field('buildingNumber', 'Numer budynku', 2)}
          {field('postCode', 'Kod pocztowy', 2)}
          {field('city', 'Miejscowość', 4)}
          {field('comment', 'Uwagi dla kuriera', 12)}
        </Row>
        <Button disabled={ready.length === 0 || order.isPending} onClick={() => order.mutate()}>
          Zamów kuriera na {date.split('-').reverse().join('.')}
        </Button>
      </SectionCard>
    </>
  );
}
