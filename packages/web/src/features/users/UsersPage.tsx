import { hasPermissionForScreen, TOAST, type User } from '@zaplecze/contract';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { errorMessage } from '@web/platform/api';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useModals } from '@web/platform/modals/ModalProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { format, m, pluralPl } from '@web/i18n';
import { PageSpinner } from '@web/ui/PageSpinner';
import { OrganizationCard } from './components/OrganizationCard';
import { UsersTable } from './components/UsersTable';
import { newUserUrl } from './urls';
import { useDeleteUser, useUsers } from './users.api';
import { usersText } from './texts';

/** Users list with the organisation block (docs/rules/platform-rules.md §2 Users). */
export default function UsersPage() {
  const t = usersText();
  const auth = useAuth();
  const toast = useToast();
  const modals = useModals();
  const users = useUsers();
  const remove = useDeleteUser();
  const canManage = hasPermissionForScreen(auth.user?.permissions ?? '', 'main.users.edit');

  useEffect(() => {
    if (users.error) toast.error(t.list.loadErrorTitle, errorMessage(users.error));
  }, [users.error, toast, t]);

  const onDelete = async (user: User) => {
    const yes = await modals.confirm({
      title: t.list.deleteConfirmTitle,
      message: format(t.list.deleteConfirm, { login: user.login }),
    });
    if (!yes) return;
    try {
      await remove.mutateAsync(user.id);
      toast.success(m().toasts.deleted);
    } catch (err) {
      // docs/rules/platform-rules.md §9: delete errors stay 10 s (the same time as download errors).
      toast.error(t.list.deleteErrorTitle, errorMessage(err), TOAST.downloadErrorSeconds);
    }
  };

  const list = users.data;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <div className="d-flex align-items-baseline gap-2 me-auto">
          <h1 className="h3 mb-0">{t.list.heading}</h1>
          {list && (
            <span className="text-muted" data-testid="users-count">
              {format(pluralPl(list.length, t.list.count), { n: list.length })}
            </span>
          )}
        </div>
        {canManage && (
          <Link to={newUserUrl} className="btn btn-primary" data-testid="user-create">
            <i className="bi bi-person-plus me-1" aria-hidden="true" />
            {t.list.create}
          </Link>
        )}
      </div>
      <div className="d-flex flex-column gap-3">
        <Card className="shadow-sm">
          {users.isPending ? (
            <PageSpinner />
          ) : users.error ? (
            <Alert variant="danger" className="m-3" data-testid="users-error">
              {errorMessage(users.error)}
            </Alert>
          ) : (
            <UsersTable
              users={list ?? []}
              meId={auth.user?.id}
              canDelete={canManage}
              deletingId={remove.isPending ? remove.variables : undefined}
              onDelete={(u) => void onDelete(u)}
            />
          )}
        </Card>
        {auth.user && <OrganizationCard org={auth.user.organization} />}
      </div>
    </>
  );
}
