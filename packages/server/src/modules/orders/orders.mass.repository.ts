import { chunks } from '../../db/per-row';
import type { TenantDb } from '../../db/tenant';
import { lockOrders } from './orders.lock';
import type { OrderChanges, StoredLine } from './orders.repository';

/** A stored line with its deleted-item mark (what a split carries over). */
export type BatchLine = StoredLine & { item_deleted: number };

const CHUNK = 500;

/** Queries of the batch calls (mass delete, mass edit) over many orders of the organisation. */
export const ordersBatchRepository = {
  /** The ids among `ids` that are orders of the organisation, locked (orders.lock.ts). */
  lockExisting: lockOrders,

  /** The lines of each of these orders, in position order. */
  async linesOf(tdb: TenantDb, orderIds: readonly number[]): Promise<Map<number, BatchLine[]>> {
    const out = new Map<number, BatchLine[]>(orderIds.map((id) => [id, []]));
    for (const part of chunks(orderIds, CHUNK)) {
      const rows = await tdb
        .selectFrom('order_lines')
        .select([
          'order_id',
          'id',
          'item_id',
          'code',
          'name',
          'quantity',
          'price',
          'vat',
          'item_group_id',
          'item_deleted',
        ])
        .where('order_id', 'in', part)
        .orderBy('order_id')
        .orderBy('position')
        .execute();
      for (const { order_id, ...line } of rows) out.get(order_id)?.push(line);
    }
    return out;
  },

  async removeMany(tdb: TenantDb, ids: readonly number[]): Promise<void> {
    for (const part of chunks(ids, CHUNK)) await tdb.deleteFrom('orders').where('id', 'in', part).execute();
  },

  async updateMany(tdb: TenantDb, ids: readonly number[], values: OrderChanges): Promise<void> {
    for (const part of chunks(ids, CHUNK))
      await tdb.updateTable('orders').set(values).where('id', 'in', part).execute();
  },
};
