import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { m } from '@web/i18n';
import { dismissBanner, isBannerDismissed } from '../home';

const storage = () => (typeof window !== 'undefined' ? window.sessionStorage : undefined);

export interface DismissibleBannerProps {
  /** Names the banner in the session memory of dismissals. */
  banner: string;
  /** What was shown: closing one text does not hide a different one later. */
  value: string;
  variant: 'info' | 'warning';
  icon: string;
  children: ReactNode;
  testId?: string;
}

/** A banner the user can close for the rest of the tab's session. */
export function DismissibleBanner({ banner, value, variant, icon, children, testId }: DismissibleBannerProps) {
  const [hidden, setHidden] = useState(() => isBannerDismissed(storage(), banner, value));
  if (hidden) return null;
  return (
    <Alert
      variant={variant}
      dismissible
      closeLabel={m().common.close}
      onClose={() => {
        dismissBanner(storage(), banner, value);
        setHidden(true);
      }}
      className="d-flex align-items-start gap-2"
      data-testid={testId}
    >
      <i className={`bi ${icon} lh-base`} aria-hidden="true" />
      <div className="text-pre-line">{children}</div>
    </Alert>
  );
}
