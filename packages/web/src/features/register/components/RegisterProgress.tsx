import ProgressBar from 'react-bootstrap/ProgressBar';
import { registerText } from '../texts';

/** Shown instead of the submit button while the registration runs. */
export function RegisterProgress() {
  const t = registerText();
  return (
    <div role="status" aria-live="polite" className="text-center" data-testid="register-progress">
      <ProgressBar animated striped now={100} className="mb-3" style={{ height: '0.75rem' }} />
      <div className="fw-semibold">{t.workingTitle}</div>
      <div className="small text-body-secondary">{t.workingBody}</div>
    </div>
  );
}
