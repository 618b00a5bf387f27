import type { TenantDb } from '../../db/tenant';
import type { AppDeps } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { type OrderChanges, ordersRepository as repo } from './orders.repository';
import { rollupsBefore } from './orders.rollups';
import { ORDERS_MSG } from './messages.pl';

/**
 * A change of some fields of one order that is not an edit of the whole order: what dispatch, the
 * invoice issue, the mail outbox and the order reader change (status after dispatch or after the
 * parcel's sizes, the waybill number, sizes and weight, the problem flag, the invoice number and
 * its mail flag). Lines and stock are never touched here.
 */
export interface OrderPatch {
  orderStatusId?: number;
  incomeSourceId?: number;
  /** Millimetres. */
  sizeA?: number;
  sizeB?: number;
  sizeC?: number;
  weightGrams?: number;
  billOfLading?: string | null;
  /** null: no problem; '' or a text: flagged. */
  problem?: string | null;
  /** Only for an order that has invoice data (the invoices module issues the number). */
  invoiceNumber?: string | null;
  invoiceMailSent?: boolean;
}

/**
 * Applies `patch` to the order inside the caller's transaction (`tdb` must be a transaction's):
 * the row is locked, the roll-ups stay in step (status and income source are their keys), the
 * waybill's search key and the invoice state follow their columns, lastModDate and
 * modifiedByUser are set (`user` null: the system), and `orders.saved` (with `order.status_changed` when the status is set) is emitted.
 * A status or income source that is not the organisation's answers 400; a missing order 404.
 * `locked`: the caller has already read and locked this order in `tdb` (PostgreSQL FOR UPDATE),
 * so it is not read again.
 */
export async function patchOrder(
  deps: Pick<AppDeps, 'now' | 'events'>,
  tdb: TenantDb,
  orderId: number,
  patch: OrderPatch,
  user: string | null,
  opts: { locked?: boolean } = {},
): Promise<void> {
  if (!opts.locked && !(await repo.rawById(tdb, orderId, true))) throw notFound(ORDERS_MSG.notFound);
  if (patch.orderStatusId !== undefined && !(await repo.exists(tdb, 'order_statuses', patch.orderStatusId)))
    throw badRequest(ORDERS_MSG.statusNotFound, 'orderStatusId');
  if (patch.incomeSourceId !== undefined && !(await repo.exists(tdb, 'income_sources', patch.incomeSourceId)))
    throw badRequest(ORDERS_MSG.incomeSourceNotFound, 'incomeSourceId');
  const changes: OrderChanges = {
    ...(patch.orderStatusId !== undefined ? { order_status_id: patch.orderStatusId } : {}),
    ...(patch.incomeSourceId !== undefined ? { income_source_id: patch.incomeSourceId } : {}),
    ...(patch.sizeA !== undefined ? { size_a: patch.sizeA } : {}),
    ...(patch.sizeB !== undefined ? { size_b: patch.sizeB } : {}),
    ...(patch.sizeC !== undefined ? { size_c: patch.sizeC } : {}),
    ...(patch.weightGrams !== undefined ? { weight_g: patch.weightGrams } : {}),
    ...(patch.billOfLading !== undefined ? { bill_of_lading: patch.billOfLading } : {}),
    ...(patch.problem !== undefined ? { problem: patch.problem } : {}),
    ...(patch.invoiceNumber !== undefined ? { invoice_number: patch.invoiceNumber } : {}),
    ...(patch.invoiceMailSent !== undefined ? { invoice_mail_sent: patch.invoiceMailSent ? 1 : 0 } : {}),
    last_mod_date: deps.now().toISOString(),
    modified_by: user,
  };
  // Sizes, weight, the waybill and the mail flag are no roll-up figure or key: a packing scan's
  // change skips the four aggregate reads (db/order-rollups.ts, DAY_FIGURES and its keys).
  const touchesRollups =
    patch.orderStatusId !== undefined ||
    patch.incomeSourceId !== undefined ||
    patch.problem !== undefined ||
    patch.invoiceNumber !== undefined;
  const rollups = touchesRollups ? await rollupsBefore(tdb, [orderId]) : undefined;
  const to = patch.orderStatusId;
  const from = to === undefined ? undefined : (await repo.statusesOf(tdb, [orderId])).get(orderId);
  await repo.update(tdb, orderId, changes);
  await rollups?.after([orderId]);
  deps.events.emit(tdb, 'orders.saved', { orderIds: [orderId], createdIds: [] });
  if (to !== undefined)
    deps.events.emit(tdb, 'order.status_changed', { orders: [{ orderId, from: from ?? null, to }] });
}
