import type { TenantDb } from '../../db/tenant';
import { recordChanges, type ChangeRequest, type LedgerDeps } from '../stock';

/** What the stock rule needs of a line: its item link and quantity. */
export interface LineQuantity {
  item_id: number | null;
  quantity: number;
}

/**
 * THE stock rule of orders (docs/decisions.md, Orders): the stock change per item between the
 * order's lines before and after a save. A linked line added or raised takes stock (negative), one
 * removed or lowered gives it back (positive); a line moved to another item is both. A new or
 * copied order has no lines before, a deleted one none after. Items whose net change is zero are
 * left out, so re-saving unchanged lines records nothing.
 */
export function stockDifference(before: readonly LineQuantity[], after: readonly LineQuantity[]): Map<number, number> {
  const diff = new Map<number, number>();
  const add = (itemId: number | null, q: number) => {
    if (itemId !== null) diff.set(itemId, (diff.get(itemId) ?? 0) + q);
  };
  for (const l of before) add(l.item_id, l.quantity);
  for (const l of after) add(l.item_id, -l.quantity);
  for (const [id, q] of diff) if (q === 0) diff.delete(id);
  return diff;
}

/**
 * Records the stock difference of one order save with one ledger call, in the caller's transaction:
 * type ORDER, linked to the order, committed at once only with auto-commit, and subject to the
 * skip-zero options (server-rules.md as copied into docs/decisions.md, Orders). Items in id order.
 */
export async function recordOrderStock(
  deps: LedgerDeps,
  tdb: TenantDb,
  orderId: number,
  before: readonly LineQuantity[],
  after: readonly LineQuantity[],
): Promise<void> {
  const reqs: ChangeRequest[] = [...stockDifference(before, after)]
    .sort(([a], [b]) => a - b)
    .map(([itemId, quantity]) => ({ itemId, quantity, type: 'ORDER', orderId, commit: 'option', fromOrder: true }));
  if (reqs.length > 0) await recordChanges(deps, tdb, reqs);
}
