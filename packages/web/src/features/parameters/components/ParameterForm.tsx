import { PARAMETER_TYPES, type Parameter, type ParameterType } from '@zaplecze/contract';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { ApiError, errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { NodePicker } from '@web/features/catalog-trees/components/NodePicker';
import { useCategories } from '@web/data/trees.api';
import { m } from '@web/i18n';
import { FormField } from '@web/ui/FormField';
import { SectionCard } from '@web/ui/SectionCard';
import {
  parameterBody,
  parameterFormDefaults,
  parameterFormResolver,
  type ParameterFormValues,
} from '../parameter-form';
import { useSaveParameter } from '@web/data/parameters.api';
import { DictionaryEditor } from './DictionaryEditor';
import { treesText } from '@web/features/catalog-trees/texts';
import { parametersText } from '../texts';

export interface ParameterFormProps {
  /** The parameter being edited; undefined creates one. */
  parameter: Parameter | undefined;
  canEdit: boolean;
  onSaved(p: Parameter): void;
}

const isFormField = (f: string | undefined): f is 'name' | 'type' | 'categoryId' =>
  f === 'name' || f === 'type' || f === 'categoryId';

/**
 * Name, type, category ('[ BRAK ]' or one chosen in the select or the search dialog), 'Parametr
 * multi' and, for DICT, the dictionary (§2.9). Validated by the contract's parameterInputSchema;
 * a failed save keeps everything typed.
 */
export function ParameterForm({ parameter, canEdit, onSaved }: ParameterFormProps) {
  const t = parametersText().edit;
  const types = parametersText().types;
  const toast = useToast();
  const save = useSaveParameter();
  const categories = useCategories();
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<ParameterFormValues>({
    resolver: parameterFormResolver,
    defaultValues: parameterFormDefaults(parameter),
  });
  const type = watch('type');

  useEffect(() => {
    if (categories.error) toast.error(treesText().categories.loadErrorTitle, errorMessage(categories.error));
  }, [categories.error, toast]);

  const onSubmit = async (v: ParameterFormValues) => {
    try {
      const saved = await save.mutateAsync({ ...parameterBody(v), ...(parameter ? { id: parameter.id } : {}) });
      toast.success(t.saved);
      onSaved(saved);
    } catch (err) {
      toast.error(t.saveErrorTitle, errorMessage(err));
      if (err instanceof ApiError && isFormField(err.field)) setError(err.field, { message: err.message });
    }
  };

  const saving = save.isPending;
  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)} data-testid="parameter-form">
      <fieldset disabled={!canEdit}>
        <Row className="g-3">
          <Col lg={6}>
            <SectionCard title={t.section} icon="list-check">
              <FormField
                id="parameter-name"
                label={t.name}
                autoComplete="off"
                autoFocus={!parameter}
                registration={register('name')}
                error={errors.name}
                testId="parameter-name"
              />
              <Form.Group className="mb-3" controlId="parameter-type">
                <Form.Label>{t.type}</Form.Label>
                <Form.Select {...register('type')} isInvalid={!!errors.type} data-testid="parameter-type">
                  {PARAMETER_TYPES.map((p: ParameterType) => (
                    <option key={p} value={p}>
                      {types[p]}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid">{errors.type?.message}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group className="mb-3">
                <Form.Label htmlFor="parameter-category">{t.category}</Form.Label>
                <Controller
                  control={control}
                  name="categoryId"
                  render={({ field }) => (
                    <NodePicker
                      kind="categories"
                      id="parameter-category"
                      value={field.value}
                      onChange={field.onChange}
                      nodes={categories.data ?? []}
                      leading={[{ value: '', label: m().common.none }]}
                      disabled={!canEdit}
                      testId="parameter-category"
                    />
                  )}
                />
                {errors.categoryId ? (
                  <div className="invalid-feedback d-block">{errors.categoryId.message}</div>
                ) : (
                  <Form.Text muted>{t.categoryHint}</Form.Text>
                )}
              </Form.Group>
              <Form.Group controlId="parameter-multi">
                <Form.Check type="checkbox" label={t.multi} {...register('isMulti')} data-testid="parameter-multi" />
                <Form.Text muted>{t.multiHint}</Form.Text>
              </Form.Group>
            </SectionCard>
          </Col>
          {type === 'DICT' && (
            <Col lg={6}>
              <SectionCard title={t.dictionary} icon="book">
                <DictionaryEditor
                  control={control}
                  register={register}
                  errors={errors.dictionary}
                  disabled={!canEdit}
                />
              </SectionCard>
            </Col>
          )}
        </Row>
        {canEdit && (
          <div className="d-flex mt-3">
            <Button type="submit" variant="primary" disabled={saving} data-testid="parameter-save">
              {saving ? (
                <Spinner animation="border" size="sm" className="me-1" />
              ) : (
                <i className="bi bi-check-lg me-1" aria-hidden="true" />
              )}
              {saving ? t.saving : t.save}
            </Button>
          </div>
        )}
      </fieldset>
    </Form>
  );
}
