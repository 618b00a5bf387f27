import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FormProvider, useForm } from 'react-hook-form';
import { ApiError, errorMessage } from '@web/platform/api';

import { useCaptcha } from '@web/ui/Captcha';
import { useCountries, useRegisterMutation } from '../register.api';
import {
  emptyRegisterForm,
  errorField,
  registerFormSchema,
  type RegisterField,
  type RegisterFormValues,
  type RegisterPayload,
} from '../register-form';
import { useErrorToast } from '../use-error-toast';
import { CaptchaSection } from './CaptchaSection';
import { CompanySection } from './CompanySection';
import { LoginSection } from './LoginSection';
import { RegisterProgress } from './RegisterProgress';
import { registerText } from '../texts';

export interface RegisterFormProps {
  onRegistered: (login: string) => void;
  /** The server said registration is closed (403): the page shows its text instead. */
  onDisabled: () => void;
}

/** The registration form: company, login data, captcha and terms (docs/rules/platform-rules.md §2, §5). */
export function RegisterForm({ onRegistered, onDisabled }: RegisterFormProps) {
  const t = registerText();
  const form = useForm<RegisterFormValues, unknown, RegisterPayload>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: emptyRegisterForm,
    mode: 'onTouched',
  });
  const { handleSubmit, setValue, getValues, setError } = form;
  const countries = useCountries();
  const captcha = useCaptcha();
  const registration = useRegisterMutation();
  const [failure, setFailure] = useState<{ message: string; field: RegisterField | undefined }>();
  const alertRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useErrorToast(countries.error, t.countriesError, 'register-countries');
  useErrorToast(captcha.error, t.captchaError, 'register-captcha');

  // Poland is first on the list: preselect it for a Polish seller.
  const firstCountry = countries.data?.[0]?.code;
  useEffect(() => {
    if (firstCountry && !getValues('country')) setValue('country', firstCountry);
  }, [firstCountry, getValues, setValue]);

  // Each image is a new single-use challenge: an answer typed for the old one is void.
  const uuid = captcha.data?.uuid;
  useEffect(() => {
    setValue('captchaUUID', uuid ?? '');
    setValue('captcha', '');
  }, [uuid, setValue]);

  // After a failure, once the form is enabled again: show the field the error is about, or the alert.
  useEffect(() => {
    if (!failure || registration.isPending) return;
    const input = failure.field ? formRef.current?.querySelector<HTMLElement>(`[name="${failure.field}"]`) : null;
    input?.focus({ preventScroll: true });
    (input ?? alertRef.current)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [failure, registration.isPending]);

  const onSubmit = (payload: RegisterPayload) => {
    setFailure(undefined);
    registration.mutate(payload, {
      onSuccess: (res) => onRegistered(res.login),
      onError: (err) => {
        if (err instanceof ApiError && err.code === 403) return onDisabled();
        // the challenge is used up whatever went wrong
        void captcha.refetch();
        const message = errorMessage(err);
        const field = errorField(err);
        if (field) setError(field, { type: 'server', message });
        setFailure({ message, field });
      },
    });
  };

  const working = registration.isPending;
  return (
    <FormProvider {...form}>
      <Form ref={formRef} noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={working} data-testid="register-form">
        <fieldset disabled={working}>
          <CompanySection countries={countries.data} countriesLoading={countries.isPending} />
          <LoginSection />
          <CaptchaSection
            image={captcha.data?.image}
            loading={captcha.isFetching}
            onRenew={() => void captcha.refetch()}
          />
        </fieldset>
        {failure && !working && (
          <Alert
            ref={alertRef}
            variant="danger"
            className="d-flex gap-2 align-items-start"
            role="alert"
            data-testid="register-error"
          >
            <i className="bi bi-exclamation-octagon-fill fs-5 lh-1" aria-hidden="true" />
            <div>
              <div className="fw-semibold">{t.errorTitle}</div>
              <div>{failure.message}</div>
            </div>
          </Alert>
        )}
        <div className="mt-2">
          {working ? (
            <RegisterProgress />
          ) : (
            <Button type="submit" size="lg" className="w-100" data-testid="register-submit">
              <i className="bi bi-check2-circle me-2" aria-hidden="true" />
              {t.submit}
            </Button>
          )}
        </div>
      </Form>
    </FormProvider>
  );
}
