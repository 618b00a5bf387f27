import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { get, useFormContext, type FieldValues } from 'react-hook-form';

/** The error message of a (nested) form field, e.g. `client.email` or `items.2.price`. */
export function useErrorOf(): (name: string) => string | undefined {
  const { formState } = useFormContext<FieldValues>();
  const errors = formState.errors;
  return (name) => (get(errors, name) as { message?: string } | undefined)?.message;
}

/** A labelled control of the order form with its validation message under it. */
export function Field({
  id,
  label,
  name,
  children,
  className = 'mb-3',
}: {
  id: string;
  label: ReactNode;
  /** The form field whose error shows under the control. */
  name: string;
  children: ReactNode;
  className?: string;
}) {
  const error = useErrorOf()(name);
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label className="mb-1">{label}</Form.Label>
      {children}
      {error && (
        <div className="invalid-feedback d-block" data-testid={`${id}-error`}>
          {error}
        </div>
      )}
    </Form.Group>
  );
}
