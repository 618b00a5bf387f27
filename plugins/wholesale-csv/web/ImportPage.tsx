import { useRef, useState } from 'react';
import {
  Alert,
  api,
  apiBlob,
  Badge,
  Button,
  Col,
  errorMessage,
  Form,
  InputGroup,
  PageSpinner,
  ProgressBar,
  Row,
  SectionCard,
  Table,
  useMutation,
  useQuery,
  useToast,
} from '@zaplecze/plugin-sdk-web';
import {
  DELIMITERS,
  ENCODINGS,
  type DelimiterChoice,
  type EncodingChoice,
  type ImportStatus,
  type PreviewAnswer,
} from '../schemas';
import { ChoiceSelect, useProfiles } from './shared';
import { BASE, DELIMITER_LABELS, ENCODING_LABELS, delimiterLabel, encodingLabel } from './texts';

type Override<T> = T | '';

function uploadForm(
  file: File,
  profileId: string,
  encoding: Override<EncodingChoice>,
  delimiter: Override<DelimiterChoice>,
) {
  const form = new FormData();
  form.append('profileId', profileId);
  if (encoding) form.append('encoding', encoding);
  if (delimiter) form.append('delimiter', delimiter);
  form.append('file', file);
  return form;
}

const RUNNING = new Set(['pending', 'running']);

