import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenant';

/** Print log kinds after which the reader refuses a status change (docs/decisions.md, Order reader). */
const LOCKING_PRINTS = ['DISPATCH', 'BOL'];

/**
 * The order reader's small queries (docs/decisions.md, Documents: Order reader). A scan reads the
 * order (one row with its status, carrier, next side and dispatch mark) and its lines with their
 * packing (one query), and writes one log row; only scans that change something open a
 * transaction.
 */
export const orderReaderRepository = {
  /** The order as the panel needs it, with `dispatched`: it has a waybill or a DISPATCH/BOL print. */
  async order(tdb: TenantDb, id: number) {
    const row = await tdb
      .selectFrom('orders')
      .innerJoin('order_statuses as os', 'os.id', 'orders.order_status_id')
      .leftJoin('carrier_methods as cm', 'cm.id', 'orders.carrier_method_id')
      .leftJoin('order_reader_state as st', 'st.order_id', 'orders.id')
      .select([
        'orders.id',
        'orders.order_status_id',
        'os.name as status_name',
        'os.color as status_color',
        'orders.size_a',
        'orders.size_b',
        'orders.size_c',
        'orders.weight_g',
        'orders.bill_of_lading',
        'orders.cash_on_delivery',
        'orders.shipping_method',
        'orders.has_invoice',
        'orders.problem',
        'orders.lines_sum',
        'orders.delivery_cost',
        'cm.carrier_name as cm_carrier_name',
        'cm.name as cm_name',
        'st.next_side',
      ])
      .select((eb) =>
        eb
          .exists(
            tdb
              .selectFrom('order_prints')
              .select('order_prints.id')
              .where('order_prints.order_id', '=', sql<number>`orders.id`)
              .where('order_prints.kind', 'in', LOCKING_PRINTS),
          )
          .as('printed'),
      )
      .where('orders.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { printed, ...rest } = row;
    return { ...rest, dispatched: Boolean(Number(printed)) || hasWaybill(row.bill_of_lading) };
  },

  /** The order's lines in their order, with the units packed so far. */
  async lines(tdb: TenantDb, orderId: number) {
    const rows = await tdb
      .selectFrom('order_lines')
      .leftJoin('order_packing as p', 'p.line_id', 'order_lines.id')
      .select([
        'order_lines.id',
        'order_lines.item_id',
        'order_lines.code',
        'order_lines.name',
        'order_lines.quantity',
        'p.packed',
      ])
      .where('order_lines.order_id', '=', orderId)
      .orderBy('order_lines.position')
      .execute();
    return rows.map((r) => ({ ...r, packed: r.packed ?? 0 }));
  },

  /**
   * Locks the order for the rest of the transaction (PostgreSQL FOR UPDATE; SQLite write
   * transactions run one at a time), so two readers' scans of one order apply one after the other.
   */
  async lock(tdb: TenantDb, id: number): Promise<boolean> {
    const q = tdb.selectFrom('orders').select('id').where('id', '=', id);
    return (await (tdb.isPostgres ? q.forUpdate() : q).executeTakeFirst()) !== undefined;
  },

  async setNextSide(tdb: TenantDb, orderId: number, side: string): Promise<void> {
    await tdb
      .insertInto('order_reader_state', { order_id: orderId, next_side: side })
      .onConflict((oc) => oc.column('order_id').doUpdateSet({ next_side: side }))
      .execute();
  },

  /** Sets the packed count of a line (inside the transaction that locked its order). */
  async setPacked(tdb: TenantDb, orderId: number, lineId: number, packed: number): Promise<void> {
    await tdb
      .insertInto('order_packing', { line_id: lineId, order_id: orderId, packed })
      .onConflict((oc) => oc.column('line_id').doUpdateSet({ packed }))
      .execute();
  },

  async userSize(tdb: TenantDb, id: number) {
    return tdb
      .selectFrom('user_sizes')
      .select(['name', 'size_a', 'size_b', 'size_c'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async name(tdb: TenantDb, table: 'order_statuses' | 'income_sources', id: number): Promise<string | undefined> {
    return (await tdb.selectFrom(table).select('name').where('id', '=', id).executeTakeFirst())?.name;
  },

  async log(
    tdb: TenantDb,
    row: {
      user_id: number;
      order_id: number | null;
      barcode: string;
      action_type: string;
      description: string;
      client_action: string;
      is_error: number;
      created_at: string;
    },
  ): Promise<void> {
    await tdb.insertInto('order_scans', row).execute();
  },
};

export type ReaderOrder = NonNullable<Awaited<ReturnType<typeof orderReaderRepository.order>>>;
export type ReaderLine = Awaited<ReturnType<typeof orderReaderRepository.lines>>[number];

export function hasWaybill(bol: string | null): bol is string {
  return bol !== null && bol.trim() !== '';
}
