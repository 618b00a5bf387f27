import { useEffect, useState } from 'react';
import {
  Alert,
  api,
  Button,
  errorMessage,
  Form,
  MappingTable,
  PageSpinner,
  SectionCard,
  useMutation,
  useQueryClient,
  useToast,
} from '@zaplecze/plugin-sdk-web';
import { FULFILLMENT_NAMES, FULFILLMENT_STATUSES, mappingSchema, type FulfillmentStatus } from '../schemas';
import { allegroKeys, BASE, useMapping, type Mapping } from './api';

type Draft = Pick<Mapping, 'statusFromAllegro' | 'statusToAllegro' | 'incomeSourceId'> & {
  delivery: Record<string, number | null>;
};

const num = (v: string) => (v === '' ? null : Number(v));

/**
 * 'Mapowanie': Allegro's fulfilment statuses to the seller's order statuses and back, the income
 * source of imported orders, and the delivery methods seen in orders to carrier methods.
 */
export default function MappingScreen() {
  const mapping = useMapping();
  const qc = useQueryClient();
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>();
  useEffect(() => {
    if (mapping.data && !draft)
      setDraft({
        statusFromAllegro: mapping.data.statusFromAllegro,
        statusToAllegro: mapping.data.statusToAllegro,
        incomeSourceId: mapping.data.incomeSourceId,
        delivery: Object.fromEntries(mapping.data.deliveryMethods.map((d) => [d.methodId, d.carrierMethodId])),
      });
  }, [mapping.data, draft]);
  const save = useMutation({
    mutationFn: (d: Draft) =>
      api.put(`${BASE}/mapping`, {
        json: {
          statusFromAllegro: d.statusFromAllegro,
          statusToAllegro: Object.fromEntries(Object.entries(d.statusToAllegro).filter(([, v]) => v)),
          incomeSourceId: d.incomeSourceId,
          deliveryMethods: Object.entries(d.delivery).map(([methodId, carrierMethodId]) => ({
            methodId,
            carrierMethodId,
          })),
        },
        schema: mappingSchema,
      }),
    onSuccess: (m) => {
      qc.setQueryData(allegroKeys.mapping, m);
      toast.success('Mapowanie zapisane.');
    },
    onError: (e) => toast.error(errorMessage(e)),
  });

  if (mapping.isPending || (mapping.data && !draft)) return <PageSpinner />;
  if (mapping.error || !mapping.data || !draft) return <Alert variant="danger">{errorMessage(mapping.error)}</Alert>;
  const m = mapping.data;
  const statuses = m.orderStatuses.map((s) => ({ value: String(s.id), label: s.name }));
  return (
    <Form
      className="d-flex flex-column gap-3"
      data-testid="allegro-mapping"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(draft);
      }}
    >
      <SectionCard title="Status realizacji na Allegro → status zamówienia" icon="arrow-down-circle">
        <MappingTable
          rows={FULFILLMENT_STATUSES.map((f) => ({ key: f, label: FULFILLMENT_NAMES[f] }))}
          options={statuses}
          emptyLabel="(bez zmiany)"
          value={(f) => String(draft.statusFromAllegro[f as FulfillmentStatus] ?? '')}
          onChange={(f, v) => setDraft({ ...draft, statusFromAllegro: { ...draft.statusFromAllegro, [f]: num(v) } })}
          ariaLabel={(label) => `Status zamówienia dla: ${label}`}
          testId={(f) => `allegro-from-${f}`}
        />
      </SectionCard>
      <SectionCard title="Status zamówienia → status realizacji na Allegro" icon="arrow-up-circle">
        <MappingTable
          rows={m.orderStatuses.map((s) => ({ key: String(s.id), label: s.name }))}
          options={FULFILLMENT_STATUSES.map((f) => ({ value: f, label: FULFILLMENT_NAMES[f] }))}
          emptyLabel="(nie wysyłaj)"
          value={(id) => draft.statusToAllegro[id] ?? ''}
          onChange={(id, v) =>
            setDraft({
              ...draft,
              statusToAllegro: { ...draft.statusToAllegro, [id]: (v || null) as FulfillmentStatus | null },
            })
          }
          ariaLabel={(label) => `Status Allegro dla: ${label}`}
          testId={(id) => `allegro-to-${id}`}
        />
      </SectionCard>
      <SectionCard title="Źródło zamówień" icon="shop">
        <Form.Select
          aria-label="Źródło zamówień z Allegro"
          value={draft.incomeSourceId ?? ''}
          onChange={(e) => setDraft({ ...draft, incomeSourceId: num(e.target.value) })}
        >
          <option value="">„Allegro” (utworzone, jeśli go nie ma)</option>
          {m.incomeSources.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </Form.Select>
      </SectionCard>
      <SectionCard title="Metody dostawy Allegro → metody przewoźników" icon="truck">
        {m.deliveryMethods.length === 0 ? (
          <p className="text-secondary mb-0">Metody dostawy pojawią się tu po pierwszym imporcie zamówień.</p>
        ) : (
          <MappingTable
            rows={m.deliveryMethods.map((d) => ({ key: d.methodId, label: d.name }))}
            options={m.carrierMethods.map((c) => ({ value: String(c.id), label: c.name }))}
            emptyLabel="(brak)"
            value={(id) => String(draft.delivery[id] ?? '')}
            onChange={(id, v) => setDraft({ ...draft, delivery: { ...draft.delivery, [id]: num(v) } })}
            ariaLabel={(label) => `Metoda przewoźnika dla: ${label}`}
          />
        )}
      </SectionCard>
      <div>
        <Button type="submit" disabled={save.isPending} data-testid="allegro-mapping-save">
          Zapisz mapowanie
        </Button>
      </div>
    </Form>
  );
}
