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

/** One order's lines before and after a change (none before: new; none after: deleted). */
export interface OrderLinesChange {
  orderId: number;
  before: readonly LineQuantity[];
  after: readonly LineQuantity[];
}

/**
 * Records the stock differences of one or more order saves with ONE ledger call, in the caller's
 * transaction: type ORDER, linked to the order, committed at once only with auto-commit, and
 * subject to the skip-zero options (docs/rules/server-side-rules.md as copied into docs/decisions.md, Orders).
 * Requests in (item, order) order, so the ledger locks every item once and in id order even for a
 * batch of orders (mass delete), and concurrent batches cannot deadlock on PostgreSQL.
 */
export async function recordOrdersStock(deps: LedgerDeps, tdb: TenantDb, changes: readonly OrderLinesChange[]) {
  const reqs: ChangeRequest[] = changes
    .flatMap(({ orderId, before, after }) =>
      [...stockDifference(before, after)].map(([itemId, quantity]) => ({ itemId, quantity, orderId })),
    )
    .sort((a, b) => a.itemId - b.itemId || a.orderId - b.orderId)
    .map(({ itemId, quantity, orderId }) => ({
      itemId,
      quantity,
      type: 'ORDER',
      orderId,
      commit: 'option',
      fromOrder: true,
    }));
  if (reqs.length > 0) await recordChanges(deps, tdb, reqs);
}

/** The stock difference of one order save (see recordOrdersStock). */
export async function recordOrderStock(
  deps: LedgerDeps,
  tdb: TenantDb,
  orderId: number,
  before: readonly LineQuantity[],
  after: readonly LineQuantity[],
): Promise<void> {
  await recordOrdersStock(deps, tdb, [{ orderId, before, after }]);
}
