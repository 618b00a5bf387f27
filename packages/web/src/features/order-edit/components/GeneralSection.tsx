import type { IncomeSource, OrderStatus } from '@zaplecze/contract';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Controller, useFormContext } from 'react-hook-form';
import { DateInput, TimeInput } from '@web/ui/DateInput';
import { NamedOptions } from '@web/ui/NamedOptions';
import { SectionCard } from '@web/ui/SectionCard';
import type { OrderFormValues } from '../order-form';
import { orderEditText } from '../texts';
import { Field, useErrorOf } from './Field';

export interface GeneralSectionProps {
  /** 'Włącz edycję' pressed: date, time, external id and the buyer's message become editable. */
  unlocked: boolean;
  statuses: readonly OrderStatus[];
  incomeSources: readonly IncomeSource[];
  currencies: readonly string[];
}

/** General data (§2.14): date and time, external id, status, income source, currency, notes, problem. */
export function GeneralSection({ unlocked, statuses, incomeSources, currencies }: GeneralSectionProps) {
  const t = orderEditText();
  const g = t.general;
  const { register, watch, control } = useFormContext<OrderFormValues>();
  const hasProblem = watch('hasProblem');
  const errorOf = useErrorOf();
  const invalid = (name: string) => errorOf(name) !== undefined;
  return (
    <SectionCard title={g.title} icon="receipt" className="mb-3" testId="order-general">
      <Row className="g-3">
        <Col sm={6} lg={3}>
          <Field id="order-date" label={g.date} name="date" className="">
            <Controller
              control={control}
              name="date"
              render={({ field }) => (
                <DateInput
                  id="order-date"
                  readOnly={!unlocked}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  isInvalid={invalid('date')}
                  data-testid="order-date"
                />
              )}
            />
          </Field>
        </Col>
        <Col sm={6} lg={3}>
          <Field id="order-time" label={g.time} name="time" className="">
            <Controller
              control={control}
              name="time"
              render={({ field }) => (
                <TimeInput
                  id="order-time"
                  readOnly={!unlocked}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  isInvalid={invalid('time')}
                  data-testid="order-time"
                />
              )}
            />
          </Field>
        </Col>
        <Col sm={6} lg={3}>
          <Field id="order-external-id" label={g.externalId} name="externalId" className="">
            <Form.Control
              readOnly={!unlocked}
              autoComplete="off"
              {...register('externalId')}
              isInvalid={invalid('externalId')}
              data-testid="order-external-id"
            />
          </Field>
        </Col>
        <Col sm={6} lg={3}>
          <Field id="order-currency" label={g.currency} name="currency" className="">
            <Form.Select {...register('currency')} isInvalid={invalid('currency')} data-testid="order-currency">
              <option value="">{t.choose}</option>
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Form.Select>
          </Field>
        </Col>
        <Col md={6}>
          <Field id="order-status" label={g.status} name="orderStatusId" className="">
            <Form.Select {...register('orderStatusId')} isInvalid={invalid('orderStatusId')} data-testid="order-status">
              <option value="">{t.choose}</option>
              <NamedOptions rows={statuses} />
            </Form.Select>
          </Field>
        </Col>
        <Col md={6}>
          <Field id="order-income-source" label={g.incomeSource} name="incomeSourceId" className="">
            <Form.Select
              {...register('incomeSourceId')}
              isInvalid={invalid('incomeSourceId')}
              data-testid="order-income-source"
            >
              <option value="">{t.choose}</option>
              <NamedOptions rows={incomeSources} />
            </Form.Select>
          </Field>
        </Col>
        <Col md={4}>
          <Field id="order-message" label={g.messageToSeller} name="messageToSeller" className="">
            <Form.Control
              as="textarea"
              rows={3}
              readOnly={!unlocked}
              {...register('messageToSeller')}
              isInvalid={invalid('messageToSeller')}
              data-testid="order-message"
            />
          </Field>
        </Col>
        <Col md={4}>
          <Field id="order-comment" label={g.comment} name="comment" className="">
            <Form.Control
              as="textarea"
              rows={3}
              {...register('comment')}
              isInvalid={invalid('comment')}
              data-testid="order-comment"
            />
          </Field>
        </Col>
        <Col md={4}>
          <Field id="order-invoice-annotations" label={g.invoiceAnnotations} name="invoiceAnnotations" className="">
            <Form.Control
              as="textarea"
              rows={3}
              {...register('invoiceAnnotations')}
              isInvalid={invalid('invoiceAnnotations')}
              data-testid="order-invoice-annotations"
            />
          </Field>
        </Col>
        <Col xs={12}>
          <Form.Check
            id="order-has-problem"
            type="checkbox"
            className="mb-2"
            label={g.hasProblem}
            data-testid="order-has-problem"
            {...register('hasProblem')}
          />
          <Field id="order-problem" label={g.problem} name="problem" className="">
            <Form.Control
              disabled={!hasProblem}
              {...register('problem')}
              isInvalid={invalid('problem')}
              data-testid="order-problem"
            />
          </Field>
        </Col>
      </Row>
    </SectionCard>
  );
}
