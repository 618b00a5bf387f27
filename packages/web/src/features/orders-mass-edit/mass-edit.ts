import { moneySchema, ORDER_MASS_BATCH_MAX, type OrderMassEditData, type OrderMassResult } from '@zaplecze/contract';
import { batches, mergeMassResults, runBatch } from '@web/ui/batches';

/**
 * The order mass edit (docs/rules/catalogue-and-orders-rules.md §2.16, §5): four fields, each behind a checkbox; only
 * ticked ones are sent; batches of 100 orders with an idempotency key per batch. Pure, so it is
 * unit-tested.
 */
export interface OrdersMassForm {
  deliveryCostOn: boolean;
  deliveryCost: string;
  deliveryVatOn: boolean;
  deliveryVat: string;
  orderStatusOn: boolean;
  orderStatusId: string;
  incomeSourceOn: boolean;
  incomeSourceId: string;
}

export const ordersMassFormDefaults: OrdersMassForm = {
  deliveryCostOn: false,
  deliveryCost: '',
  deliveryVatOn: false,
  deliveryVat: '',
  orderStatusOn: false,
  orderStatusId: '',
  incomeSourceOn: false,
  incomeSourceId: '',
};

export type MassFormError = 'required' | 'amount' | 'nothing';
export type MassFormErrors = Partial<
  Record<'deliveryCost' | 'deliveryVat' | 'orderStatusId' | 'incomeSourceId' | 'form', MassFormError>
>;

const dot = (s: string) => s.trim().replace(',', '.');

/** §5: ticked fields are required; the delivery cost is an amount from 0 with two decimals. */
export function massFormErrors(f: OrdersMassForm): MassFormErrors {
  const e: MassFormErrors = {};
  if (f.deliveryCostOn) {
    if (f.deliveryCost.trim() === '') e.deliveryCost = 'required';
    else if (!moneySchema.safeParse(dot(f.deliveryCost)).success) e.deliveryCost = 'amount';
  }
  if (f.deliveryVatOn && f.deliveryVat === '') e.deliveryVat = 'required';
  if (f.orderStatusOn && f.orderStatusId === '') e.orderStatusId = 'required';
  if (f.incomeSourceOn && f.incomeSourceId === '') e.incomeSourceId = 'required';
  if (!f.deliveryCostOn && !f.deliveryVatOn && !f.orderStatusOn && !f.incomeSourceOn) e.form = 'nothing';
  return e;
}

/** The POST /orders/mass_edit data: only the ticked fields, commas turned into dots. */
export function massPayload(f: OrdersMassForm): OrderMassEditData {
  const d: OrderMassEditData = {};
  if (f.deliveryCostOn) d.deliveryCost = dot(f.deliveryCost);
  if (f.deliveryVatOn) d.deliveryVat = dot(f.deliveryVat);
  if (f.orderStatusOn) d.orderStatusId = Number(f.orderStatusId);
  if (f.incomeSourceOn) d.incomeSourceId = Number(f.incomeSourceId);
  return d;
}

/**
 * Sends the ids in batches of 100 one after another, each with its own idempotency key (retried
 * once with the same key when the server could not be reached), reporting progress after each.
 * The first failure stops the run (the caller re-enables the form).
 */
export async function runMassEdit(
  ids: readonly number[],
  send: (ids: number[], key: string) => Promise<OrderMassResult>,
  opts: { newKey(): string; isNetworkError(err: unknown): boolean; onProgress(done: number): void },
): Promise<OrderMassResult> {
  const results: OrderMassResult[] = [];
  let done = 0;
  for (const batch of batches(ids, ORDER_MASS_BATCH_MAX)) {
    results.push(await runBatch((key) => send(batch, key), opts.newKey(), opts.isNetworkError));
    done += batch.length;
    opts.onProgress(done);
  }
  return mergeMassResults(results);
}
