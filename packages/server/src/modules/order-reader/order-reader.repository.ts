import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenant';
import { isDispatched, lockOrders } from '../orders';

/** Print log kinds after which the reader refuses a status change (docs/decisions.md, Order reader). */
const LOCKING_PRINTS = ['DISPATCH', 'BOL'];

/**
 * The order reader's small queries (docs/decisions.md, Documents: Order reader). A scan reads the
 * order (one row with its status, carrier, next side and dispatch mark) and its lines with their
 * packing (one query), and writes one log row; only scans that change something open a
 * transaction.
 */
function selectOrder(tdb: TenantDb) {
  return tdb
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
      'orders.stationary',
      'orders.problem',
      'orders.lines_sum',
      'orders.delivery_cost',
      'orders.currency',
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
    );
}

type OrderSelection = Awaited<ReturnType<ReturnType<typeof selectOrder>['executeTakeFirstOrThrow']>>;

function orderOf(row: OrderSelection) {
  return {
    id: row.id,
    order_status_id: row.order_status_id,
    status_name: row.status_name,
    status_color: row.status_color,
    size_a: row.size_a,
    size_b: row.size_b,
    size_c: row.size_c,
    weight_g: row.weight_g,
    bill_of_lading: row.bill_of_lading,
    cash_on_delivery: row.cash_on_delivery,
    shipping_method: row.shipping_method,
    has_invoice: row.has_invoice,
    stationary: row.stationary,
    problem: row.problem,
    lines_sum: row.lines_sum,
    delivery_cost: row.delivery_cost,
    currency: row.currency,
    cm_carrier_name: row.cm_carrier_name,
    cm_name: row.cm_name,
    next_side: row.next_side,
    dispatched: isDispatched({ billOfLading: row.bill_of_lading, waybillPrinted: Boolean(Number(row.printed)) }),
  };
}

export const orderReaderRepository = {
  /** The order as the panel needs it, with `dispatched`: it has a waybill or a DISPATCH/BOL print. */
  async order(tdb: TenantDb, id: number) {
    const row = await selectOrder(tdb).where('orders.id', '=', id).executeTakeFirst();
    return row && orderOf(row);
  },

  /**
   * The order and its lines with their packing in one statement (the order's columns repeat on
   * each line row; an order without lines is one row with null line columns).
   */
  async orderWithLines(tdb: TenantDb, id: number) {
    const rows = await selectOrder(tdb)
      .leftJoin('order_lines as l', 'l.order_id', 'orders.id')
      .leftJoin('order_packing as p', 'p.line_id', 'l.id')
      .select(['l.id as l_id', 'l.item_id as l_item_id', 'l.code as l_code', 'l.name as l_name'])
      .select(['l.quantity as l_quantity', 'p.packed as l_packed'])
      .where('orders.id', '=', id)
      .orderBy('l.position')
      .execute();
    if (rows.length === 0) return undefined;
    const lines: ReaderLine[] = [];
    for (const r of rows) {
      if (r.l_id === null) continue;
      lines.push({
        id: r.l_id,
        item_id: r.l_item_id,
        code: r.l_code ?? '',
        name: r.l_name ?? '',
        quantity: r.l_quantity ?? 0,
        packed: r.l_packed ?? 0,
      });
    }
    return { order: orderOf(rows[0]!), lines };
  },

  /** Locks the order for the rest of the transaction (orders' lockOrders), before it is read. */
  async lock(tdb: TenantDb, id: number): Promise<void> {
    await lockOrders(tdb, [id]);
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
};

export type ReaderOrder = NonNullable<Awaited<ReturnType<typeof orderReaderRepository.order>>>;
export interface ReaderLine {
  id: number;
  item_id: number | null;
  code: string;
  name: string;
  quantity: number;
  packed: number;
}
