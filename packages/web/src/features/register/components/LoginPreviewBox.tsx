import { useWatch } from 'react-hook-form';

import { loginPreview, type RegisterFormValues } from '../register-form';
import { registerText } from '../texts';

/** The live preview of the administrator's login, `{prefix}_{adminUser}`. */
export function LoginPreviewBox() {
  const t = registerText();
  const [prefix, user] = useWatch<RegisterFormValues, ['orgPrefix', 'adminUser']>({ name: ['orgPrefix', 'adminUser'] });
  const p = loginPreview(prefix, user);
  return (
    <div className="col-12">
      <div
        className="d-flex flex-wrap align-items-center gap-2 bg-body-tertiary border rounded px-3 py-2"
        aria-live="polite"
        data-testid="login-preview"
      >
        <i className="bi bi-person-badge text-primary" aria-hidden="true" />
        <span className="text-body-secondary small">{t.loginPreview}</span>
        <span className="font-monospace fw-semibold text-break">
          <span className={p.prefix ? undefined : 'text-body-tertiary fst-italic'}>
            {p.prefix ?? t.loginPreviewPrefix}
          </span>
          _<span className={p.user ? undefined : 'text-body-tertiary fst-italic'}>{p.user ?? t.loginPreviewUser}</span>
        </span>
      </div>
    </div>
  );
}
