import type { TenantDb } from '../../db/tenant';

/** Tables whose rows print as reader codes by id. */
export type PrintTable =
  | 'item_statuses'
  | 'item_groups'
  | 'delivery_price_lists'
  | 'delivery_times'
  | 'categories'
  | 'places'
  | 'order_statuses'
  | 'income_sources'
  | 'user_sizes';

/** The columns captions use; the tree and size columns exist only on their tables. */
export interface PrintRow {
  id: number;
  name: string;
  full_number?: string;
  size_a?: number;
  size_b?: number;
  size_c?: number;
}

/** Ids per query: far below the bound-parameter limits of SQLite and PostgreSQL. */
const CHUNK = 500;

export const printingRepository = {
  /** The caller's rows among `ids`, by id; ids of other organisations are simply absent. */
  async findByIds(tdb: TenantDb, table: PrintTable, ids: readonly number[]): Promise<Map<number, PrintRow>> {
    const found = new Map<number, PrintRow>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await tdb
        .selectFrom(table)
        .selectAll()
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .execute();
      for (const row of rows as PrintRow[]) found.set(row.id, row);
    }
    return found;
  },

  /** Which of `ids` are orders of the caller's organisation (an order code's caption needs only its number). */
  async existingOrderIds(tdb: TenantDb, ids: readonly number[]): Promise<Set<number>> {
    const found = new Set<number>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await tdb
        .selectFrom('orders')
        .select('id')
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .execute();
      for (const row of rows) found.add(row.id);
    }
    return found;
  },
};
