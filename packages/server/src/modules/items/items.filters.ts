import { REF_FILTER_ANY, REF_FILTER_NONE, type ItemSearch, type ItemSort } from '@zaplecze/contract';
import {
  sql,
  type CompiledQuery,
  type RawBuilder,
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { DB } from '../../db/schema';
import type { TenantDb } from '../../db/tenant';
import { treeRepository, type TreeKind } from '../catalog-trees';
import { hasPluginFilters, type ItemSearchQ } from './items.plugin-filters';

/**
 * The item search's filters and sorts (items.search.ts): ONE function applies every filter, to the
 * page query and to the count query alike, so they can never disagree.
 */

export type ItemsQuery<O> = SelectQueryBuilder<DB, 'items', O>;
type Eb = ExpressionBuilder<DB, 'items'>;

/** Trigram search needs 3 characters; shorter text falls back to LIKE. */
const TRIGRAM_MIN = 3;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** An FTS5 phrase: the text in double quotes, its own quotes doubled. */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

const TEXT_COLUMNS = { code: 'code', name: 'name', gtin: 'gtin', extCode: 'ext_code' } as const;
type TextFilter = keyof typeof TEXT_COLUMNS;

/** The quantity the count filter and the count sorts read (COUNT_OFFER: the offer, else the stock). */
function countExpr(search: ItemSearch) {
  // Written exactly as in the expression index items_offer_idx (migration 0003).
  return search.countType === 'COUNT_OFFER' ? sql<number>`coalesce(count_offer, count_ware)` : sql<number>`count_ware`;
}

/**
 * Category and place filters take the chosen node with everything under it (docs/decisions.md,
 * Item search). The subtree is walked by the database inside the search's own statement.
 */
function treeCondition(tdb: TenantDb, column: 'category_id' | 'place_id', kind: TreeKind, value: number) {
  return (eb: Eb): Expression<SqlBool> => {
    if (value === REF_FILTER_NONE) return eb(column, 'is', null);
    if (value === REF_FILTER_ANY) return eb(column, 'is not', null);
    const ids = treeRepository.subtreeIds(tdb, kind, value);
    // PostgreSQL: `= any(array(...))` walks the tree once (an InitPlan) and seeks the filter
    // index with the resulting ids; `in (...)` would be planned as a join with the walk.
    return tdb.isPostgres
      ? sql<SqlBool>`${sql.ref(column)} = any(array(${ids}))`
      : sql<SqlBool>`${sql.ref(column)} in (${ids})`;
  };
}

/**
 * A text filter on item_search (PostgreSQL, migration 0011), matching what ILIKE '%text%' matched
 * on items: name and external code against their lower-cased copies, the pattern lowered by the
 * same lower() (`x ilike p` is `lower(x) like lower(p)`), so each trigram match is rechecked with a
 * byte comparison instead of lower-casing it on every search. Codes are stored upper-case and the
 * contract upper-cases the code filter (itemSearchSchema); GTINs are digits.
 */
function containsOnSearchTable(key: TextFilter, value: string): Expression<SqlBool> {
  const pattern = likePattern(value);
  switch (key) {
    case 'code':
      return sql<SqlBool>`code like ${pattern}`;
    case 'gtin':
      return sql<SqlBool>`gtin like ${pattern}`;
    case 'name':
      return sql<SqlBool>`name_lower like lower(${pattern})`;
    case 'extCode':
      return sql<SqlBool>`ext_code_lower like lower(${pattern})`;
  }
}

/** Applies every filter of the search to a query over `items` (already scoped to the organisation). */
export function applyItemFilters<O>(qb: ItemsQuery<O>, tdb: TenantDb, s: ItemSearchQ): ItemsQuery<O> {
  const postgres = tdb.isPostgres;
  let q = qb;

  const texts = (Object.keys(TEXT_COLUMNS) as TextFilter[]).filter((k) => s[k] !== undefined && s[k] !== '');
  const fts: string[] = [];
  for (const key of texts) {
    const value = s[key] as string;
    const column = TEXT_COLUMNS[key];
    if (postgres) {
      // On item_search (filterTable), whose pg_trgm GIN indexes serve LIKE '%...%' (migration 0011).
      q = q.where(containsOnSearchTable(key, value));
    } else if (value.length >= TRIGRAM_MIN) {
      fts.push(`${column} : ${ftsPhrase(value)}`);
    } else {
      // Too short for the trigram index: a scan, folded like the index folds (db/database.ts).
      q = q.where(sql<SqlBool>`instr(unicode_fold(${sql.ref(column)}), ${value.toLocaleLowerCase('pl')}) > 0`);
    }
  }
  if (fts.length > 0) {
    q = q.where(sql<SqlBool>`items.id in (select rowid from items_fts where items_fts match ${fts.join(' AND ')})`);
  }

  if (s.priceFrom !== undefined) q = q.where('price', '>=', s.priceFrom);
  if (s.priceTo !== undefined) q = q.where('price', '<=', s.priceTo);
  const count = countExpr(s);
  if (s.countFrom !== undefined) q = q.where(sql<SqlBool>`${count} >= ${s.countFrom}`);
  if (s.countTo !== undefined) q = q.where(sql<SqlBool>`${count} <= ${s.countTo}`);
  if (s.countPhotosFrom !== undefined) q = q.where('count_photos', '>=', s.countPhotosFrom);
  if (s.countPhotosTo !== undefined) q = q.where('count_photos', '<=', s.countPhotosTo);
  if (s.statusId !== undefined) q = q.where('item_status_id', '=', s.statusId);
  const group = s.groupId;
  if (group === REF_FILTER_NONE) q = q.where('item_group_id', 'is', null);
  else if (group === REF_FILTER_ANY) q = q.where('item_group_id', 'is not', null);
  else if (group !== undefined) q = q.where('item_group_id', '=', group);
  if (s.catId !== undefined) q = q.where(treeCondition(tdb, 'category_id', 'categories', s.catId));
  if (s.placeId !== undefined) q = q.where(treeCondition(tdb, 'place_id', 'places', s.placeId));
  // Plugins' filters (items.plugin-filters.ts): the items their indexed queries name.
  for (const f of s.plugins ?? [])
    q = q.where('id', 'in', f.itemIds as unknown as SelectQueryBuilder<DB, 'items', { id: number }>);
  return q;
}

/**
 * The sort of §2.2 as ORDER BY terms, ties broken by id so pages never overlap. `qualified`
 * names the columns `items.x`, for a query that joins other tables with the same column names.
 */
export function sortTerms(search: ItemSearch, qualified: boolean): [RawBuilder<unknown>, 'asc' | 'desc'][] {
  const sort: ItemSort = search.sort;
  const col = (name: string) => sql.ref(qualified ? `items.${name}` : name);
  const id = col('id');
  switch (sort) {
    case 'CODE':
      // Codes are unique in an organisation (items_code_idx): no tie to break, and the unique
      // index alone gives the order (PostgreSQL would otherwise sort every group of one).
      return [[col('code'), 'asc']];
    case 'NAME':
      return [
        [col('name'), 'asc'],
        [id, 'asc'],
      ];
    case 'PRICE_A':
      return [
        [col('price'), 'asc'],
        [id, 'asc'],
      ];
    case 'PRICE_D':
      return [
        [col('price'), 'desc'],
        [id, 'desc'],
      ];
    case 'COUNT_A':
      return [
        [qualified ? countExprQualified(search) : countExpr(search), 'asc'],
        [id, 'asc'],
      ];
    case 'COUNT_D':
      return [
        [qualified ? countExprQualified(search) : countExpr(search), 'desc'],
        [id, 'desc'],
      ];
  }
}

/** countExpr for a query that joins other tables. */
function countExprQualified(search: ItemSearch) {
  return search.countType === 'COUNT_OFFER'
    ? sql<number>`coalesce(items.count_offer, items.count_ware)`
    : sql<number>`items.count_ware`;
}

/** Orders any query whose rows have the items' sort columns (the table, or a subquery of it). */
export function applyItemSort<D, T extends keyof D, O>(
  qb: SelectQueryBuilder<D, T, O>,
  search: ItemSearch,
  qualified = false,
): SelectQueryBuilder<D, T, O> {
  let q = qb;
  for (const [expr, direction] of sortTerms(search, qualified)) q = q.orderBy(expr, direction);
  return q;
}

/**
 * At most this many matches (known from the count, which runs first): PostgreSQL sorts them
 * instead of walking the sort's index. Its planner reckons filters independent and so expects
 * the first 100 matches early in code or name order, but real catalogues correlate (a category's
 * goods share a code prefix): walking can read 100,000 rows to find 100. Sorting a few thousand
 * rows found through the filter index costs milliseconds (docs/performance.md).
 */
export const SORT_IN_MEMORY_MAX = 50_000;

/**
 * Whether the count rides on the page query as a window count (`count(*) over ()`): a
 * contains-search, where every match must be read for the sort anyway and counting them in a
 * second statement would read them all again. SQLite: served by the trigram index (3 characters
 * or more); PostgreSQL: any text, since even a scan for 1-2 characters then reads
 * `item_search` once instead of twice.
 */
export function countsInPage(s: ItemSearch, postgres = false): boolean {
  const min = postgres ? 1 : TRIGRAM_MIN;
  return [s.code, s.name, s.gtin, s.extCode].some((t) => t !== undefined && t.length >= min);
}

/**
 * The table a search's filters run on: PostgreSQL with a text filter reads `item_search`
 * (migration 0011), which holds the trigram indexes and carries every column the filters and sorts
 * use under the same names as `items`, so the same filters and sort terms apply to it unchanged
 * (hence typed as a query over `items`). Otherwise `items` itself.
 */
export function filterTable(tdb: TenantDb, s: ItemSearch) {
  const text = [s.code, s.name, s.gtin, s.extCode].some((t) => t !== undefined && t !== '');
  return tdb.isPostgres && text
    ? (tdb.selectFrom('item_search') as unknown as ItemsQuery<object>)
    : tdb.selectFrom('items');
}

/** Whether the search filters nothing: its count is the organisation's item counter. */
export function isUnfiltered(s: ItemSearchQ): boolean {
  if (hasPluginFilters(s)) return false;
  const filters = [
    s.code,
    s.name,
    s.gtin,
    s.extCode,
    s.priceFrom,
    s.priceTo,
    s.countFrom,
    s.countTo,
    s.countPhotosFrom,
    s.countPhotosTo,
    s.statusId,
    s.groupId,
    s.catId,
    s.placeId,
  ];
  return filters.every((f) => f === undefined || f === '');
}

/** A query answering one row `{ n }`: the counter, or a count over the filters. */
export interface CountQuery {
  compile(): CompiledQuery;
  executeTakeFirst(): Promise<{ n: number | string } | undefined>;
}

/**
 * The count query: the same filters as the page query. Unfiltered, it reads the counter the items
 * module keeps per organisation (items.repository countItems) instead of counting a million
 * index entries: the exact count stays exact and costs one row.
 */
export function countQuery(tdb: TenantDb, search: ItemSearch): CountQuery {
  if (isUnfiltered(search)) return tdb.selectFrom('item_counts').select('items as n');
  return applyItemFilters(
    filterTable(tdb, search).select((eb) => eb.fn.countAll<number>().as('n')),
    tdb,
    search,
  );
}
