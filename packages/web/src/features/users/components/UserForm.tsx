import { zodResolver } from '@hookform/resolvers/zod';
import { hasPermissionForScreen, type User } from '@zaplecze/contract';
import { useMemo } from 'react';
import { Controller, useForm, type FieldErrors, type Path } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { m } from '@web/i18n';
import { FormField } from '@web/ui/FormField';
import { SectionCard } from '@web/ui/SectionCard';
import { PageSpinner } from '@web/ui/PageSpinner';
import { usersUrl } from '../urls';
import {
  buildUserCreate,
  buildUserUpdate,
  canTogglePermission,
  userFormDefaults,
  userFormSchema,
  type PermissionGroup,
  type UserFormValues,
} from '../user-form';
import { useCreateUser, useUpdateUser } from '../users.api';
import { PermissionsPicker } from './PermissionsPicker';
import { usersText } from '../texts';

export interface UserFormProps {
  /** The user being edited; undefined creates a new one. */
  user: User | undefined;
  /** The signed-in user. */
  me: User;
  /** Permission sections; undefined while loading. */
  groups: PermissionGroup[] | undefined;
  onSaved(user: User): void;
}

const FORM_FIELDS: readonly Path<UserFormValues>[] = ['login', 'name', 'email', 'tel', 'oldPass', 'pass', 'passRepeat'];
const isFormField = (f: string): f is Path<UserFormValues> => (FORM_FIELDS as readonly string[]).includes(f);

/** Create or edit one user (docs/rules/platform-rules.md §2 Users, §5 User create). */
export function UserForm({ user, me, groups, onSaved }: UserFormProps) {
  const t = usersText().edit;
  const toast = useToast();
  const create = useCreateUser();
  const update = useUpdateUser();
  const isNew = user === undefined;
  const self = user?.id === me.id;
  const canManage = hasPermissionForScreen(me.permissions, 'main.users.edit');
  // Without main.users.edit one may still edit oneself (not one's permissions), nobody else.
  const readOnly = !canManage && !self;
  const prefix = `${me.organization.prefix}_`;

  const schema = useMemo(() => userFormSchema({ isNew, self }), [isNew, self]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UserFormValues>({ resolver: zodResolver(schema), defaultValues: userFormDefaults(user) });

  const onSubmit = async (v: UserFormValues) => {
    try {
      const saved = user
        ? await update.mutateAsync(buildUserUpdate(v, user, { self, canSetPermissions: canManage }))
        : await create.mutateAsync(buildUserCreate(v));
      toast.success(m().toasts.saved);
      onSaved(saved);
    } catch (err) {
      toast.error(t.saveErrorTitle, errorMessage(err));
      if (err instanceof ApiError && err.field && isFormField(err.field)) setError(err.field, { message: err.message });
    }
  };

  // A mismatched repeat is refused with a toast too (docs/rules/platform-rules.md §5), not only under the field.
  const onInvalid = (errs: FieldErrors<UserFormValues>) => {
    if (errs.passRepeat) toast.error(t.saveErrorTitle, t.passwordsDiffer);
  };

  const saving = isSubmitting;
  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} data-testid="user-form">
      {readOnly && (
        <Alert variant="warning" data-testid="user-readonly">
          {isNew ? t.noRightToCreate : t.noRightToEdit}
        </Alert>
      )}
      <fieldset disabled={readOnly}>
        <Row className="g-3">
          <Col lg={6} className="d-flex flex-column gap-3">
            <SectionCard title={t.accountSection} icon="person">
              {user && (
                <Form.Group className="mb-3" controlId="user-current-login">
                  <Form.Label>{t.currentLogin}</Form.Label>
                  <Form.Control
                    plaintext
                    readOnly
                    className="fw-semibold py-0"
                    value={user.login}
                    data-testid="user-current-login"
                  />
                </Form.Group>
              )}
              {canManage && (
                <FormField
                  id="user-login"
                  label={user ? t.newLogin : t.login}
                  prefix={prefix}
                  hint={user ? t.newLoginHint : t.loginHint}
                  autoComplete="off"
                  autoFocus={isNew}
                  registration={register('login')}
                  error={errors.login}
                  testId="user-login"
                />
              )}
              <FormField
                id="user-name"
                label={t.name}
                autoComplete="off"
                registration={register('name')}
                error={errors.name}
                testId="user-name"
              />
              <FormField
                id="user-email"
                label={t.email}
                type="email"
                inputMode="email"
                autoComplete="off"
                registration={register('email')}
                error={errors.email}
                testId="user-email"
              />
              <FormField
                id="user-tel"
                label={t.tel}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                className="mb-0"
                registration={register('tel')}
                error={errors.tel}
                testId="user-tel"
              />
            </SectionCard>
            {/* Someone who may not edit this user has no password or login to change here. */}
            {!readOnly && (
              <SectionCard title={isNew ? t.passwordSection : t.passwordChangeSection} icon="key">
                {!isNew && <p className="small text-muted">{t.passwordChangeHint}</p>}
                {self && (
                  <FormField
                    id="user-old-pass"
                    label={t.oldPass}
                    type="password"
                    autoComplete="current-password"
                    registration={register('oldPass')}
                    error={errors.oldPass}
                    testId="user-old-pass"
                  />
                )}
                <Row className="g-3">
                  <Col sm={6}>
                    <FormField
                      id="user-pass"
                      label={isNew ? t.pass : t.newPass}
                      type="password"
                      autoComplete="new-password"
                      className="mb-0"
                      registration={register('pass')}
                      error={errors.pass}
                      testId="user-pass"
                    />
                  </Col>
                  <Col sm={6}>
                    <FormField
                      id="user-pass-repeat"
                      label={isNew ? t.passRepeat : t.newPassRepeat}
                      type="password"
                      autoComplete="new-password"
                      className="mb-0"
                      registration={register('passRepeat')}
                      error={errors.passRepeat}
                      testId="user-pass-repeat"
                    />
                  </Col>
                </Row>
              </SectionCard>
            )}
          </Col>
          <Col lg={6}>
            <SectionCard title={t.permissionsSection} icon="shield-check" className="h-100">
              {!canManage ? (
                <p className="small text-muted">{t.permissionsReadOnly}</p>
              ) : (
                !canTogglePermission(me.permissions, 'main.admin') && (
                  <p className="small text-muted">{t.permissionsLocked}</p>
                )
              )}
              {groups === undefined ? (
                <PageSpinner />
              ) : groups.length === 0 ? (
                <p className="text-muted mb-0">{t.permissionsNone}</p>
              ) : (
                <Controller
                  control={control}
                  name="permissions"
                  render={({ field }) => (
                    <PermissionsPicker
                      groups={groups}
                      value={field.value}
                      onChange={field.onChange}
                      disabled={!canManage}
                      isLocked={(key) => !canTogglePermission(me.permissions, key)}
                    />
                  )}
                />
              )}
            </SectionCard>
          </Col>
        </Row>
      </fieldset>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Button type="submit" variant="primary" disabled={saving || readOnly} data-testid="user-save">
          {saving ? (
            <Spinner animation="border" size="sm" className="me-2" />
          ) : (
            <i className="bi bi-check-lg me-1" aria-hidden="true" />
          )}
          {saving ? t.saving : t.save}
        </Button>
        <Link to={usersUrl} className="btn btn-outline-secondary">
          {t.cancel}
        </Link>
      </div>
    </Form>
  );
}
