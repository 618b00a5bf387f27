import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { settingsText } from '../texts';

interface Props {
  title: string;
  /** A bootstrap-icons class, e.g. bi-percent. */
  icon: string;
  /** Shows the read-only notice (user without main.settings.edit). */
  readOnly?: boolean;
  children?: ReactNode;
}

/** The heading of a settings screen, with the read-only notice when the user may not change it. */
export function SettingsHeader({ title, icon, readOnly, children }: Props) {
  return (
    <>
      <h1 className="h3 mb-3 d-flex align-items-center gap-2">
        <i className={`bi ${icon} text-secondary`} aria-hidden="true" />
        {title}
      </h1>
      {children}
      {readOnly && (
        <Alert variant="secondary" className="d-flex align-items-center gap-2 py-2" data-testid="settings-read-only">
          <i className="bi bi-lock" aria-hidden="true" />
          {settingsText().readOnly}
        </Alert>
      )}
    </>
  );
}
