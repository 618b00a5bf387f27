import { PHOTOS_MAX, itemInputSchema, type Item, type Parameter, type PhotoInput } from '@zaplecze/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Row from 'react-bootstrap/Row';
import { ApiError, errorMessage } from '@web/app/api';
import { useToast } from '@web/app/toasts/ToastProvider';
import { slots } from '@web/extensions/slots';
import { format } from '@web/i18n/plural';
import { SectionCard } from '@web/ui/SectionCard';
import {
  formFieldOf,
  itemBody,
  itemFormDefaults,
  itemFormResolver,
  sameRate,
  withCurrent,
  type DescEntry,
  type ItemDefaults,
  type ItemFormValues,
  type ParamEntry,
  type PhotoEntry,
} from '../item-form';
import { itemKeys, saveItem, uploadPhoto } from '../item-edit.api';
import { dotDecimal, marginPrice } from '../margin';
import { TreeRefField } from './TreeRefField';
import { photoProblem, progressPercent, type PhotoProblem } from '../upload-progress';
import { itemEditText } from '../texts';
import { CollapsibleSection } from './CollapsibleSection';
import { DescsEditor, newDescKey } from './DescsEditor';
import { ParamsEditor } from './ParamsEditor';
import { newPhotoKey, PhotosEditor } from './PhotosEditor';
import { PluginSections } from './PluginSections';
import { NamedOptions } from '@web/ui/NamedOptions';
import type { CatalogLists } from '../catalog-lists';

/** Everything the form chooses from, loaded by the page before the form opens. */
export interface ItemFormLists extends CatalogLists {
  vatValues: readonly string[];
  currencyValues: readonly string[];
  /** Parameters an item of the chosen category may carry. */
  categoryParams: readonly Parameter[];
}

export interface ItemFormProps {
  item: Item | undefined;
  defaults: ItemDefaults;
  lists: ItemFormLists;
  login: string;
  /** The category chosen in the form (the page loads its parameters). */
  onCategory(categoryId: string): void;
  onSaved(item: Item): void;
}

