import { INVOICE_STATE, orderSearchKey, pageOffset, type OrderSearch } from '@zaplecze/contract';
import { sql, type AliasedSelectQueryBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema';
import type { TenantDb } from '../../db/tenant';
import { warsawDayStart } from '../stock';

/**
 * THE order search (goods-and-orders.md §2.13, §3 Order search): one function applies every
 * filter, and the count and the page are built from it, so they never disagree. Text filters
 * compare the normalised search keys the repository stores on every save (migration 0007) as a
 * prefix range, which an index serves on both engines; dates are Warsaw calendar days, both ends
 * included. docs/decisions.md (Order search), indexes and figures: docs/performance.md.
 */

type OrdersQuery<O> = SelectQueryBuilder<DB, 'orders', O>;

/** Text filters: the search term's field, the stored key column, how both are normalised. */
const TEXT_FILTERS = [
  ['tel', 'search_tel', orderSearchKey.tel],
  ['email', 'search_email', orderSearchKey.text],
  ['city', 'search_city', orderSearchKey.text],
  ['postCode', 'search_post_code', orderSearchKey.compact],
  ['pickupPoint', 'search_pickup_point', orderSearchKey.text],
  ['bol', 'search_bol', orderSearchKey.compact],
] as const;

const NOTHING = sql<SqlBool>`1 = 0`;

/** `column` starts with `key`: a range on the key column (byte order on both engines). */
function startsWith(column: string, key: string) {
  if (key === '') return NOTHING;
  const c = sql.ref(`orders.${column}`);
  return sql<SqlBool>`${c} >= ${key} and ${c} < ${`${key}\uffff`}`;
}

/** Applies every filter of the search to a query over `orders` (already scoped to the organisation). */
export function applyOrderFilters<O>(qb: OrdersQuery<O>, s: OrderSearch): OrdersQuery<O> {
  let q = qb;
  if (s.number !== undefined) q = q.where('orders.id', '=', s.number);
  if (s.dateFrom !== undefined) q = q.where('orders.order_date', '>=', warsawDayStart(s.dateFrom));
  if (s.dateTo !== undefined) q = q.where('orders.order_date', '<', warsawDayStart(s.dateTo, 1));
  for (const [field, column, norm] of TEXT_FILTERS) {
    const term = s[field];
    if (term !== undefined) q = q.where(startsWith(column, norm(term)));
  }
  if (s.statusId !== undefined) q = q.where('orders.order_status_id', '=', s.statusId);
  if (s.incomeSrcId !== undefined) q = q.where('orders.income_source_id', '=', s.incomeSrcId);
  switch (s.invoiceType) {
    case undefined:
      break;
    case 'WITHOUT_INVOICE':
      q = q.where('orders.invoice_state', '=', INVOICE_STATE.none);
      break;
    case 'WITH_INVOICE':
      q = q.where('orders.invoice_state', '>', INVOICE_STATE.none);
      break;
    case 'INV_WITH_NUM':
      q = q.where('orders.invoice_state', '=', INVOICE_STATE.issued);
      break;
    case 'INV_WITHOUT_NUM':
      q = q.where('orders.invoice_state', '=', INVOICE_STATE.notIssued);
      break;
  }
  return q;
}

/** NUMBER: newest number first; DATE: newest order date first, ties by number (contract ORDER_SORTS). */
function applyOrderSort<D, T extends keyof D, O>(qb: SelectQueryBuilder<D, T, O>, s: OrderSearch) {
  const id = sql.ref('orders.id');
  return s.sort === 'DATE'
    ? qb.orderBy(sql.ref('orders.order_date'), 'desc').orderBy(id, 'desc')
    : qb.orderBy(id, 'desc');
}

/** The ids of one page, in order: the orders table (and its indexes) only. */
export function pageIdsQuery(tdb: TenantDb, s: OrderSearch) {
  return applyOrderSort(applyOrderFilters(tdb.selectFrom('orders').select('orders.id'), s), s)
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

type PageIds = AliasedSelectQueryBuilder<{ id: number }, 'page'>;

/**
 * The one statement that reads a page: its ids (pageIdsQuery) driving a lookup of their rows
 * (SQLite keeps a CROSS JOIN's order, so it never walks the whole table to spare itself sorting
 * 100 rows), with the status and income source names joined, in the search's order. The page
 * holds this organisation's ids only; the join repeats the organisation all the same.
 */
export function pageRowsQuery(tdb: TenantDb, s: OrderSearch) {
  const page = pageIdsQuery(tdb, s).as('page') as unknown as PageIds;
  const rows = tdb
    .selectFromSubquery(page)
    .crossJoin('orders')
    .whereRef('orders.id', '=', 'page.id')
    .where('orders.org_id', '=', tdb.orgId)
    .leftJoin('order_statuses as os', 'os.id', 'orders.order_status_id')
    .leftJoin('income_sources as src', 'src.id', 'orders.income_source_id')
    .select([...ROW_COLUMNS, 'os.name as status_name', 'os.color as status_color', 'src.name as source_name']);
  return applyOrderSort(rows, s);
}
export type OrderListRowData = Awaited<ReturnType<ReturnType<typeof pageRowsQuery>['executeTakeFirstOrThrow']>>;

/** The count of the search: the same filters over the covering indexes (migration 0007). */
export function countQuery(tdb: TenantDb, s: OrderSearch) {
  return applyOrderFilters(
    tdb.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n')),
    s,
  );
}

/**
 * A page of rows and the exact count: two statements, side by side on two pool connections on
 * PostgreSQL (SQLite runs them one after the other anyway).
 */
export async function searchOrders(
  tdb: TenantDb,
  s: OrderSearch,
): Promise<{ rows: OrderListRowData[]; count: number }> {
  const [count, rows] = await Promise.all([countQuery(tdb, s).executeTakeFirst(), pageRowsQuery(tdb, s).execute()]);
  return { rows, count: Number(count?.n ?? 0) };
}
