import type { TenantDb } from '../../db/tenant';
import { readOptions } from '../options';

/** Ids per locking statement (the engines' bound-parameter limits are far above). */
const LOCK_CHUNK = 500;

/**
 * THE order lock: the ids among `ids` that are orders of the organisation, held until the
 * transaction ends. PostgreSQL: `for update` in id order, so two callers never wait on each other
 * in a cycle; a statement of its own, before the caller reads the orders, because a locking read
 * that waited sees the rows (and joined lines) as they were when it began. SQLite's write
 * transactions run one at a time, so there only the ids are read.
 */
export async function lockOrders(tdb: TenantDb, ids: readonly number[]): Promise<Set<number>> {
  const out = new Set<number>();
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i += LOCK_CHUNK) {
    const q = tdb
      .selectFrom('orders')
      .select('id')
      .where('id', 'in', sorted.slice(i, i + LOCK_CHUNK))
      .orderBy('id');
    for (const r of await (tdb.isPostgres ? q.forUpdate() : q).execute()) out.add(r.id);
  }
  return out;
}

/** Whether an order has a waybill number (one typed by hand counts). */
export function hasWaybill(billOfLading: string | null | undefined): billOfLading is string {
  return billOfLading != null && billOfLading.trim() !== '';
}

/**
 * THE "is dispatched" rule: an order is dispatched once it has a waybill number or a waybill was
 * printed for it (a DISPATCH or BOL print). A dispatched order's status is no longer moved by the
 * "status after" options and the order reader refuses to change it.
 */
export function isDispatched(order: { billOfLading: string | null | undefined; waybillPrinted: boolean }): boolean {
  return order.waybillPrinted || hasWaybill(order.billOfLading);
}

/** The options that move an order's status when something happens to it. */
export type StatusAfterOption = 'ORDER_STATUS_AFTER_SEND' | 'ORDER_STATUS_AFTER_SIZE_WEIGHT';

/**
 * THE status-after rule: the status the option names, when it is set, still exists and differs
 * from the order's current status; otherwise undefined (the status stays). Answers the status's
 * id and name (the order reader's log names it).
 */
export async function statusAfter(
  tdb: TenantDb,
  option: StatusAfterOption,
  currentStatusId: number | null,
): Promise<{ id: number; name: string } | undefined> {
  const [value] = await readOptions(tdb, [option]);
  const id = Number(value?.value ?? '');
  if (!Number.isInteger(id) || id <= 0 || id === currentStatusId) return undefined;
  const row = await tdb.selectFrom('order_statuses').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  return row && { id: row.id, name: row.name };
}
