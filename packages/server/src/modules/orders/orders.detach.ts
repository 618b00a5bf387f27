import { chunks } from '../../db/per-row';
import type { TenantDb } from '../../db/tenant';
import { ordersBatchRepository as batch } from './orders.mass.repository';
import { rollupsBefore } from './orders.rollups';

/**
 * A catalogue item is about to be deleted (docs/decisions.md, Orders, Summaries): its order lines
 * lose the link (what ON DELETE SET NULL would do) and get the deleted-item mark, so they stay
 * catalogue goods of their group in the roll-ups, which therefore do not change. The item row is
 * locked first (PostgreSQL FOR UPDATE): every save that adds or removes lines of the item holds a
 * lock on it (the ledger's, or the lines' foreign-key check), so no line of it is written unseen
 * between this update and the item's DELETE. No order is locked, so an order save waiting for the
 * item's stock cannot deadlock with this.
 */
export async function markDeletedItemLines(tdb: TenantDb, itemId: number): Promise<void> {
  if (tdb.isPostgres) await tdb.selectFrom('items').select('id').where('id', '=', itemId).forUpdate().execute();
  await tdb.updateTable('order_lines').set({ item_id: null, item_deleted: 1 }).where('item_id', '=', itemId).execute();
}

/**
 * An item group is about to be deleted: the order lines that still carry it (the group stored at
 * their save) lose it, with their orders' roll-ups moved to "no group" in step. The orders are
 * locked like every order write locks them (in id order, first), in passes until no line of the
 * group is left (a line committed by a concurrent split during a pass is taken by the next).
 */
export async function detachGroupLines(tdb: TenantDb, groupId: number): Promise<void> {
  for (let pass = 0; pass < 20; pass++) {
    const rows = await tdb
      .selectFrom('order_lines')
      .select('order_id')
      .distinct()
      .where('item_group_id', '=', groupId)
      .execute();
    if (rows.length === 0) return;
    const locked = [
      ...(await batch.lockExisting(
        tdb,
        rows.map((r) => r.order_id),
      )),
    ];
    const rollups = await rollupsBefore(tdb, locked);
    for (const part of chunks(locked, 500))
      await tdb
        .updateTable('order_lines')
        .set({ item_group_id: null })
        .where('item_group_id', '=', groupId)
        .where('order_id', 'in', part)
        .execute();
    await rollups.after(locked);
  }
}
