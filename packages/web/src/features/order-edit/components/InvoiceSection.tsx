import type { Country } from '@zaplecze/contract';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useFormContext } from 'react-hook-form';
import { SectionCard } from '@web/ui/SectionCard';
import type { InvoiceValues, OrderFormValues } from '../order-form';
import { orderEditText } from '../texts';
import { CountryOptions } from './DeliverySection';
import { Field, useErrorOf } from './Field';

/**
 * Invoice data (§2.14): a checkbox; private person or company decides which fields are active
 * (§4: the other kind's fields are cleared on save). The number is read-only until 'Włącz edycję'.
 */
export function InvoiceSection({ countries }: { countries: readonly Country[] }) {
  const t = orderEditText();
  const i = t.invoice;
  const { register, watch, getValues, setValue } = useFormContext<OrderFormValues>();
  const errorOf = useErrorOf();
  const invalid = (name: string) => errorOf(name) !== undefined;
  const on = watch('hasInvoice');
  const company = watch('invoice.kind') === 'company';

  const text = (name: keyof Omit<InvoiceValues, 'kind'>, label: string, enabled: boolean, md = 6) => (
    <Col md={md} key={name}>
      <Field id={`order-invoice-${name}`} label={label} name={`invoice.${name}`} className="">
        <Form.Control
          disabled={!enabled}
          {...register(`invoice.${name}`)}
          isInvalid={invalid(`invoice.${name}`)}
          data-testid={`order-invoice-${name}`}
        />
      </Field>
    </Col>
  );

  const copyClient = () => {
    const c = getValues('client');
    const opts = { shouldDirty: true };
    // A name typed into the invoice stays when the client data have none.
    if (company && c.companyName.trim() !== '') setValue('invoice.companyName', c.companyName, opts);
    if (!company && c.nameSurname.trim() !== '') setValue('invoice.nameSurname', c.nameSurname, opts);
    setValue('invoice.address', [c.street, c.buildNr].filter((s) => s.trim() !== '').join(' '), opts);
    setValue('invoice.postCode', c.postCode, opts);
    setValue('invoice.city', c.city, opts);
    setValue('invoice.countryCode', c.countryCode, opts);
  };

  return (
    <SectionCard title={i.title} icon="file-earmark-text" className="mb-3" testId="order-invoice">
      <div className="d-flex flex-wrap align-items-center gap-4 mb-3">
        <Form.Check
          id="order-has-invoice"
          type="checkbox"
          label={i.hasInvoice}
          data-testid="order-has-invoice"
          {...register('hasInvoice')}
        />
        {(['private', 'company'] as const).map((kind) => (
          <Form.Check
            key={kind}
            type="radio"
            id={`order-invoice-kind-${kind}`}
            value={kind}
            disabled={!on}
            label={kind === 'company' ? i.company : i.privatePerson}
            data-testid={`order-invoice-kind-${kind}`}
            {...register('invoice.kind')}
          />
        ))}
        <Button
          size="sm"
          variant="outline-secondary"
          className="ms-auto"
          disabled={!on}
          onClick={copyClient}
          data-testid="order-invoice-copy"
        >
          <i className="bi bi-clipboard me-1" aria-hidden="true" />
          {i.copyClient}
        </Button>
      </div>
      <Row className="g-3">
        <Col md={6}>
          <Field id="order-invoice-number" label={i.invoiceNumber} name="invoice.invoiceNumber" className="">
            {/* The number is the server's: taken when the invoice is issued (docs/decisions.md, Invoices and e-mail). */}
            <Form.Control
              readOnly
              disabled={!on}
              placeholder={i.notIssued}
              {...register('invoice.invoiceNumber')}
              isInvalid={invalid('invoice.invoiceNumber')}
              data-testid="order-invoice-number"
            />
          </Field>
        </Col>
        {text('nameSurname', i.nameSurname, on && !company)}
        {text('companyName', i.companyName, on && company)}
        {text('companyTaxId', i.companyTaxId, on && company)}
        {text('address', i.address, on)}
        {text('postCode', i.postCode, on, 3)}
        {text('city', i.city, on, 3)}
        <Col md={6}>
          <Field id="order-invoice-country" label={i.country} name="invoice.countryCode" className="">
            <Form.Select
              disabled={!on}
              {...register('invoice.countryCode')}
              isInvalid={invalid('invoice.countryCode')}
              data-testid="order-invoice-country"
            >
              <CountryOptions countries={countries} current={watch('invoice.countryCode')} />
            </Form.Select>
          </Field>
        </Col>
      </Row>
    </SectionCard>
  );
}
