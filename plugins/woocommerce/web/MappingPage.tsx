import { useState } from 'react';
import {
  Alert,
  api,
  Button,
  errorMessage,
  Form,
  MappingTable,
  PageSpinner,
  SectionCard,
  Table,
  useQueryClient,
  useToast,
} from '@zaplecze/plugin-sdk-web';
import { MAPPED_STATUSES, WOO_STATUSES, WOO_STATUS_NAMES, type WooSettings, type WooStatus } from '../schemas';
import { BASE, useReferences, useWooSettings, wooKeys, type References } from './api';

/** 'Mapowanie': statuses both ways, which statuses bring orders in, income source, shipping methods, stock. */
export default function MappingPage() {
  const settings = useWooSettings();
  const refs = useReferences();
  if (settings.isPending || refs.isPending) return <PageSpinner />;
  const error = settings.error ?? refs.error;
  if (error) return <Alert variant="danger">{errorMessage(error)}</Alert>;
  return <MappingForm key={JSON.stringify(settings.data!.values)} stored={settings.data!.values} refs={refs.data!} />;
}

const num = (v: string) => (v === '' ? null : Number(v));
/** A VAT rate as the settings keep it: a number, or a code ('zw', 'np', 'oo'). */
const vatOf = (r: string): WooSettings['taxClassVat'][number]['vat'] =>
  /^\d/.test(r) ? Number(r.replace(',', '.')) : (r as 'zw' | 'np' | 'oo');
/** The organisation's rates, with the stored one kept when the list no longer has it. */
const vatChoices = (rates: string[], current: string | number) =>
  rates.includes(String(current)) ? rates : [String(current), ...rates];

