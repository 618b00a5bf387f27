import { hasPermissionExact } from '@zaplecze/contract';
import { useState, type FormEvent } from 'react';
import {
  Alert,
  api,
  apiBlob,
  Badge,
  Button,
  Col,
  errorMessage,
  Form,
  formatDateTime,
  formatMoney,
  PageSpinner,
  ProgressBar,
  Row,
  SectionCard,
  Table,
  useAuth,
  useModals,
  useMutation,
  useQuery,
  useQueryClient,
  useToast,
} from '@zaplecze/plugin-sdk-web';
import { filesAnswerSchema, V7M3_FIRST, type FileRequest, type JpkFile, type JpkKind } from '../schemas';
import { BASE, KIND_LABELS, MONTHS, periodLabel, phaseLabel, sizeLabel, STATE_LABELS } from './texts';

const FILES_KEY = ['plugin', 'jpk', 'files'] as const;
const OPEN = new Set<JpkFile['state']>(['pending', 'running']);

/** The month a seller usually files for: the one before today (Warsaw time is close enough here). */
function lastMonth(): { year: number; month: number } {
  const d = new Date();
  return d.getMonth() === 0 ? { year: d.getFullYear() - 1, month: 12 } : { year: d.getFullYear(), month: d.getMonth() };
}
const pad = (n: number) => String(n).padStart(2, '0');
const zl = (grosze: number) => formatMoney(grosze / 100, 'PLN');

function MonthPicker(props: {
  id: string;
  year: number;
  month: number;
  minYear: number;
  onChange: (p: { year: number; month: number }) => void;
}) {
  const thisYear = new Date().getFullYear();
  const years: number[] = [];
  for (let y = thisYear; y >= props.minYear; y--) years.push(y);
  return (
    <Row className="g-2">
      <Col xs={7}>
        <Form.Select
          id={`${props.id}-month`}
          aria-label="Miesiąc"
          value={props.month}
          onChange={(e) => props.onChange({ year: props.year, month: Number(e.target.value) })}
        >
          {MONTHS.map((m, i) => (
            <option key={m} value={i + 1}>
              {m}
            </option>
          ))}
        </Form.Select>
      </Col>
      <Col xs={5}>
        <Form.Select
          id={`${props.id}-year`}
          aria-label="Rok"
          value={props.year}
          onChange={(e) => props.onChange({ year: Number(e.target.value), month: props.month })}
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </Form.Select>
      </Col>
    </Row>
  );
}

