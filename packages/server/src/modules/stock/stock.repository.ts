import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenant';
import type { WarehouseChangesTable } from '../../db/schema';

export type ChangeRow = Omit<WarehouseChangesTable, 'id'> & { id: number };

/** A month as stored instants: [from, to). */
export interface DateRange {
  from: string;
  to: string;
}

/** Where the previous chunk of an export ended (its last row's change date and id). */
export interface ExportCursor {
  changeDate: string | Date;
  id: number;
}

/** An item whose stock differs from the sum of its committed changes. */
export interface LedgerDifference {
  code: string;
  stock: number;
  ledger: number;
}

function monthQuery(tdb: TenantDb, range: DateRange) {
  // The index warehouse_changes_date_idx (org_id, change_date, id) serves the range.
  return tdb.selectFrom('warehouse_changes').where('change_date', '>=', range.from).where('change_date', '<', range.to);
}

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

  /** One page of a month, sorted by id. */
  async monthPage(tdb: TenantDb, range: DateRange, limit: number, offset: number): Promise<ChangeRow[]> {
    return (await monthQuery(tdb, range)
      .selectAll()
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute()) as ChangeRow[];
  },

  async monthCount(tdb: TenantDb, range: DateRange): Promise<number> {
    const row = await monthQuery(tdb, range)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /**
   * The next chunk of a month for the export, in (change_date, id) order, after `cursor`. Keyset
   * paging walks the date index once in all: every chunk starts with an index seek, not a re-read
   * of the rows before it, and no connection or transaction is held between chunks.
   */
  async monthChunk(tdb: TenantDb, range: DateRange, cursor: ExportCursor | undefined, limit: number) {
    let q = monthQuery(tdb, range);
    if (cursor) {
      const { changeDate, id } = cursor;
      q = q
        .where('change_date', '>=', changeDate)
        .where((eb) => eb.or([eb('change_date', '>', changeDate), eb('id', '>', id)]));
    }
    return (await q.selectAll().orderBy('change_date').orderBy('id').limit(limit).execute()) as ChangeRow[];
  },

  /**
   * Items whose stock differs from the sum of their committed changes, by code: ONE grouped query
   * (the ledger summed per item, joined to the items), so a million items are one pass over each
   * table. stock:verify and the ledger tests share it.
   */
  async ledgerDifferences(tdb: TenantDb): Promise<LedgerDifference[]> {
    const sums = tdb
      .selectFrom('warehouse_changes')
      .select(['warehouse_changes.item_id', (eb) => eb.fn.sum<number>('warehouse_changes.quantity').as('total')])
      .where('warehouse_changes.committed', '=', 1)
      .where('warehouse_changes.item_id', 'is not', null)
      .groupBy('warehouse_changes.item_id')
      .as('l');
    const rows = await tdb
      .selectFrom('items')
      .leftJoin(sums, 'l.item_id', 'items.id')
      .select(['items.code', 'items.count_ware', sql<number>`coalesce(l.total, 0)`.as('ledger')])
      .where(sql<boolean>`items.count_ware <> coalesce(l.total, 0)`)
      .orderBy('items.code')
      .execute();
    // PostgreSQL answers sum(integer) as bigint: numbers here (far below 2^53).
    return rows.map((r) => ({ code: r.code, stock: Number(r.count_ware), ledger: Number(r.ledger) }));
  },

  async itemCount(tdb: TenantDb): Promise<number> {
    const row = await tdb
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
