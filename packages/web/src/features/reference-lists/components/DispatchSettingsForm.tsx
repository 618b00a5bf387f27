import type { OrderStatus } from '@zaplecze/contract';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { errorMessage } from '@web/platform/api';
import { OptionsGate } from '@web/features/settings/components/OptionsGate';
import { SaveButton } from '@web/features/settings/components/SaveButton';
import { useOptionsSaver } from '@web/features/settings/use-settings';

import { PageSpinner } from '@web/ui/PageSpinner';
import { SectionCard } from '@web/ui/SectionCard';
import {
  DISPATCH_KEYS,
  dispatchFromOptions,
  dispatchToOptions,
  type DispatchKey,
  type DispatchSettings,
} from '../dispatch-settings';
import { listResources } from '@web/data/lists.api';
import { listsText } from '../texts';

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
  const t = listsText().dispatch;
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
  const t = listsText().dispatch;
  const saver = useOptionsSaver(t.saveErrorTitle);
  const [s, setS] = useState<DispatchSettings>(() => dispatchFromOptions(initial));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (canEdit) void saver.run(dispatchToOptions(s));
  };

  return (
    <Form noValidate onSubmit={onSubmit} data-testid="dispatch-settings-form">
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
          <SaveButton type="submit" label={t.save} saving={saver.saving} />
        </div>
      )}
    </Form>
  );
}

/**
 * The dispatch settings under the order statuses (docs/rules/catalogue-and-orders-rules.md §2.12): the status after
 * package sizes and weight, the status after dispatch (each may be off) and the auto-reset
 * switch, saved together in one PUT /options.
 */
export function DispatchSettingsForm({ canEdit }: { canEdit: boolean }) {
  const t = listsText().dispatch;
  const statuses = listResources.orderStatuses.useList();
  return (
    <SectionCard title={t.heading} icon="truck" testId="dispatch-settings">
      <OptionsGate keys={DISPATCH_KEYS} errorTitle={t.loadErrorTitle}>
        {(values) =>
          statuses.data ? (
            <DispatchEditor initial={values} statuses={statuses.data} canEdit={canEdit} />
          ) : statuses.error ? (
            <Alert variant="danger">{errorMessage(statuses.error)}</Alert>
          ) : (
            <PageSpinner />
          )
        }
      </OptionsGate>
    </SectionCard>
  );
}
