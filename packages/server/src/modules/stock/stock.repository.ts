import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenant';
import type { WarehouseChangesTable } from '../../db/schema';

export type ChangeRow = Omit<WarehouseChangesTable, 'id'> & { id: number };

/** Small queries of the ledger; the only code that writes items.count_ware. */
export const stockRepository = {
  /**
   * `stock = stock + quantity` in one statement, so concurrent changes never lose an update;
   * answers the stock after (undefined: no such item).
   */
  async applyToItem(tdb: TenantDb, itemId: number, quantity: number): Promise<number | undefined> {
    const row = await tdb
      .updateTable('items')
      .set({ count_ware: sql<number>`count_ware + ${quantity}` })
      .where('id', '=', itemId)
      .returning('count_ware')
      .executeTakeFirst();
    return row?.count_ware;
  },

  /**
   * The item's code, name and stock. `lock` holds the row until the transaction ends (PostgreSQL
   * FOR UPDATE; SQLite write transactions already run one at a time), for read-then-write callers.
   */
  async stockOf(
    tdb: TenantDb,
    itemId: number,
    lock = false,
  ): Promise<{ code: string; name: string; count_ware: number } | undefined> {
    const q = tdb.selectFrom('items').select(['code', 'name', 'count_ware']).where('id', '=', itemId);
    return (lock && tdb.isPostgres ? q.forUpdate() : q).executeTakeFirst();
  },

  async insert(tdb: TenantDb, row: Omit<WarehouseChangesTable, 'id' | 'org_id'>): Promise<ChangeRow> {
    return (await tdb.insertInto('warehouse_changes', row).returningAll().executeTakeFirstOrThrow()) as ChangeRow;
  },

  async findById(tdb: TenantDb, id: number): Promise<ChangeRow | undefined> {
    return (await tdb.selectFrom('warehouse_changes').selectAll().where('id', '=', id).executeTakeFirst()) as
      ChangeRow | undefined;
  },

  /** Marks the change committed unless someone did already; true when this call did. */
  async markCommitted(
    tdb: TenantDb,
    id: number,
    values: { qty_before: number; qty_after: number; commit_date: string },
  ): Promise<boolean> {
    const r = await tdb
      .updateTable('warehouse_changes')
      .set({ ...values, committed: 1 })
      .where('id', '=', id)
      .where('committed', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async remove(tdb: TenantDb, id: number): Promise<boolean> {
    const r = await tdb.deleteFrom('warehouse_changes').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  },
};
