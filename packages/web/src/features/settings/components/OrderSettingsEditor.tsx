import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';

import { SectionCard } from '@web/ui/SectionCard';
import { ORDER_KEYS, orderFlagsFromOptions, skipOptionsMismatch, type OrderFlags, type OrderKey } from '../order-rules';
import { useOptionsSaver, useUnsavedGuard } from '../use-settings';
import { SaveButton } from './SaveButton';
import { settingsText } from '../texts';

const LABELS: Record<OrderKey, 'autoCommit' | 'skipZeroMinus' | 'skipZeroPlus'> = {
  WAREHOUSE_AUTO_COMMIT: 'autoCommit',
  WAREHOUSE_SKIP_ZERO_MINUS: 'skipZeroMinus',
  WAREHOUSE_SKIP_ZERO_PLUS: 'skipZeroPlus',
};

/** Three switches saved together, with the zero-stock warning highlighted while the two skips differ. */
export function OrderSettingsEditor({ initial, canEdit }: { initial: Record<OrderKey, string>; canEdit: boolean }) {
  const t = settingsText().orders;
  const saver = useOptionsSaver();
  const [flags, setFlags] = useState<OrderFlags>(() => orderFlagsFromOptions(initial));
  const mismatch = skipOptionsMismatch(flags);
  const markSaved = useUnsavedGuard(flags);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (canEdit)
      void saver
        .run(ORDER_KEYS.map((key) => ({ key, value: String(flags[key]) })))
        .then((ok) => ok && markSaved(flags));
  };

  return (
    <Form onSubmit={onSubmit} noValidate data-testid="order-settings-form">
      <SectionCard title={t.section} icon="box-seam" className="mb-3">
        {ORDER_KEYS.map((key) => (
          <Form.Check
            key={key}
            type="switch"
            id={`orders-${key}`}
            className="mb-2"
            label={t[LABELS[key]]}
            checked={flags[key]}
            disabled={!canEdit}
            onChange={(e) => {
              const checked = e.target.checked;
              setFlags((f) => ({ ...f, [key]: checked }));
            }}
          />
        ))}
        <Alert
          variant={mismatch ? 'warning' : 'light'}
          className={`d-flex gap-2 mt-3 mb-0${mismatch ? ' fw-semibold border-warning' : ' border text-secondary'}`}
          data-testid="orders-skip-warning"
          data-highlighted={mismatch ? 'true' : 'false'}
        >
          <i className={`bi ${mismatch ? 'bi-exclamation-triangle-fill' : 'bi-info-circle'}`} aria-hidden="true" />
          <span>{t.skipWarning}</span>
        </Alert>
      </SectionCard>
      {canEdit && <SaveButton type="submit" label={t.save} saving={saver.saving} />}
    </Form>
  );
}
