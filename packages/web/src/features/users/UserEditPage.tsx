import { hasPermissionForScreen } from '@zaplecze/contract';
import { useEffect, useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { errorMessage } from '@web/platform/api';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { format } from '@web/i18n';
import { PageSpinner } from '@web/ui/PageSpinner';
import { UserApiTokens } from './components/UserApiTokens';
import { UserForm } from './components/UserForm';
import { usersUrl } from './urls';
import { groupPermissions } from './user-form';
import { usePermissionsInfo, useUser } from './users.api';
import { usersText } from './texts';

/** users/{id}: edit a user; id 0 creates one (docs/rules/platform-rules.md §2 Users). */
export default function UserEditPage() {
  const t = usersText().edit;
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id >= 0;
  const auth = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const user = useUser(valid ? id : 0);
  const info = usePermissionsInfo();
  const groups = useMemo(() => (info.data ? groupPermissions(info.data, t.otherSection) : undefined), [info.data, t]);

  useEffect(() => {
    if (user.error) toast.error(t.loadErrorTitle, errorMessage(user.error));
  }, [user.error, toast, t]);
  useEffect(() => {
    if (info.error) toast.error(t.permissionsLoadErrorTitle, errorMessage(info.error));
  }, [info.error, toast, t]);

  if (!valid) return <Navigate to={usersUrl} replace />;
  const me = auth.user;
  const isNew = id === 0;
  const heading = isNew ? t.createHeading : format(t.editHeading, { login: user.data?.login ?? '' });

  return (
    <>
      <Link to={usersUrl} className="d-inline-block mb-2 text-decoration-none" data-testid="user-back">
        <i className="bi bi-arrow-left me-1" aria-hidden="true" />
        {t.back}
      </Link>
      <h1 className="h3 mb-3">{isNew || user.data ? heading : t.title}</h1>
      {!me || (!isNew && user.isPending) ? (
        <PageSpinner />
      ) : !isNew && user.error ? (
        <Alert variant="danger" data-testid="user-load-error">
          {errorMessage(user.error)}
        </Alert>
      ) : (
        <UserForm
          // A new form for each user, so the defaults are that user's.
          key={id}
          user={isNew ? undefined : user.data}
          me={me}
          groups={info.error ? [] : groups}
          onSaved={(saved) => {
            if (saved.id === me.id) auth.setUser(saved);
            navigate(usersUrl);
          }}
        />
      )}
      {!isNew && user.data && me && hasPermissionForScreen(me.permissions, 'main.users.edit') && (
        <UserApiTokens user={user.data} info={info.data} />
      )}
    </>
  );
}
