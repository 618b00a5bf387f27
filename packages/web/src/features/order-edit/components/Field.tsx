import type { ReactNode } from 'react';
import { get, useFormContext, type FieldValues } from 'react-hook-form';
import { FieldGroup } from '@web/ui/FormField';

/** The error message of a (nested) form field, e.g. `client.email` or `items.2.price`. */
export function useErrorOf(): (name: string) => string | undefined {
  const { formState } = useFormContext<FieldValues>();
  const errors = formState.errors;
  return (name) => (get(errors, name) as { message?: string } | undefined)?.message;
}

/** A labelled control of the order form with the validation message of field `name` under it. */
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
  return (
    <FieldGroup id={id} label={label} error={useErrorOf()(name)} className={className} labelClassName="mb-1">
      {children}
    </FieldGroup>
  );
}
