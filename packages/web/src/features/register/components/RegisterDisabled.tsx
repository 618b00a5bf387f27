import { Link } from 'react-router';
import { registerText } from '../texts';

/** Registration is closed on this server: its text replaces the form. */
export function RegisterDisabled({ text }: { text: string }) {
  const t = registerText();
  return (
    <div className="text-center py-2" data-testid="register-disabled">
      <i className="bi bi-slash-circle text-secondary display-4" aria-hidden="true" />
      <h1 className="h3 mt-3">{t.disabledHeading}</h1>
      {text && <p className="text-body-secondary text-pre-line mb-4">{text}</p>}
      <Link to="/login" className="btn btn-outline-primary">
        <i className="bi bi-arrow-left me-2" aria-hidden="true" />
        {t.backToLogin}
      </Link>
    </div>
  );
}
