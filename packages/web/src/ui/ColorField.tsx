import { DEFAULT_STATUS_COLOR } from '@zaplecze/contract';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { uiText } from './texts';

interface Props {
  id: string;
  label: string;
  /** Hex colour without '#' (may be incomplete while typed). */
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error?: string;
  disabled?: boolean;
}

const FULL_HEX = /^[0-9a-f]{6}$/i;

/**
 * A colour as the browser's colour picker beside its hex code: picking fills the code, a typed
 * full code moves the picker. The value is kept without '#' (docs/rules/platform-rules.md §3).
 */
export function ColorField({ id, label, value, onChange, onBlur, error, disabled }: Props) {
  const t = uiText().color;
  const clean = (value ?? '').replace(/^#/, '');
  const pickerValue = `#${FULL_HEX.test(clean) ? clean.toLowerCase() : DEFAULT_STATUS_COLOR}`;
  return (
    <div className="mb-3">
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          type="color"
          id={`${id}-picker`}
          className="flex-grow-0"
          style={{ width: '3.5rem' }}
          value={pickerValue}
          disabled={disabled}
          aria-label={t.picker}
          title={t.picker}
          onChange={(e) => onChange(e.target.value.replace(/^#/, ''))}
          data-testid={`${id}-picker`}
        />
        <InputGroup.Text>#</InputGroup.Text>
        <Form.Control
          type="text"
          id={id}
          value={clean}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          disabled={disabled}
          isInvalid={!!error}
          aria-label={t.hex}
          className="font-monospace"
          onChange={(e) => onChange(e.target.value.trim().replace(/^#/, ''))}
          onBlur={onBlur}
          data-testid={`${id}-hex`}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </InputGroup>
    </div>
  );
}
