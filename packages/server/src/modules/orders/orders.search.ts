import { INVOICE_STATE, pageOffset, type OrderSearch } from '@zaplecze/contract';
import { sql, type AliasedSelectQueryBuilder, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema';
import { ARRAY_ROWS, utcText } from '../../db/database';
import { searchKeyNorm } from '../../db/order-keys';
import type { TenantDb } from '../../db/tenant';
import { warsawDayStart } from '../stock';

/**
 * THE order search (docs/rules/catalogue-and-orders-rules.md §2.13, §3 Order search): one function applies every
 * filter, and the count and the page are built from it, so they never disagree. Text filters
 * compare the normalised search keys the repository stores on every save (migration 0007) as a
 * prefix range, which an index serves on both engines; dates are Warsaw calendar days, both ends
 * included. docs/decisions.md (Order search), indexes and figures: docs/performance.md.
 */

type OrdersQuery<O> = SelectQueryBuilder<DB, 'orders', O>;

/** Text filters: the search term's field, the stored key column, how both are normalised. */
const TEXT_FILTERS = [
  ['tel', 'search_tel'],
  ['email', 'search_email'],
  ['city', 'search_city'],
  ['postCode', 'search_post_code'],
  ['pickupPoint', 'search_pickup_point'],
  ['bol', 'search_bol'],
  ['nip', 'search_nip'],
] as const;

const NOTHING = sql<SqlBool>`1 = 0`;

/**
 * The invoice types as the stored states they mean (contract INVOICE_STATE). WITH_INVOICE is a
 * list, not `> 0`: SQLite seeks an index once per listed value and goes on to the next column,
 * where a range would end the seek at this one (status + WITH_INVOICE counted all of the status).
 */
const INVOICE_STATES = {
  WITHOUT_INVOICE: [INVOICE_STATE.none],
  WITH_INVOICE: [INVOICE_STATE.notIssued, INVOICE_STATE.issued],
  INV_WITH_NUM: [INVOICE_STATE.issued],
  INV_WITHOUT_NUM: [INVOICE_STATE.notIssued],
} as const;

/**
 * How the page is read (pagePlan). `walk` (SQLite): the page walks the sort's index and checks
 * every filter on the way, so no filter may offer SQLite another index; the unary plus
 * (`+column`) is SQLite's way of saying so. Used when many orders match: the first 100 in sort
 * order then come after a short walk, while seeking a filter's index would mean sorting every
 * match. `fence` (PostgreSQL): the matches are found first (a subquery the planner may not merge,
 * OFFSET 0) and then sorted. Used when few match: PostgreSQL reckons filters independent and
 * would walk the primary key backwards hoping for 100 matches soon, reading a million rows when
 * the matches are few or old (measured: 300 ms for a city and a post code that do not meet).
 */
export interface FilterStyle {
  walk: boolean;
  fence?: boolean;
}

/** Whether the search sorts by date (DATE, DATE_A) rather than by number. */
const byDate = (s: OrderSearch) => s.sort === 'DATE' || s.sort === 'DATE_A';

/**
 * Applies every filter of the search to a query over `orders` (already scoped to organisation
 * `orgId`, which the item-code lookup in the lines repeats).
 */
export function applyOrderFilters<O>(
  qb: OrdersQuery<O>,
  orgId: number,
  s: OrderSearch,
  style: FilterStyle = { walk: false },
): OrdersQuery<O> {
  const col = (name: string) => (style.walk ? sql`+${sql.ref(`orders.${name}`)}` : sql.ref(`orders.${name}`));
  // The date sort walks the date index itself, which the range bounds.
  const date = byDate(s) ? sql.ref('orders.order_date') : col('order_date');
  const startsWith = (column: string, key: string) =>
    key === '' ? NOTHING : sql<SqlBool>`${col(column)} >= ${key} and ${col(column)} < ${`${key}\uffff`}`;
  let q = qb;
  if (s.number !== undefined) q = q.where('orders.id', '=', s.number);
  if (s.dateFrom !== undefined) q = q.where(sql<SqlBool>`${date} >= ${warsawDayStart(s.dateFrom)}`);
  if (s.dateTo !== undefined) q = q.where(sql<SqlBool>`${date} < ${warsawDayStart(s.dateTo, 1)}`);
  for (const [field, column] of TEXT_FILTERS) {
    const term = s[field];
    if (term !== undefined) q = q.where(startsWith(column, searchKeyNorm(column)(term)));
  }
  if (s.buyer !== undefined) {
    // Name or company: either key starts with the term. The orders of two index ranges: written as
    // an OR, SQLite walked the number index for a page (the sort's order) and read every row.
    const key = searchKeyNorm('search_name')(s.buyer);
    const range = (column: string) =>
      sql`select id from orders where org_id = ${orgId} and ${sql.ref(column)} >= ${key} and ${sql.ref(column)} < ${`${key}\uffff`}`;
    q = q.where(
      key === ''
        ? NOTHING
        : sql<SqlBool>`${col('id')} in (${range('search_name')} union all ${range('search_company')})`,
    );
  }
  if (s.itemCode !== undefined) {
    // The orders of the lines with the code (order_lines_code_idx), as typed or upper-cased (item codes are).
    const codes = [...new Set([s.itemCode, s.itemCode.toUpperCase()])];
    q = q.where(sql<SqlBool>`${col('id')} in (select order_id from order_lines
      where org_id = ${orgId} and code in (${sql.join(codes)}))`);
  }
  // With a problem: the few orders of the partial index orders_problem_idx (migration 0021), whose
  // condition this repeats; without one: most orders, checked on the way (countQuery counts them as
  // all less those with one).
  if (s.hasProblem === 'YES')
    q = q.where(sql<SqlBool>`${col('id')} in (select id from orders where org_id = ${orgId} and problem is not null)`);
  if (s.hasProblem === 'NO') q = q.where(sql<SqlBool>`${col('problem')} is null`);
  if (s.statusId !== undefined) q = q.where(sql<SqlBool>`${col('order_status_id')} = ${s.statusId}`);
  if (s.incomeSrcId !== undefined) q = q.where(sql<SqlBool>`${col('income_source_id')} = ${s.incomeSrcId}`);
  if (s.invoiceType !== undefined) {
    const states = INVOICE_STATES[s.invoiceType].map((v) => sql.lit(v));
    q = q.where(sql<SqlBool>`${col('invoice_state')} in (${sql.join(states)})`);
  }
  return q;
}

/**
 * At least this many matches (known from the count, which runs first on SQLite) and the page walks
 * the sort's index (FilterStyle walk): at 1.2 million orders that is 1 in 60 or denser, so 100
 * matches come within about 6,000 index entries, where sorting the matches would cost more.
 */
const WALK_MIN = 20_000;

/**
 * At most this many matches and PostgreSQL fences them (FilterStyle fence): collected from a filter
 * index (each carries the id, so no row is read) and sorted; a walk of the sort's index would read
 * 60 rows or more for each one it keeps, and cold pages of them cost hundreds of milliseconds. With
 * more, its planner's own choice (mostly that walk) is cheaper than sorting them all.
 */
const FENCE_MAX = 20_000;

/** How the page is read (FilterStyle), from the count. */
export function pagePlan(tdb: TenantDb, s: OrderSearch, matches: number): FilterStyle {
  if (tdb.isPostgres) return { walk: false, fence: matches <= FENCE_MAX && s.number === undefined };
  return { walk: matches >= WALK_MIN && s.number === undefined };
}

/**
 * NUMBER: newest number first; DATE: newest order date first, ties by number; the `_A` sorts the
 * same oldest first (contract ORDER_SORTS). Every sort ends with the number, so pages are stable.
 */
function applyOrderSort<D, T extends keyof D, O>(qb: SelectQueryBuilder<D, T, O>, s: OrderSearch) {
  const id = sql.ref('orders.id');
  const dir = s.sort === 'NUMBER_A' || s.sort === 'DATE_A' ? 'asc' : 'desc';
  return byDate(s) ? qb.orderBy(sql.ref('orders.order_date'), dir).orderBy(id, dir) : qb.orderBy(id, dir);
}

/** The ids of one page, in order: the orders table (and its indexes) only. */
export function pageIdsQuery(tdb: TenantDb, s: OrderSearch, style?: FilterStyle) {
  if (style?.fence) {
    const matches = applyOrderFilters(tdb.selectFrom('orders').select(['orders.id', 'orders.order_date']), tdb.orgId, s)
      .offset(0)
      .as('orders');
    return applyOrderSort(tdb.selectFromSubquery(matches).select('orders.id'), s)
      .limit(s.perPage)
      .offset(pageOffset(s));
  }
  return applyOrderSort(applyOrderFilters(tdb.selectFrom('orders').select('orders.id'), tdb.orgId, s, style), s)
    .limit(s.perPage)
    .offset(pageOffset(s));
}

/** What a list row reads of the order (contract orderRowSchema), without the lines. */
const ROW_COLUMNS = [
  'orders.id',
  'orders.uuid',
  'orders.order_date',
  'orders.last_mod_date',
  'orders.stationary',
  'orders.external_id',
  'orders.order_status_id',
  'orders.income_source_id',
  'orders.currency',
  'orders.message_to_seller',
  'orders.comment',
  'orders.invoice_annotations',
  'orders.problem',
  'orders.delivery_cost',
  'orders.delivery_vat',
  'orders.cash_on_delivery',
  'orders.shipping_method',
  'orders.bill_of_lading',
  'orders.has_invoice',
  'orders.invoice_number',
  'orders.invoice_mail_sent',
  'orders.client_name_surname',
  'orders.client_company_name',
  'orders.client_street',
  'orders.client_build_nr',
  'orders.client_post_code',
  'orders.client_city',
  'orders.client_country_code',
  'orders.client_pickup_point',
  'orders.client_email',
  'orders.client_tel',
  'orders.lines_sum',
  'orders.lines_count',
  'orders.lines_codes',
] as const;

type RowColumn = (typeof ROW_COLUMNS)[number] extends `orders.${infer N}` ? N : never;
export type RowField = RowColumn | 'status_name' | 'status_color' | 'source_name' | 'cm_carrier_name' | 'cm_name';
/** The names a page row's values have, in select order (ROW_COLUMNS, then the joined names). */
export const ROW_FIELDS: readonly RowField[] = [
  ...ROW_COLUMNS.map((c) => c.slice('orders.'.length) as RowColumn),
  'status_name',
  'status_color',
  'source_name',
  'cm_carrier_name',
  'cm_name',
];

type PageIds = AliasedSelectQueryBuilder<{ id: number }, 'page'>;

/**
 * The one statement that reads a page: its ids (pageIdsQuery) driving a lookup of their rows
 * (SQLite keeps a CROSS JOIN's order, so it never walks the whole table to spare itself sorting
 * 100 rows), with the status and income source names joined. The rows come in no particular
 * order (sortRows puts them in the search's: sorting 10,000 wide rows again in SQL cost more). The
 * page holds this organisation's ids only; the join repeats the organisation all the same.
 */
export function pageRowsQuery(tdb: TenantDb, s: OrderSearch, style?: FilterStyle) {
  const page = pageIdsQuery(tdb, s, style).as('page') as unknown as PageIds;
  return tdb
    .selectFromSubquery(page)
    .crossJoin('orders')
    .whereRef('orders.id', '=', 'page.id')
    .where('orders.org_id', '=', tdb.orgId)
    .leftJoin('order_statuses as os', 'os.id', 'orders.order_status_id')
    .leftJoin('income_sources as src', 'src.id', 'orders.income_source_id')
    .leftJoin('carrier_methods as cm', 'cm.id', 'orders.carrier_method_id')
    .select(tdb.isPostgres ? ROW_COLUMNS.map(utcTextColumn) : ROW_COLUMNS)
    .select(['os.name as status_name', 'os.color as status_color', 'src.name as source_name'])
    .select(['cm.carrier_name as cm_carrier_name', 'cm.name as cm_name']);
}

const TIMESTAMPS = new Set<string>(['orders.order_date', 'orders.last_mod_date']);

/** PostgreSQL: the page's timestamps as UTC text (db/database.ts utcText), made ISO by the mapper. */
function utcTextColumn(column: (typeof ROW_COLUMNS)[number]) {
  if (!TIMESTAMPS.has(column)) return column;
  return utcText(column, column.slice('orders.'.length) as 'order_date' | 'last_mod_date');
}
/**
 * pageRowsQuery as searchOrders runs it: rows as arrays in ROW_FIELDS order (db/database.ts
 * ARRAY_ROWS), which the mapper reads by position.
 */
export function pageStatement(tdb: TenantDb, s: OrderSearch, style?: FilterStyle) {
  return pageRowsQuery(tdb, s, style).modifyFront(ARRAY_ROWS);
}
/** A page row as pageStatement answers it. */
export type OrderListRowData = readonly unknown[];

/** The filters of §3 Order search (paging and sort are not filters). */
const FILTERS = [
  'number',
  'dateFrom',
  'dateTo',
  'tel',
  'email',
  'city',
  'postCode',
  'pickupPoint',
  'bol',
  'statusId',
  'incomeSrcId',
  'invoiceType',
  'buyer',
  'nip',
  'itemCode',
  'hasProblem',
] as const satisfies readonly (keyof OrderSearch)[];

/** Whether the search filters nothing: its count is the organisation's order counter. */
export function isUnfiltered(s: OrderSearch): boolean {
  return FILTERS.every((f) => s[f] === undefined);
}

/**
 * The count of the search: the same filters over the covering indexes (migration 0007), or,
 * unfiltered, the counter the database keeps per organisation (one row instead of 1.2 million
 * index entries). Orders without a problem are counted as all matches less those with one
 * (orders_problem_idx holds only these), so the covering indexes need not carry the flag.
 */
export function countQuery(tdb: TenantDb, s: OrderSearch) {
  if (s.hasProblem !== 'NO') return plainCount(tdb, s);
  return plainCount(tdb, { ...s, hasProblem: undefined }, plainCount(tdb, { ...s, hasProblem: 'YES' }));
}

/** The count of the filters, less the count `minus` when given. */
function plainCount(tdb: TenantDb, s: OrderSearch, minus?: Expression<unknown>) {
  const less = minus === undefined ? sql`` : sql` - (${minus})`;
  if (isUnfiltered(s)) return tdb.selectFrom('order_counts').select(sql<number | string>`orders${less}`.as('n'));
  return applyOrderFilters(
    tdb.selectFrom('orders').select(sql<number | string>`count(*)${less}`.as('n')),
    tdb.orgId,
    s,
  );
}

/** Puts mapped rows in the search's order (contract ORDER_SORTS); orderDate is canonical ISO text. */
export function sortRows<R extends { id: number; orderDate: string }>(rows: R[], s: OrderSearch): R[] {
  const newestFirst = byDate(s)
    ? (a: R, b: R) => (a.orderDate === b.orderDate ? b.id - a.id : a.orderDate < b.orderDate ? 1 : -1)
    : (a: R, b: R) => b.id - a.id;
  return s.sort === 'NUMBER_A' || s.sort === 'DATE_A' ? rows.sort((a, b) => newestFirst(b, a)) : rows.sort(newestFirst);
}

/**
 * A page of rows (unordered: sortRows) and the exact count: two statements, the count first. It
 * picks the page's plan (pagePlan) and spares the page when nothing matches; on PostgreSQL that
 * costs one round trip more than running both side by side, and saves walking the table when few
 * orders match.
 */
export async function searchOrders(
  tdb: TenantDb,
  s: OrderSearch,
): Promise<{ rows: OrderListRowData[]; count: number }> {
  const count = Number((await countQuery(tdb, s).executeTakeFirst())?.n ?? 0);
  if (count === 0) return { rows: [], count };
  const rows = await pageStatement(tdb, s, pagePlan(tdb, s, count)).execute();
  return { rows: rows as unknown as OrderListRowData[], count };
}
