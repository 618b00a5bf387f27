import { formatVat, SHIPPING_METHODS, type Carrier, type Country } from '@zaplecze/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useFormContext } from 'react-hook-form';
import { errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { dotDecimal } from '@web/features/item-edit/margin';
import { NumberInput } from '@web/ui/NumberInput';
import { SectionCard } from '@web/ui/SectionCard';
import { checkPickupPoint } from '../order-edit.api';
import type { OrderFormValues } from '../order-form';
import { allowedShipping, deliveryFields, disabledShipping, findMethod, pickupCheckProblem } from '../order-rules';
import { orderEditText } from '../texts';
import { Field, useErrorOf } from './Field';

export interface DeliverySectionProps {
  unlocked: boolean;
  carriers: readonly Carrier[];
  countries: readonly Country[];
  vatRates: readonly string[];
}

type CheckResult = { variant: 'success' | 'danger' | 'secondary' | 'warning'; text: string };

/**
 * Delivery and client data (§2.14): shipping method, carrier and method, cost, VAT, cash on
 * delivery, waybill, parcel, the buyer's address and contact, the pickup point with its check.
 */
export function DeliverySection({ unlocked, carriers, countries, vatRates }: DeliverySectionProps) {
  const t = orderEditText();
  const d = t.delivery;
  const toast = useToast();
  const { register, watch, setValue, getValues } = useFormContext<OrderFormValues>();
  const errorOf = useErrorOf();
  const invalid = (name: string) => errorOf(name) !== undefined;
  const [check, setCheck] = useState<CheckResult>();
  const [checking, setChecking] = useState(false);

  const shipping = watch('shippingMethod');
  const carrierId = watch('carrierId');
  const methodId = watch('carrierMethodId');
  const active = deliveryFields(shipping);
  const method = findMethod(carriers, methodId);
  const notAllowed = disabledShipping(method?.sendType);
  const carrier = carriers.find((c) => c.id === carrierId);

  const costReg = register('deliveryCost');
  const carrierReg = register('carrierId');
  const methodReg = register('carrierMethodId');

  const onCheck = async () => {
    const { client, carrierMethodId } = getValues();
    const problem = pickupCheckProblem(client.pickupPoint, carrierMethodId);
    if (problem) return setCheck({ variant: 'warning', text: problem });
    setChecking(true);
    setCheck(undefined);
    try {
      const { status } = await checkPickupPoint(client.pickupPoint, carrierMethodId);
      setCheck(
        status === 'true'
          ? { variant: 'success', text: d.pointValid }
          : status === 'false'
            ? { variant: 'danger', text: d.pointInvalid }
            : { variant: 'secondary', text: d.pointUnknown },
      );
    } catch (err) {
      toast.error(d.checkErrorTitle, errorMessage(err));
    } finally {
      setChecking(false);
    }
  };

  const clientField = (name: keyof OrderFormValues['client'], label: string, enabled = true, md = 6) => (
    <Col md={md} key={name}>
      <Field id={`order-client-${name}`} label={label} name={`client.${name}`} className="">
        <Form.Control
          disabled={!enabled}
          {...register(`client.${name}`)}
          isInvalid={invalid(`client.${name}`)}
          data-testid={`order-client-${name}`}
        />
      </Field>
    </Col>
  );

  return (
    <SectionCard title={d.title} icon="truck" className="mb-3" testId="order-delivery">
      <Row className="g-3">
        <Col lg={4}>
          <Form.Label className="mb-1 d-block">{d.shippingMethod}</Form.Label>
          <div data-testid="order-shipping">
            {SHIPPING_METHODS.map((m) => (
              <Form.Check
                key={m}
                type="radio"
                id={`order-shipping-${m}`}
                value={m}
                label={d.methods[m]}
                disabled={notAllowed.has(m)}
                data-testid={`order-shipping-${m}`}
                {...register('shippingMethod', { onChange: () => setCheck(undefined) })}
              />
            ))}
          </div>
        </Col>
        <Col sm={6} lg={4}>
          <Field id="order-carrier" label={d.carrier} name="carrierId" className="">
            <Form.Select
              disabled={!active.carrier}
              {...carrierReg}
              onChange={(e) => {
                void carrierReg.onChange(e);
                const only = carriers.find((c) => c.id === e.target.value)?.methods;
                const next = only?.length === 1 && only[0] ? String(only[0].id) : '';
                setValue('carrierMethodId', next, { shouldValidate: false });
                const sendType = next ? only?.[0]?.sendType : undefined;
                setValue('shippingMethod', allowedShipping(getValues('shippingMethod'), sendType));
              }}
              data-testid="order-carrier"
            >
              <option value="">{t.none}</option>
              {carriers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Form.Select>
          </Field>
        </Col>
        <Col sm={6} lg={4}>
          <Field id="order-carrier-method" label={d.carrierMethod} name="carrierMethodId" className="">
            <Form.Select
              disabled={!active.carrier || !carrier}
              {...methodReg}
              onChange={(e) => {
                void methodReg.onChange(e);
                const m = findMethod(carriers, e.target.value);
                setValue('shippingMethod', allowedShipping(getValues('shippingMethod'), m?.sendType));
              }}
              isInvalid={invalid('carrierMethodId')}
              data-testid="order-carrier-method"
            >
              <option value="">{t.choose}</option>
              {carrier?.methods.map((m) => (
                <option key={m.id} value={String(m.id)}>
                  {m.subName ? `${m.name} (${m.subName})` : m.name}
                </option>
              ))}
            </Form.Select>
          </Field>
        </Col>
        <Col sm={6} lg={3}>
          <Field id="order-delivery-cost" label={d.deliveryCost} name="deliveryCost" className="">
            <NumberInput
              {...costReg}
              isInvalid={invalid('deliveryCost')}
              data-testid="order-delivery-cost"
              onBlur={(e) => {
                setValue('deliveryCost', dotDecimal(e.target.value));
                return costReg.onBlur(e);
              }}
            />
          </Field>
        </Col>
        <Col sm={6} lg={3}>
          <Field id="order-delivery-vat" label={d.deliveryVat} name="deliveryVat" className="">
            <Form.Select
              {...register('deliveryVat')}
              isInvalid={invalid('deliveryVat')}
              data-testid="order-delivery-vat"
            >
              <option value="">{t.choose}</option>
              {vatRates.map((r) => (
                <option key={r} value={r}>
                  {formatVat(r)}
                </option>
              ))}
            </Form.Select>
          </Field>
        </Col>
        <Col sm={6} lg={3} className="d-flex align-items-end">
          <Form.Check
            id="order-cod"
            type="checkbox"
            className="mb-2"
            label={d.cashOnDelivery}
            data-testid="order-cod"
            {...register('cashOnDelivery')}
          />
        </Col>
        <Col sm={6} lg={3}>
          <Field id="order-bol" label={d.billOfLading} name="billOfLading" className="">
            <Form.Control
              readOnly={!unlocked}
              autoComplete="off"
              {...register('billOfLading')}
              isInvalid={invalid('billOfLading')}
              data-testid="order-bol"
            />
          </Field>
        </Col>
        {(['sizeA', 'sizeB', 'sizeC'] as const).map((side) => (
          <Col xs={6} md={3} key={side}>
            <Field id={`order-${side}`} label={`${d[side]} (mm)`} name={side} className="">
              <NumberInput integer {...register(side)} isInvalid={invalid(side)} data-testid={`order-${side}`} />
            </Field>
          </Col>
        ))}
        <Col xs={6} md={3}>
          <Field id="order-weight" label={d.weight} name="weight" className="">
            <NumberInput {...register('weight')} isInvalid={invalid('weight')} data-testid="order-weight" />
          </Field>
        </Col>

        <Col xs={12}>
          <h3 className="h6 fw-semibold border-top pt-3 mb-0">{d.client}</h3>
        </Col>
        {clientField('nameSurname', d.nameSurname)}
        {clientField('companyName', d.companyName)}
        {clientField('street', d.street, active.address)}
        {clientField('buildNr', d.buildNr, active.address, 3)}
        {clientField('postCode', d.postCode, active.address, 3)}
        {clientField('city', d.city, active.address)}
        <Col md={6}>
          <Field id="order-client-country" label={d.country} name="client.countryCode" className="">
            <Form.Select
              disabled={!active.address}
              {...register('client.countryCode')}
              isInvalid={invalid('client.countryCode')}
              data-testid="order-client-country"
            >
              <CountryOptions countries={countries} current={watch('client.countryCode')} />
            </Form.Select>
          </Field>
        </Col>
        {clientField('email', d.email)}
        {clientField('tel', d.tel)}
        <Col md={6}>
          <Field id="order-client-pickupPoint" label={d.pickupPoint} name="client.pickupPoint" className="">
            <InputGroup hasValidation>
              <Form.Control
                disabled={!active.pickupPoint}
                {...register('client.pickupPoint', { onChange: () => setCheck(undefined) })}
                isInvalid={invalid('client.pickupPoint')}
                data-testid="order-client-pickupPoint"
              />
              <Button
                variant="outline-secondary"
                disabled={!active.pickupPoint || checking}
                onClick={() => void onCheck()}
                data-testid="order-check-point"
              >
                {checking ? (
                  <Spinner size="sm" animation="border" className="me-1" />
                ) : (
                  <i className="bi bi-geo-alt me-1" aria-hidden="true" />
                )}
                {d.checkPoint}
              </Button>
            </InputGroup>
          </Field>
          {check && active.pickupPoint && (
            <Alert variant={check.variant} className="py-1 px-2 mt-2 mb-0 small" data-testid="order-check-result">
              {check.text}
            </Alert>
          )}
        </Col>
      </Row>
    </SectionCard>
  );
}

/** The countries of GET /data/countries, plus the current code when the list lacks it. */
export function CountryOptions({ countries, current }: { countries: readonly Country[]; current: string }) {
  const missing = current !== '' && !countries.some((c) => c.code === current);
  return (
    <>
      <option value="">{orderEditText().choose}</option>
      {missing && <option value={current}>{current}</option>}
      {countries.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </>
  );
}
