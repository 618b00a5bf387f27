import {
  API_TOKEN_DEFAULT_DAYS,
  API_TOKEN_NAME_MAX,
  type ApiTokenCreated,
  type PermissionsInfo,
} from '@zaplecze/contract';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { ApiError, errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { m } from '@web/i18n';
import { PermissionsPicker } from '@web/features/users/components/PermissionsPicker';
import { useCreateApiToken } from '../api-tokens.api';
import { expiryChoices, grantableGroups } from '../api-tokens';
import { profileText } from '../texts';

export interface ApiTokenCreateDialogProps {
  info: PermissionsInfo;
  /** The keys a token of the signed-in user may carry (from the server). */
  grantable: readonly string[];
  onClose(): void;
}

/**
 * 'Nowy token API': name, expiry and permissions limited to the user's own; then the token, shown
 * this once, with a copy button and the warning that it will not be shown again.
 */
export function ApiTokenCreateDialog({ info, grantable, onClose }: ApiTokenCreateDialogProps) {
  const t = profileText().apiTokens.dialog;
  const toast = useToast();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [days, setDays] = useState(API_TOKEN_DEFAULT_DAYS);
  const [permissions, setPermissions] = useState<string[]>([]);
  const [nameError, setNameError] = useState<string | undefined>();
  const [created, setCreated] = useState<ApiTokenCreated | undefined>();
  const groups = grantableGroups(info, grantable, t.otherSection);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNameError(undefined);
    try {
      setCreated(await create.mutateAsync({ name, permissions, expiresInDays: days }));
    } catch (err) {
      toast.error(t.errorTitle, errorMessage(err));
      if (err instanceof ApiError && err.field === 'name') setNameError(err.message);
    }
  };

  if (created) return <CreatedToken created={created} onClose={onClose} />;
  return (
    <Modal show onHide={onClose} centered size="lg" data-testid="api-token-dialog">
      <Form onSubmit={(e) => void submit(e)} noValidate>
        <Modal.Header closeButton>
          <Modal.Title>{t.title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId="api-token-name">
            <Form.Label>{t.name}</Form.Label>
            <Form.Control
              value={name}
              maxLength={API_TOKEN_NAME_MAX}
              onChange={(e) => setName(e.target.value)}
              isInvalid={!!nameError}
              autoFocus
              autoComplete="off"
              data-testid="api-token-name"
            />
            <Form.Control.Feedback type="invalid">{nameError}</Form.Control.Feedback>
            <Form.Text muted>{t.nameHint}</Form.Text>
          </Form.Group>
          <Form.Group className="mb-3" controlId="api-token-expiry">
            <Form.Label>{t.expiry}</Form.Label>
            <Form.Select
              value={days}
              onChange={(e) => setDays(Number(e.target.value))}
              style={{ maxWidth: 240 }}
              data-testid="api-token-expiry"
            >
              {expiryChoices(t).map((c) => (
                <option key={c.days} value={c.days}>
                  {c.label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <fieldset>
            <legend className="form-label fs-6 mb-1">{t.permissions}</legend>
            <p className="small text-muted mb-2">{t.permissionsHint}</p>
            {groups.length === 0 ? (
              <Alert variant="warning" className="mb-0">
                {t.noPermissions}
              </Alert>
            ) : (
              <PermissionsPicker groups={groups} value={permissions} onChange={setPermissions} />
            )}
          </fieldset>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {m().common.cancel}
          </Button>
          <Button type="submit" variant="primary" disabled={create.isPending} data-testid="api-token-create">
            {create.isPending ? (
              <Spinner animation="border" size="sm" className="me-2" />
            ) : (
              <i className="bi bi-key me-1" aria-hidden="true" />
            )}
            {create.isPending ? t.creating : t.create}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** The new token, shown once: it is never answered again, so closing needs the button. */
function CreatedToken({ created, onClose }: { created: ApiTokenCreated; onClose(): void }) {
  const t = profileText().apiTokens.dialog;
  const [copied, setCopied] = useState(false);
  const canCopy = typeof navigator !== 'undefined' && !!navigator.clipboard;
  const copy = () => {
    navigator.clipboard.writeText(created.token).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Modal show onHide={onClose} centered size="lg" backdrop="static" keyboard={false} data-testid="api-token-created">
      <Modal.Header>
        <Modal.Title>
          <i className="bi bi-check-circle-fill text-success me-2" aria-hidden="true" />
          {t.createdTitle}: {created.apiToken.name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Alert variant="warning" className="d-flex gap-2">
          <i className="bi bi-exclamation-triangle-fill" aria-hidden="true" />
          <div>{t.warning}</div>
        </Alert>
        <Form.Label htmlFor="api-token-value">{t.tokenLabel}</Form.Label>
        <InputGroup>
          <Form.Control
            id="api-token-value"
            readOnly
            value={created.token}
            className="font-monospace"
            onFocus={(e) => e.currentTarget.select()}
            data-testid="api-token-value"
          />
          {canCopy && (
            <Button variant="outline-primary" onClick={copy} aria-live="polite" data-testid="api-token-copy">
              <i className={`bi ${copied ? 'bi-check2' : 'bi-clipboard'} me-1`} aria-hidden="true" />
              {copied ? t.copied : t.copy}
            </Button>
          )}
        </InputGroup>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose} data-testid="api-token-done">
          {t.done}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
