import { Controller, useWatch, type Control, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { format, pluralPl } from '@web/i18n';
import { ColorField } from './ColorField';
import { FormField } from './FormField';
import { NumberInput } from './NumberInput';
import type { FieldSpec } from './list-config';
import { uiText } from './texts';

interface Props<V extends FieldValues, B> {
  /** Prefix of the inputs' ids and test ids. */
  idPrefix: string;
  fields: readonly FieldSpec<V>[];
  form: UseFormReturn<V, unknown, B>;
}

/** Number of characters under a text area; only this line re-renders while typing. */
function CharCounter<V extends FieldValues, B>({
  control,
  name,
  id,
}: {
  control: Control<V, unknown, B>;
  name: Path<V>;
  id: string;
}) {
  const value: unknown = useWatch({ control, name });
  const n = typeof value === 'string' ? value.length : 0;
  return (
    <Form.Text id={id} muted className="d-block text-end" aria-live="polite" data-testid={id}>
      {format(pluralPl(n, uiText().list.chars), { n })}
    </Form.Text>
  );
}

/** The inputs of a list form, drawn from the config's field specs in one responsive row. */
export function CrudFields<V extends FieldValues, B>({ idPrefix, fields, form }: Props<V, B>) {
  const { register, control, getFieldState, formState } = form;
  return (
    <Row className="gx-3">
      {fields.map((f) => {
        const id = `${idPrefix}-${f.name}`;
        const error = getFieldState(f.name, formState).error;
        let input;
        switch (f.kind) {
          case 'color':
            input = (
              <Controller
                control={control}
                name={f.name}
                render={({ field, fieldState }) => (
                  <ColorField
                    id={id}
                    label={f.label()}
                    value={typeof field.value === 'string' ? field.value : ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                  />
                )}
              />
            );
            break;
          case 'textarea':
            input = (
              <Form.Group className="mb-3" controlId={id}>
                <Form.Label>{f.label()}</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={6}
                  isInvalid={!!error}
                  aria-describedby={f.counter ? `${id}-counter` : undefined}
                  data-testid={id}
                  {...register(f.name)}
                />
                <Form.Control.Feedback type="invalid">{error?.message}</Form.Control.Feedback>
                {f.counter && <CharCounter control={control} name={f.name} id={`${id}-counter`} />}
              </Form.Group>
            );
            break;
          case 'mm':
            input = (
              <Form.Group className="mb-3" controlId={id}>
                <Form.Label>{f.label()}</Form.Label>
                <NumberInput integer isInvalid={!!error} data-testid={id} {...register(f.name)} />
                <Form.Control.Feedback type="invalid">{error?.message}</Form.Control.Feedback>
              </Form.Group>
            );
            break;
          default:
            input = (
              <FormField
                id={id}
                label={f.label()}
                autoComplete="off"
                registration={register(f.name)}
                error={error}
                testId={id}
              />
            );
        }
        return (
          <Col key={f.name} xs={12} md={f.md ?? 12}>
            {input}
          </Col>
        );
      })}
    </Row>
  );
}
