import type { InputHTMLAttributes, Ref } from 'react';
import Form from 'react-bootstrap/Form';

export type NumberInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'size' | 'value'> & {
  value?: string;
  /** Whole numbers: the phone keyboard without a decimal separator. */
  integer?: boolean;
  isInvalid?: boolean;
  size?: 'sm' | 'lg';
  ref?: Ref<HTMLInputElement>;
  'data-testid'?: string;
};

/**
 * THE numeric input of every form: a text field (never `type="number"`, which drops a typed
 * comma: '7,5' became 75), read with ui/number-text.ts, where commas become dots.
 */
export function NumberInput({ integer, ...props }: NumberInputProps) {
  return <Form.Control type="text" inputMode={integer ? 'numeric' : 'decimal'} autoComplete="off" {...props} />;
}
