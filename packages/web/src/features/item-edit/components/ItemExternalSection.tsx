import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useFormContext } from 'react-hook-form';
import { FieldGroup } from '@web/ui/FormField';
import { NumberInput } from '@web/ui/NumberInput';
import type { ItemFormValues } from '../item-form';
import { itemEditText } from '../texts';
import { CollapsibleSection } from './CollapsibleSection';

/**
 * The item form's external data (docs/rules/catalogue-and-orders-rules.md §2.3): the supplier's code, link
 * and price, and a custom margin that sets the price from the external price.
 */
export function ItemExternalSection() {
  const te = itemEditText().edit;
  const {
    register,
    setValue,
    watch,
    formState: { errors },
  } = useFormContext<ItemFormValues>();
  const extOn = watch('extOn');
  const marginOn = watch('marginOn');

  return (
    <CollapsibleSection title={te.external} icon="box-arrow-up-right" testId="item-external">
      <Form.Check
        id="item-ext-on"
        type="checkbox"
        className="mb-3"
        label={te.externalOn}
        data-testid="item-ext-on"
        {...register('extOn')}
      />
      <fieldset disabled={!extOn}>
        <Row className="g-3">
          <Col md={4}>
            <FieldGroup id="item-ext-code" label={te.extCode} error={errors.extCode?.message}>
              <Form.Control {...register('extCode')} isInvalid={!!errors.extCode} data-testid="item-ext-code" />
            </FieldGroup>
          </Col>
          <Col md={8}>
            <FieldGroup id="item-ext-url" label={te.extUrl} error={errors.extUrl?.message}>
              <Form.Control {...register('extUrl')} isInvalid={!!errors.extUrl} data-testid="item-ext-url" />
            </FieldGroup>
          </Col>
          <Col sm={6} md={4}>
            <FieldGroup id="item-ext-price" label={te.extPrice} error={errors.extPrice?.message}>
              <NumberInput {...register('extPrice')} isInvalid={!!errors.extPrice} data-testid="item-ext-price" />
            </FieldGroup>
          </Col>
          <Col sm={6} md={4}>
            <Form.Check
              id="item-margin-on"
              type="checkbox"
              className="mb-2"
              label={te.marginOn}
              data-testid="item-margin-on"
              {...register('marginOn', {
                onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValue('margin', e.target.checked ? '0' : null),
              })}
            />
            {marginOn && (
              <FieldGroup id="item-margin" label={te.margin} error={errors.margin?.message}>
                <NumberInput {...register('margin')} isInvalid={!!errors.margin} data-testid="item-margin" />
                <Form.Text muted>{te.marginHint}</Form.Text>
              </FieldGroup>
            )}
          </Col>
        </Row>
      </fieldset>
    </CollapsibleSection>
  );
}
