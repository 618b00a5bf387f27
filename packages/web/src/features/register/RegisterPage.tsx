import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { m } from '@web/i18n';
import { PageSpinner } from '@web/ui/PageSpinner';
import { RegisterDisabled } from './components/RegisterDisabled';
import { RegisterForm } from './components/RegisterForm';
import { RegisterSuccess } from './components/RegisterSuccess';
import { useRegisterInfo } from './register.api';
import { registerText } from './texts';

/**
 * Registration of a company and its administrator (docs/rules/platform-rules.md §2 Registration): form, working,
 * then success or error; closed registration shows the server's text instead.
 */
export default function RegisterPage() {
  const t = registerText();
  const info = useRegisterInfo();
  const [login, setLogin] = useState<string>();

  let content;
  if (info.isPending) {
    content = <PageSpinner />;
  } else if (info.data && !info.data.enabled) {
    content = <RegisterDisabled text={info.data.registerText} />;
  } else if (login) {
    content = <RegisterSuccess login={login} />;
  } else {
    // if the check failed, offer the form anyway: the server still refuses a closed registration
    content = (
      <>
        <div className="text-center mb-4">
          <h1 className="h3 mb-1">{t.heading}</h1>
          <p className="text-body-secondary mb-1">{t.lead}</p>
          <p className="small text-body-secondary mb-0">{t.required}</p>
        </div>
        <RegisterForm
          onRegistered={(l) => {
            setLogin(l);
            window.scrollTo({ top: 0 });
          }}
          onDisabled={() => void info.refetch()}
        />
        <div className="text-center mt-4 small">
          {t.haveAccount} <Link to="/login">{t.loginLink}</Link>
        </div>
      </>
    );
  }

  return (
    <div className="auth-page">
      <Card className="auth-card auth-card-wide shadow">
        <Card.Body className="p-4 p-md-5">
          <div className="d-flex align-items-center justify-content-center gap-2 mb-3">
            <img src="/favicon.svg" alt="" width={36} height={36} />
            <span className="fw-semibold text-body-secondary">{m().appName}</span>
          </div>
          {content}
        </Card.Body>
      </Card>
    </div>
  );
}
