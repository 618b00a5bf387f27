import { itemGenerateSchema } from '@zaplecze/contract';
import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { formatInteger } from '@web/i18n';
import { listResources } from '@web/data/lists.api';
import { pluralText } from './format';
import { generatePreview, wholeNumber, type GenerateForm } from './generate';
import { useGenerateItems } from './items.api';
import { itemsText } from './texts';
import { NamedOptions } from '@web/ui/NamedOptions';

type Errors = Partial<Record<keyof GenerateForm, string>>;

/** Client-side checks before sending: required fields, whole numbers, the 1000 limit. */
function validate(f: GenerateForm, t: ReturnType<typeof itemsText>['generate']): Errors {
  const e: Errors = {};
  if (f.beforeSymbol.trim() === '') e.beforeSymbol = t.required;
  if (f.start.trim() === '') e.start = t.required;
  else if (wholeNumber(f.start) === undefined) e.start = t.numberInvalid;
  if (f.stop.trim() === '') e.stop = t.required;
  else if (wholeNumber(f.stop) === undefined) e.stop = t.numberInvalid;
  if (f.itemStatusId === '') e.itemStatusId = t.required;
  if (f.countWare.trim() !== '' && wholeNumber(f.countWare) === undefined) e.countWare = t.numberInvalid;
  if (!e.start && !e.stop) {
    const parsed = itemGenerateSchema.safeParse({ ...f, itemStatusId: f.itemStatusId || 1 });
    const issue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === 'stop');
    if (issue) e.stop = generatePreview(f)?.tooMany ? t.tooMany : issue.message;
  }
  return e;
}

/** /items/generate-many (docs/rules/catalogue-and-orders-rules.md §2.7): many items from a symbol and a number range. */
export default function GenerateManyPage() {
  const t = itemsText().generate;
  const toast = useToast();
  const navigate = useNavigate();
  const statuses = listResources.itemStatuses.useList();
  const generate = useGenerateItems();
  const [f, setF] = useState<GenerateForm>({
    beforeSymbol: '',
    afterSymbol: '',
    start: '',
    stop: '',
    itemStatusId: '',
    countWare: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const set = (key: keyof GenerateForm, value: string) => {
    const next = { ...f, [key]: value };
    setF(next);
    if (submitted) setErrors(validate(next, t));
  };

  // The default status is preselected once the statuses arrive.
  const defaultStatus = statuses.data?.find((s) => s.isDefault)?.id;
  useEffect(() => {
    if (defaultStatus !== undefined)
      setF((p) => (p.itemStatusId === '' ? { ...p, itemStatusId: String(defaultStatus) } : p));
  }, [defaultStatus]);
  useEffect(() => {
    if (statuses.error) toast.error(t.statusesErrorTitle, errorMessage(statuses.error));
  }, [statuses.error, toast, t]);

  const preview = generatePreview(f);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = validate(f, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const res = await generate.mutateAsync({
        beforeSymbol: f.beforeSymbol.trim().toUpperCase(),
        afterSymbol: f.afterSymbol.trim().toUpperCase(),
        start: wholeNumber(f.start) ?? 0,
        stop: wholeNumber(f.stop) ?? 0,
        itemStatusId: Number(f.itemStatusId),
        countWare: wholeNumber(f.countWare) ?? 0,
      });
      toast.success(t.doneTitle, pluralText(res.generated, t.done));
      void navigate('/items');
    } catch (err) {
      toast.error(t.errorTitle, errorMessage(err));
    }
  };

  const field = (
    key: keyof GenerateForm,
    label: string,
    opts: { number?: boolean; upper?: boolean; hint?: string } = {},
  ) => (
    <Form.Group className="mb-3" controlId={`generate-${key}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={opts.number ? 'number' : 'text'}
        min={opts.number ? 0 : undefined}
        step={opts.number ? 1 : undefined}
        value={f[key]}
        isInvalid={!!errors[key]}
        onChange={(e) => set(key, opts.upper ? e.target.value.toUpperCase() : e.target.value)}
        data-testid={`generate-${key}`}
      />
      {opts.hint && <Form.Text muted>{opts.hint}</Form.Text>}
      <Form.Control.Feedback type="invalid">{errors[key]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <div className="mx-auto" style={{ maxWidth: 900 }}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Link to="/items" className="btn btn-outline-secondary btn-sm" data-testid="generate-back">
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {t.back}
        </Link>
        <h1 className="h3 mb-0">{t.heading}</h1>
      </div>
      <Alert variant="info" className="py-2" data-testid="generate-limit">
        <i className="bi bi-info-circle me-2" aria-hidden="true" />
        {t.limit}
      </Alert>
      <Form onSubmit={(e) => void submit(e)} noValidate data-testid="generate-form">
        <Row className="g-3">
          <Col md={7}>
            <Card className="shadow-sm">
              <Card.Body>
                <Row>
                  <Col sm={6}>{field('beforeSymbol', t.beforeSymbol, { upper: true })}</Col>
                  <Col sm={6}>{field('afterSymbol', t.afterSymbol, { upper: true, hint: t.afterSymbolHint })}</Col>
                  <Col sm={6}>{field('start', t.start, { number: true })}</Col>
                  <Col sm={6}>{field('stop', t.stop, { number: true })}</Col>
                  <Col sm={6}>
                    <Form.Group className="mb-3" controlId="generate-itemStatusId">
                      <Form.Label>{t.status}</Form.Label>
                      <Form.Select
                        value={f.itemStatusId}
                        isInvalid={!!errors.itemStatusId}
                        onChange={(e) => set('itemStatusId', e.target.value)}
                        data-testid="generate-itemStatusId"
                      >
                        <option value="">{t.chooseStatus}</option>
                        <NamedOptions rows={statuses.data ?? []} />
                      </Form.Select>
                      <Form.Control.Feedback type="invalid">{errors.itemStatusId}</Form.Control.Feedback>
                    </Form.Group>
                  </Col>
                  <Col sm={6}>{field('countWare', t.countWare, { number: true, hint: t.countWareHint })}</Col>
                </Row>
                <div className="d-flex justify-content-end">
                  <Button type="submit" disabled={generate.isPending} data-testid="generate-submit">
                    {generate.isPending ? (
                      <Spinner animation="border" size="sm" className="me-1" />
                    ) : (
                      <i className="bi bi-collection me-1" aria-hidden="true" />
                    )}
                    {generate.isPending ? t.submitting : t.submit}
                  </Button>
                </div>
              </Card.Body>
            </Card>
          </Col>
          <Col md={5}>
            <Card className="shadow-sm" data-testid="generate-preview">
              <Card.Header className="fw-semibold">{t.preview}</Card.Header>
              <Card.Body>
                {preview ? (
                  <dl className="row mb-0">
                    <dt className="col-6">{t.previewFirst}</dt>
                    <dd className="col-6 font-monospace text-break" data-testid="generate-preview-first">
                      {preview.first}
                    </dd>
                    <dt className="col-6">{t.previewLast}</dt>
                    <dd className="col-6 font-monospace text-break" data-testid="generate-preview-last">
                      {preview.last}
                    </dd>
                    <dt className="col-6">{t.previewCount}</dt>
                    <dd
                      className={`col-6 mb-0${preview.tooMany ? ' text-danger fw-semibold' : ''}`}
                      data-testid="generate-preview-count"
                    >
                      {formatInteger(preview.count)}
                    </dd>
                  </dl>
                ) : (
                  <p className="text-muted mb-0 small">{t.previewEmpty}</p>
                )}
              </Card.Body>
            </Card>
          </Col>
        </Row>
      </Form>
    </div>
  );
}
