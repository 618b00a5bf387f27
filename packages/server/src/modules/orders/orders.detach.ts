import type { TenantDb } from '../../db/tenant';
import { ordersBatchRepository as batch } from './orders.mass.repository';
import { rollupsBefore } from './orders.rollups';

/**
 * A catalogue item or an item group is about to be deleted: the order lines that point at it are
 * unlinked here (item_id / item_group_id null, what ON DELETE SET NULL would do) with their orders'
 * roll-ups moved in step, in the deleting transaction (docs/decisions.md, Orders, Summaries). The
 * row is locked first (PostgreSQL FOR NO KEY UPDATE), which queues this behind every order save
 * that is changing the item's stock, so no line of it is committed unseen in between.
 */
export async function detachLines(
  tdb: TenantDb,
  target: 'items' | 'item_groups',
  column: 'item_id' | 'item_group_id',
  id: number,
): Promise<void> {
  if (tdb.isPostgres) await tdb.selectFrom(target).select('id').where('id', '=', id).forNoKeyUpdate().execute();
  const rows = await tdb.selectFrom('order_lines').select('order_id').distinct().where(column, '=', id).execute();
  if (rows.length === 0) return;
  const locked = [
    ...(await batch.lockExisting(
      tdb,
      rows.map((r) => r.order_id),
    )),
  ];
  const rollups = await rollupsBefore(tdb, locked);
  await tdb
    .updateTable('order_lines')
    .set({ [column]: null })
    .where(column, '=', id)
    .execute();
  await rollups.after(locked);
}
