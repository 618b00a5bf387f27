import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useFormContext } from 'react-hook-form';

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
          <div className="d-flex align-items-center gap-2">
            <div
              className="border rounded bg-white d-flex align-items-center justify-content-center overflow-hidden flex-shrink-0"
              style={{ width: 162, height: 62 }}
              data-testid="captcha-image"
            >
              {loading ? (
                <Spinner animation="border" size="sm" role="status">
                  <span className="visually-hidden">{t.captchaLoading}</span>
                </Spinner>
              ) : image ? (
                <img src={image} alt={t.captchaImageAlt} width={160} height={60} />
              ) : (
                <span className="small text-body-secondary">{t.captchaUnavailable}</span>
              )}
            </div>
            <Button
              variant="outline-secondary"
              onClick={onRenew}
              disabled={loading}
              title={t.captchaRenewTitle}
              data-testid="captcha-renew"
            >
              <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
              {t.captchaRenew}
            </Button>
          </div>
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
