import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { format } from '@web/i18n';
import type { ParameterFormValues } from '../parameter-form';
import { parametersText } from '../texts';

export interface DictionaryEditorProps {
  control: Control<ParameterFormValues>;
  register: UseFormRegister<ParameterFormValues>;
  errors: FieldErrors<ParameterFormValues>['dictionary'];
  disabled: boolean;
}

/** The numbered entries of a DICT parameter, each removable, with an add button (§2.9). */
export function DictionaryEditor({ control, register, errors, disabled }: DictionaryEditorProps) {
  const t = parametersText().edit;
  const { fields, append, remove } = useFieldArray({ control, name: 'dictionary' });
  return (
    <div data-testid="parameter-dictionary">
      {errors?.root?.message && (
        <div className="text-danger small mb-2" role="alert">
          {errors.root.message}
        </div>
      )}
      {fields.length === 0 && <p className="text-muted small">{t.dictionaryEmpty}</p>}
      <ol className="list-unstyled d-flex flex-column gap-2 mb-3">
        {fields.map((field, i) => {
          const n = i + 1;
          const error = errors?.[i]?.value;
          return (
            <li key={field.id}>
              <InputGroup size="sm" hasValidation>
                <InputGroup.Text className="justify-content-end" style={{ minWidth: '3rem' }}>
                  {n}.
                </InputGroup.Text>
                <Form.Control
                  aria-label={format(t.dictionaryEntry, { n })}
                  autoComplete="off"
                  isInvalid={!!error}
                  {...register(`dictionary.${i}.value`)}
                  data-testid={`parameter-dict-${i}`}
                />
                <Button
                  variant="outline-danger"
                  disabled={disabled}
                  title={format(t.dictionaryRemove, { n })}
                  aria-label={format(t.dictionaryRemove, { n })}
                  onClick={() => remove(i)}
                  data-testid={`parameter-dict-remove-${i}`}
                >
                  <i className="bi bi-x-lg" aria-hidden="true" />
                </Button>
                <Form.Control.Feedback type="invalid">{error?.message}</Form.Control.Feedback>
              </InputGroup>
            </li>
          );
        })}
      </ol>
      <Button
        size="sm"
        variant="outline-primary"
        disabled={disabled}
        onClick={() => append({ value: '' }, { shouldFocus: true })}
        data-testid="parameter-dict-add"
      >
        <i className="bi bi-plus-lg me-1" aria-hidden="true" />
        {t.dictionaryAdd}
      </Button>
    </div>
  );
}
