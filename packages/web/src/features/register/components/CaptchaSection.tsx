import Form from 'react-bootstrap/Form';
import { useFormContext } from 'react-hook-form';
import { CaptchaImage } from '@web/ui/Captcha';

import type { RegisterFormValues } from '../register-form';
import { FormSection } from './FormSection';
import { TermsCheck } from './TermsCheck';
import { registerText } from '../texts';

export interface CaptchaSectionProps {
  /** Data URL of the image; undefined while loading or after a failure. */
  image: string | undefined;
  loading: boolean;
  onRenew: () => void;
}

/** The captcha image with its renew button and answer field, and the terms acceptance. */
export function CaptchaSection({ image, loading, onRenew }: CaptchaSectionProps) {
  const t = registerText();
  const {
    register,
    formState: { errors },
  } = useFormContext<RegisterFormValues>();
  // no image means no challenge id: say so at the answer field, the only place the user can act
  const error = errors.captcha?.message ?? errors.captchaUUID?.message;
  return (
    <FormSection icon="bi-shield-check" title={t.captchaSection}>
      <div className="row g-3 align-items-center mb-3">
        <div className="col-sm-auto">
          <CaptchaImage image={image} loading={loading} onRenew={onRenew} />
        </div>
        <Form.Group className="col" controlId="reg-captcha">
          <Form.Label className="visually-hidden">{t.captcha}</Form.Label>
          <Form.Control
            size="lg"
            placeholder={t.captcha}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={20}
            aria-required
            isInvalid={!!error}
            {...register('captcha')}
          />
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </Form.Group>
      </div>
      <TermsCheck />
    </FormSection>
  );
}
