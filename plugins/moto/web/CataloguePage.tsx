import { useRef, useState, type ChangeEvent } from 'react';
import {
  api,
  apiBlob,
  Badge,
  Button,
  Col,
  errorMessage,
  Form,
  Modal,
  PageSpinner,
  Row,
  SectionCard,
  Table,
  useAuth,
  useModals,
  useQueryClient,
  useToast,
} from '@zaplecze/plugin-sdk-web';
import { hasPermissionExact } from '@zaplecze/contract';
import { MOTO_TYPES } from '../schemas';
import { BASE, useMakes, useModels, yearsText, type Model } from './api';

type ModelForm = {
  id?: number;
  makeId: number;
  name: string;
  capacity: string;
  yearFrom: string;
  yearTo: string;
  type: string;
};

/**
 * 'Katalog motocykli': the organisation's makes and the selected make's models, each editable by
 * a holder of plugin.moto.catalogue, and the whole catalogue as CSV (export, import).
 */
export default function CataloguePage() {
  const makes = useMakes();
  const models = useModels();
  const toast = useToast();
  const modals = useModals();
  const client = useQueryClient();
  const { user } = useAuth();
  const canEdit = hasPermissionExact(user?.permissions ?? '', 'plugin.moto.catalogue');
  const [selected, setSelected] = useState<number | undefined>();
  const [form, setForm] = useState<ModelForm | undefined>();
  const file = useRef<HTMLInputElement>(null);

  if (makes.isPending || models.isPending) return <PageSpinner />;
  if (makes.error || models.error)
    return <div className="text-danger">{errorMessage(makes.error ?? models.error)}</div>;
  const makeId = selected ?? makes.data[0]?.id;
  const make = makes.data.find((m) => m.id === makeId);
  const ofMake = models.data.filter((m) => m.makeId === makeId);

  const refresh = () => client.invalidateQueries({ queryKey: ['plugin', 'moto'] });
  const run = async (title: string, call: () => Promise<unknown>, done?: string) => {
    try {
      await call();
      if (done) toast.success(done);
      await refresh();
      return true;
    } catch (err) {
      toast.error(title, errorMessage(err));
      return false;
    }
  };

  const addMake = async () => {
    const name = await modals.prompt({ title: 'Nowa marka', label: 'Nazwa marki' });
    if (name === undefined) return;
    await run('Nie dodano marki', () => api.post(`${BASE}/makes`, { json: { name } }), 'Dodano markę');
  };
  const renameMake = async () => {
    if (!make) return;
    const name = await modals.prompt({ title: 'Zmień nazwę marki', label: 'Nazwa marki', initial: make.name });
    if (name === undefined) return;
    await run(
      'Nie zmieniono marki',
      () => api.put(`${BASE}/makes`, { json: { id: make.id, name } }),
      'Zmieniono markę',
    );
  };
  const deleteMake = async () => {
    if (!make || !(await modals.confirm({ message: `Usunąć markę „${make.name}”?` }))) return;
    if (
      await run('Nie usunięto marki', () => api.delete(`${BASE}/makes`, { query: { id: make.id } }), 'Usunięto markę')
    )
      setSelected(undefined);
  };
  const deleteModel = async (m: Model) => {
    if (!(await modals.confirm({ message: `Usunąć model „${m.makeName} ${m.name}”?` }))) return;
    await run('Nie usunięto modelu', () => api.delete(`${BASE}/models`, { query: { id: m.id } }), 'Usunięto model');
  };
  const saveModel = async () => {
    if (!form) return;
    const body = {
      ...(form.id ? { id: form.id } : {}),
      makeId: form.makeId,
      name: form.name,
      capacity: form.capacity,
      yearFrom: form.yearFrom,
      yearTo: form.yearTo,
      type: form.type,
    };
    const ok = await run(
      'Nie zapisano modelu',
      () => (form.id ? api.put(`${BASE}/models`, { json: body }) : api.post(`${BASE}/models`, { json: body })),
      'Zapisano model',
    );
    if (ok) setForm(undefined);
  };
  const exportCsv = async () => {
    try {
      const blob = await apiBlob(`${BASE}/catalogue_csv`);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = 'katalog-motocykli.csv';
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      toast.error('Nie wyeksportowano katalogu', errorMessage(err));
    }
  };
  const importCsv = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    if (!chosen) return;
    const csv = await chosen.text();
    try {
      const r = (await api.post(`${BASE}/catalogue_csv`, { json: { csv } })) as {
        makes: number;
        added: number;
        updated: number;
      };
      toast.success(
        'Zaimportowano katalog',
        `Nowe marki: ${r.makes}, nowe modele: ${r.added}, zmienione: ${r.updated}.`,
      );
      await refresh();
    } catch (err) {
      toast.error('Nie zaimportowano katalogu', errorMessage(err));
    }
  };

  return (
    <div data-testid="moto-catalogue">
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button variant="outline-secondary" size="sm" onClick={() => void exportCsv()} data-testid="moto-export">
          <i className="bi bi-download me-1" aria-hidden="true" />
          Eksportuj CSV
        </Button>
        {canEdit && (
          <>
            <Button
              variant="outline-secondary"
              size="sm"
              onClick={() => file.current?.click()}
              data-testid="moto-import"
            >
              <i className="bi bi-upload me-1" aria-hidden="true" />
              Importuj CSV
            </Button>
            <input ref={file} type="file" accept=".csv,text/csv" hidden onChange={(e) => void importCsv(e)} />
          </>
        )}
        <span className="text-secondary small align-self-center">
          Kolumny pliku: Marka;Model;Pojemność;Rok od;Rok do;Typ
        </span>
      </div>
      <Row className="g-3">
        <Col md={4} lg={3}>
          <SectionCard title={`Marki (${makes.data.length})`} icon="tags" testId="moto-makes">
            <div className="list-group list-group-flush mb-2" style={{ maxHeight: '60vh', overflowY: 'auto' }}>
              {makes.data.map((m) => (
                <button
                  type="button"
                  key={m.id}
                  className={`list-group-item list-group-item-action d-flex justify-content-between ${m.id === makeId ? 'active' : ''}`}
                  onClick={() => setSelected(m.id)}
                >
                  {m.name}
                  <Badge bg={m.id === makeId ? 'light' : 'secondary'} text={m.id === makeId ? 'dark' : undefined} pill>
                    {m.models}
                  </Badge>
                </button>
              ))}
            </div>
            {canEdit && (
              <Button size="sm" variant="outline-primary" onClick={() => void addMake()} data-testid="moto-add-make">
                <i className="bi bi-plus-lg me-1" aria-hidden="true" />
                Dodaj markę
              </Button>
            )}
          </SectionCard>
        </Col>
        <Col md={8} lg={9}>
          <SectionCard title={make ? `Modele: ${make.name}` : 'Modele'} icon="bicycle" testId="moto-models">
            {make && canEdit && (
              <div className="d-flex flex-wrap gap-2 mb-2">
                <Button
                  size="sm"
                  variant="outline-primary"
                  onClick={() =>
                    setForm({ makeId: make.id, name: '', capacity: '', yearFrom: '', yearTo: '', type: MOTO_TYPES[0] })
                  }
                  data-testid="moto-add-model"
                >
                  <i className="bi bi-plus-lg me-1" aria-hidden="true" />
                  Dodaj model
                </Button>
                <Button size="sm" variant="outline-secondary" onClick={() => void renameMake()}>
                  Zmień nazwę marki
                </Button>
                <Button size="sm" variant="outline-danger" onClick={() => void deleteMake()}>
                  Usuń markę
                </Button>
              </div>
            )}
            {ofMake.length === 0 ? (
              <p className="text-secondary mb-0">Brak modeli tej marki.</p>
            ) : (
              <Table size="sm" hover responsive className="align-middle mb-0">
                <thead>
                  <tr>
                    <th>Model</th>
                    <th className="text-end">Pojemność</th>
                    <th>Produkcja</th>
                    <th>Typ</th>
                    {canEdit && <th aria-label="Akcje" />}
                  </tr>
                </thead>
                <tbody>
                  {ofMake.map((m) => (
                    <tr key={m.id}>
                      <td>{m.name}</td>
                      <td className="text-end">{m.capacity} cm³</td>
                      <td>{yearsText(m.yearFrom, m.yearTo)}</td>
                      <td>{m.type}</td>
                      {canEdit && (
                        <td className="text-end text-nowrap">
                          <Button
                            size="sm"
                            variant="outline-secondary"
                            className="me-1"
                            title="Edytuj"
                            onClick={() =>
                              setForm({
                                id: m.id,
                                makeId: m.makeId,
                                name: m.name,
                                capacity: String(m.capacity),
                                yearFrom: String(m.yearFrom),
                                yearTo: m.yearTo === null ? '' : String(m.yearTo),
                                type: m.type,
                              })
                            }
                          >
                            <i className="bi bi-pencil" aria-hidden="true" />
                          </Button>
                          <Button size="sm" variant="outline-danger" title="Usuń" onClick={() => void deleteModel(m)}>
                            <i className="bi bi-trash" aria-hidden="true" />
                          </Button>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </SectionCard>
        </Col>
      </Row>
      <Modal show={form !== undefined} onHide={() => setForm(undefined)} data-testid="moto-model-dialog">
        <Modal.Header closeButton>
          <Modal.Title>{form?.id ? 'Edycja modelu' : 'Nowy model'}</Modal.Title>
        </Modal.Header>
        {form && (
          <Form
            onSubmit={(e) => {
              e.preventDefault();
              void saveModel();
            }}
          >
            <Modal.Body>
              <Form.Group className="mb-2" controlId="moto-model-make">
                <Form.Label>Marka</Form.Label>
                <Form.Select value={form.makeId} onChange={(e) => setForm({ ...form, makeId: Number(e.target.value) })}>
                  {makes.data.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Form.Group className="mb-2" controlId="moto-model-name">
                <Form.Label>Model</Form.Label>
                <Form.Control
                  value={form.name}
                  maxLength={100}
                  onChange={(e) => setForm({ ...form, name: e.target.value })}
                />
              </Form.Group>
              <Row className="g-2 mb-2">
                <Col>
                  <Form.Group controlId="moto-model-capacity">
                    <Form.Label>Pojemność (cm³)</Form.Label>
                    <Form.Control
                      inputMode="numeric"
                      value={form.capacity}
                      onChange={(e) => setForm({ ...form, capacity: e.target.value })}
                    />
                  </Form.Group>
                </Col>
                <Col>
                  <Form.Group controlId="moto-model-from">
                    <Form.Label>Produkcja od</Form.Label>
                    <Form.Control
                      inputMode="numeric"
                      value={form.yearFrom}
                      onChange={(e) => setForm({ ...form, yearFrom: e.target.value })}
                    />
                  </Form.Group>
                </Col>
                <Col>
                  <Form.Group controlId="moto-model-to">
                    <Form.Label>Produkcja do</Form.Label>
                    <Form.Control
                      inputMode="numeric"
                      placeholder="nadal"
                      value={form.yearTo}
                      onChange={(e) => setForm({ ...form, yearTo: e.target.value })}
                    />
                  </Form.Group>
                </Col>
              </Row>
              <Form.Group controlId="moto-model-type">
                <Form.Label>Typ</Form.Label>
                <Form.Select value={form.type} onChange={(e) => setForm({ ...form, type: e.target.value })}>
                  {MOTO_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </Modal.Body>
            <Modal.Footer>
              <Button variant="secondary" onClick={() => setForm(undefined)}>
                Anuluj
              </Button>
              <Button type="submit" variant="primary" data-testid="moto-model-save">
                Zapisz
              </Button>
            </Modal.Footer>
          </Form>
        )}
      </Modal>
    </div>
  );
}
