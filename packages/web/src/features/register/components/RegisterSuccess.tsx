import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { registerText } from '../texts';

/** After a registration: the login to sign in with and the way to the login page. */
export function RegisterSuccess({ login }: { login: string }) {
  const t = registerText();
  const [copied, setCopied] = useState(false);
  const canCopy = typeof navigator !== 'undefined' && !!navigator.clipboard;
  const copy = () => {
    navigator.clipboard.writeText(login).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="text-center py-2" data-testid="register-success">
      <i className="bi bi-check-circle-fill text-success display-4" aria-hidden="true" />
      <h1 className="h3 mt-3">{t.successHeading}</h1>
      <p className="text-body-secondary mb-3">{t.successBody}</p>
      <div className="d-inline-flex flex-wrap align-items-center justify-content-center gap-2 bg-body-tertiary border rounded px-3 py-2 mb-2">
        <span
          className="font-monospace fw-semibold text-break"
          style={{ fontSize: 'clamp(1rem, 5vw, 1.5rem)' }}
          data-testid="register-login"
        >
          {login}
        </span>
        {canCopy && (
          <Button variant="outline-secondary" size="sm" onClick={copy} aria-live="polite">
            <i className={`bi ${copied ? 'bi-check2' : 'bi-clipboard'} me-1`} aria-hidden="true" />
            {copied ? t.copied : t.copy}
          </Button>
        )}
      </div>
      <p className="small text-body-secondary mb-4">{t.successHint}</p>
      <Link to="/login" className="btn btn-primary btn-lg px-4" data-testid="register-go-login">
        <i className="bi bi-box-arrow-in-right me-2" aria-hidden="true" />
        {t.goToLogin}
      </Link>
    </div>
  );
}
