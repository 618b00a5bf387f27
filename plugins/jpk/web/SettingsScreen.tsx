import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  api,
  ApiError,
  Button,
  Col,
  errorMessage,
  Form,
  PageSpinner,
  Row,
  SectionCard,
  useMutation,
  useQuery,
  useQueryClient,
  useToast,
} from '@zaplecze/plugin-sdk-web';
import { jpkSettingsSchema, type JpkSettings } from '../schemas';
import { TAX_OFFICES } from '../tax-offices';
import { BASE } from './texts';

const SETTINGS_KEY = ['plugin', 'jpk', 'settings'] as const;
type TextField = Exclude<keyof JpkSettings, 'naturalPerson'>;

/** The settings answer: the values (no secrets). */
const answerSchema = jpkSettingsSchema.partial().transform((v) => jpkSettingsSchema.parse(v));

/**
 * 'Dane podatnika': the tax office and the taxpayer's data the JPK files need
 * (GET/PUT /api/plugins/jpk/settings, main.plugins.manage). A natural person gives names and a
 * birth date, anyone else the full name; JPK_FA also needs the address in Poland.
 */
export default function SettingsScreen() {
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: async ({ signal }) =>
      answerSchema.parse(((await api.get(`${BASE}/settings`, { signal })) as { values: unknown }).values),
  });
  if (settings.isPending) return <PageSpinner />;
  if (settings.isError) return <Alert variant="danger">{errorMessage(settings.error)}</Alert>;
  return <SettingsForm stored={settings.data} />;
}

function SettingsForm({ stored }: { stored: JpkSettings }) {
  const toast = useToast();
  const client = useQueryClient();
  const [values, setValues] = useState<JpkSettings>(stored);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const save = useMutation({
    mutationFn: async (v: JpkSettings) => api.put(`${BASE}/settings`, { json: { values: v } }),
    onSuccess: () => {
      setError(null);
      toast.success('Zapisano', 'Dane podatnika do plików JPK są zapisane.');
      void client.invalidateQueries({ queryKey: SETTINGS_KEY });
      void client.invalidateQueries({ queryKey: ['plugin', 'jpk', 'files'] });
    },
    onError: (err) => {
      const field = err instanceof ApiError ? (err.field ?? '') : '';
      setError({ field: field.replace(/^values\./, ''), message: errorMessage(err) });
      toast.error('Błąd zapisu', errorMessage(err));
    },
  });
  const set = (name: TextField) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(values);
  };
  const text = (
    name: TextField,
    label: string,
    opts: { max: number; help?: ReactNode; type?: string; placeholder?: string },
  ) => (
    <Form.Group controlId={`jpk-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={opts.type ?? 'text'}
        maxLength={opts.max}
        value={values[name]}
        placeholder={opts.placeholder}
        onChange={set(name)}
        isInvalid={error?.field === name}
      />
      {error?.field === name && <Form.Control.Feedback type="invalid">{error.message}</Form.Control.Feedback>}
      {opts.help && <Form.Text>{opts.help}</Form.Text>}
    </Form.Group>
  );

  return (
    <Form onSubmit={submit} className="d-flex flex-column gap-3" data-testid="jpk-settings" noValidate>
      <SectionCard title="Urząd skarbowy i podatnik" icon="bank">
        <Row className="g-3">
          <Col md={6}>
            <Form.Group controlId="jpk-taxOfficeCode">
              <Form.Label>Urząd skarbowy (KodUrzedu)</Form.Label>
              <Form.Select
                value={values.taxOfficeCode}
                onChange={set('taxOfficeCode')}
                isInvalid={error?.field === 'taxOfficeCode'}
              >
                <option value="">— wybierz urząd —</option>
                {TAX_OFFICES.map(([code, name]) => (
                  <option key={code} value={code}>
                    {code} – {name}
                  </option>
                ))}
              </Form.Select>
              <Form.Text>Lista Ministerstwa Finansów ze schematu JPK; urząd właściwy dla podatnika VAT.</Form.Text>
            </Form.Group>
          </Col>
          <Col md={3}>{text('nip', 'NIP podatnika', { max: 13, placeholder: '526-025-09-95' })}</Col>
          <Col md={3}>
            <Form.Label className="d-block">Podatnik</Form.Label>
            <Form.Check
              type="radio"
              id="jpk-legal"
              name="jpk-natural"
              label="firma (osoba niefizyczna)"
              checked={!values.naturalPerson}
              onChange={() => setValues((v) => ({ ...v, naturalPerson: false }))}
            />
            <Form.Check
              type="radio"
              id="jpk-natural"
              name="jpk-natural"
              label="osoba fizyczna"
              checked={values.naturalPerson}
              onChange={() => setValues((v) => ({ ...v, naturalPerson: true }))}
            />
          </Col>
          {values.naturalPerson ? (
            <>
              <Col md={4}>{text('firstName', 'Imię (pierwsze)', { max: 30 })}</Col>
              <Col md={4}>{text('lastName', 'Nazwisko', { max: 81 })}</Col>
              <Col md={4}>{text('birthDate', 'Data urodzenia', { max: 10, type: 'date' })}</Col>
              <Col md={12}>
                {text('fullName', 'Nazwa firmy (do JPK_FA, opcjonalnie)', {
                  max: 240,
                  help: 'Bez nazwy JPK_FA poda imię i nazwisko.',
                })}
              </Col>
            </>
          ) : (
            <Col md={12}>
              {text('fullName', 'Pełna nazwa', {
                max: 240,
                help: 'Jak w rejestrze (KRS, CEIDG), np. „Sklep Żółta Gęś sp. z o.o.”.',
              })}
            </Col>
          )}
          <Col md={6}>
            {text('email', 'E-mail do kontaktu z urzędem', { max: 255, type: 'email', help: 'Wymagany w JPK_V7M.' })}
          </Col>
          <Col md={6}>{text('phone', 'Telefon (opcjonalnie)', { max: 16 })}</Col>
        </Row>
      </SectionCard>
      <SectionCard title="Adres podatnika (do JPK_FA)" icon="geo-alt">
        <Row className="g-3">
          <Col md={4}>{text('province', 'Województwo', { max: 36, placeholder: 'mazowieckie' })}</Col>
          <Col md={4}>{text('county', 'Powiat', { max: 36 })}</Col>
          <Col md={4}>{text('commune', 'Gmina', { max: 36 })}</Col>
          <Col md={6}>{text('street', 'Ulica (opcjonalnie)', { max: 65 })}</Col>
          <Col md={3}>{text('houseNumber', 'Numer domu', { max: 9 })}</Col>
          <Col md={3}>{text('flatNumber', 'Numer lokalu (opcjonalnie)', { max: 10 })}</Col>
          <Col md={8}>{text('city', 'Miejscowość', { max: 56 })}</Col>
          <Col md={4}>{text('postCode', 'Kod pocztowy', { max: 6, placeholder: '00-000' })}</Col>
        </Row>
      </SectionCard>
      {error && error.field === '' && <Alert variant="danger">{error.message}</Alert>}
      <div>
        <Button type="submit" disabled={save.isPending}>
          <i className="bi bi-save me-1" aria-hidden="true" />
          Zapisz
        </Button>
      </div>
    </Form>
  );
}
