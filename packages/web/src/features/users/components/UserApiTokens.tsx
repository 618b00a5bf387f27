import type { ApiToken, PermissionsInfo, User } from '@zaplecze/contract';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { errorMessage } from '@web/platform/api';
import { useModals } from '@web/platform/modals/ModalProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { format } from '@web/i18n';
import { ApiTokensTable } from '@web/ui/ApiTokensTable';
import { SectionCard } from '@web/ui/SectionCard';
import { useRevokeUserApiToken, useUserApiTokens } from '../users.api';
import { usersText } from '../texts';

/**
 * A user's API tokens on the user edit page, for a user manager (docs/decisions.md, API tokens):
 * listed and revoked here, made only by the user on their profile.
 */
export function UserApiTokens({ user, info }: { user: User; info: PermissionsInfo | undefined }) {
  const t = usersText().apiTokens;
  const toast = useToast();
  const modals = useModals();
  const tokens = useUserApiTokens(user.id, true);
  const revoke = useRevokeUserApiToken(user.id);

  const onRevoke = async (token: ApiToken) => {
    const yes = await modals.confirm({
      title: t.revokeConfirmTitle,
      message: format(t.revokeConfirm, { name: token.name, login: user.login }),
      yesLabel: t.revokeYes,
    });
    if (!yes) return;
    try {
      await revoke.mutateAsync(token.id);
      toast.success(t.revoked);
    } catch (err) {
      toast.error(t.revokeErrorTitle, errorMessage(err));
    }
  };

  return (
    <SectionCard title={t.heading} icon="key-fill" className="mt-3" testId="user-api-tokens">
      <p className="small text-muted" style={{ maxWidth: 640 }}>
        {t.intro}
      </p>
      {tokens.isPending ? (
        <Spinner animation="border" size="sm" />
      ) : tokens.error ? (
        <Alert variant="danger" className="mb-0">
          {t.loadErrorTitle} {errorMessage(tokens.error)}
        </Alert>
      ) : tokens.data.length === 0 ? (
        <p className="text-muted mb-0">{t.empty}</p>
      ) : (
        <ApiTokensTable
          tokens={tokens.data}
          info={info}
          revokingId={revoke.isPending ? revoke.variables : undefined}
          onRevoke={(token) => void onRevoke(token)}
        />
      )}
    </SectionCard>
  );
}
