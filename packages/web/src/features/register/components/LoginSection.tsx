import { FormSection } from './FormSection';
import { LoginPreviewBox } from './LoginPreviewBox';
import { RegisterField } from './RegisterField';
import { registerText } from '../texts';

/** The organisation prefix and the administrator's account. */
export function LoginSection() {
  const t = registerText();
  const id = { autoCapitalize: 'none', spellCheck: false, autoComplete: 'off' } as const;
  return (
    <FormSection icon="bi-person-lock" title={t.loginSection}>
      <div className="row g-3">
        <RegisterField
          className="col-md-6"
          name="orgPrefix"
          label={t.orgPrefix}
          required
          help={t.orgPrefixHelp}
          maxLength={20}
          {...id}
        />
        <RegisterField
          className="col-md-6"
          name="adminUser"
          label={t.adminUser}
          required
          help={t.adminUserHelp}
          maxLength={40}
          {...id}
        />
        <LoginPreviewBox />
        <RegisterField
          className="col-md-6"
          name="adminPass"
          label={t.adminPass}
          required
          help={t.adminPassHelp}
          type="password"
          autoComplete="new-password"
        />
        <RegisterField
          className="col-md-6"
          name="adminPassRepeat"
          label={t.adminPassRepeat}
          required
          type="password"
          autoComplete="new-password"
        />
        <RegisterField
          className="col-md-6"
          name="adminEmail"
          label={t.adminEmail}
          required
          type="email"
          placeholder={t.adminEmailPlaceholder}
          autoComplete="email"
          autoCapitalize="none"
          maxLength={254}
        />
        <RegisterField
          className="col-md-6"
          name="adminTel"
          label={t.adminTel}
          required
          type="tel"
          placeholder={t.adminTelPlaceholder}
          autoComplete="tel"
          maxLength={30}
        />
      </div>
    </FormSection>
  );
}
