import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, type FieldErrors, type Path } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { ApiError, errorMessage } from '@web/platform/api';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { useUpdateProfile } from '@web/features/users/users.api';
import { m } from '@web/i18n';
import { FormField } from '@web/ui/FormField';
import { SectionCard } from '@web/ui/SectionCard';
import { ApiTokensSection } from './components/ApiTokensSection';
import { buildProfileUpdate, profileFormDefaults, profileFormSchema, type ProfileFormValues } from './profile-form';
import { profileText } from './texts';

const FORM_FIELDS: readonly Path<ProfileFormValues>[] = ['name', 'email', 'tel', 'oldPass', 'pass', 'passRepeat'];
const isFormField = (f: string): f is Path<ProfileFormValues> => (FORM_FIELDS as readonly string[]).includes(f);

/** profile-edit: the signed-in user's name, e-mail, phone and password (docs/rules/platform-rules.md §2 Profile edit). */
export default function ProfilePage() {
  const t = profileText();
  const auth = useAuth();
  const toast = useToast();
  const save = useUpdateProfile();
  const schema = useMemo(() => profileFormSchema(), []);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues>({ resolver: zodResolver(schema), defaultValues: profileFormDefaults(auth.user) });

  const onSubmit = async (v: ProfileFormValues) => {
    try {
      const user = await save.mutateAsync(buildProfileUpdate(v));
      auth.setUser(user);
      reset(profileFormDefaults(user));
      toast.success(m().toasts.saved);
    } catch (err) {
      toast.error(t.saveErrorTitle, errorMessage(err));
      if (err instanceof ApiError && err.field && isFormField(err.field)) setError(err.field, { message: err.message });
    }
  };

  // A mismatched repeat is refused with a toast too (docs/rules/platform-rules.md §5), not only under the field.
  const onInvalid = (errs: FieldErrors<ProfileFormValues>) => {
    if (errs.passRepeat) toast.error(t.saveErrorTitle, t.passwordsDiffer);
  };

  return (
    <div className="mx-auto" style={{ maxWidth: 960 }}>
      <h1 className="h3 mb-3">{t.heading}</h1>
      <Form noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} data-testid="profile-form">
        <Card className="shadow-sm mb-3">
          <Card.Body className="d-flex align-items-center gap-3">
            <div
              className="rounded-circle bg-primary-subtle text-primary d-flex align-items-center justify-content-center flex-shrink-0"
              style={{ width: 56, height: 56 }}
            >
              <i className="bi bi-person-fill fs-3" aria-hidden="true" />
            </div>
            <div className="overflow-hidden">
              <div className="small text-muted">{t.login}</div>
              <div className="fs-5 fw-semibold text-break" data-testid="profile-login">
                {auth.user?.login}
              </div>
              <div className="small text-muted">{auth.user?.organization.name}</div>
            </div>
          </Card.Body>
        </Card>
        <Row className="g-3">
          <Col lg={6}>
            <SectionCard title={t.dataSection} icon="person-vcard" className="h-100">
              <FormField
                id="profile-name"
                label={t.name}
                autoComplete="name"
                registration={register('name')}
                error={errors.name}
                testId="profile-name"
              />
              <FormField
                id="profile-email"
                label={t.email}
                type="email"
                inputMode="email"
                autoComplete="email"
                registration={register('email')}
                error={errors.email}
                testId="profile-email"
              />
              <FormField
                id="profile-tel"
                label={t.tel}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                className="mb-0"
                registration={register('tel')}
                error={errors.tel}
                testId="profile-tel"
              />
            </SectionCard>
          </Col>
          <Col lg={6}>
            <SectionCard title={t.passwordSection} icon="key" className="h-100">
              <p className="small text-muted">{t.passwordHint}</p>
              {/* A hidden username lets password managers file the new password under the right login. */}
              <input
                type="text"
                name="username"
                autoComplete="username"
                value={auth.user?.login ?? ''}
                readOnly
                hidden
              />
              <FormField
                id="profile-old-pass"
                label={t.oldPass}
                type="password"
                autoComplete="current-password"
                registration={register('oldPass')}
                error={errors.oldPass}
                testId="profile-old-pass"
              />
              <FormField
                id="profile-pass"
                label={t.newPass}
                type="password"
                autoComplete="new-password"
                registration={register('pass')}
                error={errors.pass}
                testId="profile-pass"
              />
              <FormField
                id="profile-pass-repeat"
                label={t.newPassRepeat}
                type="password"
                autoComplete="new-password"
                className="mb-0"
                registration={register('passRepeat')}
                error={errors.passRepeat}
                testId="profile-pass-repeat"
              />
            </SectionCard>
          </Col>
        </Row>
        <div className="mt-3">
          <Button type="submit" variant="primary" disabled={isSubmitting} data-testid="profile-save">
            {isSubmitting ? (
              <Spinner animation="border" size="sm" className="me-2" />
            ) : (
              <i className="bi bi-check-lg me-1" aria-hidden="true" />
            )}
            {isSubmitting ? t.saving : t.save}
          </Button>
        </div>
      </Form>
      <ApiTokensSection />
    </div>
  );
}
