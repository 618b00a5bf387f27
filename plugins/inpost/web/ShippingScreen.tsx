import { useState } from 'react';
import {
  Alert,
  api,
  Button,
  errorMessage,
  Form,
  PageSpinner,
  SectionCard,
  useQueryClient,
  useToast,
} from '@zaplecze/plugin-sdk-web';
import {
  COURIER_SERVICES,
  LOCKER_SERVICES,
  SERVICE_NAMES,
  TEMPLATE_NAMES,
  TEMPLATES,
  type InpostSettings,
} from '../schemas';
import { BASE, inpostKeys, useInpostSettings, useReferences } from './api';

type Mapping = Pick<InpostSettings, 'lockerService' | 'courierService' | 'lockerTemplate' | 'deliveredStatusId'>;

/**
 * 'Usługi i statusy': which ShipX service each of our methods uses, the locker size when an order
 * gives no sides, and the order status set when InPost reports the parcel delivered.
 */
export default function ShippingScreen() {
  const settings = useInpostSettings();
  const refs = useReferences();
  if (settings.isPending || refs.isPending) return <PageSpinner />;
  const error = settings.error ?? refs.error;
  if (error) return <Alert variant="danger">{errorMessage(error)}</Alert>;
  const v = settings.data!.values;
  return (
    <ShippingForm
      key={JSON.stringify(v)}
      stored={{
        lockerService: v.lockerService,
        courierService: v.courierService,
        lockerTemplate: v.lockerTemplate,
        deliveredStatusId: v.deliveredStatusId,
      }}
      statuses={refs.data!.orderStatuses}
    />
  );
}

function ShippingForm({ stored, statuses }: { stored: Mapping; statuses: { id: number; name: string }[] }) {
  const toast = useToast();
  const client = useQueryClient();
  const [v, setV] = useState(stored);
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    try {
      await api.put(`${BASE}/settings`, { json: { values: v } });
      toast.show('success', { title: 'Zapisano ustawienia InPost' });
      await client.invalidateQueries({ queryKey: inpostKeys.settings });
    } catch (err) {
      toast.show('error', { title: 'Nie zapisano', body: errorMessage(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div style={{ maxWidth: 760 }} data-testid="inpost-shipping">
      <SectionCard title="Usługi ShipX dla metod dostawy" icon="truck" className="mb-3">
        <Form.Group className="mb-3" controlId="inpost-locker-service">
          <Form.Label>InPost Paczkomat®</Form.Label>
          <Form.Select
            value={v.lockerService}
            onChange={(e) => setV({ ...v, lockerService: e.target.value as Mapping['lockerService'] })}
          >
            {LOCKER_SERVICES.map((s) => (
              <option key={s} value={s}>
                {SERVICE_NAMES[s]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="mb-3" controlId="inpost-locker-template">
          <Form.Label>Gabaryt paczkomatowy, gdy zamówienie nie podaje wymiarów</Form.Label>
          <Form.Select
            value={v.lockerTemplate}
            onChange={(e) => setV({ ...v, lockerTemplate: e.target.value as Mapping['lockerTemplate'] })}
          >
            {TEMPLATES.map((t) => (
              <option key={t} value={t}>
                {TEMPLATE_NAMES[t]}
              </option>
            ))}
          </Form.Select>
          <Form.Text>Gdy wymiary są podane, gabaryt dobiera się do nich (A, B albo C).</Form.Text>
        </Form.Group>
        <Form.Group className="mb-1" controlId="inpost-courier-service">
          <Form.Label>Kurier InPost</Form.Label>
          <Form.Select
            value={v.courierService}
            onChange={(e) => setV({ ...v, courierService: e.target.value as Mapping['courierService'] })}
          >
            {COURIER_SERVICES.map((s) => (
              <option key={s} value={s}>
                {SERVICE_NAMES[s]}
              </option>
            ))}
          </Form.Select>
          <Form.Text>Paczka kurierska jest ubezpieczona na wartość zamówienia (co najmniej 100 zł).</Form.Text>
        </Form.Group>
      </SectionCard>
      <SectionCard title="Status zamówienia po doręczeniu" icon="check2-circle" className="mb-3">
        <Form.Group controlId="inpost-delivered-status">
          <Form.Label>Gdy InPost zgłosi doręczenie paczki, ustaw status</Form.Label>
          <Form.Select
            value={v.deliveredStatusId ?? ''}
            onChange={(e) => setV({ ...v, deliveredStatusId: e.target.value === '' ? null : Number(e.target.value) })}
          >
            <option value="">— nie zmieniaj statusu —</option>
            {statuses.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Form.Select>
          <Form.Text>
            Stany paczek są sprawdzane co 20 minut; „Odśwież stany” w zakładce Paczki sprawdza je od razu.
          </Form.Text>
        </Form.Group>
      </SectionCard>
      <Button disabled={saving} onClick={() => void save()}>
        Zapisz
      </Button>
    </div>
  );
}
