import type { HTMLInputTypeAttribute, ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * THE labelled form control: a label, the control (`children`), and the validation message under
 * it. Every form's fields use it (directly, through FormField for a plain input, or through a
 * form's own thin wrapper that finds its error by name).
 */
export function FieldGroup({
  id,
  label,
  error,
  children,
  className = 'mb-3',
  labelClassName,
}: {
  /** The control's id; the label points at it. */
  id: string;
  label: ReactNode;
  /** The message shown under the control (none: valid). */
  error?: string | undefined;
  children: ReactNode;
  className?: string;
  labelClassName?: string;
}) {
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label className={labelClassName}>{label}</Form.Label>
      {children}
      {error && (
        <div className="invalid-feedback d-block" data-testid={`${id}-error`}>
          {error}
        </div>
      )}
    </Form.Group>
  );
}

export interface FormFieldProps {
  /** The input's id; the label points at it. */
  id: string;
  label: ReactNode;
  /** What `register(name)` of react-hook-form returns. */
  registration: UseFormRegisterReturn;
  /** The field's error from react-hook-form; its message is shown under the input. */
  error?: { message?: string };
  /** A short help text under the input (hidden while an error is shown). */
  hint?: ReactNode;
  /** Text glued to the left of the input (an input-group prefix, e.g. the organisation prefix). */
  prefix?: ReactNode;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  placeholder?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal' | 'search' | 'url' | 'none';
  className?: string;
  testId?: string;
}

/** One labelled input bound to react-hook-form, with its validation message under it. */
export function FormField({
  id,
  label,
  registration,
  error,
  hint,
  prefix,
  type = 'text',
  autoComplete,
  placeholder,
  autoFocus,
  disabled,
  inputMode,
  className = 'mb-3',
  testId,
}: FormFieldProps) {
  const invalid = !!error;
  const hintId = hint ? `${id}-hint` : undefined;
  const control = (
    <Form.Control
      type={type}
      autoComplete={autoComplete}
      placeholder={placeholder}
      autoFocus={autoFocus}
      disabled={disabled}
      inputMode={inputMode}
      isInvalid={invalid}
      aria-describedby={hintId}
      data-testid={testId}
      {...registration}
    />
  );
  const feedback = <Form.Control.Feedback type="invalid">{error?.message}</Form.Control.Feedback>;
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {prefix ? (
        <InputGroup hasValidation>
          <InputGroup.Text>{prefix}</InputGroup.Text>
          {control}
          {feedback}
        </InputGroup>
      ) : (
        <>
          {control}
          {feedback}
        </>
      )}
      {hint && !invalid && (
        <Form.Text id={hintId} muted className="d-block">
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}
