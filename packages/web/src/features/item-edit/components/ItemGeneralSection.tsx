import { formatVat } from '@zaplecze/contract';
import { useMemo } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useFormContext } from 'react-hook-form';
import { format } from '@web/i18n/plural';
import { FieldGroup } from '@web/ui/FormField';
import { NamedOptions } from '@web/ui/NamedOptions';
import { NumberInput } from '@web/ui/NumberInput';
import { SectionCard } from '@web/ui/SectionCard';
import { sameRate, withCurrent, type ItemFormValues } from '../item-form';
import { dotDecimal } from '../margin';
import { itemEditText } from '../texts';
import type { ItemFormLists } from '../catalog-lists';
import { TreeRefField } from './TreeRefField';

/**
 * The item form's general section (docs/rules/catalogue-and-orders-rules.md §2.3): code, GTIN, status, name,
 * description, price, VAT, currency, stock, offer stock, the simple lists, category and place.
 */
export function ItemGeneralSection({
  lists,
  initial,
  isNew,
  saving,
}: {
  lists: ItemFormLists;
  /** The values the form opened with: a rate or currency no longer listed stays choosable. */
  initial: Pick<ItemFormValues, 'vat' | 'currency'>;
  isNew: boolean;
  saving: boolean;
}) {
  const t = itemEditText();
  const te = t.edit;
  const {
    register,
    control,
    setValue,
    watch,
    formState: { errors },
  } = useFormContext<ItemFormValues>();
  const name = watch('name');
  const description = watch('description');
  const countOfferOn = watch('countOfferOn');

  const vatOptions = useMemo(() => withCurrent(lists.vatValues, initial.vat, sameRate), [lists.vatValues, initial.vat]);
  const currencyOptions = useMemo(
    () => withCurrent(lists.currencyValues, initial.currency),
    [lists.currencyValues, initial.currency],
  );
  const codeReg = register('code');
  const priceReg = register('price');

  return (
    <SectionCard title={te.general} icon="box-seam" className="mb-3" testId="item-general">
      <Row className="g-3">
        <Col md={4}>
          <FieldGroup id="item-code" label={te.code} error={errors.code?.message}>
            <Form.Control
              {...codeReg}
              autoComplete="off"
              autoFocus={isNew}
              isInvalid={!!errors.code}
              data-testid="item-code"
              onChange={(e) => {
                const el = e.target as HTMLInputElement;
                const pos = el.selectionStart;
                el.value = el.value.toUpperCase();
                if (pos !== null) el.setSelectionRange(pos, pos);
                return codeReg.onChange(e);
              }}
            />
          </FieldGroup>
        </Col>
        <Col md={4}>
          <FieldGroup id="item-gtin" label={te.gtin} error={errors.gtin?.message}>
            <Form.Control
              {...register('gtin')}
              autoComplete="off"
              inputMode="numeric"
              isInvalid={!!errors.gtin}
              data-testid="item-gtin"
              // A reader ends a scan with Enter: it must not submit the form (§2.3).
              onKeyDown={(e) => {
                if (e.key === 'Enter') e.preventDefault();
              }}
            />
          </FieldGroup>
        </Col>
        <Col md={4}>
          <FieldGroup id="item-status" label={te.status} error={errors.itemStatusId?.message}>
            <Form.Select {...register('itemStatusId')} isInvalid={!!errors.itemStatusId} data-testid="item-status">
              <option value="">{t.choose}</option>
              <NamedOptions rows={lists.statuses} />
            </Form.Select>
          </FieldGroup>
        </Col>
        <Col xs={12}>
          <FieldGroup id="item-name" label={te.name} error={errors.name?.message}>
            <Form.Control {...register('name')} isInvalid={!!errors.name} data-testid="item-name" />
          </FieldGroup>
          <div className="form-text mt-n2 mb-2" data-testid="item-name-chars">
            {format(te.chars, { n: name.length })}
          </div>
        </Col>
        <Col xs={12}>
          <FieldGroup id="item-description" label={te.description} error={errors.description?.message}>
            <Form.Control
              as="textarea"
              rows={5}
              {...register('description')}
              isInvalid={!!errors.description}
              data-testid="item-description"
            />
          </FieldGroup>
          <div className="form-text mt-n2 mb-2" data-testid="item-description-chars">
            {format(te.chars, { n: description.length })}
          </div>
        </Col>
        <Col sm={6} lg={3}>
          <FieldGroup id="item-price" label={te.price} error={errors.price?.message}>
            <NumberInput
              {...priceReg}
              isInvalid={!!errors.price}
              data-testid="item-price"
              onBlur={(e) => {
                setValue('price', dotDecimal(e.target.value));
                return priceReg.onBlur(e);
              }}
            />
          </FieldGroup>
        </Col>
        <Col sm={6} lg={3}>
          <FieldGroup id="item-vat" label={te.vat} error={errors.vat?.message}>
            <Form.Select {...register('vat')} isInvalid={!!errors.vat} data-testid="item-vat">
              <option value="">{t.choose}</option>
              {vatOptions.map((r) => (
                <option key={r} value={r}>
                  {formatVat(r)}
                </option>
              ))}
            </Form.Select>
          </FieldGroup>
        </Col>
        <Col sm={6} lg={3}>
          <FieldGroup id="item-currency" label={te.currency} error={errors.currency?.message}>
            <Form.Select {...register('currency')} isInvalid={!!errors.currency} data-testid="item-currency">
              <option value="">{t.choose}</option>
              {currencyOptions.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Form.Select>
          </FieldGroup>
        </Col>
        <Col sm={6} lg={3}>
          <FieldGroup id="item-count-ware" label={te.countWare} error={errors.countWare?.message}>
            <NumberInput
              {...register('countWare')}
              integer
              isInvalid={!!errors.countWare}
              data-testid="item-count-ware"
            />
          </FieldGroup>
        </Col>
        <Col sm={6} lg={3}>
          <Form.Check
            id="item-count-offer-on"
            type="checkbox"
            className="mb-2"
            label={te.countOfferOn}
            data-testid="item-count-offer-on"
            {...register('countOfferOn', {
              onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
                setValue('countOffer', e.target.checked ? '0' : null, { shouldValidate: false }),
            })}
          />
          {countOfferOn && (
            <FieldGroup id="item-count-offer" label={te.countOffer} error={errors.countOffer?.message}>
              <NumberInput
                {...register('countOffer')}
                integer
                required
                isInvalid={!!errors.countOffer}
                data-testid="item-count-offer"
              />
            </FieldGroup>
          )}
        </Col>
        {(
          [
            ['deliveryPriceListId', 'item-price-list', te.priceList, lists.priceLists],
            ['deliveryTimeId', 'item-delivery-time', te.deliveryTime, lists.deliveryTimes],
            ['itemGroupId', 'item-group', te.group, lists.groups],
          ] as const
        ).map(([field, id, label, rows]) => (
          <Col key={field} sm={6} lg={3}>
            <FieldGroup id={id} label={label}>
              <Form.Select {...register(field)} data-testid={id}>
                <option value="">{t.none}</option>
                <NamedOptions rows={rows} />
              </Form.Select>
            </FieldGroup>
          </Col>
        ))}
        {(
          [
            ['categoryId', 'categories', 'item-category', te.category, lists.categories],
            ['placeId', 'places', 'item-place', te.place, lists.places],
          ] as const
        ).map(([field, kind, id, label, nodes]) => (
          <Col key={field} md={6}>
            <Form.Group className="mb-3">
              <Form.Label htmlFor={id}>{label}</Form.Label>
              <TreeRefField
                control={control}
                name={field}
                kind={kind}
                id={id}
                nodes={nodes}
                disabled={saving}
                testId={id}
              />
              {errors[field] && <div className="invalid-feedback d-block">{errors[field].message}</div>}
            </Form.Group>
          </Col>
        ))}
      </Row>
    </SectionCard>
  );
}
