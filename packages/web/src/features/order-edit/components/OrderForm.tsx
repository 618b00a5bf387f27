import {
  orderInputSchema,
  orderUpdateSchema,
  type Carrier,
  type Country,
  type IncomeSource,
  type Order,
  type OrderStatus,
} from '@zaplecze/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { ApiError, errorMessage } from '@web/platform/api';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { slots, useSlot } from '@web/extensions/slots';
import { format } from '@web/i18n';
import { EditOnly } from '@web/ui/EditOnly';
import { sameRate, withCurrent } from '@web/ui/option-lists';
import { useLeaveGuard } from '@web/ui/useLeaveGuard';
import { orderKeys, saveOrder } from '../order-edit.api';
import { keptLines, orderBody, orderFormDefaults, type OrderDefaults, type OrderFormValues } from '../order-form';
import { carrierChoices, formFieldOf, orderFormResolver } from '../order-rules';
import { orderEditText } from '../texts';
import { DeliverySection } from './DeliverySection';
import { GeneralSection } from './GeneralSection';
import { InvoiceSection } from './InvoiceSection';
import { LinesSection } from './LinesSection';

/** Everything the form chooses from, loaded by the page before the form opens. */
export interface OrderFormLists {
  statuses: readonly OrderStatus[];
  incomeSources: readonly IncomeSource[];
  vatValues: readonly string[];
  currencyValues: readonly string[];
  carriers: readonly Carrier[];
  countries: readonly Country[];
}

export interface OrderFormProps {
  order: Order | undefined;
  defaults: OrderDefaults;
  lists: OrderFormLists;
  onSaved(order: Order): void;
}

/**
 * The order form (docs/rules/catalogue-and-orders-rules.md §2.14, §4, §5): general data, delivery and client data,
 * invoice data, items, then plugins' sections. Save posts a new order or puts the whole order
 * (lines only when they changed), runs the plugins' after-save step, then leaves; a failure
 * keeps everything typed.
 */
export function OrderForm({ order, defaults, lists, onSaved }: OrderFormProps) {
  const t = orderEditText();
  const toast = useToast();
  const client = useQueryClient();
  const initial = useMemo(() => orderFormDefaults(order, defaults), [order, defaults]);
  const form = useForm<OrderFormValues>({ resolver: orderFormResolver(), defaultValues: initial });
  // A new order has nothing stored to protect: every field is editable at once (§4 Order edit).
  const [unlocked, setUnlocked] = useState(order === undefined);
  const [saving, setSaving] = useState(false);
  const plugins = useSlot('order.edit.sections');
  const guard = useLeaveGuard(form.formState.isDirty);

  // The order's own VAT rates and currency stay choosable even when no longer configured (§5).
  const vatRates = useMemo(
    () =>
      withCurrent(
        lists.vatValues,
        [initial.deliveryVat, defaults.lineVat, ...initial.items.map((l) => l.vat)],
        sameRate,
      ),
    [lists.vatValues, initial, defaults.lineVat],
  );
  const currencies = useMemo(
    () => withCurrent(lists.currencyValues, initial.currency),
    [lists.currencyValues, initial.currency],
  );
  const carriers = useMemo(() => carrierChoices(lists.carriers, order?.carrierMethod), [lists.carriers, order]);

  const showFieldError = (field: string | undefined, message: string, rows: readonly number[]) => {
    const f = formFieldOf(field, rows);
    if (f) form.setError(f as FieldPath<OrderFormValues>, { message }, { shouldFocus: true });
  };

  const onSubmit = async (v: OrderFormValues) => {
    const rows = keptLines(v.items).map((k) => k.row);
    const body = orderBody(v, { order, stationary: defaults.stationary, unlocked });
    // The contract's own rules first (lengths, e-mail, country code): nothing is sent when they fail.
    const check = 'id' in body ? orderUpdateSchema.safeParse(body) : orderInputSchema.safeParse(body);
    if (!check.success) {
      for (const issue of check.error.issues) showFieldError(issue.path.join('.'), issue.message, rows);
      toast.error(t.saveErrorTitle, check.error.issues[0]?.message ?? t.fixErrors);
      return;
    }
    setSaving(true);
    try {
      let saved: Order;
      try {
        saved = await saveOrder(body);
      } catch (err) {
        toast.error(t.saveErrorTitle, errorMessage(err));
        if (err instanceof ApiError) showFieldError(err.field, err.message, rows);
        return;
      }
      void client.invalidateQueries({ queryKey: orderKeys.all });
      // Lines move stock: item lists and warehouse changes are stale now.
      void client.invalidateQueries({ queryKey: ['items'] });
      try {
        for (const s of slots.list('order.edit.sections')) if (s.afterSave) await s.afterSave(saved);
      } catch (err) {
        toast.error(t.saveErrorTitle, errorMessage(err));
        return;
      }
      toast.success(t.saved, format(t.savedBody, { id: saved.id }));
      guard.release();
      onSaved(saved);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormProvider {...form}>
      <Form
        noValidate
        onSubmit={form.handleSubmit(onSubmit, () => toast.error(t.saveErrorTitle, t.fixErrors))}
        data-testid="order-form"
      >
        <fieldset disabled={saving}>
          {order && (
            <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
              <Button
                variant={unlocked ? 'secondary' : 'outline-secondary'}
                size="sm"
                disabled={unlocked}
                onClick={() => setUnlocked(true)}
                title={t.unlockHint}
                data-testid="order-unlock"
              >
                <i className={`bi bi-${unlocked ? 'unlock' : 'lock'} me-1`} aria-hidden="true" />
                {unlocked ? t.unlocked : t.unlock}
              </Button>
              <span className="small text-muted">{t.unlockHint}</span>
            </div>
          )}
          <GeneralSection
            unlocked={unlocked}
            statuses={lists.statuses}
            incomeSources={lists.incomeSources}
            currencies={currencies}
          />
          <DeliverySection unlocked={unlocked} carriers={carriers} countries={lists.countries} vatRates={vatRates} />
          <InvoiceSection countries={lists.countries} />
          <LinesSection vatRates={vatRates} lineVat={defaults.lineVat} disabled={saving} stored={order?.items} />
          {plugins.map((s) => (
            <s.component key={s.id} order={order} />
          ))}
          <div className="d-flex flex-wrap align-items-center gap-3 mt-3">
            <EditOnly permission="main.order.edit">
              <Button type="submit" variant="primary" disabled={saving} data-testid="order-save">
                <i className="bi bi-check-lg me-1" aria-hidden="true" />
                {t.save}
              </Button>
            </EditOnly>
            {saving && (
              <ProgressBar
                striped
                animated
                now={100}
                label={t.saving}
                className="flex-grow-1"
                style={{ height: '1.5rem', maxWidth: '30rem' }}
                data-testid="order-saving"
              />
            )}
          </div>
        </fieldset>
      </Form>
    </FormProvider>
  );
}
