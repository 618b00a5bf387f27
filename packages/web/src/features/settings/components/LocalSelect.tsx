import Form from 'react-bootstrap/Form';
import { settingsText } from '../texts';

interface Props<T extends string> {
  id: string;
  label: string;
  values: readonly T[];
  /** The Polish label of each value. */
  labels: Record<T, string>;
  /** undefined = not set yet. */
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  /** No bottom margin (last field of a card). */
  last?: boolean;
}

/** A select over a fixed set of values, with '[ NIE USTAWIONO ]' while nothing is chosen. */
export function LocalSelect<T extends string>({ id, label, values, labels, value, onChange, last }: Props<T>) {
  return (
    <Form.Group controlId={id} className={last ? undefined : 'mb-3'}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        value={value ?? ''}
        onChange={(e) => {
          const v = e.target.value;
          onChange((values as readonly string[]).includes(v) ? (v as T) : undefined);
        }}
      >
        <option value="">{settingsText().print.notSet}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {labels[v]}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
