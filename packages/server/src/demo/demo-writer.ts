import type { CopiedItems, CopiedOrders } from './demo-generator';
import type { ChunkedBatch } from './demo-items';
import type { OrderBatch, RollupBatch } from './demo-orders';

/**
 * The demo seed's bulk writer: what both engines' writers do (demo-writer-sqlite.ts,
 * demo-writer-postgres.ts) and the ledger rows they both write.
 */
/** Every piece on the shelf is explained by the ledger: one committed INITIAL change per stocked item. */
export const LEDGER_COLUMNS =
  'org_id, item_id, item_code, item_name, type, quantity, qty_before, qty_after, change_date, commit_date, committed';
export const LEDGER_ROWS = `select org_id, id, code, name, 'INITIAL', count_ware, 0, count_ware, last_changed, last_changed, 1
  from items where id >= `;

export interface SearchTarget {
  /** The scratch file the generator worker builds the new items' search index in. */
  file: string;
  /** The application's definition of the search table (migration 0003). */
  ddl: string;
}

export interface BulkWriter {
  /** Highest item id so far: the seed numbers its items from the next one. */
  maxItemId(): Promise<number>;
  /** Drops what slows bulk inserts down (secondary indexes, search triggers). */
  prepare(): Promise<void>;
  /** Where the generator worker should build the search index of items from `firstId` on, if anywhere. */
  searchTarget(firstId: number): SearchTarget | null;
  write(batch: ChunkedBatch | CopiedItems): Promise<void>;
  /**
   * Writes the ledger rows, rebuilds what prepare dropped, fixes sequences and sets the
   * organisation's item counter (the count of its unfiltered list). Leaves for finishLater what
   * waits better (PostgreSQL: the items' B-tree indexes and foreign keys).
   */
  finish(firstId: number, orgId: number, count: number): Promise<void>;
  /**
   * The rest of finish, once the orders are written (or at once without orders). PostgreSQL: the
   * items' B-tree indexes and foreign keys, built when the generator worker has finished and both
   * cores are free for parallel index builds; before, they shared the cores with the worker making
   * the orders (docs/performance.md, Order search).
   */
  finishLater(): Promise<void>;
  /** Indexes the new items for search, once the generator worker has finished. */
  indexSearch(firstId: number): Promise<void>;
  /** Highest order id so far: the seed numbers its orders from the next one. */
  maxOrderId(): Promise<number>;
  /** Takes its items and orders as COPY text (CopiedItems, CopiedOrders) rather than rows. */
  copiesText: boolean;
  /** Drops the secondary indexes of orders and their lines. */
  prepareOrders(): Promise<void>;
  writeOrders(batch: OrderBatch | CopiedOrders): Promise<void>;
  /** The orders' daily roll-ups, added up by the generator (the organisation has none before). */
  writeRollups(batch: RollupBatch): Promise<void>;
  /**
   * Rebuilds what prepareOrders dropped (indexes, the order counter's triggers), sets the
   * organisation's order counter and fixes the order sequence.
   */
  finishOrders(orgId: number): Promise<void>;
}
