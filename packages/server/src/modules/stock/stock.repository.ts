import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenant';
import { chunks, valueById } from '../../db/per-row';
import type { WarehouseChangesTable } from '../../db/schema';

export type ChangeRow = Omit<WarehouseChangesTable, 'id'> & { id: number };
/** A change as the ledger records it (never hidden yet). */
export type NewChangeRow = Omit<WarehouseChangesTable, 'id' | 'org_id' | 'deleted_at'>;

export interface ItemStock {
  id: number;
  code: string;
  name: string;
  count_ware: number;
}

/**
 * Other columns of items a caller changes in the same transaction as their stock: written by the
 * ledger's one UPDATE of those rows (`set(ids)` gives the SET values for a chunk of `ids`), because
 * a second UPDATE of a row in one transaction costs PostgreSQL a new row version with every index
 * entry again, and re-checks all seven foreign keys of the row.
 */
export interface AlongsideUpdate {
  ids: readonly number[];
  set: (ids: readonly number[]) => Record<string, unknown>;
}

/** Ids per statement: far below the bound-value limits of both engines. */
const CHUNK = 500;

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

/** The changes the screen shows: deleted ones are kept for stock:verify only. */
function shown(tdb: TenantDb) {
  return tdb.selectFrom('warehouse_changes').where('deleted_at', 'is', null);
}

function monthQuery(tdb: TenantDb, range: DateRange) {
  // The partial index warehouse_changes_date_idx (org_id, change_date, id) of the rows shown
  // serves the range (migration 0004).
  return shown(tdb).where('change_date', '>=', range.from).where('change_date', '<', range.to);
}

/** Small queries of the ledger; the only code that writes items.count_ware. */
export const stockRepository = {
  /**
   * `stock = stock + delta` for every item of `deltas` in one statement, so concurrent changes
   * never lose an update; answers each item's stock after (an item missing from the answer does
   * not exist). `alongside` writes the caller's other columns of its items in the same statement
   * (see AlongsideUpdate).
   */
  async applyToItems(
    tdb: TenantDb,
    deltas: ReadonlyMap<number, number>,
    alongside?: AlongsideUpdate,
  ): Promise<Map<number, ItemStock>> {
    const after = new Map<number, ItemStock>();
    const ids = [...new Set([...deltas.keys(), ...(alongside?.ids ?? [])])];
    for (const part of chunks(ids, CHUNK)) {
      const mine = new Map(part.flatMap((id) => (deltas.has(id) ? [[id, deltas.get(id)!] as const] : [])));
      const set: Record<string, unknown> = alongside ? alongside.set(part) : {};
      if (mine.size > 0) set.count_ware = sql<number>`count_ware + ${valueById('id', mine, 'integer', 0)}`;
      const rows = await tdb
        .updateTable('items')
        .set(set)
        .where('id', 'in', part)
        .returning(['id', 'code', 'name', 'count_ware'])
        .execute();
      for (const r of rows) if (deltas.has(r.id)) after.set(r.id, r);
    }
    return after;
  },

  /**
   * The items' code, name and stock, by id. `lock` holds the rows until the transaction ends
   * (PostgreSQL FOR UPDATE; SQLite write transactions already run one at a time), for
   * read-then-write callers.
   */
  async stocksOf(tdb: TenantDb, itemIds: readonly number[], lock = false): Promise<Map<number, ItemStock>> {
    const out = new Map<number, ItemStock>();
    for (const part of chunks(itemIds, CHUNK)) {
      // In id order: concurrent batches lock their common rows in the same order (no deadlock).
      const q = tdb
        .selectFrom('items')
        .select(['id', 'code', 'name', 'count_ware'])
        .where('id', 'in', part)
        .orderBy('id');
      for (const r of await (lock && tdb.isPostgres ? q.forUpdate() : q).execute()) out.set(r.id, r);
    }
    return out;
  },

  /**
   * Inserts change rows; answers them with their ids in the order given (both engines number the
   * rows of one multi-row insert in the order of its VALUES).
   */
  async insertMany(tdb: TenantDb, rows: readonly NewChangeRow[]): Promise<ChangeRow[]> {
    const out: ChangeRow[] = [];
    // 12 values a row: 200 rows a statement.
    for (const part of chunks(rows, 200)) {
      const inserted = (await tdb.insertInto('warehouse_changes', part).returningAll().execute()) as ChangeRow[];
      out.push(...inserted.sort((a, b) => a.id - b.id));
    }
    return out;
  },

  async findById(tdb: TenantDb, id: number): Promise<ChangeRow | undefined> {
    return (await shown(tdb).selectAll().where('id', '=', id).executeTakeFirst()) as ChangeRow | undefined;
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

  /** Hides a change (see `shown`); false when there is no such change, or it is hidden already. */
  async remove(tdb: TenantDb, id: number, at: string): Promise<boolean> {
    const r = await tdb
      .updateTable('warehouse_changes')
      .set({ deleted_at: at })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
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
