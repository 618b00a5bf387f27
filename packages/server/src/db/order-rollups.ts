import { sql, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import { localDaySql } from './local-day';

/**
 * THE definition of the order roll-ups (migration 0008; docs/decisions.md, Orders, Summaries), as
 * SQL over the raw tables, like a materialised view's query: used for the contribution of a set of
 * orders (modules/orders/orders.rollups.ts applies differences of it in every write of orders), for
 * the full rebuild (`rebuildOrderRollups`) and for the check that the stored roll-ups equal it.
 *
 * Day rows: per organisation, local day, status and income source: orders, pieces on their lines,
 * orders with a problem, orders with an invoice that has no number yet, delivery and goods (grosze).
 * Group rows: the same keys plus the goods' group key (item group id; 0 = catalogue goods without a
 * group; -1 = lines saved without a catalogue item, i.e. no item and no deleted-item mark): orders
 * having such lines, their pieces, the
 * goods of those lines and the delivery of those orders (an order with lines of two keys counts in
 * both).
 */

/** Which orders a statement covers: one organisation (optionally some of its orders) or all. */
export interface RollupScope {
  orgId?: number;
  orderIds?: readonly number[];
}

function orderFilter(scope: RollupScope): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (scope.orgId !== undefined) parts.push(sql`o.org_id = ${scope.orgId}`);
  if (scope.orderIds !== undefined)
    parts.push(scope.orderIds.length === 0 ? sql`1 = 0` : sql`o.id in (${sql.join(scope.orderIds)})`);
  return sql.join(parts, sql` and `);
}

function lineFilter(scope: RollupScope): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (scope.orgId !== undefined) parts.push(sql`org_id = ${scope.orgId}`);
  if (scope.orderIds !== undefined)
    parts.push(scope.orderIds.length === 0 ? sql`1 = 0` : sql`order_id in (${sql.join(scope.orderIds)})`);
  return sql.join(parts, sql` and `);
}

export const DAY_FIGURES = [
  'orders_count',
  'items_count',
  'problem_count',
  'unnumbered_count',
  'delivery',
  'goods',
] as const;
export const GROUP_FIGURES = ['orders_count', 'items_count', 'delivery', 'goods'] as const;

/** The day rows of the orders in `scope`, computed from orders and order_lines. */
export function dayRowsSql(isPostgres: boolean, scope: RollupScope): RawBuilder<Record<string, number | string>> {
  const day = localDaySql(isPostgres, sql`o.order_date`);
  return sql`select o.org_id as org_id, ${day} as day, o.order_status_id as order_status_id,
      o.income_source_id as income_source_id,
      count(*) as orders_count,
      sum(coalesce(ls.q, 0)) as items_count,
      sum(case when o.problem is not null then 1 else 0 end) as problem_count,
      sum(case when o.has_invoice = 1 and coalesce(o.invoice_number, '') = '' then 1 else 0 end) as unnumbered_count,
      sum(o.delivery_cost) as delivery,
      sum(coalesce(ls.g, 0)) as goods
    from orders o
    left join (
      select order_id, sum(quantity) as q, sum(quantity * price) as g
      from order_lines where ${lineFilter(scope)} group by order_id
    ) ls on ls.order_id = o.id
    where ${orderFilter(scope)}
    group by 1, 2, 3, 4`;
}

/** The group rows of the orders in `scope`. */
export function groupRowsSql(isPostgres: boolean, scope: RollupScope): RawBuilder<Record<string, number | string>> {
  const day = localDaySql(isPostgres, sql`o.order_date`);
  return sql`select org_id, day, order_status_id, income_source_id, group_key,
      count(*) as orders_count, sum(q) as items_count, sum(delivery) as delivery, sum(g) as goods
    from (
      select o.id, o.org_id as org_id, ${day} as day, o.order_status_id as order_status_id,
        o.income_source_id as income_source_id, o.delivery_cost as delivery,
        case when l.item_id is null and l.item_deleted = 0 then -1 else coalesce(l.item_group_id, 0) end as group_key,
        sum(l.quantity) as q, sum(l.quantity * l.price) as g
      from orders o
      join order_lines l on l.order_id = o.id
      where ${orderFilter(scope)}
      group by o.id, 7
    ) per_order
    group by 1, 2, 3, 4, 5`;
}

/**
 * The statements that recompute the roll-ups from the raw tables: of one organisation, or of every
 * organisation without `orgId`. Run them in one transaction.
 */
export function rebuildStatements(isPostgres: boolean, orgId?: number): RawBuilder<unknown>[] {
  const scope: RollupScope = orgId === undefined ? {} : { orgId };
  const where = orgId === undefined ? sql`` : sql` where org_id = ${orgId}`;
  return [
    sql`delete from order_rollup_days${where}`,
    sql`delete from order_rollup_groups${where}`,
    sql`insert into order_rollup_days (org_id, day, order_status_id, income_source_id,
        ${sql.join(DAY_FIGURES.map((c) => sql.ref(c)))})
      ${dayRowsSql(isPostgres, scope)}`,
    sql`insert into order_rollup_groups (org_id, day, order_status_id, income_source_id, group_key,
        ${sql.join(GROUP_FIGURES.map((c) => sql.ref(c)))})
      ${groupRowsSql(isPostgres, scope)}`,
  ];
}

