import type { OrderPrintKind, OrderPrintLogAnswer } from '@zaplecze/contract';
import type { TenantDb } from '../../db/tenant';
import { notFound } from '../../platform/errors';
import { DOCUMENTS_MSG } from './messages.pl';

/** One print or dispatch to record (docs/decisions.md, Documents: Print log). */
export interface OrderPrintEntry {
  orderId: number;
  /** The user's login; null for the system (e.g. the mail outbox). */
  user: string | null;
  kind: OrderPrintKind;
  format?: string | null;
  detail?: string;
}

/**
 * Records prints of orders in the caller's transaction (pass the transaction's TenantDb), so a
 * print that fails leaves no row and a row never names a print that did not happen.
 */
export async function recordOrderPrints(tdb: TenantDb, entries: readonly OrderPrintEntry[], at: Date): Promise<void> {
  if (entries.length === 0) return;
  const createdAt = at.toISOString();
  for (let i = 0; i < entries.length; i += 500) {
    await tdb
      .insertInto(
        'order_prints',
        entries.slice(i, i + 500).map((e) => ({
          order_id: e.orderId,
          user_login: e.user,
          kind: e.kind,
          format: e.format ?? null,
          detail: (e.detail ?? '').slice(0, 1000),
          created_at: createdAt,
        })),
      )
      .execute();
  }
}

/** GET /orders/print_log: the order's prints, newest first (404 for an order not of this organisation). */
export async function orderPrintLog(tdb: TenantDb, orderId: number): Promise<OrderPrintLogAnswer> {
  const order = await tdb.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst();
  if (!order) throw notFound(DOCUMENTS_MSG.orderNotFound);
  const rows = await tdb
    .selectFrom('order_prints')
    .select(['created_at', 'user_login', 'kind', 'format', 'detail'])
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .limit(1000)
    .execute();
  return {
    entries: rows.map((r) => ({
      date: new Date(r.created_at).toISOString(),
      user: r.user_login,
      kind: r.kind as OrderPrintKind,
      format: r.format,
      detail: r.detail,
    })),
  };
}
