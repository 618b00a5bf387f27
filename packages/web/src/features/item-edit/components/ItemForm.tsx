import { PHOTOS_MAX, itemInputSchema, type Item, type PhotoInput } from '@zaplecze/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { ApiError, errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { slots } from '@web/extensions/slots';
import { EditOnly } from '@web/ui/EditOnly';
import { useLeaveGuard } from '@web/ui/useLeaveGuard';
import {
  formFieldOf,
  itemBody,
  itemFormDefaults,
  itemFormResolver,
  type DescEntry,
  type ItemDefaults,
  type ItemFormValues,
  type ParamEntry,
  type PhotoEntry,
} from '../item-form';
import { itemKeys, saveItem, uploadPhoto } from '../item-edit.api';
import { marginPrice } from '../margin';
import { photoProblem, progressPercent, type PhotoProblem } from '../upload-progress';
import { itemEditText } from '../texts';
import { CollapsibleSection } from './CollapsibleSection';
import { ItemExternalSection } from './ItemExternalSection';
import { ItemGeneralSection } from './ItemGeneralSection';
import { DescsEditor, newDescKey } from './DescsEditor';
import { ParamsEditor } from './ParamsEditor';
import { newPhotoKey, PhotosEditor } from './PhotosEditor';
import { PluginSections } from './PluginSections';
import type { ItemFormLists } from '../catalog-lists';

export type { ItemFormLists };

export interface ItemFormProps {
  item: Item | undefined;
  defaults: ItemDefaults;
  lists: ItemFormLists;
  login: string;
  /** The category chosen in the form (the page loads its parameters). */
  onCategory(categoryId: string): void;
  onSaved(item: Item): void;
}

/**
 * The item form (docs/rules/catalogue-and-orders-rules.md §2.3): general fields, then the collapsible external data,
 * additional descriptions, parameters and photos, then plugins' sections. Save uploads new
 * photos, saves the item, runs the plugins' after-save step; a failure keeps everything typed.
 */
export function ItemForm({ item, defaults, lists, login, onCategory, onSaved }: ItemFormProps) {
  const t = itemEditText();
  const te = t.edit;
  const toast = useToast();
  const client = useQueryClient();
  const initial = useMemo(() => itemFormDefaults(item, defaults), [item, defaults]);
  const form = useForm<ItemFormValues>({ resolver: itemFormResolver(), defaultValues: initial });
  const { handleSubmit, setValue, setError, watch } = form;

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
  /** The new photo whose upload failed: marked, everything typed stays (§4). */
  const [failedPhoto, setFailedPhoto] = useState<string>();
  // Leaving with unsaved changes asks first (a failed save keeps them, so it asks then too).
  const guard = useLeaveGuard(form.formState.isDirty || touched.photos || touched.params || touched.descs);

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
    setFailedPhoto(undefined);
    let done = 0;
    let current = photos;
    try {
      for (const p of fresh) {
        let name: string;
        try {
          name = await uploadPhoto(p.file as File);
        } catch (err) {
          toast.error(te.photosErrorTitle, errorMessage(err));
          setFailedPhoto(p.key);
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
      guard.release();
      onSaved(saved);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={handleSubmit(onSubmit)} data-testid="item-form">
        <fieldset disabled={saving}>
          <ItemGeneralSection lists={lists} initial={initial} isNew={!item} saving={saving} />

          <ItemExternalSection />

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
              failed={failedPhoto}
              disabled={saving}
            />
          </CollapsibleSection>

          <PluginSections item={item} />

          <div className="d-flex flex-wrap align-items-center gap-3 mt-3">
            <EditOnly permission="main.items.edit">
              <Button type="submit" variant="primary" disabled={saving} data-testid="item-save">
                <i className="bi bi-check-lg me-1" aria-hidden="true" />
                {t.save}
              </Button>
            </EditOnly>
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
    </FormProvider>
  );
}
