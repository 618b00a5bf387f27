import { CAPTCHA_TTL_MS, captchaSchema } from '@zaplecze/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { api } from '@web/platform/api';
import { uiText } from './texts';

/**
 * GET /captcha, while `enabled`. Answers are single-use and expire after 10 minutes, so the image
 * is never reused from a cache and is replaced a little before it expires; after a failed try the
 * caller refetches (the server has used the challenge up, right or wrong).
 */
export function useCaptcha(enabled = true) {
  return useQuery({
    queryKey: ['captcha'],
    queryFn: ({ signal }) => api.get('/captcha', { schema: captchaSchema, signal }),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchInterval: CAPTCHA_TTL_MS - 30_000,
  });
}

export interface CaptchaImageProps {
  /** Data URL of the image; undefined while loading or after a failure. */
  image: string | undefined;
  loading: boolean;
  onRenew: () => void;
}

/** The captcha image with its renew button (registration, and a sign-in under attack). */
export function CaptchaImage({ image, loading, onRenew }: CaptchaImageProps) {
  const t = uiText().captcha;
  return (
    <div className="d-flex align-items-center gap-2">
      <div
        className="border rounded bg-white d-flex align-items-center justify-content-center overflow-hidden flex-shrink-0"
        style={{ width: 162, height: 62 }}
        data-testid="captcha-image"
      >
        {loading ? (
          <Spinner animation="border" size="sm" role="status">
            <span className="visually-hidden">{t.loading}</span>
          </Spinner>
        ) : image ? (
          <img src={image} alt={t.imageAlt} width={160} height={60} />
        ) : (
          <span className="small text-body-secondary">{t.unavailable}</span>
        )}
      </div>
      <Button
        variant="outline-secondary"
        onClick={onRenew}
        disabled={loading}
        title={t.renewTitle}
        data-testid="captcha-renew"
      >
        <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
        {t.renew}
      </Button>
    </div>
  );
}
