import { useState } from 'react';
import {
  api,
  Button,
  Col,
  errorMessage,
  Form,
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
import { COLUMN_FIELDS, DELIMITERS, ENCODINGS, MATCH_KEYS, type Profile, type ProfileInput } from '../schemas';
import { BASE, DELIMITER_LABELS, ENCODING_LABELS, FIELD_LABELS, MATCH_LABELS } from './texts';
import { ChoiceSelect, PROFILES_KEY, useProfiles } from './shared';

interface References {
  itemStatuses: { id: number; name: string }[];
  defaultItemStatusId: number | null;
  categories: { id: number; fullName: string }[];
  vatRates: string[];
  defaultVat: string;
  currencies: string[];
  defaultCurrency: string;
}

/** The form's state: everything as the inputs hold it (text), sent as a ProfileInput. */
type Draft = Omit<ProfileInput, 'marginPercent' | 'defaults' | 'columns'> & {
  columns: Record<(typeof COLUMN_FIELDS)[number], string>;
  marginPercent: string;
  defaults: { itemStatusId: string; vat: string; currency: string; categoryId: string };
};

function emptyDraft(refs: References | undefined): Draft {
  return {
    name: '',
    encoding: 'auto',
    delimiter: 'auto',
    headerRow: true,
    columns: { code: '', gtin: '', name: '', extCode: '', extUrl: '', extPrice: '', stock: '', vat: '' },
    matchBy: 'code',
    createMissing: true,
    priceRule: 'keep',
    marginPercent: '0',
    stockRule: 'keep',
    defaults: {
      itemStatusId: '',
      vat: refs?.defaultVat || '23',
      currency: refs?.defaultCurrency || 'PLN',
      categoryId: '',
    },
  };
}

function draftOf(p: Profile): Draft {
  return {
    ...p,
    marginPercent: String(p.marginPercent).replace('.', ','),
    defaults: {
      itemStatusId: p.defaults.itemStatusId === null ? '' : String(p.defaults.itemStatusId),
      vat: String(p.defaults.vat),
      currency: p.defaults.currency,
      categoryId: p.defaults.categoryId === null ? '' : String(p.defaults.categoryId),
    },
  };
}

function inputOf(d: Draft): ProfileInput {
  return {
    ...d,
    marginPercent: d.marginPercent.trim() === '' ? 0 : d.marginPercent,
    defaults: {
      itemStatusId: d.defaults.itemStatusId === '' ? null : Number(d.defaults.itemStatusId),
      vat: d.defaults.vat,
      currency: d.defaults.currency,
      categoryId: d.defaults.categoryId === '' ? null : Number(d.defaults.categoryId),
    },
  };
}

/** 'Profile dostawców': the list of supplier profiles and the form of one. */
export default function ProfilesPage() {
  const toast = useToast();
  const modals = useModals();
  const qc = useQueryClient();
  const profiles = useProfiles();
  const refs = useQuery({
    queryKey: ['wholesale-csv', 'references'],
    queryFn: async () => (await api.get(`${BASE}/references`)) as References,
  });
  const [editing, setEditing] = useState<{ id: number | null; draft: Draft } | null>(null);

  const save = useMutation({
    mutationFn: async (e: { id: number | null; draft: Draft }) =>
      e.id === null
        ? api.post(`${BASE}/profiles`, { json: inputOf(e.draft) })
        : api.put(`${BASE}/profile`, { query: { id: e.id }, json: inputOf(e.draft) }),
    onSuccess: async () => {
      toast.success('Zapisano profil dostawcy');
      setEditing(null);
      await qc.invalidateQueries({ queryKey: PROFILES_KEY });
    },
    onError: (err) => toast.error('Nie zapisano profilu', errorMessage(err)),
  });
  const remove = async (p: Profile) => {
    if (!(await modals.confirm({ message: `Usunąć profil „${p.name}”?`, yesLabel: 'Usuń' }))) return;
    try {
      await api.delete(`${BASE}/profile`, { query: { id: p.id } });
      await qc.invalidateQueries({ queryKey: PROFILES_KEY });
    } catch (err) {
      toast.error('Nie usunięto profilu', errorMessage(err));
    }
  };

  if (profiles.isPending || refs.isPending) return <PageSpinner />;
  const list = profiles.data?.profiles ?? [];

  if (editing) {
    const d = editing.draft;
    const set = (patch: Partial<Draft>) => setEditing({ ...editing, draft: { ...d, ...patch } });
    const setDefault = (patch: Partial<Draft['defaults']>) => set({ defaults: { ...d.defaults, ...patch } });
    return (
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(editing);
        }}
        data-testid="wholesale-profile-form"
      >
        <div className="d-flex flex-column gap-3">
          <SectionCard
            title={editing.id === null ? 'Nowy profil dostawcy' : 'Edycja profilu dostawcy'}
            icon="card-list"
          >
            <Row className="g-3">
              <Col md={6}>
                <Form.Group controlId="p-name">
                  <Form.Label>Nazwa profilu</Form.Label>
                  <Form.Control value={d.name} maxLength={100} onChange={(e) => set({ name: e.target.value })} />
                </Form.Group>
              </Col>
              <Col md={3}>
                <ChoiceSelect
                  id="p-encoding"
                  label="Kodowanie pliku"
                  value={d.encoding ?? 'auto'}
                  choices={ENCODINGS}
                  labels={ENCODING_LABELS}
                  onChange={(v) => set({ encoding: v || 'auto' })}
                />
              </Col>
              <Col md={3}>
                <ChoiceSelect
                  id="p-delimiter"
                  label="Separator"
                  value={d.delimiter ?? 'auto'}
                  choices={DELIMITERS}
                  labels={DELIMITER_LABELS}
                  onChange={(v) => set({ delimiter: v || 'auto' })}
                />
              </Col>
              <Col md={12}>
                <Form.Check
                  id="p-header"
                  type="switch"
                  label="Pierwszy wiersz pliku to nagłówek z nazwami kolumn"
                  checked={d.headerRow}
                  onChange={(e) => set({ headerRow: e.target.checked })}
                />
              </Col>
            </Row>
          </SectionCard>

          <SectionCard title="Kolumny pliku" icon="layout-three-columns">
            <p className="text-secondary small">
              Podaj numer kolumny (od 1) albo nazwę z nagłówka. Puste pole: tej kolumny nie ma w pliku.
            </p>
            <Row className="g-3">
              {COLUMN_FIELDS.map((f) => (
                <Col md={3} key={f}>
                  <Form.Group controlId={`p-col-${f}`}>
                    <Form.Label>{FIELD_LABELS[f]}</Form.Label>
                    <Form.Control
                      value={d.columns[f]}
                      maxLength={200}
                      onChange={(e) => set({ columns: { ...d.columns, [f]: e.target.value } })}
                    />
                  </Form.Group>
                </Col>
              ))}
            </Row>
          </SectionCard>

          <SectionCard title="Reguły importu" icon="sliders">
            <Row className="g-3">
              <Col md={4}>
                <Form.Group controlId="p-match">
                  <Form.Label>Dopasuj towary po</Form.Label>
                  <Form.Select value={d.matchBy} onChange={(e) => set({ matchBy: e.target.value as Draft['matchBy'] })}>
                    {MATCH_KEYS.map((k) => (
                      <option key={k} value={k}>
                        {MATCH_LABELS[k]}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </Col>
              <Col md={4}>
                <Form.Group controlId="p-create">
                  <Form.Label>Towary, których nie ma w katalogu</Form.Label>
                  <Form.Select
                    value={d.createMissing ? 'create' : 'skip'}
                    onChange={(e) => set({ createMissing: e.target.value === 'create' })}
                  >
                    <option value="create">Twórz nowe towary</option>
                    <option value="skip">Tylko aktualizuj istniejące</option>
                  </Form.Select>
                </Form.Group>
              </Col>
              <Col md={4}>
                <Form.Group controlId="p-stock">
                  <Form.Label>Stan magazynowy</Form.Label>
                  <Form.Select
                    value={d.stockRule}
                    onChange={(e) => set({ stockRule: e.target.value as Draft['stockRule'] })}
                  >
                    <option value="set">Ustaw z pliku</option>
                    <option value="keep">Nie zmieniaj</option>
                  </Form.Select>
                  {d.stockRule === 'set' && <Form.Text>Zapisywane jako zmiana stanu „Import z pliku”.</Form.Text>}
                </Form.Group>
              </Col>
              <Col md={4}>
                <Form.Group controlId="p-price">
                  <Form.Label>Cena sprzedaży</Form.Label>
                  <Form.Select
                    value={d.priceRule}
                    onChange={(e) => set({ priceRule: e.target.value as Draft['priceRule'] })}
                  >
                    <option value="margin">Cena zewnętrzna + marża</option>
                    <option value="keep">Nie zmieniaj</option>
                  </Form.Select>
                </Form.Group>
              </Col>
              <Col md={4}>
                <Form.Group controlId="p-margin">
                  <Form.Label>Marża (%)</Form.Label>
                  <Form.Control
                    inputMode="decimal"
                    disabled={d.priceRule !== 'margin'}
                    value={d.marginPercent}
                    onChange={(e) => set({ marginPercent: e.target.value })}
                  />
                  <Form.Text>Cena zaokrąglana do pełnych groszy.</Form.Text>
                </Form.Group>
              </Col>
            </Row>
          </SectionCard>

          <SectionCard title="Wartości dla nowych towarów" icon="plus-square">
            <Row className="g-3">
              <Col md={3}>
                <Form.Group controlId="p-status">
                  <Form.Label>Status</Form.Label>
                  <Form.Select
                    value={d.defaults.itemStatusId}
                    onChange={(e) => setDefault({ itemStatusId: e.target.value })}
                  >
                    <option value="">Domyślny</option>
                    {refs.data?.itemStatuses.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </Col>
              <Col md={3}>
                <Form.Group controlId="p-vat">
                  <Form.Label>VAT (gdy brak w pliku)</Form.Label>
                  <Form.Select value={d.defaults.vat} onChange={(e) => setDefault({ vat: e.target.value })}>
                    {[...new Set([...(refs.data?.vatRates ?? []), d.defaults.vat])].map((v) => (
                      <option key={v} value={v}>
                        {/^\d/.test(v) ? `${v}%` : v}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </Col>
              <Col md={3}>
                <Form.Group controlId="p-currency">
                  <Form.Label>Waluta</Form.Label>
                  <Form.Select value={d.defaults.currency} onChange={(e) => setDefault({ currency: e.target.value })}>
                    {[...new Set([...(refs.data?.currencies ?? []), d.defaults.currency])].map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </Col>
              <Col md={3}>
                <Form.Group controlId="p-category">
                  <Form.Label>Kategoria</Form.Label>
                  <Form.Select
                    value={d.defaults.categoryId}
                    onChange={(e) => setDefault({ categoryId: e.target.value })}
                  >
                    <option value="">Brak</option>
                    {refs.data?.categories.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.fullName}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </Col>
            </Row>
          </SectionCard>

          <div className="d-flex gap-2">
            <Button type="submit" disabled={save.isPending}>
              Zapisz profil
            </Button>
            <Button variant="outline-secondary" onClick={() => setEditing(null)}>
              Anuluj
            </Button>
          </div>
        </div>
      </Form>
    );
  }

  return (
    <SectionCard title="Profile dostawców" icon="card-list" testId="wholesale-profiles">
      <div className="mb-3">
        <Button onClick={() => setEditing({ id: null, draft: emptyDraft(refs.data) })}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          Nowy profil
        </Button>
      </div>
      {list.length === 0 ? (
        <div className="text-secondary">Brak profili dostawców.</div>
      ) : (
        <Table hover size="sm" className="align-middle mb-0">
          <thead>
            <tr>
              <th>Nazwa</th>
              <th>Dopasowanie</th>
              <th>Nowe towary</th>
              <th>Cena</th>
              <th>Stan</th>
              <th className="text-end">Akcje</th>
            </tr>
          </thead>
          <tbody>
            {list.map((p) => (
              <tr key={p.id}>
                <td>{p.name}</td>
                <td>{MATCH_LABELS[p.matchBy]}</td>
                <td>{p.createMissing ? 'tworzy' : 'tylko aktualizacja'}</td>
                <td>{p.priceRule === 'margin' ? `+${String(p.marginPercent).replace('.', ',')}%` : 'bez zmian'}</td>
                <td>{p.stockRule === 'set' ? 'z pliku' : 'bez zmian'}</td>
                <td className="text-end text-nowrap">
                  <Button
                    size="sm"
                    variant="outline-primary"
                    className="me-2"
                    onClick={() => setEditing({ id: p.id, draft: draftOf(p) })}
                  >
                    Edytuj
                  </Button>
                  <Button size="sm" variant="outline-danger" onClick={() => void remove(p)}>
                    Usuń
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </SectionCard>
  );
}