/** 'Import': pick a profile and a file, check the preview, start the import and follow it to its report. */
export default function ImportPage() {
  const toast = useToast();
  const profiles = useProfiles();
  const [profileId, setProfileId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [encoding, setEncoding] = useState<Override<EncodingChoice>>('');
  const [delimiter, setDelimiter] = useState<Override<DelimiterChoice>>('');
  const [jobId, setJobId] = useState<number | null>(null);

  const preview = useMutation({
    mutationFn: async (over: { encoding: Override<EncodingChoice>; delimiter: Override<DelimiterChoice> }) =>
      (await api.post(`${BASE}/preview`, {
        multipart: uploadForm(file!, profileId, over.encoding, over.delimiter),
      })) as PreviewAnswer,
    onError: (err) => toast.error('Błąd podglądu pliku', errorMessage(err)),
  });
  const start = useMutation({
    mutationFn: async () =>
      (await api.post(`${BASE}/imports`, { multipart: uploadForm(file!, profileId, encoding, delimiter) })) as {
        jobId: number;
      },
    onSuccess: (r) => setJobId(r.jobId),
    onError: (err) => toast.error('Nie udało się rozpocząć importu', errorMessage(err)),
  });
  const status = useQuery({
    queryKey: ['wholesale-csv', 'import', jobId],
    enabled: jobId !== null,
    queryFn: async () => (await api.get(`${BASE}/imports`, { query: { jobId } })) as ImportStatus,
    refetchInterval: (q) => (q.state.data && !RUNNING.has(q.state.data.state) ? false : 1000),
  });

  const showPreview = (over: { encoding: Override<EncodingChoice>; delimiter: Override<DelimiterChoice> }) => {
    if (file && profileId) preview.mutate(over);
  };
  const download = async () => {
    try {
      const blob = await apiBlob(`${BASE}/imports/report`, { jobId });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = 'import_report.txt';
      a.click();
      URL.revokeObjectURL(a.href);
    } catch (err) {
      toast.error('Nie udało się pobrać raportu', errorMessage(err));
    }
  };

  if (profiles.isPending) return <PageSpinner />;
  const list = profiles.data?.profiles ?? [];
  const st = status.data;
  // The report is written just before the job is marked done: a status with it is the end.
  const running = st ? RUNNING.has(st.state) && !st.report : jobId !== null;
  const p = preview.data;

  return (
    <div className="d-flex flex-column gap-3" data-testid="wholesale-import">
      <SectionCard title="Plik od dostawcy" icon="upload">
        {list.length === 0 && (
          <Alert variant="info">Najpierw dodaj profil dostawcy w zakładce „Profile dostawców”.</Alert>
        )}
        <Row className="g-3 align-items-end">
          <Col md={4}>
            <Form.Group controlId="csv-profile">
              <Form.Label>Profil dostawcy</Form.Label>
              <Form.Select value={profileId} onChange={(e) => setProfileId(e.target.value)}>
                <option value="">— wybierz —</option>
                {list.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col md>
            {/* The browser's own file input speaks the browser's language: a Polish button opens it. */}
            <Form.Group controlId="csv-file">
              <Form.Label>Plik CSV (najwyżej 50 MB)</Form.Label>
              <Form.Control
                ref={fileInput}
                type="file"
                className="d-none"
                accept=".csv,.txt,text/csv,text/plain"
                onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
              />
              <InputGroup>
                <Button variant="outline-secondary" onClick={() => fileInput.current?.click()}>
                  <i className="bi bi-folder2-open me-1" aria-hidden="true" />
                  Wybierz plik
                </Button>
                <Form.Control
                  id="csv-file-name"
                  readOnly
                  tabIndex={-1}
                  aria-label="Wybrany plik"
                  placeholder="Nie wybrano pliku"
                  value={file?.name ?? ''}
                />
              </InputGroup>
            </Form.Group>
          </Col>
          <Col md="auto" className="d-flex gap-2">
            <Button
              variant="outline-primary"
              disabled={!file || !profileId || preview.isPending}
              onClick={() => showPreview({ encoding, delimiter })}
            >
              Podgląd
            </Button>
            <Button disabled={!file || !profileId || start.isPending || running} onClick={() => start.mutate()}>
              Rozpocznij import
            </Button>
          </Col>
        </Row>
      </SectionCard>

      {p && (
        <SectionCard title="Podgląd pierwszych wierszy" icon="table">
          <Row className="g-3 mb-3 align-items-end">
            <Col md="auto">
              Wykryto: kodowanie <Badge bg="secondary">{encodingLabel(p.encoding)}</Badge>, separator{' '}
              <Badge bg="secondary">{delimiterLabel(p.delimiter)}</Badge>
            </Col>
            <Col md={3}>
              <ChoiceSelect
                id="csv-encoding"
                label="Kodowanie"
                value={encoding}
                choices={ENCODINGS}
                labels={ENCODING_LABELS}
                empty="Jak w profilu"
                onChange={(v) => {
                  setEncoding(v);
                  showPreview({ encoding: v, delimiter });
                }}
              />
            </Col>
            <Col md={3}>
              <ChoiceSelect
                id="csv-delimiter"
                label="Separator"
                value={delimiter}
                choices={DELIMITERS}
                labels={DELIMITER_LABELS}
                empty="Jak w profilu"
                onChange={(v) => {
                  setDelimiter(v);
                  showPreview({ encoding, delimiter: v });
                }}
              />
            </Col>
          </Row>
          {p.warnings.map((w) => (
            <Alert key={w} variant="warning" className="py-2">
              {w}
            </Alert>
          ))}
          <div className="table-responsive">
            <Table size="sm" bordered hover className="mb-0 small">
              <thead>
                <tr>
                  <th className="text-secondary">Wiersz</th>
                  {(p.header ?? p.rows[0]?.map((_, i) => String(i + 1)) ?? []).map((h, i) => (
                    <th key={i} style={{ whiteSpace: 'pre-wrap' }}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {p.rows.map((r, i) => (
                  <tr key={i}>
                    <td className="text-secondary">{p.lines[i]}</td>
                    {r.map((c, j) => (
                      <td key={j} style={{ whiteSpace: 'pre-wrap' }}>
                        {c}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          {p.rows.length === 0 && <div className="text-secondary">Plik nie ma wierszy z danymi.</div>}
        </SectionCard>
      )}

      {jobId !== null && (
        <SectionCard title="Przebieg importu" icon="activity">
          {running && (
            <>
              <div className="mb-2">
                {st && st.total > 0
                  ? `Przetworzono ${st.done} z ${st.total} wierszy`
                  : 'Import oczekuje na rozpoczęcie…'}
              </div>
              <ProgressBar
                animated
                now={st && st.total > 0 ? (100 * st.done) / st.total : 0}
                label={st && st.total > 0 ? `${Math.round((100 * st.done) / st.total)}%` : ''}
              />
            </>
          )}
          {st?.state === 'dead' && (
            <Alert variant="danger">Import nie powiódł się. Szczegóły w zakładce „Dziennik”.</Alert>
          )}
          {st?.report && (
            <>
              <Row className="g-2 mb-3">
                <Col md="auto">
                  Utworzone: <Badge bg="success">{st.report.created}</Badge>
                </Col>
                <Col md="auto">
                  Zaktualizowane: <Badge bg="primary">{st.report.updated}</Badge>
                </Col>
                <Col md="auto">
                  Bez zmian: <Badge bg="secondary">{st.report.unchanged}</Badge>
                </Col>
                <Col md="auto">
                  Błędy:{' '}
                  <Badge bg={st.report.errors.length > 0 ? 'danger' : 'secondary'}>{st.report.errors.length}</Badge>
                </Col>
                <Col className="text-end">
                  <Button variant="outline-secondary" size="sm" onClick={() => void download()}>
                    <i className="bi bi-download me-1" aria-hidden="true" />
                    Pobierz import_report.txt
                  </Button>
                </Col>
              </Row>
              {st.report.errors.length > 0 && (
                <Table size="sm" striped className="small mb-0">
                  <thead>
                    <tr>
                      <th style={{ width: '6rem' }}>Wiersz</th>
                      <th>Powód</th>
                    </tr>
                  </thead>
                  <tbody>
                    {st.report.errors.slice(0, 500).map((e, i) => (
                      <tr key={i}>
                        <td>{e.row}</td>
                        <td>{e.reason}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
            </>
          )}
        </SectionCard>
      )}
    </div>
  );
}