function NewFile({ missing, canSettings }: { missing: Record<JpkKind, string[]>; canSettings: boolean }) {
  const toast = useToast();
  const client = useQueryClient();
  const start = lastMonth();
  const [kind, setKind] = useState<JpkKind>('V7M');
  const [period, setPeriod] = useState(start);
  const [byDays, setByDays] = useState(false);
  const [dateFrom, setDateFrom] = useState(`${start.year}-${pad(start.month)}-01`);
  const [dateTo, setDateTo] = useState(
    `${start.year}-${pad(start.month)}-${pad(new Date(start.year, start.month, 0).getDate())}`,
  );
  const [correction, setCorrection] = useState(false);
  const make = useMutation({
    mutationFn: async (body: FileRequest) => (await api.post(`${BASE}/files`, { json: body })) as { jobId: number },
    onSuccess: () => {
      toast.success('Tworzenie pliku rozpoczęte', 'Postęp widać na liście plików poniżej.');
      void client.invalidateQueries({ queryKey: FILES_KEY });
    },
    onError: (err) => toast.error('Nie można utworzyć pliku', errorMessage(err)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (kind === 'V7M') make.mutate({ kind, ...period, correction });
    else make.mutate(byDays ? { kind, dateFrom, dateTo } : { kind, ...period });
  };
  const lacking = missing[kind];
  return (
    <SectionCard title="Nowy plik" icon="file-earmark-plus" testId="jpk-new-file">
      <Form onSubmit={submit}>
        <Row className="g-3 align-items-end">
          <Col md={6} lg={5}>
            <Form.Group controlId="jpk-kind">
              <Form.Label>Rodzaj pliku</Form.Label>
              <Form.Select value={kind} onChange={(e) => setKind(e.target.value as JpkKind)}>
                {(['V7M', 'FA'] as const).map((k) => (
                  <option key={k} value={k}>
                    {KIND_LABELS[k]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          {kind === 'FA' && (
            <Col lg="auto">
              <Form.Label className="d-block">Okres</Form.Label>
              <div className="d-flex gap-3 pb-2">
                <Form.Check
                  type="radio"
                  id="jpk-by-month"
                  name="jpk-period"
                  label="miesiąc"
                  checked={!byDays}
                  onChange={() => setByDays(false)}
                />
                <Form.Check
                  type="radio"
                  id="jpk-by-days"
                  name="jpk-period"
                  label="dni od – do"
                  checked={byDays}
                  onChange={() => setByDays(true)}
                />
              </div>
            </Col>
          )}
          {kind === 'FA' && byDays ? (
            <>
              <Col sm={6} lg={2}>
                <Form.Group controlId="jpk-date-from">
                  <Form.Label>Od dnia</Form.Label>
                  <Form.Control type="date" value={dateFrom} onChange={(e) => setDateFrom(e.target.value)} required />
                </Form.Group>
              </Col>
              <Col sm={6} lg={2}>
                <Form.Group controlId="jpk-date-to">
                  <Form.Label>Do dnia</Form.Label>
                  <Form.Control type="date" value={dateTo} onChange={(e) => setDateTo(e.target.value)} required />
                </Form.Group>
              </Col>
            </>
          ) : (
            <Col md={6} lg={4}>
              <Form.Label htmlFor="jpk-period-month">Miesiąc</Form.Label>
              <MonthPicker
                id="jpk-period"
                {...period}
                minYear={kind === 'V7M' ? V7M3_FIRST.year : 2016}
                onChange={setPeriod}
              />
            </Col>
          )}
          {kind === 'V7M' && (
            <Col lg="auto" className="pb-2">
              <Form.Check
                id="jpk-correction"
                label="korekta"
                checked={correction}
                onChange={(e) => setCorrection(e.target.checked)}
              />
            </Col>
          )}
          <Col lg="auto">
            <Button type="submit" disabled={make.isPending || lacking.length > 0}>
              <i className="bi bi-gear-wide-connected me-1" aria-hidden="true" />
              Utwórz plik
            </Button>
          </Col>
        </Row>
        {lacking.length > 0 && (
          <Alert variant="warning" className="mt-3 mb-0" data-testid="jpk-missing-settings">
            Do tego pliku brakuje danych podatnika: {lacking.join(', ')}.{' '}
            {canSettings ? (
              <a href="/plugin/jpk?controller=settings">Uzupełnij je w zakładce „Dane podatnika”.</a>
            ) : (
              'Poproś administratora o uzupełnienie zakładki „Dane podatnika”.'
            )}
          </Alert>
        )}
        <Form.Text className="d-block mt-2">
          {kind === 'V7M'
            ? 'Za miesiąc, z faktur i paragonów wystawionych w tym miesiącu (paragony w jednym wierszu RO); korekta to cel złożenia 2. Zaplecze nie zna zakupów: ewidencja zakupów jest pusta, a deklaracja nie odlicza podatku naliczonego – gdy masz zakupy, połącz plik z nimi w programie księgowym. Plik jest sprawdzany ze schematem JPK_V7M(3) Ministerstwa Finansów.'
            : 'Na żądanie urzędu: wszystkie faktury wystawione w okresie, z pozycjami. Plik jest sprawdzany ze schematem JPK_FA(4) Ministerstwa Finansów.'}
        </Form.Text>
      </Form>
    </SectionCard>
  );
}

function Summary({ f }: { f: JpkFile }) {
  const s = f.summary;
  if (!s) return null;
  return (
    <div className="small">
      <div>
        {f.kind === 'V7M'
          ? `Faktur: ${s.invoices}, paragonów: ${s.receipts}, wierszy ewidencji: ${s.rows}`
          : `Faktur: ${s.invoices}, pozycji: ${s.rows}`}
      </div>
      {f.kind === 'V7M' ? (
        <div>
          Podatek należny: <strong>{zl(s.total)}</strong>, do zapłaty (P_51):{' '}
          <strong>{`${(s.toPay ?? 0).toLocaleString('pl-PL')} zł`}</strong>
        </div>
      ) : (
        <div>
          Wartość faktur (P_15): <strong>{formatMoney(s.total / 100)}</strong>
        </div>
      )}
      {s.warnings.map((w) => (
        <div key={w} className="text-warning-emphasis">
          <i className="bi bi-exclamation-triangle me-1" aria-hidden="true" />
          {w}
        </div>
      ))}
    </div>
  );
}

function FileRow({ f, onDownload, onDelete }: { f: JpkFile; onDownload: () => void; onDelete: () => void }) {
  const st = STATE_LABELS[f.state];
  const percent = f.total > 0 ? Math.round((100 * f.done) / f.total) : 0;
  return (
    <tr data-testid={`jpk-file-${f.id}`}>
      <td style={{ minWidth: '15rem' }}>
        <div className="fw-semibold">{periodLabel(f)}</div>
        {f.fileName && (
          <div className="small text-secondary text-break">
            {f.fileName}
            {f.bytes !== null && ` · ${sizeLabel(f.bytes)}`}
          </div>
        )}
        <div className="small text-secondary">
          {formatDateTime(f.createdAt, false)} · {f.createdBy}
        </div>
      </td>
      <td style={{ minWidth: '11rem' }}>
        <Badge bg={st.bg} data-testid="jpk-file-state">
          {st.text}
        </Badge>
        {OPEN.has(f.state) && (
          <div className="mt-2">
            <ProgressBar
              animated
              now={f.phase === 'reading' || f.phase === null ? percent : 100}
              label={f.phase === 'reading' && f.total > 0 ? `${percent}%` : ''}
              data-testid="jpk-file-progress"
            />
            <div className="small text-secondary mt-1">{phaseLabel(f)}</div>
          </div>
        )}
      </td>
      <td style={{ minWidth: '18rem' }}>
        {f.error && <div className="small text-danger">{f.error}</div>}
        <Summary f={f} />
      </td>
      <td className="text-end text-nowrap">
        {f.state === 'done' && (
          <Button size="sm" variant="primary" className="me-1" onClick={onDownload} data-testid="jpk-download">
            <i className="bi bi-download me-1" aria-hidden="true" />
            Pobierz XML
          </Button>
        )}
        {!OPEN.has(f.state) && (
          <Button size="sm" variant="outline-danger" onClick={onDelete} aria-label="Usuń plik" title="Usuń plik">
            <i className="bi bi-trash" aria-hidden="true" />
          </Button>
        )}
      </td>
    </tr>
  );
}

/** 'Pliki JPK': a new file's kind and period, and the organisation's files with progress and download. */
export default function FilesScreen() {
  const toast = useToast();
  const modals = useModals();
  const client = useQueryClient();
  const { user } = useAuth();
  const files = useQuery({
    queryKey: FILES_KEY,
    queryFn: ({ signal }) => api.get(`${BASE}/files`, { schema: filesAnswerSchema, signal }),
    refetchInterval: (q) => (q.state.data?.files.some((f) => OPEN.has(f.state)) ? 1000 : false),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`${BASE}/files`, { query: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: FILES_KEY }),
    onError: (err) => toast.error('Nie udało się usunąć pliku', errorMessage(err)),
  });

  if (files.isPending) return <PageSpinner />;
  if (files.isError) return <Alert variant="danger">{errorMessage(files.error)}</Alert>;
  const { files: list, settingsMissing } = files.data;

  const download = async (f: JpkFile) => {
    try {
      const blob = await apiBlob(`${BASE}/files/download`, { id: f.id });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = f.fileName ?? 'JPK.xml';
      a.click();
      URL.revokeObjectURL(a.href);
    } catch (err) {
      toast.error('Nie udało się pobrać pliku', errorMessage(err));
    }
  };
  const askDelete = async (f: JpkFile) => {
    const yes = await modals.confirm({
      title: 'Usunąć plik?',
      message: `${periodLabel(f)}: plik zniknie z listy i z magazynu plików. Zawsze można utworzyć go ponownie.`,
      yesLabel: 'Usuń',
      noLabel: 'Anuluj',
    });
    if (yes) remove.mutate(f.id);
  };

  return (
    <div className="d-flex flex-column gap-3" data-testid="jpk-files">
      <NewFile
        missing={settingsMissing}
        canSettings={hasPermissionExact(user?.permissions ?? '', 'main.plugins.manage')}
      />
      <SectionCard title="Pliki" icon="files">
        {list.length === 0 ? (
          <div className="text-secondary">Nie utworzono jeszcze żadnego pliku.</div>
        ) : (
          <div className="table-responsive">
            <Table hover className="mb-0 align-middle">
              <thead>
                <tr>
                  <th>Plik</th>
                  <th>Stan</th>
                  <th>Podsumowanie</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {list.map((f) => (
                  <FileRow key={f.id} f={f} onDownload={() => void download(f)} onDelete={() => void askDelete(f)} />
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </SectionCard>
    </div>
  );
}
