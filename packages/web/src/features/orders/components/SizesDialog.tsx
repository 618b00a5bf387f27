import { formatVat, splitOptionList, type Order, type OrderRow } from '@zaplecze/contract';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { useOptions } from '@web/data/options.api';
import { userSizesResource } from '@web/features/user-sizes/user-sizes.api';
import { format, m } from '@web/i18n';
import { NumberInput } from '@web/ui/NumberInput';
import { changeOrder, useOrder } from '../orders.api';
import { sizesFormErrors, sizesFormFromOrder, sizesPatch, userSizeSides, vatChoices, type SizesForm } from '../sizes';
import { ordersText } from '../texts';

export interface SizesDialogProps {
  row: OrderRow;
  onClose(): void;
  onSaved(id: number): void;
}

/**
 * 'Rozmiar i waga' (docs/rules/catalogue-and-orders-rules.md §2.13): delivery cost and VAT (configured rates), cash on
 * delivery, sides A, B, C in mm, weight in kg, a saved user size copied into the sides with
 * 'Wybierz'. Errors show as an alert with the message; the save reads the order again (§4).
 */
export function SizesDialog({ row, onClose, onSaved }: SizesDialogProps) {
  const t = ordersText().sizes;
  const order = useOrder(row.id);
  return (
    <Modal show onHide={onClose} centered data-testid="order-sizes-dialog">
      <Modal.Header closeButton>
        <Modal.Title>{format(t.title, { id: row.id })}</Modal.Title>
      </Modal.Header>
      {order.data ? (
        <SizesFormBody order={order.data} onClose={onClose} onSaved={onSaved} />
      ) : order.error ? (
        <Modal.Body>
          <Alert variant="danger" className="mb-0" data-testid="order-sizes-error">
            <div className="fw-semibold">{ordersText().preview.loadErrorTitle}</div>
            {errorMessage(order.error)}
          </Alert>
        </Modal.Body>
      ) : (
        <Modal.Body className="text-center py-4">
          <Spinner animation="border" size="sm" className="me-2" />
          {t.loading}
        </Modal.Body>
      )}
    </Modal>
  );
}

function SizesFormBody({ order, onClose, onSaved }: { order: Order; onClose(): void; onSaved(id: number): void }) {
  const t = ordersText().sizes;
  const toast = useToast();
  const options = useOptions(['VAT_VALUES'] as const);
  const sizes = userSizesResource.useList();
  const [f, setF] = useState<SizesForm>(() => sizesFormFromOrder(order));
  const [userSizeId, setUserSizeId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof SizesForm>(key: K, value: SizesForm[K]) => setF((p) => ({ ...p, [key]: value }));
  const vats = vatChoices(splitOptionList(options.data?.VAT_VALUES), order.deliveryVat);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = sizesFormErrors(f, {
      deliveryCost: t.deliveryCost,
      deliveryVat: t.deliveryVat,
      sizeA: t.sizeA,
      sizeB: t.sizeB,
      sizeC: t.sizeC,
      weight: t.weight,
      required: t.required,
    });
    if (problems.length > 0) {
      setError(problems.join('\n'));
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      await changeOrder(order.id, (body) => ({ ...body, ...sizesPatch(f) }));
      toast.success(ordersText().list.savedTitle, format(t.saved, { id: order.id }));
      onSaved(order.id);
      onClose();
    } catch (err) {
      setError(errorMessage(err));
      setSaving(false);
    }
  };

  const chooseUserSize = () => {
    const size = sizes.data?.find((s) => String(s.id) === userSizeId);
    if (size) setF((p) => ({ ...p, ...userSizeSides(size) }));
  };

  const side = (key: 'sizeA' | 'sizeB' | 'sizeC', label: string) => (
    <Col xs={4}>
      <Form.Group controlId={`order-sizes-${key}`}>
        <Form.Label className="small mb-1">{label}</Form.Label>
        <NumberInput
          integer
          required
          value={f[key]}
          onChange={(e) => set(key, e.target.value)}
          data-testid={`order-sizes-${key}`}
        />
      </Form.Group>
    </Col>
  );

  return (
    <Form onSubmit={(e) => void submit(e)} noValidate>
      <Modal.Body>
        {error !== undefined && (
          <Alert variant="danger" className="text-pre-line" data-testid="order-sizes-error">
            <div className="fw-semibold">{t.errorTitle}</div>
            {error}
          </Alert>
        )}
        <Row className="g-2 mb-2">
          <Col xs={6}>
            <Form.Group controlId="order-sizes-deliveryCost">
              <Form.Label className="small mb-1">{t.deliveryCost}</Form.Label>
              <InputGroup>
                <NumberInput
                  required
                  value={f.deliveryCost}
                  onChange={(e) => set('deliveryCost', e.target.value)}
                  data-testid="order-sizes-deliveryCost"
                />
                <InputGroup.Text>{order.currency}</InputGroup.Text>
              </InputGroup>
            </Form.Group>
          </Col>
          <Col xs={6}>
            <Form.Group controlId="order-sizes-deliveryVat">
              <Form.Label className="small mb-1">{t.deliveryVat}</Form.Label>
              <Form.Select
                required
                value={f.deliveryVat}
                onChange={(e) => set('deliveryVat', e.target.value)}
                data-testid="order-sizes-deliveryVat"
              >
                {vats.map((v) => (
                  <option key={v} value={v}>
                    {formatVat(v)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
        </Row>
        <Form.Check
          id="order-sizes-cod"
          className="mb-3"
          label={t.cashOnDelivery}
          checked={f.cashOnDelivery}
          onChange={(e) => set('cashOnDelivery', e.target.checked)}
          data-testid="order-sizes-cod"
        />
        <Form.Group controlId="order-sizes-userSize" className="mb-2">
          <Form.Label className="small mb-1">{t.userSize}</Form.Label>
          <InputGroup>
            <Form.Select
              value={userSizeId}
              onChange={(e) => setUserSizeId(e.target.value)}
              disabled={!sizes.data || sizes.data.length === 0}
              data-testid="order-sizes-userSize"
            >
              <option value="">{sizes.data && sizes.data.length === 0 ? t.userSizesEmpty : t.userSizeNone}</option>
              {(sizes.data ?? []).map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {format(t.userSizeOption, { name: s.name, a: s.sizeA, b: s.sizeB, c: s.sizeC })}
                </option>
              ))}
            </Form.Select>
            <Button
              variant="outline-primary"
              disabled={userSizeId === ''}
              onClick={chooseUserSize}
              data-testid="order-sizes-choose"
            >
              {t.choose}
            </Button>
          </InputGroup>
        </Form.Group>
        <Row className="g-2 mb-2">
          {side('sizeA', t.sizeA)}
          {side('sizeB', t.sizeB)}
          {side('sizeC', t.sizeC)}
        </Row>
        <Form.Group controlId="order-sizes-weight" style={{ maxWidth: '12rem' }}>
          <Form.Label className="small mb-1">{t.weight}</Form.Label>
          <NumberInput
            required
            value={f.weight}
            onChange={(e) => set('weight', e.target.value)}
            data-testid="order-sizes-weight"
          />
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {m().common.cancel}
        </Button>
        <Button type="submit" variant="primary" disabled={saving} data-testid="order-sizes-save">
          {saving && <Spinner animation="border" size="sm" className="me-1" />}
          {saving ? t.saving : t.save}
        </Button>
      </Modal.Footer>
    </Form>
  );
}
