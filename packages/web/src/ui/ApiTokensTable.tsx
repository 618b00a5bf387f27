import type { ApiToken, ApiTokenState, PermissionsInfo } from '@zaplecze/contract';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { format } from '@web/i18n';
import { formatDateTime } from '@web/i18n/date';
import { errorMessage } from '@web/platform/api';
import { useModals } from '@web/platform/modals/ModalProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { uiText } from './texts';

/** The texts of a revoke: the confirmation's title and yes, the toast after it, the error's title. */
export interface RevokeTexts {
  revokeConfirmTitle: string;
  revokeYes: string;
  revoked: string;
  revokeErrorTitle: string;
}

/**
 * Revoking a token from a list of them (the profile's own, a user manager's of one user): asks
 * `message(token)` first, then revokes and says so, or shows the server's Polish error.
 */
export function useRevokeWithConfirmation(
  revoke: { mutateAsync(id: number): Promise<unknown> },
  t: RevokeTexts,
  message: (token: ApiToken) => string,
): (token: ApiToken) => Promise<void> {
  const modals = useModals();
  const toast = useToast();
  return async (token) => {
    const yes = await modals.confirm({ title: t.revokeConfirmTitle, message: message(token), yesLabel: t.revokeYes });
    if (!yes) return;
    try {
      await revoke.mutateAsync(token.id);
      toast.success(t.revoked);
    } catch (err) {
      toast.error(t.revokeErrorTitle, errorMessage(err));
    }
  };
}

/** A token's permissions by their Polish names (the key itself for one the screen does not know). */
export function permissionNames(keys: readonly string[], info: PermissionsInfo | undefined): string[] {
  const names = new Map((info?.permissions ?? []).map((p) => [p.key, p.name]));
  return keys.map((k) => names.get(k) ?? k);
}

/** Bootstrap colour of a token's state badge. */
export function stateVariant(state: ApiTokenState): string {
  return state === 'active' ? 'success' : state === 'revoked' ? 'danger' : 'secondary';
}

export interface ApiTokensTableProps {
  tokens: ApiToken[];
  /** Permission names (GET /data/permissions_info); keys are shown until it is there. */
  info: PermissionsInfo | undefined;
  /** The token being revoked: its button is disabled. */
  revokingId: number | undefined;
  onRevoke(token: ApiToken): void;
}

/**
 * API tokens as listed by the server (never the tokens themselves): name, permissions, created,
 * expires, last use with its address, state, and 'Odwołaj' for those not revoked yet.
 */
export function ApiTokensTable({ tokens, info, revokingId, onRevoke }: ApiTokensTableProps) {
  const t = uiText().apiTokens;
  return (
    <div className="table-responsive">
      <Table size="sm" hover className="align-middle mb-0" data-testid="api-tokens-table">
        <thead>
          <tr>
            <th>{t.columns.name}</th>
            <th>{t.columns.permissions}</th>
            <th className="text-nowrap">{t.columns.created}</th>
            <th className="text-nowrap">{t.columns.expires}</th>
            <th className="text-nowrap">{t.columns.lastUse}</th>
            <th>{t.columns.state}</th>
            <th className="text-end">
              <span className="visually-hidden">{t.columns.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr key={token.id} data-testid={`api-token-row-${token.id}`}>
              <td className="fw-semibold text-break">{token.name}</td>
              <td className="small">{permissionNames(token.permissions, info).join(', ')}</td>
              <td className="small text-nowrap">{formatDateTime(token.createdAt, false)}</td>
              <td className="small text-nowrap">{formatDateTime(token.expiresAt, false)}</td>
              <td className="small">
                {token.lastUsedAt === null ? (
                  <span className="text-muted">{t.never}</span>
                ) : (
                  <>
                    <span className="text-nowrap">{formatDateTime(token.lastUsedAt, false)}</span>
                    {token.lastUsedIp && (
                      <div className="text-muted text-nowrap">{format(t.fromAddress, { ip: token.lastUsedIp })}</div>
                    )}
                  </>
                )}
              </td>
              <td>
                <Badge bg={stateVariant(token.state)} data-testid="api-token-state">
                  {t.states[token.state]}
                </Badge>
              </td>
              <td className="text-end">
                {token.state !== 'revoked' && (
                  <Button
                    variant="outline-danger"
                    size="sm"
                    disabled={revokingId === token.id}
                    aria-label={format(t.revokeLabel, { name: token.name })}
                    onClick={() => onRevoke(token)}
                    data-testid="api-token-revoke"
                  >
                    <i className="bi bi-x-octagon me-1" aria-hidden="true" />
                    {t.revoke}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
