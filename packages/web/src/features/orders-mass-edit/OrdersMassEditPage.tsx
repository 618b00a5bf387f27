import { formatVat, orderMassResultSchema, splitOptionList, type OrderMassEditData } from '@zaplecze/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate } from 'react-router';
import { api, ApiError, errorMessage } from '@web/platform/api';
import { useModals } from '@web/platform/modals/ModalProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { orderMassReport } from '@web/features/orders/format';
import { listResources } from '@web/data/lists.api';
import { useOptions } from '@web/data/options.api';
import { format, pluralPl } from '@web/i18n';
import { NamedOptions } from '@web/ui/NamedOptions';
import { PageSpinner } from '@web/ui/PageSpinner';
import { ReportDialog } from '@web/ui/ReportDialog';
import { reportText } from '@web/ui/report';
import { SectionCard } from '@web/ui/SectionCard';
import {
  massFormErrors,
  massPayload,
  ordersMassFormDefaults,
  runMassEdit,
  type MassFormError,
  type OrdersMassForm,
} from './mass-edit';
import { readOrdersSelection } from './selection';
import { ordersMassEditText } from './texts';

const ORDERS_URL = '/orders';

/** POST /orders/mass_edit: one batch; the same key makes a retried batch answer from the first run. */
function massEditBatch(ids: number[], data: OrderMassEditData, idempotencyKey: string) {
  return api.post('/orders/mass_edit', { json: { ids, data, idempotencyKey }, schema: orderMassResultSchema });
}

/**
 * /orders/mass-edit (docs/rules/catalogue-and-orders-rules.md §2.16): the orders the list selected (session storage),
 * four fields behind checkboxes, batches of 100 with a progress bar, then the report
 * (orders_mass_edit.txt) and back to /orders. A failure stops and re-enables the form.
 */