/** Recomputes every organisation's roll-ups (migration 0008, the demo seed); `db` may be a transaction. */
export async function rebuildRollups(db: QueryExecutorProvider, isPostgres: boolean): Promise<void> {
  for (const statement of rebuildStatements(isPostgres)) await statement.execute(db);
}

/** A line as the roll-ups see it: its group key (lineGroupKey), pieces and unit price (grosze). */
export interface RollupLine {
  groupKey: number;
  quantity: number;
  price: number;
}

/** An order as the roll-ups see it, with the same rules as dayRowsSql and groupRowsSql. */
export interface RollupOrder {
  /** The local day of its order date (db/local-day.ts localDay). */
  day: number;
  statusId: number;
  sourceId: number;
  /** `problem` is not null. */
  problem: boolean;
  /** An invoice without a number yet (has_invoice = 1 and the number null or ''). */
  unnumberedInvoice: boolean;
  /** The delivery cost (grosze). */
  delivery: number;
  lines: readonly RollupLine[];
}

/** The group key of a line (groupRowsSql): -1 not connected, 0 catalogue goods without a group. */
export function lineGroupKey(itemId: number | null, itemDeleted: boolean, groupId: number | null): number {
  return itemId === null && !itemDeleted ? -1 : (groupId ?? 0);
}

const byKey = (x: readonly number[], y: readonly number[], width: number) => {
  for (let i = 0; i < width; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
};

/** Maps nested by the key's numbers (day, status, source, then group): no key text per order. */
type Nested = Map<number, Nested | number[]>;

/** The figures row under `keys` (made as `[...keys, 0 × figures]` the first time). */
function slot(root: Nested, keys: readonly number[], figures: number): number[] {
  let level = root;
  const last = keys.length - 1;
  for (let i = 0; i < last; i++) {
    let next = level.get(keys[i]!) as Nested | undefined;
    if (!next) level.set(keys[i]!, (next = new Map()));
    level = next;
  }
  let row = level.get(keys[last]!) as number[] | undefined;
  if (!row) level.set(keys[last]!, (row = [...keys, ...new Array<number>(figures).fill(0)]));
  return row;
}

function rowsOf(root: Nested, depth: number): number[][] {
  const out: number[][] = [];
  const walk = (level: Nested, d: number) => {
    for (const v of level.values()) {
      if (d === depth) out.push(v as number[]);
      else walk(v as Nested, d + 1);
    }
  };
  walk(root, 1);
  return out.sort((x, y) => byKey(x, y, depth));
}

/**
 * The roll-ups of orders added up in JavaScript, for a bulk writer that makes the orders itself (the
 * demo seed): the same figures as the rebuild's SQL (dayRowsSql, groupRowsSql) without reading the
 * orders back. Money and pieces are integers, exact while below 2^53.
 */
export class RollupTotals {
  private readonly days: Nested = new Map();
  private readonly groups: Nested = new Map();
  /** Group keys of the order being added (reused). */
  private readonly seen: number[] = [];

  add(o: RollupOrder): void {
    let pieces = 0;
    let goods = 0;
    for (const l of o.lines) {
      pieces += l.quantity;
      goods += l.quantity * l.price;
    }
    // DAY_FIGURES order: orders, pieces, problems, unnumbered invoices, delivery, goods.
    const day = slot(this.days, [o.day, o.statusId, o.sourceId], DAY_FIGURES.length);
    day[3]! += 1;
    day[4]! += pieces;
    day[5]! += o.problem ? 1 : 0;
    day[6]! += o.unnumberedInvoice ? 1 : 0;
    day[7]! += o.delivery;
    day[8]! += goods;
    // GROUP_FIGURES per group key present in the order: the order once, its delivery once.
    const seen = this.seen;
    seen.length = 0;
    for (const l of o.lines) {
      const g = slot(this.groups, [o.day, o.statusId, o.sourceId, l.groupKey], GROUP_FIGURES.length);
      if (!seen.includes(l.groupKey)) {
        seen.push(l.groupKey);
        g[4]! += 1;
        g[6]! += o.delivery;
      }
      g[5]! += l.quantity;
      g[7]! += l.quantity * l.price;
    }
  }

  /** Day rows [day, status, source, ...DAY_FIGURES], in key order. */
  dayRows(): number[][] {
    return rowsOf(this.days, 3);
  }

  /** Group rows [day, status, source, group key, ...GROUP_FIGURES], in key order. */
  groupRows(): number[][] {
    return rowsOf(this.groups, 4);
  }
}
