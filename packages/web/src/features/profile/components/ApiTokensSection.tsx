import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { errorMessage } from '@web/platform/api';
import { format } from '@web/i18n';
import { ApiTokensTable, useRevokeWithConfirmation } from '@web/ui/ApiTokensTable';
import { SectionCard } from '@web/ui/SectionCard';
import { usePermissionsInfo } from '@web/features/users/users.api';
import { useOwnApiTokens, useRevokeApiToken } from '../api-tokens.api';
import { profileText } from '../texts';
import { ApiTokenCreateDialog } from './ApiTokenCreateDialog';

/**
 * 'Tokeny API' on the profile (docs/decisions.md, API tokens): the signed-in user's tokens with
 * their permissions, dates, last use and state; a new one through the dialog; revoke with a
 * confirmation.
 */
export function ApiTokensSection() {
  const t = profileText().apiTokens;
  const tokens = useOwnApiTokens();
  const info = usePermissionsInfo();
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);

  const onRevoke = useRevokeWithConfirmation(revoke, t, (token) => format(t.revokeConfirm, { name: token.name }));

  return (
    <SectionCard title={t.heading} icon="key-fill" className="mt-3" testId="api-tokens">
      <div className="d-flex flex-wrap align-items-start gap-3 mb-3">
        <p className="small text-muted mb-0 flex-grow-1" style={{ maxWidth: 640 }}>
          {t.intro}
        </p>
        <Button
          variant="outline-primary"
          className="ms-auto"
          disabled={!tokens.data || !info.data}
          onClick={() => setCreating(true)}
          data-testid="api-token-new"
        >
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t.create}
        </Button>
      </div>
      {tokens.isPending ? (
        <Spinner animation="border" size="sm" />
      ) : tokens.error ? (
        <Alert variant="danger" className="mb-0">
          {t.loadErrorTitle} {errorMessage(tokens.error)}
        </Alert>
      ) : tokens.data.tokens.length === 0 ? (
        <p className="text-muted mb-0" data-testid="api-tokens-empty">
          {t.empty}
        </p>
      ) : (
        <ApiTokensTable
          tokens={tokens.data.tokens}
          info={info.data}
          revokingId={revoke.isPending ? revoke.variables : undefined}
          onRevoke={(token) => void onRevoke(token)}
        />
      )}
      {creating && tokens.data && info.data && (
        <ApiTokenCreateDialog info={info.data} grantable={tokens.data.grantable} onClose={() => setCreating(false)} />
      )}
    </SectionCard>
  );
}
