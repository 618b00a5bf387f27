import {
  COUNT_OFFER_EDIT_TYPES,
  COUNT_WARE_EDIT_TYPES,
  DESC_EDIT_TYPES,
  formatVat,
  GTIN_MODES,
  GTIN_TYPES,
  PARAMS_EDIT_TYPES,
  PRICE_EDIT_TYPES,
  type MassResult,
  type Named,
} from '@zaplecze/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Row from 'react-bootstrap/Row';
import { ApiError, errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { TreeRefField } from './TreeRefField';
import { descriptionPreview } from '@web/features/reference-lists/description-preview';
import { format } from '@web/i18n/plural';
import { NumberInput } from '@web/ui/NumberInput';
import { SectionCard } from '@web/ui/SectionCard';
import { useLeaveGuard } from '@web/ui/useLeaveGuard';
import type { ParamEntry } from '../item-form';
import { itemKeys, massEditBatch } from '../item-edit.api';
import {
  batches,
  countOfferValueDisabled,
  gtinModeDisabled,
  gtinValueDisabled,
  gtinValueRequired,
  massFormDefaults,
  massFormErrors,
  massPayload,
  mergeResults,
  runBatch,
  type MassErrorKey,
  type MassFormValues,
} from '../mass-edit';
import { itemEditText } from '../texts';
import { ParamsEditor } from './ParamsEditor';
import { NamedOptions } from '@web/ui/NamedOptions';
import type { CatalogLists } from '../catalog-lists';

export interface MassEditLists extends CatalogLists {
  vatValues: readonly string[];
}

export interface MassEditFormProps {
  ids: readonly number[];
  lists: MassEditLists;
  /** Plugins' components (slot items.massEdit.sections), drawn between parameters and Save. */
  extra?: ReactNode;
  onDone(result: MassResult): void;
}

function errorText(key: MassErrorKey | undefined): string | undefined {
  if (!key) return undefined;
  const t = itemEditText();
  return {
    required: t.required,
    amount: t.amountInvalid,
    count: t.countInvalid,
    gtinDigits: t.mass.gtinDigits,
    nothing: t.mass.nothingTicked,
  }[key];
}

/** The contract's rules of ticked groups as react-hook-form errors. */
const massResolver: Resolver<MassFormValues> = (values) => {
  const found = massFormErrors(values);
  const errors: FieldErrors<MassFormValues> = {};
  for (const [k, v] of Object.entries(found))
    (errors as Record<string, { type: string; message?: string }>)[k] = { type: 'validate', message: errorText(v) };
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/** One group: its checkbox on the left, the value fields (disabled until ticked) on the right. */
function Group({
  id,
  label,
  on,
  children,
  register,
}: {
  id: string;
  label: string;
  on: boolean;
  children: ReactNode;
  register: ReturnType<ReturnType<typeof useForm<MassFormValues>>['register']>;
}) {
  return (
    <Row className="g-2 align-items-start py-2 border-bottom" data-testid={`mass-group-${id}`}>
      <Col md={3}>
        <Form.Check id={`mass-${id}-on`} type="checkbox" label={label} className="fw-semibold" {...register} />
      </Col>
      <Col md={9}>
        <fieldset disabled={!on} className="d-flex flex-wrap gap-2 align-items-start">
          {children}
        </fieldset>
      </Col>
    </Row>
  );
}

/**
 * Items mass edit (docs/rules/catalogue-and-orders-rules.md §2.4): ticked groups only, sent in batches of 100 with an
 * idempotency key each, then one report. A failure stops, re-enables the form and keeps it.
 */
export function MassEditForm({ ids, lists, extra, onDone }: MassEditFormProps) {
  const t = itemEditText();
  const tm = t.mass;
  const toast = useToast();
  const client = useQueryClient();
  const [params, setParams] = useState<ParamEntry[]>([]);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(0);
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors, isDirty },
  } = useForm<MassFormValues>({ resolver: massResolver, defaultValues: massFormDefaults });
  // Leaving with ticked or typed changes not yet sent asks first, as the item and order edits do.
  const guard = useLeaveGuard(isDirty || params.length > 0);
  const v = watch();
  const gtinParams = useMemo(
    () => lists.params.filter((p) => p.categoryId === null && p.type !== 'DICT'),
    [lists.params],
  );

  const onSubmit = async (values: MassFormValues) => {
    const data = massPayload(values, params);
    setSaving(true);
    setDone(0);
    const results: MassResult[] = [];
    try {
      let count = 0;
      for (const batch of batches(ids)) {
        results.push(
          await runBatch(
            (key) => massEditBatch(batch, data, key),
            crypto.randomUUID(),
            (err) => err instanceof ApiError && err.code === 0,
          ),
        );
        count += batch.length;
        setDone(count);
      }
    } catch (err) {
      toast.error(tm.errorTitle, errorMessage(err));
      setSaving(false);
      return;
    }
    void client.invalidateQueries({ queryKey: itemKeys.all });
    setSaving(false);
    // Saved: the report and the way back to the list are no leaving without saving.
    guard.release();
    onDone(mergeResults(results));
  };

  const invalid = (k: keyof MassFormValues) =>
    errors[k] ? <div className="invalid-feedback d-block w-100">{errors[k]?.message}</div> : null;
  const refSelect = (name: keyof MassFormValues, rows: readonly Named[], label: string, allowNone: boolean) => (
    <Form.Select
      {...register(name)}
      aria-label={label}
      isInvalid={!!errors[name]}
      style={{ maxWidth: '24rem' }}
      data-testid={`mass-${name}`}
    >
      {allowNone ? <option value="">{t.none}</option> : <option value="">{t.choose}</option>}
      <NamedOptions rows={rows} />
    </Form.Select>
  );
  const typeSelect = <T extends string>(
    name: keyof MassFormValues,
    types: readonly T[],
    labels: Record<T, string>,
    label: string,
  ) => (
    <Form.Select {...register(name)} aria-label={label} style={{ width: 'auto' }} data-testid={`mass-${name}`}>
      {types.map((x) => (
        <option key={x} value={x}>
          {labels[x]}
        </option>
      ))}
    </Form.Select>
  );

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)} data-testid="mass-form">
      <fieldset disabled={saving}>
        <SectionCard title={tm.general} icon="pencil-square" className="mb-3">
          <Group id="price" label={tm.price} on={v.priceOn} register={register('priceOn')}>
            {typeSelect('priceType', PRICE_EDIT_TYPES, tm.priceTypes, tm.price)}
            <NumberInput
              {...register('priceValue')}
              aria-label={`${tm.price} - ${t.edit.price}`}
              style={{ maxWidth: '12rem' }}
              isInvalid={!!errors.priceValue}
              data-testid="mass-priceValue"
            />
            {invalid('priceValue')}
          </Group>
          <Group id="vat" label={tm.vat} on={v.vatOn} register={register('vatOn')}>
            <Form.Select
              {...register('vat')}
              aria-label={tm.vat}
              isInvalid={!!errors.vat}
              style={{ width: 'auto' }}
              data-testid="mass-vat"
            >
              <option value="">{t.choose}</option>
              {lists.vatValues.map((r) => (
                <option key={r} value={r}>
                  {formatVat(r)}
                </option>
              ))}
            </Form.Select>
            {invalid('vat')}
          </Group>
          <Group id="gtin" label={tm.gtin} on={v.gtinOn} register={register('gtinOn')}>
            {typeSelect('gtinType', GTIN_TYPES, tm.gtinTypes, tm.gtin)}
            <Form.Select
              {...register('gtinMode')}
              aria-label={`${tm.gtin} - tryb`}
              disabled={!v.gtinOn || gtinModeDisabled(v)}
              style={{ width: 'auto' }}
              data-testid="mass-gtinMode"
            >
              {GTIN_MODES.map((x) => (
                <option key={x} value={x}>
                  {tm.gtinModes[x]}
                </option>
              ))}
            </Form.Select>
            <Form.Control
              {...register('gtin')}
              aria-label={tm.gtin}
              inputMode="numeric"
              disabled={!v.gtinOn || gtinValueDisabled(v)}
              required={gtinValueRequired(v)}
              placeholder={v.gtinType === 'RANDOM' ? tm.gtinRandomHint : undefined}
              isInvalid={!!errors.gtin}
              style={{ maxWidth: '20rem' }}
              data-testid="mass-gtin"
              onKeyDown={(e) => {
                if (e.key === 'Enter') e.preventDefault();
              }}
            />
            {gtinParams.length > 0 && (
              <Form.Select
                {...register('gtinAsParam')}
                aria-label={tm.gtinAsParam}
                disabled={!v.gtinOn || gtinModeDisabled(v)}
                style={{ width: 'auto' }}
                data-testid="mass-gtinAsParam"
              >
                <option value="">{`${tm.gtinAsParam}: ${t.none}`}</option>
                {gtinParams.map((p) => (
                  <option key={p.id} value={String(p.id)}>
                    {`${tm.gtinAsParam}: ${p.name}`}
                  </option>
                ))}
              </Form.Select>
            )}
            {invalid('gtin')}
          </Group>
          <Group id="countWare" label={tm.countWare} on={v.countWareOn} register={register('countWareOn')}>
            {typeSelect('countWareType', COUNT_WARE_EDIT_TYPES, tm.countTypes, tm.countWare)}
            <NumberInput
              {...register('countWareValue')}
              aria-label={`${tm.countWare} - wartość`}
              integer
              isInvalid={!!errors.countWareValue}
              style={{ maxWidth: '10rem' }}
              data-testid="mass-countWareValue"
            />
            {invalid('countWareValue')}
          </Group>
          <Group id="countOffer" label={tm.countOffer} on={v.countOfferOn} register={register('countOfferOn')}>
            {typeSelect('countOfferType', COUNT_OFFER_EDIT_TYPES, tm.countTypes, tm.countOffer)}
            <NumberInput
              {...register('countOfferValue')}
              aria-label={`${tm.countOffer} - wartość`}
              integer
              disabled={!v.countOfferOn || countOfferValueDisabled(v)}
              isInvalid={!!errors.countOfferValue}
              style={{ maxWidth: '10rem' }}
              data-testid="mass-countOfferValue"
            />
            {invalid('countOfferValue')}
          </Group>
          <Group id="status" label={tm.status} on={v.statusOn} register={register('statusOn')}>
            {refSelect('itemStatusId', lists.statuses, tm.status, false)}
            {invalid('itemStatusId')}
          </Group>
          <Group id="priceList" label={tm.priceList} on={v.priceListOn} register={register('priceListOn')}>
            {refSelect('deliveryPriceListId', lists.priceLists, tm.priceList, true)}
          </Group>
          <Group id="deliveryTime" label={tm.deliveryTime} on={v.deliveryTimeOn} register={register('deliveryTimeOn')}>
            {refSelect('deliveryTimeId', lists.deliveryTimes, tm.deliveryTime, true)}
          </Group>
          <Group id="group" label={tm.group} on={v.groupOn} register={register('groupOn')}>
            {refSelect('itemGroupId', lists.groups, tm.group, true)}
          </Group>
          <Group id="category" label={tm.category} on={v.categoryOn} register={register('categoryOn')}>
            <div style={{ minWidth: '20rem', maxWidth: '32rem' }} className="flex-grow-1">
              <TreeRefField
                control={control}
                name="categoryId"
                kind="categories"
                id="mass-category"
                nodes={lists.categories}
                disabled={!v.categoryOn || saving}
                testId="mass-categoryId"
              />
            </div>
          </Group>
          <Group id="place" label={tm.place} on={v.placeOn} register={register('placeOn')}>
            <div style={{ minWidth: '20rem', maxWidth: '32rem' }} className="flex-grow-1">
              <TreeRefField
                control={control}
                name="placeId"
                kind="places"
                id="mass-place"
                nodes={lists.places}
                disabled={!v.placeOn || saving}
                testId="mass-placeId"
              />
            </div>
          </Group>
          {errors.form && (
            <div className="text-danger small mt-2" data-testid="mass-nothing">
              {errors.form.message}
            </div>
          )}
        </SectionCard>

        <SectionCard title={tm.descs} icon="card-text" className="mb-3">
          <Group id="descs" label={tm.descs} on={v.descsOn} register={register('descsOn')}>
            <div className="w-100">
              <div className="mb-2">
                {DESC_EDIT_TYPES.map((x) => (
                  <Form.Check
                    key={x}
                    inline
                    type="radio"
                    id={`mass-desc-${x}`}
                    value={x}
                    label={tm.descEditTypes[x]}
                    {...register('descEditType')}
                  />
                ))}
              </div>
              {lists.descs.map((d) => (
                <Form.Check
                  key={d.id}
                  type="checkbox"
                  id={`mass-desc-item-${d.id}`}
                  value={String(d.id)}
                  label={
                    <>
                      <span className="fw-semibold">{d.name}</span>
                      <span className="small text-muted d-block text-break">{descriptionPreview(d.description)}</span>
                    </>
                  }
                  {...register('additionalDescs')}
                />
              ))}
              {invalid('additionalDescs')}
            </div>
          </Group>
        </SectionCard>

        <SectionCard title={tm.params} icon="sliders" className="mb-3">
          <Form.Select
            {...register('paramsEditType')}
            aria-label={tm.params}
            className="mb-3"
            style={{ maxWidth: '24rem' }}
            data-testid="mass-paramsEditType"
          >
            <option value="">{tm.paramsModes.NONE}</option>
            {PARAMS_EDIT_TYPES.map((x) => (
              <option key={x} value={x}>
                {tm.paramsModes[x]}
              </option>
            ))}
          </Form.Select>
          <fieldset disabled={v.paramsEditType === ''}>
            <ParamsEditor
              params={params}
              onChange={setParams}
              known={lists.params}
              addable={lists.params}
              addWith="modal"
              disabled={v.paramsEditType === '' || saving}
              testId="mass-params"
            />
          </fieldset>
        </SectionCard>

        {extra}

        <div className="d-flex flex-wrap align-items-center gap-3 mt-3">
          <Button type="submit" variant="primary" disabled={saving || ids.length === 0} data-testid="mass-save">
            <i className="bi bi-check-lg me-1" aria-hidden="true" />
            {t.save}
          </Button>
          {saving && (
            <ProgressBar
              striped
              animated
              now={Math.max(5, (done / ids.length) * 100)}
              label={format(tm.savingProgress, { done, total: ids.length })}
              className="flex-grow-1"
              style={{ height: '1.5rem', maxWidth: '30rem' }}
              data-testid="mass-saving"
            />
          )}
        </div>
      </fieldset>
    </Form>
  );
}
