import type { Order } from '@zaplecze/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { orderKeys, useOrder } from '@web/features/order-edit/order-edit.api';
import { format } from '@web/i18n';
import { NumberInput } from '@web/ui/NumberInput';
import { PageSpinner } from '@web/ui/PageSpinner';
import { SectionCard } from '@web/ui/SectionCard';
import { canDivide, checkDivide, divideBody, divideDefaults, moveCount, type DivideValues } from './divide';
import { divideOrder } from './order-divide.api';
import { orderDivideText } from './texts';

const ORDERS_URL = '/orders';

/** /orders/divide/{id}: split an order (docs/rules/catalogue-and-orders-rules.md §2.15). */
export default function OrderDividePage() {
  const t = orderDivideText();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const order = useOrder(valid ? id : 0);
  const toast = useToast();
  useEffect(() => {
    if (order.error) toast.error(t.loadErrorTitle, errorMessage(order.error));
  }, [order.error, toast, t]);
  if (!valid) return <Navigate to={ORDERS_URL} replace />;
  return (
    <div className="mx-auto" style={{ maxWidth: 1100 }}>
      <Link to={ORDERS_URL} className="d-inline-block mb-2 text-decoration-none" data-testid="divide-back">
        <i className="bi bi-arrow-left me-1" aria-hidden="true" />
        {t.back}
      </Link>
      <h1 className="h3 mb-3">{format(t.heading, { id })}</h1>
      {order.error ? (
        <Alert variant="danger" data-testid="divide-load-error">
          {errorMessage(order.error)}
        </Alert>
      ) : order.isPending ? (
        <PageSpinner />
      ) : (
        <DivideForm order={order.data} />
      )}
    </div>
  );
}

function DivideForm({ order }: { order: Order }) {
  const t = orderDivideText();
  const toast = useToast();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [v, setV] = useState<DivideValues>(() => divideDefaults(order));
  const [saving, setSaving] = useState(false);
  const check = checkDivide(order, v);
  const setMove = (lineId: number, text: string) => setV((x) => ({ ...x, moves: { ...x.moves, [lineId]: text } }));

  const onSubmit = async () => {
    if (!canDivide(check) || saving) return;
    setSaving(true);
    try {
      const newId = await divideOrder(divideBody(order, v));
      void client.invalidateQueries({ queryKey: orderKeys.all });
      toast.success(t.done, format(t.doneBody, { id: newId }));
      void navigate(ORDERS_URL);
    } catch (err) {
      // Everything typed stays; the user may correct and try again.
      toast.error(t.errorTitle, errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  if (order.items.length === 0) return <Alert variant="info">{t.empty}</Alert>;
  return (
    <Form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
      data-testid="divide-form"
    >
      <fieldset disabled={saving}>
        <SectionCard title={t.colMove} icon="scissors" className="mb-3">
          <p className="small text-muted">{t.hint}</p>
          <Table size="sm" responsive className="align-middle mb-0">
            <thead>
              <tr className="small text-body-secondary">
                <th>{t.colCode}</th>
                <th>{t.colName}</th>
                <th className="text-end">{t.colQuantity}</th>
                <th style={{ width: '14rem' }}>{t.colMove}</th>
                <th className="text-end">{t.colStays}</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((l) => {
                const n = moveCount(v.moves[l.id], l.quantity);
                const bad = check.badLines.includes(l.id);
                return (
                  <tr key={l.id} data-testid="divide-line">
                    <td className="text-nowrap">{l.code}</td>
                    <td>{l.name}</td>
                    <td className="text-end">{l.quantity}</td>
                    <td>
                      <div className="d-flex gap-1 align-items-center">
                        <NumberInput
                          size="sm"
                          integer
                          style={{ width: '6rem' }}
                          aria-label={`${t.colMove}: ${l.code || l.name}`}
                          value={v.moves[l.id] ?? ''}
                          isInvalid={bad}
                          title={bad ? format(t.moveInvalid, { max: l.quantity }) : undefined}
                          onChange={(e) => setMove(l.id, e.target.value)}
                          data-testid="divide-move"
                        />
                        <Button size="sm" variant="outline-secondary" onClick={() => setMove(l.id, String(l.quantity))}>
                          {t.moveAll}
                        </Button>
                        <Button size="sm" variant="outline-secondary" onClick={() => setMove(l.id, '0')}>
                          {t.moveNone}
                        </Button>
                      </div>
                    </td>
                    <td className="text-end" data-testid="divide-stays">
                      {n === undefined ? '—' : l.quantity - n}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </SectionCard>
        <Row className="g-3 mb-3">
          {(
            [
              ['oldDeliveryCost', t.oldDeliveryCost, check.oldCostBad],
              ['newDeliveryCost', t.newDeliveryCost, check.newCostBad],
            ] as const
          ).map(([key, label, bad]) => (
            <Col sm={6} md={4} key={key}>
              <Form.Group controlId={`divide-${key}`}>
                <Form.Label>{label}</Form.Label>
                <NumberInput
                  value={v[key]}
                  isInvalid={bad}
                  onChange={(e) => setV((x) => ({ ...x, [key]: e.target.value }))}
                  data-testid={`divide-${key}`}
                />
                <Form.Control.Feedback type="invalid">{t.amountInvalid}</Form.Control.Feedback>
              </Form.Group>
            </Col>
          ))}
        </Row>
        <div className="d-flex flex-wrap align-items-center gap-3">
          <Button type="submit" disabled={!canDivide(check) || saving} data-testid="divide-save">
            <i className="bi bi-scissors me-1" aria-hidden="true" />
            {saving ? t.saving : t.save}
          </Button>
          {check.moved === 0 && (
            <span className="small text-muted" data-testid="divide-nothing">
              {t.nothingMoved}
            </span>
          )}
        </div>
      </fieldset>
    </Form>
  );
}