function Field({
  id,
  label,
  reg,
  error,
  children,
  className = 'mb-3',
}: {
  id: string;
  label: string;
  reg?: UseFormRegisterReturn;
  error?: { message?: string };
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {children ?? <Form.Control {...reg} isInvalid={!!error} data-testid={id} />}
      <Form.Control.Feedback type="invalid" className={error ? 'd-block' : undefined}>
        {error?.message}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

/**
 * The item form (goods-and-orders.md §2.3): general fields, then the collapsible external data,
 * additional descriptions, parameters and photos, then plugins' sections. Save uploads new
 * photos, saves the item, runs the plugins' after-save step; a failure keeps everything typed.
 */
export function ItemForm({ item, defaults, lists, login, onCategory, onSaved }: ItemFormProps) {
  const t = itemEditText();
  const te = t.edit;
  const toast = useToast();
  const client = useQueryClient();
  const initial = useMemo(() => itemFormDefaults(item, defaults), [item, defaults]);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors },
  } = useForm<ItemFormValues>({ resolver: itemFormResolver(), defaultValues: initial });

  const [photos, setPhotos] = useState<PhotoEntry[]>(() =>
    (item?.photos ?? []).map((p) => ({ key: newPhotoKey(), type: p.type, name: p.name })),
  );
  const [params, setParams] = useState<ParamEntry[]>(() =>
    (item?.params ?? []).map((p) => ({ paramId: p.paramId, values: [...p.values] })),
  );
  const [descs, setDescs] = useState<DescEntry[]>(() =>
    (item?.additionalDescs ?? []).map((d) => ({ key: newDescKey(), id: d.id })),
  );
  const [touched, setTouched] = useState({ photos: false, params: false, descs: false });
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState(0);

  const name = watch('name');
  const description = watch('description');
  const countOfferOn = watch('countOfferOn');
  const extOn = watch('extOn');
  const marginOn = watch('marginOn');
  const extPrice = watch('extPrice');
  const margin = watch('margin');
  const categoryId = watch('categoryId');

  useEffect(() => onCategory(categoryId), [categoryId, onCategory]);

  // A non-zero custom margin sets the price: external price plus margin percent (§4).
  useEffect(() => {
    if (!extOn || !marginOn) return;
    const price = marginPrice(extPrice, margin);
    if (price !== undefined) setValue('price', price, { shouldDirty: true, shouldValidate: true });
  }, [extOn, marginOn, extPrice, margin, setValue]);

  const vatOptions = useMemo(() => withCurrent(lists.vatValues, initial.vat, sameRate), [lists.vatValues, initial.vat]);
  const currencyOptions = useMemo(
    () => withCurrent(lists.currencyValues, initial.currency),
    [lists.currencyValues, initial.currency],
  );

  const warnPhotos = (problem: PhotoProblem) =>
    toast.warning(
      te.uploadWarningTitle,
      problem === 'tooMany' ? te.photosTooMany : problem === 'tooBig' ? te.photoTooBig : te.photoBadType,
      8,
    );

  const change =
    <T,>(set: (v: T) => void, part: 'photos' | 'params' | 'descs') =>
    (v: T) => {
      set(v);
      setTouched((x) => ({ ...x, [part]: true }));
    };

  const showFieldError = (field: string | undefined, message: string) => {
    const f = formFieldOf(field);
    if (f) setError(f, { message }, { shouldFocus: true });
  };

  const onSubmit = async (v: ItemFormValues) => {
    const fresh = photos.filter((p) => p.file);
    const problem =
      photos.length > PHOTOS_MAX
        ? 'tooMany'
        : photoProblem(
            photos.length - fresh.length,
            fresh.map((p) => p.file as File),
          );
    if (problem) return warnPhotos(problem);
    const touchedAll = { ...touched, countWare: v.countWare.trim() !== initial.countWare };
    // The contract's own rules first (code format, GTIN check digit): nothing is sent when they fail.
    const check = itemInputSchema.safeParse(itemBody(v, { photos: [], params, descs }));
    if (!check.success) {
      for (const issue of check.error.issues) showFieldError(issue.path.join('.'), issue.message);
      return;
    }

    setSaving(true);
    setProgress(0);
    let done = 0;
    let current = photos;
    try {
      for (const p of fresh) {
        let name: string;
        try {
          name = await uploadPhoto(p.file as File);
        } catch (err) {
          toast.error(te.photosErrorTitle, errorMessage(err));
          return;
        }
        // An uploaded photo stays uploaded: a retried save does not send it again.
        current = current.map((x) => (x.key === p.key ? { key: x.key, type: 'file' as const, name } : x));
        setPhotos(current);
        setProgress(progressPercent(++done, fresh.length));
      }
      const photoInputs: PhotoInput[] = current.map((p) => ({ type: p.type, name: p.name }) as PhotoInput);
      let saved: Item;
      try {
        saved = await saveItem(itemBody(v, { photos: photoInputs, params, descs }, item?.id, touchedAll));
      } catch (err) {
        toast.error(te.saveErrorTitle, errorMessage(err));
        if (err instanceof ApiError) showFieldError(err.field, err.message);
        return;
      }
      setProgress(progressPercent(++done, fresh.length));
      client.setQueryData(itemKeys.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: itemKeys.all });
      try {
        for (const s of slots.list('item.edit.sections')) if (s.afterSave) await s.afterSave(saved);
      } catch (err) {
        toast.error(te.saveErrorTitle, errorMessage(err));
        return;
      }
      setProgress(progressPercent(++done, fresh.length));
      toast.success(te.saved, te.savedBody);
      onSaved(saved);
    } finally {
      setSaving(false);
    }
  };

  const codeReg = register('code');
  const priceReg = register('price');

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)} data-testid="item-form">
      <fieldset disabled={saving}>
        <SectionCard title={te.general} icon="box-seam" className="mb-3" testId="item-general">
          <Row className="g-3">
            <Col md={4}>
              <Field id="item-code" label={te.code} error={errors.code}>
                <Form.Control
                  {...codeReg}
                  autoComplete="off"
                  autoFocus={!item}
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
              </Field>
            </Col>
            <Col md={4}>
              <Field id="item-gtin" label={te.gtin} error={errors.gtin}>
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
              </Field>
            </Col>
            <Col md={4}>
              <Field id="item-status" label={te.status} error={errors.itemStatusId}>
                <Form.Select {...register('itemStatusId')} isInvalid={!!errors.itemStatusId} data-testid="item-status">
                  <option value="">{t.choose}</option>
                  <NamedOptions rows={lists.statuses} />
                </Form.Select>
              </Field>
            </Col>
            <Col xs={12}>
              <Field id="item-name" label={te.name} error={errors.name}>
                <Form.Control {...register('name')} isInvalid={!!errors.name} data-testid="item-name" />
              </Field>
              <div className="form-text mt-n2 mb-2" data-testid="item-name-chars">
                {format(te.chars, { n: name.length })}
              </div>
            </Col>
            <Col xs={12}>
              <Field id="item-description" label={te.description} error={errors.description}>
                <Form.Control
                  as="textarea"
                  rows={5}
                  {...register('description')}
                  isInvalid={!!errors.description}
                  data-testid="item-description"
                />
              </Field>
              <div className="form-text mt-n2 mb-2" data-testid="item-description-chars">
                {format(te.chars, { n: description.length })}
              </div>
            </Col>
            <Col sm={6} lg={3}>
              <Field id="item-price" label={te.price} error={errors.price}>
                <Form.Control
                  {...priceReg}
                  type="text"
                  inputMode="decimal"
                  isInvalid={!!errors.price}
                  data-testid="item-price"
                  onBlur={(e) => {
                    setValue('price', dotDecimal(e.target.value));
                    return priceReg.onBlur(e);
                  }}
                />
              </Field>
            </Col>
            <Col sm={6} lg={3}>
              <Field id="item-vat" label={te.vat} error={errors.vat}>
                <Form.Select {...register('vat')} isInvalid={!!errors.vat} data-testid="item-vat">
                  <option value="">{t.choose}</option>
                  {vatOptions.map((r) => (
                    <option key={r} value={r}>
                      {r}%
                    </option>
                  ))}
                </Form.Select>
              </Field>
            </Col>
            <Col sm={6} lg={3}>
              <Field id="item-currency" label={te.currency} error={errors.currency}>
                <Form.Select {...register('currency')} isInvalid={!!errors.currency} data-testid="item-currency">
                  <option value="">{t.choose}</option>
                  {currencyOptions.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </Form.Select>
              </Field>
            </Col>
            <Col sm={6} lg={3}>
              <Field id="item-count-ware" label={te.countWare} error={errors.countWare}>
                <Form.Control
                  {...register('countWare')}
                  type="number"
                  min={0}
                  step={1}
                  isInvalid={!!errors.countWare}
                  data-testid="item-count-ware"
                />
              </Field>
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
                <Field id="item-count-offer" label={te.countOffer} error={errors.countOffer}>
                  <Form.Control
                    {...register('countOffer')}
                    type="number"
                    min={0}
                    step={1}
                    required
                    isInvalid={!!errors.countOffer}
                    data-testid="item-count-offer"
                  />
                </Field>
              )}
            </Col>
            {(
              [
                ['deliveryPriceListId', 'item-price-list', te.priceList, lists.priceLists],
                ['deliveryTimeId', 'item-delivery-time', te.deliveryTime, lists.deliveryTimes],
                ['itemGroupId', 'item-group', te.group, lists.groups],
              ] as const
            ).map(([name, id, label, rows]) => (
              <Col key={name} sm={6} lg={3}>
                <Field id={id} label={label}>
                  <Form.Select {...register(name)} data-testid={id}>
                    <option value="">{t.none}</option>
                    <NamedOptions rows={rows} />
                  </Form.Select>
                </Field>
              </Col>
            ))}
            <Col md={6}>
              <Form.Group className="mb-3">
                <Form.Label htmlFor="item-category">{te.category}</Form.Label>
                <TreeRefField
                  control={control}
                  name="categoryId"
                  kind="categories"
                  id="item-category"
                  nodes={lists.categories}
                  disabled={saving}
                  testId="item-category"
                />
                {errors.categoryId && <div className="invalid-feedback d-block">{errors.categoryId.message}</div>}
              </Form.Group>
            </Col>
            <Col md={6}>
              <Form.Group className="mb-3">
                <Form.Label htmlFor="item-place">{te.place}</Form.Label>
                <TreeRefField
                  control={control}
                  name="placeId"
                  kind="places"
                  id="item-place"
                  nodes={lists.places}
                  disabled={saving}
                  testId="item-place"
                />
                {errors.placeId && <div className="invalid-feedback d-block">{errors.placeId.message}</div>}
              </Form.Group>
            </Col>
          </Row>
        </SectionCard>

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
                <Field id="item-ext-code" label={te.extCode} reg={register('extCode')} error={errors.extCode} />
              </Col>
              <Col md={8}>
                <Field id="item-ext-url" label={te.extUrl} reg={register('extUrl')} error={errors.extUrl} />
              </Col>
              <Col sm={6} md={4}>
                <Field id="item-ext-price" label={te.extPrice} error={errors.extPrice}>
                  <Form.Control
                    {...register('extPrice')}
                    type="number"
                    min={0}
                    step={0.01}
                    isInvalid={!!errors.extPrice}
                    data-testid="item-ext-price"
                  />
                </Field>
              </Col>
              <Col sm={6} md={4}>
                <Form.Check
                  id="item-margin-on"
                  type="checkbox"
                  className="mb-2"
                  label={te.marginOn}
                  data-testid="item-margin-on"
                  {...register('marginOn', {
                    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
                      setValue('margin', e.target.checked ? '0' : null),
                  })}
                />
                {marginOn && (
                  <Field id="item-margin" label={te.margin} error={errors.margin}>
                    <Form.Control
                      {...register('margin')}
                      type="number"
                      min={0}
                      step={0.01}
                      isInvalid={!!errors.margin}
                      data-testid="item-margin"
                    />
                    <Form.Text muted>{te.marginHint}</Form.Text>
                  </Field>
                )}
              </Col>
            </Row>
          </fieldset>
        </CollapsibleSection>

        <CollapsibleSection
          title={te.descs}
          icon="card-text"
          badge={<span className="badge text-bg-secondary">{descs.length}</span>}
          testId="item-descs"
        >
          <DescsEditor
            descs={descs}
            onChange={change(setDescs, 'descs')}
            options={lists.descs}
            disabled={saving}
            testId="item-descs-editor"
          />
        </CollapsibleSection>

        <CollapsibleSection
          title={te.params}
          icon="sliders"
          badge={<span className="badge text-bg-secondary">{params.length}</span>}
          testId="item-params"
        >
          <ParamsEditor
            params={params}
            onChange={change(setParams, 'params')}
            known={lists.params}
            addable={lists.categoryParams}
            addWith="select"
            disabled={saving}
            testId="item-params-editor"
          />
        </CollapsibleSection>

        <CollapsibleSection
          title={te.photos}
          icon="images"
          badge={<span className="badge text-bg-secondary">{photos.length}</span>}
          testId="item-photos-section"
        >
          <PhotosEditor
            photos={photos}
            onChange={change(setPhotos, 'photos')}
            login={login}
            onProblem={warnPhotos}
            disabled={saving}
          />
        </CollapsibleSection>

        <PluginSections item={item} />

        <div className="d-flex flex-wrap align-items-center gap-3 mt-3">
          <Button type="submit" variant="primary" disabled={saving} data-testid="item-save">
            <i className="bi bi-check-lg me-1" aria-hidden="true" />
            {t.save}
          </Button>
          {saving && (
            <ProgressBar
              striped
              animated
              now={Math.max(progress, 5)}
              label={t.saving}
              className="flex-grow-1"
              style={{ height: '1.5rem', maxWidth: '30rem' }}
              data-testid="item-saving"
            />
          )}
        </div>
      </fieldset>
    </Form>
  );
}
