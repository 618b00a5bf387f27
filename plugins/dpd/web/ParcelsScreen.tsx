import { useState } from 'react';
import {
  Alert,
  api,
  apiBlob,
  Button,
  Col,
  errorMessage,
  Form,
  formatDateTime,
  PageSpinner,
  Row,
  SectionCard,
  Table,
  useMutation,
  useQuery,
  useQueryClient,
  useToast,
} from '@zaplecze/plugin-sdk-web';
import { parcelsAnswerSchema, pickupAnswerSchema, type PickupBody } from '../schemas';

const BASE = '/plugins/dpd';
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The day's DPD parcels (docs/plugins.md, "Plugin: dpd"): the list, the hand-over protocol (PDF
 * from DPD) and the courier order for them.
 */
export default function ParcelsScreen() {
  const [date, setDate] = useState(today());
  const toast = useToast();
  const qc = useQueryClient();
  const key = ['plugin', 'dpd', 'parcels', date] as const;
  const parcels = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get(`${BASE}/parcels`, { query: { date }, schema: parcelsAnswerSchema, signal }),
  });
  const [pickup, setPickup] = useState<Omit<PickupBody, 'date'>>({
    phone: '',
    contact: '',
    address: '',
    postalCode: '',
    city: '',
  });
  const protocol = useMutation({
    mutationFn: () => apiBlob(`${BASE}/protocol`, { date }),
    onSuccess: (blob) => {
      window.open(URL.createObjectURL(blob), '_blank');
      void qc.invalidateQueries({ queryKey: key });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const order = useMutation({
    mutationFn: () => api.post(`${BASE}/pickup`, { json: { ...pickup, date }, schema: pickupAnswerSchema }),
    onSuccess: (a) => {
      toast.success(`Zamówiono kuriera DPD (zlecenie ${a.orderNumber}, paczek: ${a.parcels}).`);
      void qc.invalidateQueries({ queryKey: key });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });

  const list = parcels.data?.parcels ?? [];
  const field = (name: keyof typeof pickup, label: string) => (
    <Form.Group as={Col} md={4} className="mb-2" controlId={`dpd-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control value={pickup[name]} onChange={(e) => setPickup({ ...pickup, [name]: e.target.value })} />
    </Form.Group>
  );
  return (
    <>
      <SectionCard title="Paczki DPD">
        <Form.Group className="mb-3" style={{ maxWidth: 220 }} controlId="dpd-date">
          <Form.Label>Dzień nadania</Form.Label>
          <Form.Control type="date" value={date} onChange={(e) => setDate(e.target.value || today())} />
        </Form.Group>
        {parcels.isPending ? (
          <PageSpinner />
        ) : parcels.isError ? (
          <Alert variant="danger">{errorMessage(parcels.error)}</Alert>
        ) : list.length === 0 ? (
          <Alert variant="secondary">Brak paczek DPD z tego dnia.</Alert>
        ) : (
          <Table size="sm" striped>
            <thead>
              <tr>
                <th>Numer przesyłki</th>
                <th>Zamówienie</th>
                <th>Usługa</th>
                <th>Waga</th>
                <th>Nadano</th>
                <th>Protokół</th>
                <th>Kurier</th>
              </tr>
            </thead>
            <tbody>
              {list.map((p) => (
                <tr key={p.waybill}>
                  <td>{p.waybill}</td>
                  <td>{p.orderId}</td>
                  <td>{p.method === 'pickup' ? 'DPD Pickup' : 'Kurier DPD'}</td>
                  <td>{(p.weightGrams / 1000).toLocaleString('pl-PL')} kg</td>
                  <td>{formatDateTime(p.createdAt)}</td>
                  <td>{p.protocolAt ? formatDateTime(p.protocolAt) : '—'}</td>
                  <td>{p.pickupOrder ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <Button disabled={list.length === 0 || protocol.isPending} onClick={() => protocol.mutate()}>
          Protokół przekazania (PDF)
        </Button>
      </SectionCard>
      <SectionCard title="Zamów kuriera">
        <Row>
          {field('contact', 'Osoba kontaktowa')}
          {field('phone', 'Telefon')}
          {field('address', 'Adres odbioru')}
          {field('postalCode', 'Kod pocztowy')}
          {field('city', 'Miejscowość')}
        </Row>
        <Button disabled={list.length === 0 || order.isPending} onClick={() => order.mutate()}>
          Zamów kuriera na {date.split('-').reverse().join('.')}
        </Button>
      </SectionCard>
    </>
  );
}
