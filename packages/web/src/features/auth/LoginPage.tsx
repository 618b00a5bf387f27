import { zodResolver } from '@hookform/resolvers/zod';
import { AuthStatus } from '@zaplecze/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useMainInfo } from '@web/platform/main-info';
import { m } from '@web/i18n';
import { CaptchaImage, useCaptcha } from '@web/ui/Captcha';
import { authText } from './texts';

function loginFormSchema() {
  const t = authText();
  return z.object({
    login: z.string().trim().min(1, t.loginRequired),
    pass: z.string().min(1, t.passwordRequired),
    remember: z.boolean(),
    /** Only while the server asks for the captcha; checked in onSubmit then. */
    captcha: z.string(),
  });
}
type LoginForm = z.infer<ReturnType<typeof loginFormSchema>>;

/** Sign-in (docs/rules/platform-rules.md §2 Login). */
export default function LoginPage() {
  const t = authText();
  const auth = useAuth();
  const info = useMainInfo();
  const navigate = useNavigate();
  const location = useLocation();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema()),
    defaultValues: { login: '', pass: '', remember: false, captcha: '' },
  });
  // A login under attack from many addresses: the server asks for the captcha (docs/decisions.md,
  // Sign-in rate limit); the same image and renew button as registration.
  const captchaRequired = auth.captchaRequired;
  const captcha = useCaptcha(captchaRequired);
  const uuid = captcha.data?.uuid;
  useEffect(() => {
    // each image is a new single-use challenge: an answer typed for the old one is void
    setValue('captcha', '');
    if (uuid) setFocus('captcha');
  }, [uuid, setValue, setFocus]);

  const onSubmit = async (data: LoginForm) => {
    const answer = data.captcha.trim();
    if (captchaRequired && (!answer || !uuid)) {
      setError('captcha', { message: t.captchaRequired });
      return;
    }
    const solved = captchaRequired && uuid ? { captcha: answer, captchaUUID: uuid } : undefined;
    if (await auth.login(data.login, data.pass, data.remember, solved)) {
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/login' ? from : '/', { replace: true });
    } else if (solved) {
      // the server has used the challenge up, right or wrong
      void captcha.refetch();
    }
  };

  const busy = isSubmitting || auth.status === AuthStatus.checking;
  return (
    <div className="auth-page">
      <Card className="auth-card shadow">
        <Card.Body className="p-4">
          <div className="text-center mb-3">
            <img src="/favicon.svg" alt="" width={48} height={48} />
            <h1 className="h4 mt-2 mb-0">{t.heading}</h1>
            <div className="text-muted small">{m().appName}</div>
          </div>
          {info.data?.isTest && (
            <Alert variant="info" className="py-2" data-testid="test-banner">
              {t.testEnvironment}
            </Alert>
          )}
          {info.data?.loginInfo && (
            <Alert variant="warning" className="py-2" data-testid="login-info">
              {info.data.loginInfo}
            </Alert>
          )}
          <Form noValidate onSubmit={handleSubmit(onSubmit)}>
            <Form.Group className="mb-3" controlId="login">
              <Form.Label>{t.login}</Form.Label>
              <Form.Control
                autoFocus
                autoComplete="username"
                autoCapitalize="none"
                placeholder={t.loginPlaceholder}
                isInvalid={!!errors.login}
                {...register('login')}
              />
              <Form.Control.Feedback type="invalid">{errors.login?.message}</Form.Control.Feedback>
            </Form.Group>
            <Form.Group className="mb-3" controlId="pass">
              <Form.Label>{t.password}</Form.Label>
              <Form.Control
                type="password"
                autoComplete="current-password"
                isInvalid={!!errors.pass}
                {...register('pass')}
              />
              <Form.Control.Feedback type="invalid">{errors.pass?.message}</Form.Control.Feedback>
            </Form.Group>
            {captchaRequired && (
              <Form.Group className="mb-3" controlId="captcha" data-testid="login-captcha">
                <Form.Label>{t.captcha}</Form.Label>
                <div className="mb-2">
                  <CaptchaImage
                    image={captcha.data?.image}
                    loading={captcha.isFetching}
                    onRenew={() => void captcha.refetch()}
                  />
                </div>
                <Form.Control
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={20}
                  isInvalid={!!errors.captcha || captcha.isError}
                  {...register('captcha')}
                />
                <Form.Control.Feedback type="invalid">
                  {errors.captcha?.message ?? (captcha.isError ? t.captchaError : undefined)}
                </Form.Control.Feedback>
              </Form.Group>
            )}
            <Form.Check className="mb-3" id="remember" label={t.remember} {...register('remember')} />
            <Button type="submit" variant="primary" className="w-100" disabled={busy} data-testid="login-submit">
              {busy && <Spinner animation="border" size="sm" className="me-2" />}
              {busy ? t.submitting : t.submit}
            </Button>
          </Form>
          {auth.status === AuthStatus.failed && auth.error && (
            <Alert variant="danger" className="py-2 mt-3 mb-0" role="alert" data-testid="login-error">
              {auth.error}
            </Alert>
          )}
          <div className="text-center mt-3 small">
            {t.noAccount} <Link to="/register">{t.registerLink}</Link>
          </div>
        </Card.Body>
      </Card>
    </div>
  );
}
