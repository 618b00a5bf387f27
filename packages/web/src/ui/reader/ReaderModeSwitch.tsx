import ToggleButton from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';
import { uiText } from '../texts';

export type ReaderMode = 'scanner' | 'manual';

/** The readers' mode switch: scanner keystrokes on the whole page, or a manual field. */
export function ReaderModeSwitch({
  mode,
  onChange,
  size = 'sm',
}: {
  mode: ReaderMode;
  onChange(mode: ReaderMode): void;
  size?: 'sm' | 'lg';
}) {
  const t = uiText().reader.modes;
  return (
    <ToggleButtonGroup
      type="radio"
      name="reader-mode"
      size={size}
      value={mode}
      onChange={(v: ReaderMode) => onChange(v)}
      aria-label={t.label}
    >
      <ToggleButton id="reader-mode-scanner" value="scanner" variant="outline-primary">
        <i className="bi bi-upc-scan me-1" aria-hidden="true" />
        {t.scanner}
      </ToggleButton>
      <ToggleButton id="reader-mode-manual" value="manual" variant="outline-primary">
        <i className="bi bi-keyboard me-1" aria-hidden="true" />
        {t.manual}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
