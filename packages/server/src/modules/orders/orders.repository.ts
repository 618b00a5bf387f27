import type { Insertable, Selectable, Updateable } from 'kysely';
import { invoiceState, invoiceStateOf, linesSummary, searchKeysOf } from '../../db/order-keys';
import { chunks } from '../../db/per-row';
import type { OrderLinesTable, OrdersTable } from '../../db/schema';
import type { TenantDb } from '../../db/tenant';
import { lockOrders } from './orders.lock';

export type OrderColumns = Omit<Insertable<OrdersTable>, 'id' | 'org_id'>;
export type OrderChanges = Updateable<
  Omit<OrdersTable, 'id' | 'org_id' | 'uuid' | 'add_date' | 'stationary' | 'invoice_state' | `search_${string}`>
>;
/** A line as stored, without its id and order (`item_deleted` only when a split carries it over). */
export type LineColumns = Omit<
  Selectable<OrderLinesTable>,
  'id' | 'org_id' | 'order_id' | 'position' | 'item_deleted'
> & {
  item_deleted?: number;
};
export type StoredLine = Awaited<ReturnType<typeof ordersRepository.lines>>[number];

const CHUNK = 500;

/** The order with its status and income source, as the answer shows them. */
function selectOrder(tdb: TenantDb) {
  return tdb
    .selectFrom('orders')
    .innerJoin('order_statuses as os', 'os.id', 'orders.order_status_id')
    .innerJoin('income_sources as src', 'src.id', 'orders.income_source_id')
    .leftJoin('carrier_methods as cm', 'cm.id', 'orders.carrier_method_id')
    .selectAll('orders')
    .select(['os.name as status_name', 'os.color as status_color', 'src.name as source_name'])
    .select(['cm.name as cm_name', 'cm.sub_name as cm_sub_name', 'cm.send_type as cm_send_type'])
    .select(['cm.carrier_id as cm_carrier_id', 'cm.carrier_name as cm_carrier_name']);
}
export type OrderRowData = Awaited<ReturnType<ReturnType<typeof selectOrder>['executeTakeFirstOrThrow']>>;

async function insertLineRows(tdb: TenantDb, orderId: number, lines: readonly LineColumns[]): Promise<void> {
  const rows = lines.map((l, position) => ({ ...l, order_id: orderId, position }));
  // Ten columns a row: 50 rows stay under SQLite's 999 bound values of old builds.
  for (const part of chunks(rows, 50)) await tdb.insertInto('order_lines', part).execute();
}

export const ordersRepository = {
  async rowById(tdb: TenantDb, id: number): Promise<OrderRowData | undefined> {
    return selectOrder(tdb).where('orders.id', '=', id).executeTakeFirst();
  },

  /** The order with this uuid (the public buyer page), within the organisation of `tdb`. */
  async rowByUuid(tdb: TenantDb, uuid: string): Promise<OrderRowData | undefined> {
    return selectOrder(tdb).where('orders.uuid', '=', uuid).executeTakeFirst();
  },

  /**
   * Every stored column. `lock` holds the row until the transaction ends (PostgreSQL FOR UPDATE;
   * SQLite write transactions run one at a time), so two edits of one order never both compute
   * their stock difference from the same old lines.
   */
  async rawById(tdb: TenantDb, id: number, lock = false) {
    if (lock) await lockOrders(tdb, [id]);
    return tdb.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /**
   * Inserts an order with the search keys of its texts and its invoice state (its lines and their
   * summary: replaceLines).
   */
  async insert(tdb: TenantDb, values: OrderColumns): Promise<number> {
    const state = invoiceState(values.has_invoice ?? 0, values.invoice_number ?? null);
    const row = { ...values, ...searchKeysOf(values), invoice_state: state };
    return (await tdb.insertInto('orders', row).returning('id').executeTakeFirstOrThrow()).id;
  },

  /**
   * Updates an order; a changed searchable text changes its search key with it, a changed invoice
   * flag or number the invoice state (the only writer of orders after their insert: keep it so).
   */
  async update(tdb: TenantDb, id: number, values: OrderChanges): Promise<void> {
    await tdb
      .updateTable('orders')
      .set({ ...values, ...searchKeysOf(values), ...invoiceStateOf(values) })
      .where('id', '=', id)
      .execute();
  },

  async remove(tdb: TenantDb, id: number): Promise<void> {
    await tdb.deleteFrom('orders').where('id', '=', id).execute();
  },

  async lines(tdb: TenantDb, orderId: number) {
    return tdb
      .selectFrom('order_lines')
      .select(['id', 'item_id', 'code', 'name', 'quantity', 'price', 'vat', 'item_group_id'])
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute();
  },

  /**
   * THE writer of an order's lines: replaces them and, in the same transaction (the caller's),
   * the order's summary of them (sum, count, codes), which the list rows read instead of the lines.
   */
  async replaceLines(tdb: TenantDb, orderId: number, lines: readonly LineColumns[]): Promise<void> {
    await tdb.deleteFrom('order_lines').where('order_id', '=', orderId).execute();
    await insertLineRows(tdb, orderId, lines);
    await tdb.updateTable('orders').set(linesSummary(lines)).where('id', '=', orderId).execute();
  },

  /**
   * The lines of an order inserted with them: nothing to delete, and their summary columns went in
   * with the order's row (`insert(tdb, { ...values, ...linesSummary(lines) })`).
   */
  async insertLines(tdb: TenantDb, orderId: number, lines: readonly LineColumns[]): Promise<void> {
    await insertLineRows(tdb, orderId, lines);
  },

  /** The group of each of these items of the organisation (missing ids are absent). */
  async itemGroups(tdb: TenantDb, itemIds: readonly number[]): Promise<Map<number, number | null>> {
    const out = new Map<number, number | null>();
    for (const part of chunks(itemIds, CHUNK)) {
      const rows = await tdb.selectFrom('items').select(['id', 'item_group_id']).where('id', 'in', part).execute();
      for (const r of rows) out.set(r.id, r.item_group_id);
    }
    return out;
  },

  async exists(tdb: TenantDb, table: 'order_statuses' | 'income_sources', id: number): Promise<boolean> {
    return (await tdb.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },

  /** The status of each of these orders (missing ids are absent): the `from` of order.status_changed. */
  async statusesOf(tdb: TenantDb, ids: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (const part of chunks(ids, CHUNK)) {
      const rows = await tdb.selectFrom('orders').select(['id', 'order_status_id']).where('id', 'in', part).execute();
      for (const r of rows) out.set(r.id, r.order_status_id);
    }
    return out;
  },

  /** Whether any order of the organisation points at `id` through `column` (usage checks). */
  async anyWith(tdb: TenantDb, column: 'order_status_id' | 'income_source_id', id: number): Promise<boolean> {
    return (await tdb.selectFrom('orders').select('id').where(column, '=', id).executeTakeFirst()) !== undefined;
  },
};
