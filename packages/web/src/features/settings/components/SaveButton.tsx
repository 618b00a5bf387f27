import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { m } from '@web/i18n';

interface Props {
  label: string;
  saving?: boolean;
  onClick?: () => void;
  /** 'submit' when the button sends its form. */
  type?: 'button' | 'submit';
}

/** Save of a settings screen: shows 'Zapisywanie...' and is disabled while saving. */
export function SaveButton({ label, saving = false, onClick, type = 'button' }: Props) {
  return (
    <Button type={type} variant="primary" disabled={saving} onClick={onClick} data-testid="settings-save">
      {saving ? (
        <>
          <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          {m().common.saving}
        </>
      ) : (
        <>
          <i className="bi bi-save me-2" aria-hidden="true" />
          {label}
        </>
      )}
    </Button>
  );
}
