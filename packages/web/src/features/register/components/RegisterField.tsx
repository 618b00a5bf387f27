import type { ComponentProps } from 'react';
import Form from 'react-bootstrap/Form';
import { useFormContext } from 'react-hook-form';
import type { RegisterField as FieldName, RegisterFormValues } from '../register-form';

type TextFieldName = Exclude<FieldName, 'acceptedRegulations' | 'captchaUUID'>;

type InputProps = Pick<
  ComponentProps<'input'>,
  'type' | 'autoComplete' | 'placeholder' | 'inputMode' | 'autoCapitalize' | 'spellCheck' | 'maxLength'
>;

export interface RegisterFieldProps extends InputProps {
  name: TextFieldName;
  label: string;
  required?: boolean;
  /** Shown after the label in brackets, e.g. "opcjonalnie". */
  hint?: string;
  /** Shown under the input while it has no error. */
  help?: string;
  className?: string;
}

/** A labelled text input of the registration form with its Polish error message under it. */
export function RegisterField({ name, label, required, hint, help, className, ...input }: RegisterFieldProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext<RegisterFormValues>();
  const error = errors[name]?.message;
  const helpId = help ? `reg-${name}-help` : undefined;
  return (
    <Form.Group className={className} controlId={`reg-${name}`}>
      <Form.Label>
        {label}
        {required && (
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        )}
        {hint && <span className="text-body-secondary small ms-1">({hint})</span>}
      </Form.Label>
      <Form.Control
        {...input}
        aria-required={required}
        aria-describedby={helpId}
        isInvalid={!!error}
        {...register(name)}
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      {help && !error && (
        <Form.Text id={helpId} className="d-block">
          {help}
        </Form.Text>
      )}
    </Form.Group>
  );
}
