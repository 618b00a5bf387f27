import type { OrderStatus } from '@zaplecze/contract';
import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { errorMessage } from '@web/app/api';
import { useToast } from '@web/app/toasts/ToastProvider';
import { useOptions, useSaveOptions } from '@web/features/settings/options.api';
import { m } from '@web/i18n';
import { PageSpinner } from '@web/ui/PageSpinner';
import { SectionCard } from '@web/ui/SectionCard';
import {
  DISPATCH_KEYS,
  dispatchFromOptions,
  dispatchToOptions,
  type DispatchKey,
  type DispatchSettings,
} from '../dispatch-settings';
import { listResources } from '../lists.api';

interface EditorProps {
  initial: Record<DispatchKey, string>;
  statuses: readonly OrderStatus[];
  canEdit: boolean;
}

function StatusSelect({
  id,
  label,
  value,
  statuses,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  statuses: readonly OrderStatus[];
  onChange(value: string): void;
}) {
  const t = m().lists.dispatch;
  // A stored id that is not in the list any more is still shown, so saving does not change it silently.
  const unknown = value !== '' && !statuses.some((s) => String(s.id) === value);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)} data-testid={id}>
        <option value="">{t.off}</option>
        {unknown && <option value={value}>#{value}</option>}
        {statuses.map((s) => (
          <option key={s.id} value={String(s.id)}>
            {s.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

function DispatchEditor({ initial, statuses, canEdit }: EditorProps) {
  const t = m().lists.dispatch;
  const toast = useToast();
  const save = useSaveOptions();
  const [s, setS] = useState<DispatchSettings>(() => dispatchFromOptions(initial));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canEdit) return;
    try {
      await save.mutateAsync(dispatchToOptions(s));
      toast.success(m().toasts.saved);
    } catch (err) {
      toast.error(t.saveErrorTitle, errorMessage(err));
    }
  };

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)} data-testid="dispatch-settings-form">
      <fieldset disabled={!canEdit}>
        <StatusSelect
          id="dispatch-after-size-weight"
          label={t.afterSizeWeight}
          value={s.afterSizeWeight}
          statuses={statuses}
          onChange={(v) => setS((x) => ({ ...x, afterSizeWeight: v }))}
        />
        <StatusSelect
          id="dispatch-after-send"
          label={t.afterSend}
          value={s.afterSend}
          statuses={statuses}
          onChange={(v) => setS((x) => ({ ...x, afterSend: v }))}
        />
        <Form.Check
          type="switch"
          id="dispatch-auto-reset"
          className="mb-1"
          label={t.autoReset}
          checked={s.autoReset}
          aria-describedby="dispatch-auto-reset-hint"
          onChange={(e) => {
            const checked = e.target.checked;
            setS((x) => ({ ...x, autoReset: checked }));
          }}
        />
        <Form.Text id="dispatch-auto-reset-hint" muted className="d-block mb-3 ms-md-5">
          {t.autoResetHint}
        </Form.Text>
      </fieldset>
      {canEdit && (
        <div className="d-flex justify-content-end">
          <Button type="submit" disabled={save.isPending} data-testid="dispatch-save">
            {save.isPending ? (
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            ) : (
              <i className="bi bi-save me-2" aria-hidden="true" />
            )}
            {save.isPending ? m().common.saving : t.save}
          </Button>
        </div>
      )}
    </Form>
  );
}

/**
 * The dispatch settings under the order statuses (goods-and-orders.md §2.12): the status after
 * package sizes and weight, the status after dispatch (each may be off) and the auto-reset
 * switch, saved together in one PUT /options.
 */
export function DispatchSettingsForm({ canEdit }: { canEdit: boolean }) {
  const t = m().lists.dispatch;
  const toast = useToast();
  const q = useOptions(DISPATCH_KEYS);
  const statuses = listResources.orderStatuses.useList();

  useEffect(() => {
    if (q.error)
      toast.show('error', { id: 'dispatch-load-error', title: t.loadErrorTitle, body: errorMessage(q.error) });
  }, [q.error, toast, t.loadErrorTitle]);

  let body;
  if (q.data && q.isFetchedAfterMount && statuses.data)
    body = <DispatchEditor initial={q.data} statuses={statuses.data} canEdit={canEdit} />;
  else if (q.error)
    body = (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2 mb-0">
        <span className="me-auto">{errorMessage(q.error)}</span>
        <Button size="sm" variant="outline-danger" onClick={() => void q.refetch()}>
          {m().lists.ui.retry}
        </Button>
      </Alert>
    );
  else if (statuses.error) body = <Alert variant="danger">{errorMessage(statuses.error)}</Alert>;
  else body = <PageSpinner />;

  return (
    <SectionCard title={t.heading} icon="truck" testId="dispatch-settings">
      {body}
    </SectionCard>
  );
}
