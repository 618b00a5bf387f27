import { useEffect, useState } from 'react';
import {
  Alert,
  api,
  Button,
  errorMessage,
  Form,
  PageSpinner,
  SectionCard,
  Table,
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
        <Table size="sm" className="align-middle mb-0">
          <tbody>
            {FULFILLMENT_STATUSES.map((f) => (
              <tr key={f}>
                <td className="w-50">{FULFILLMENT_NAMES[f]}</td>
                <td>
                  <Form.Select
                    size="sm"
                    aria-label={`Status zamówienia dla: ${FULFILLMENT_NAMES[f]}`}
                    data-testid={`allegro-from-${f}`}
                    value={draft.statusFromAllegro[f] ?? ''}
                    onChange={(e) =>
                      setDraft({
                        ...draft,
                        statusFromAllegro: { ...draft.statusFromAllegro, [f]: num(e.target.value) },
                      })
                    }
                  >
                    <option value="">(bez zmiany)</option>
                    {m.orderStatuses.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </Form.Select>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </SectionCard>
      <SectionCard title="Status zamówienia → status realizacji na Allegro" icon="arrow-up-circle">
        <Table size="sm" className="align-middle mb-0">
          <tbody>
            {m.orderStatuses.map((s) => (
              <tr key={s.id}>
                <td className="w-50">{s.name}</td>
                <td>
                  <Form.Select
                    size="sm"
                    aria-label={`Status Allegro dla: ${s.name}`}
                    data-testid={`allegro-to-${s.id}`}
                    value={draft.statusToAllegro[String(s.id)] ?? ''}
                    onChange={(e) =>
                      setDraft({
                        ...draft,
                        statusToAllegro: {
                          ...draft.statusToAllegro,
                          [String(s.id)]: (e.target.value || null) as FulfillmentStatus | null,
                        },
                      })
                    }
                  >
                    <option value="">(nie wysyłaj)</option>
                    {FULFILLMENT_STATUSES.map((f) => (
                      <option key={f} value={f}>
                        {FULFILLMENT_NAMES[f]}
                      </option>
                    ))}
                  </Form.Select>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
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
          <Table size="sm" className="align-middle mb-0">
            <tbody>
              {m.deliveryMethods.map((d) => (
                <tr key={d.methodId}>
                  <td className="w-50">{d.name}</td>
                  <td>
                    <Form.Select
                      size="sm"
                      aria-label={`Metoda przewoźnika dla: ${d.name}`}
                      value={draft.delivery[d.methodId] ?? ''}
                      onChange={(e) =>
                        setDraft({ ...draft, delivery: { ...draft.delivery, [d.methodId]: num(e.target.value) } })
                      }
                    >
                      <option value="">(brak)</option>
                      {m.carrierMethods.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name}
                        </option>
                      ))}
                    </Form.Select>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
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
