import type { PermissionsInfo, User } from '@zaplecze/contract';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { errorMessage } from '@web/platform/api';
import { format } from '@web/i18n';
import { ApiTokensTable, useRevokeWithConfirmation } from '@web/ui/ApiTokensTable';
import { SectionCard } from '@web/ui/SectionCard';
import { useRevokeUserApiToken, useUserApiTokens } from '../users.api';
import { usersText } from '../texts';

/**
 * A user's API tokens on the user edit page, for a user manager (docs/decisions.md, API tokens):
 * listed and revoked here, made only by the user on their profile.
 */
export function UserApiTokens({ user, info }: { user: User; info: PermissionsInfo | undefined }) {
  const t = usersText().apiTokens;
  const tokens = useUserApiTokens(user.id, true);
  const revoke = useRevokeUserApiToken(user.id);

  const onRevoke = useRevokeWithConfirmation(revoke, t, (token) =>
    format(t.revokeConfirm, { name: token.name, login: user.login }),
  );

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