export default function OrdersMassEditPage() {
  const t = ordersMassEditText();
  const toast = useToast();
  const modals = useModals();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [ids] = useState(() => readOrdersSelection());
  const statuses = listResources.orderStatuses.useList();
  const sources = listResources.incomeSources.useList();
  const options = useOptions(['VAT_VALUES'] as const);
  const [f, setF] = useState<OrdersMassForm>(ordersMassFormDefaults);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(0);
  const set = <K extends keyof OrdersMassForm>(key: K, value: OrdersMassForm[K]) =>
    setF((p) => ({ ...p, [key]: value }));
  const errors = tried ? massFormErrors(f) : {};

  const loadError = statuses.error ?? sources.error ?? options.error;
  useEffect(() => {
    if (loadError) toast.error(t.loadErrorTitle, errorMessage(loadError));
  }, [loadError, toast, t]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(massFormErrors(f)).length > 0) return;
    const data = massPayload(f);
    setSaving(true);
    setDone(0);
    let result;
    try {
      result = await runMassEdit(ids, (batch, key) => massEditBatch(batch, data, key), {
        newKey: () => crypto.randomUUID(),
        isNetworkError: (err) => err instanceof ApiError && err.code === 0,
        onProgress: setDone,
      });
    } catch (err) {
      toast.error(t.errorTitle, errorMessage(err));
      setSaving(false);
      void client.invalidateQueries({ queryKey: ['orders'] });
      return;
    }
    void client.invalidateQueries({ queryKey: ['orders'] });
    const text = reportText(
      orderMassReport(result, {
        errors: t.reportErrors,
        notFound: t.reportNotFound,
        ok: t.reportOk,
        error: t.reportError,
      }),
    );
    await modals.open(ReportDialog, { text, fileName: 'orders_mass_edit.txt' }, t.reportTitle);
    void navigate(ORDERS_URL);
  };

  const message = (key: MassFormError | undefined) =>
    key ? (
      <div className="invalid-feedback d-block">
        {{ required: t.required, amount: t.amountInvalid, nothing: t.nothingTicked }[key]}
      </div>
    ) : null;

  const n = ids.length;
  const vats = splitOptionList(options.data?.VAT_VALUES);
  return (
    <>
      <Link to={ORDERS_URL} className="d-inline-block mb-2 text-decoration-none" data-testid="orders-mass-back">
        <i className="bi bi-arrow-left me-1" aria-hidden="true" />
        {t.back}
      </Link>
      <h1 className="h3 mb-2" data-testid="orders-mass-heading">
        {t.heading}
        {n > 0 && (
          <Badge bg="secondary" className="ms-2 fs-6 align-middle" data-testid="orders-mass-count">
            {format(pluralPl(n, t.count), { n })}
          </Badge>
        )}
      </h1>
      {n === 0 ? (
        <Alert variant="warning" data-testid="orders-mass-none">
          {t.noSelection}
        </Alert>
      ) : (
        <>
          <div
            className="border rounded bg-body-tertiary px-2 py-1 mb-3 small font-monospace"
            style={{ maxHeight: '5.5rem', overflowY: 'auto' }}
            data-testid="orders-mass-ids"
          >
            {ids.map((id) => (
              <span key={id} className="badge text-bg-light border me-1 mb-1">
                {id}
              </span>
            ))}
          </div>
          {loadError ? (
            <Alert variant="danger">{errorMessage(loadError)}</Alert>
          ) : statuses.isPending || sources.isPending || options.isPending ? (
            <PageSpinner />
          ) : (
            <Form noValidate onSubmit={(e) => void submit(e)} data-testid="orders-mass-form">
              <fieldset disabled={saving}>
                <SectionCard title={t.fields} icon="pencil-square" className="mb-3">
                  <p className="text-muted small mb-2">{t.hint}</p>
                  <Group
                    id="deliveryCost"
                    label={t.deliveryCost}
                    on={f.deliveryCostOn}
                    onToggle={(v) => set('deliveryCostOn', v)}
                  >
                    <Form.Control
                      aria-label={t.deliveryCost}
                      inputMode="decimal"
                      value={f.deliveryCost}
                      onChange={(e) => set('deliveryCost', e.target.value)}
                      isInvalid={!!errors.deliveryCost}
                      style={{ maxWidth: '12rem' }}
                      data-testid="orders-mass-deliveryCost"
                    />
                    {message(errors.deliveryCost)}
                  </Group>
                  <Group
                    id="deliveryVat"
                    label={t.deliveryVat}
                    on={f.deliveryVatOn}
                    onToggle={(v) => set('deliveryVatOn', v)}
                  >
                    <Form.Select
                      aria-label={t.deliveryVat}
                      value={f.deliveryVat}
                      onChange={(e) => set('deliveryVat', e.target.value)}
                      isInvalid={!!errors.deliveryVat}
                      style={{ width: 'auto' }}
                      data-testid="orders-mass-deliveryVat"
                    >
                      <option value="">{t.choose}</option>
                      {vats.map((r) => (
                        <option key={r} value={r}>
                          {formatVat(r)}
                        </option>
                      ))}
                    </Form.Select>
                    {message(errors.deliveryVat)}
                  </Group>
                  <Group
                    id="orderStatus"
                    label={t.orderStatus}
                    on={f.orderStatusOn}
                    onToggle={(v) => set('orderStatusOn', v)}
                  >
                    <Form.Select
                      aria-label={t.orderStatus}
                      value={f.orderStatusId}
                      onChange={(e) => set('orderStatusId', e.target.value)}
                      isInvalid={!!errors.orderStatusId}
                      style={{ maxWidth: '24rem' }}
                      data-testid="orders-mass-orderStatusId"
                    >
                      <option value="">{t.choose}</option>
                      <NamedOptions rows={statuses.data ?? []} />
                    </Form.Select>
                    {message(errors.orderStatusId)}
                  </Group>
                  <Group
                    id="incomeSource"
                    label={t.incomeSource}
                    on={f.incomeSourceOn}
                    onToggle={(v) => set('incomeSourceOn', v)}
                  >
                    <Form.Select
                      aria-label={t.incomeSource}
                      value={f.incomeSourceId}
                      onChange={(e) => set('incomeSourceId', e.target.value)}
                      isInvalid={!!errors.incomeSourceId}
                      style={{ maxWidth: '24rem' }}
                      data-testid="orders-mass-incomeSourceId"
                    >
                      <option value="">{t.choose}</option>
                      <NamedOptions rows={sources.data ?? []} />
                    </Form.Select>
                    {message(errors.incomeSourceId)}
                  </Group>
                  {errors.form && (
                    <div className="text-danger small mt-2" data-testid="orders-mass-nothing">
                      {t.nothingTicked}
                    </div>
                  )}
                </SectionCard>
              </fieldset>
              {saving && (
                <ProgressBar
                  now={done}
                  max={n}
                  label={format(t.progress, { done, total: n })}
                  className="mb-3"
                  style={{ height: '1.25rem' }}
                  data-testid="orders-mass-progress"
                />
              )}
              <Button type="submit" variant="primary" disabled={saving} data-testid="orders-mass-save">
                {saving && <Spinner animation="border" size="sm" className="me-1" />}
                {saving ? t.saving : t.save}
              </Button>
            </Form>
          )}
        </>
      )}
    </>
  );
}

/** One field: its checkbox on the left, the value (disabled until ticked) on the right. */
function Group({
  id,
  label,
  on,
  onToggle,
  children,
}: {
  id: string;
  label: string;
  on: boolean;
  onToggle(on: boolean): void;
  children: ReactNode;
}) {
  return (
    <Row className="g-2 align-items-start py-2 border-bottom" data-testid={`orders-mass-group-${id}`}>
      <Col md={4}>
        <Form.Check
          id={`orders-mass-${id}-on`}
          type="checkbox"
          label={label}
          className="fw-semibold"
          checked={on}
          onChange={(e) => onToggle(e.target.checked)}
          data-testid={`orders-mass-${id}-on`}
        />
      </Col>
      <Col md={8}>
        <fieldset disabled={!on}>{children}</fieldset>
      </Col>
    </Row>
  );
}