function MappingForm({ stored, refs }: { stored: WooSettings; refs: References }) {
  const toast = useToast();
  const client = useQueryClient();
  const [v, setV] = useState(stored);
  const methods = refs.carriers.flatMap((c) =>
    c.methods.map((m) => ({ id: m.id, name: `${c.name}: ${m.name}${m.subName ? ` (${m.subName})` : ''}` })),
  );
  const outOf = (statusId: number) => v.statusOut.find((m) => m.orderStatusId === statusId)?.wooStatus ?? '';

  async function save() {
    try {
      const { url: _url, syncMinutes: _m, ...values } = v;
      await api.put(`${BASE}/settings`, { json: { values } });
      toast.show('success', { title: 'Zapisano mapowanie' });
      await client.invalidateQueries({ queryKey: wooKeys.settings });
    } catch (err) {
      toast.show('error', { title: 'Nie zapisano', body: errorMessage(err) });
    }
  }

  return (
    <div style={{ maxWidth: 900 }} data-testid="woo-mapping">
      <SectionCard title="Statusy ze sklepu" icon="box-arrow-in-down" className="mb-3">
        <Table size="sm" className="align-middle">
          <thead>
            <tr>
              <th>Status w WooCommerce</th>
              <th>Importuj nowe</th>
              <th>Status zamówienia u nas</th>
            </tr>
          </thead>
          <tbody>
            {MAPPED_STATUSES.map((s) => (
              <tr key={s}>
                <td>{WOO_STATUS_NAMES[s]}</td>
                <td>
                  <Form.Check
                    aria-label={`Importuj ${WOO_STATUS_NAMES[s]}`}
                    checked={v.importStatuses.includes(s)}
                    onChange={(e) =>
                      setV({
                        ...v,
                        importStatuses: e.target.checked
                          ? [...v.importStatuses, s]
                          : v.importStatuses.filter((x) => x !== s),
                      })
                    }
                  />
                </td>
                <td>
                  <Form.Select
                    size="sm"
                    aria-label={`Status dla ${WOO_STATUS_NAMES[s]}`}
                    data-testid={`woo-in-${s}`}
                    value={String(v.statusIn[s] ?? '')}
                    onChange={(e) => setV({ ...v, statusIn: { ...v.statusIn, [s]: num(e.target.value) } })}
                  >
                    <option value="">(domyślny / bez zmiany)</option>
                    {refs.orderStatuses.map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.name}
                      </option>
                    ))}
                  </Form.Select>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </SectionCard>
      <SectionCard title="Statusy do sklepu" icon="box-arrow-up" className="mb-3">
        <MappingTable
          headings={['Status zamówienia u nas', 'Ustaw w WooCommerce']}
          rows={refs.orderStatuses.map((o) => ({ key: String(o.id), label: o.name }))}
          options={WOO_STATUSES.map((s) => ({ value: s, label: WOO_STATUS_NAMES[s] }))}
          emptyLabel="(nie wysyłaj)"
          value={(id) => outOf(Number(id))}
          onChange={(id, to) => {
            const rest = v.statusOut.filter((m) => m.orderStatusId !== Number(id));
            setV({
              ...v,
              statusOut: to ? [...rest, { orderStatusId: Number(id), wooStatus: to as WooStatus }] : rest,
            });
          }}
          ariaLabel={(label) => `Status w sklepie dla ${label}`}
          testId={(id) => `woo-out-${id}`}
        />
      </SectionCard>
      <SectionCard title="Zamówienia, wysyłka, stany" icon="sliders" className="mb-3">
        <Form.Group className="mb-3" controlId="woo-source" style={{ maxWidth: 400 }}>
          <Form.Label>Źródło przychodu</Form.Label>
          <Form.Select
            value={String(v.incomeSourceId ?? '')}
            onChange={(e) => setV({ ...v, incomeSourceId: num(e.target.value) })}
          >
            <option value="">(domyślne)</option>
            {refs.incomeSources.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Label>Metody wysyłki (identyfikator metody w WooCommerce, np. flat_rate → metoda przewoźnika)</Form.Label>
        {v.shippingMethods.map((m, i) => (
          <div className="d-flex gap-2 mb-2" key={i}>
            <Form.Control
              size="sm"
              aria-label="Metoda w WooCommerce"
              value={m.wooMethodId}
              onChange={(e) =>
                setV({
                  ...v,
                  shippingMethods: v.shippingMethods.map((x, j) =>
                    j === i ? { ...x, wooMethodId: e.target.value } : x,
                  ),
                })
              }
            />
            <Form.Select
              size="sm"
              aria-label="Metoda przewoźnika"
              value={String(m.carrierMethodId)}
              onChange={(e) =>
                setV({
                  ...v,
                  shippingMethods: v.shippingMethods.map((x, j) =>
                    j === i ? { ...x, carrierMethodId: Number(e.target.value) } : x,
                  ),
                })
              }
            >
              {methods.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Form.Select>
            <Button
              size="sm"
              variant="outline-danger"
              onClick={() => setV({ ...v, shippingMethods: v.shippingMethods.filter((_, j) => j !== i) })}
            >
              Usuń
            </Button>
          </div>
        ))}
        <Button
          size="sm"
          variant="outline-secondary"
          className="mb-3"
          disabled={methods.length === 0}
          onClick={() =>
            setV({
              ...v,
              shippingMethods: [...v.shippingMethods, { wooMethodId: 'flat_rate', carrierMethodId: methods[0]!.id }],
            })
          }
        >
          Dodaj metodę wysyłki
        </Button>
        <Form.Label className="d-block">Stawki VAT (klasa podatkowa WooCommerce → stawka VAT pozycji)</Form.Label>
        {v.taxClassVat.map((m, i) => (
          <div className="d-flex gap-2 mb-2" key={i}>
            <Form.Control
              size="sm"
              aria-label="Klasa podatkowa w WooCommerce"
              value={m.taxClass}
              onChange={(e) =>
                setV({
                  ...v,
                  taxClassVat: v.taxClassVat.map((x, j) => (j === i ? { ...x, taxClass: e.target.value } : x)),
                })
              }
            />
            <Form.Select
              size="sm"
              aria-label="Stawka VAT"
              value={String(m.vat)}
              onChange={(e) =>
                setV({
                  ...v,
                  taxClassVat: v.taxClassVat.map((x, j) => (j === i ? { ...x, vat: vatOf(e.target.value) } : x)),
                })
              }
            >
              {vatChoices(refs.vatRates, m.vat).map((r) => (
                <option key={r} value={r}>
                  {/^\d/.test(r) ? `${r}%` : r}
                </option>
              ))}
            </Form.Select>
            <Button
              size="sm"
              variant="outline-danger"
              onClick={() => setV({ ...v, taxClassVat: v.taxClassVat.filter((_, j) => j !== i) })}
            >
              Usuń
            </Button>
          </div>
        ))}
        <Button
          size="sm"
          variant="outline-secondary"
          className="mb-1"
          onClick={() =>
            setV({
              ...v,
              taxClassVat: [
                ...v.taxClassVat,
                {
                  taxClass:
                    ['standard', 'reduced-rate', 'zero-rate'].find(
                      (c) => !v.taxClassVat.some((x) => x.taxClass === c),
                    ) ?? '',
                  vat: vatOf(refs.vatRates[0] ?? '23'),
                },
              ],
            })
          }
        >
          Dodaj klasę podatkową
        </Button>
        <Form.Text className="d-block mb-3">
          Pozycja z klasą bez przypisanej stawki dostaje stawkę połączonego towaru, a bez towaru stawkę domyślną.
        </Form.Text>
        <div className="d-flex gap-3 flex-wrap">
          <Form.Group controlId="woo-buffer" style={{ maxWidth: 220 }}>
            <Form.Label>Bufor stanu (sztuk)</Form.Label>
            <Form.Control
              type="number"
              min={0}
              value={v.stockBuffer}
              onChange={(e) => setV({ ...v, stockBuffer: Number(e.target.value) || 0 })}
            />
          </Form.Group>
          <Form.Group controlId="woo-nip" style={{ maxWidth: 260 }}>
            <Form.Label>Pole NIP w zamówieniu (meta)</Form.Label>
            <Form.Control value={v.nipMetaKey} onChange={(e) => setV({ ...v, nipMetaKey: e.target.value })} />
          </Form.Group>
        </div>
        <Form.Check
          className="mt-3"
          id="woo-push-stock"
          label="Wysyłaj stany do sklepu"
          checked={v.pushStock}
          onChange={(e) => setV({ ...v, pushStock: e.target.checked })}
        />
        <Form.Check
          id="woo-push-price"
          label="Wysyłaj ceny do sklepu (cena regularna)"
          checked={v.pushPrice}
          onChange={(e) => setV({ ...v, pushPrice: e.target.checked })}
        />
      </SectionCard>
      <Button onClick={() => void save()} data-testid="woo-mapping-save">
        Zapisz mapowanie
      </Button>
    </div>
  );
}
