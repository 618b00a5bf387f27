import Form from 'react-bootstrap/Form';
import { useFormContext } from 'react-hook-form';

import { formatNodes } from '../format-nodes';
import type { RegisterFormValues } from '../register-form';
import { registerText } from '../texts';

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <i className="bi bi-box-arrow-up-right small ms-1" aria-hidden="true" />
      <span className="visually-hidden"> {registerText().newTab}</span>
    </a>
  );
}

/** Acceptance of the terms and the privacy policy; both open in a new tab. */
export function TermsCheck() {
  const t = registerText();
  const {
    register,
    formState: { errors },
  } = useFormContext<RegisterFormValues>();
  const label = formatNodes(t.acceptTemplate, {
    terms: <ExternalLink href={t.termsUrl}>{t.termsLink}</ExternalLink>,
    privacy: <ExternalLink href={t.privacyUrl}>{t.privacyLink}</ExternalLink>,
  });
  return (
    <Form.Check
      id="reg-acceptedRegulations"
      aria-required
      isInvalid={!!errors.acceptedRegulations}
      feedback={errors.acceptedRegulations?.message}
      feedbackType="invalid"
      label={
        <>
          {label}
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        </>
      }
      {...register('acceptedRegulations')}
    />
  );
}
