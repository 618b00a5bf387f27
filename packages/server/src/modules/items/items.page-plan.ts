import { pageOffset, type ItemRow, type ItemSearch } from '@zaplecze/contract';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { ARRAY_ROWS } from '../../db/database';
import type { TenantDb } from '../../db/tenant';
import {
  bigPageRowsQuery,
  CHUNK,
  ITEM_ROW_FIELDS,
  listedIds,
  pageRowsQuery,
  itemRowsByIds,
  referenceNames,
  type PageIds,
  type ReferenceNames,
} from './items.repository';
import { toItemRow, toItemRowFromArray } from './items.mapper';
import { listVersionQuery, type Bookmark, type Seek } from './items.bookmarks';

import {
  SORT_IN_MEMORY_MAX,
  applyItemFilters,
  applyItemSort,
  countsInPage,
  filterTable,
  isUnfiltered,
  sortTerms,
  type ItemsQuery,
} from './items.filters';
/**
 * The item search's page plan (items.search.ts): the ids of a page found on the items table alone
 * (OFFSET, or a seek after a kept bookmark), their rows read by the same statement.
 */

/**
 * How the page query is built: the search's count when known (it picks PostgreSQL's plan); `seek`:
 * the page starts after a bookmark (items.bookmarks), and the statement also answers the list's
 * version `bv`, read in the same snapshot as the page.
 */
export interface PagePlan {
  matches?: number;
  seek?: Seek;
}

/** The sort's first term and its direction; `tie`: ties broken by id (every sort but CODE). */
export function sortKey(search: ItemSearch, qualified = false) {
  const terms = sortTerms(search, qualified);
  const [key, direction] = terms[0]!;
  return { key, direction, op: sql.raw(direction === 'asc' ? '>' : '<'), tie: terms.length > 1 };
}

/**
 * Rows after a bookmark in the list's order: `(value, id) > (v, i)` (`<` for descending sorts),
 * `code > v` for CODE (unique codes). `value` and `id` are values or references (the walk of
 * bookmarkScan). PostgreSQL seeks a sort index by the row comparison; SQLite seeks only its first
 * column when the second is the rowid (id) and would walk every item sharing the name or price
 * (thousands), so SQLite splits it in two seeks (`seekArms`).
 */
export function afterBookmark(search: ItemSearch, value: unknown, id: unknown): RawBuilder<SqlBool> {
  const { key, op, tie } = sortKey(search);
  return tie ? sql<SqlBool>`(${key}, id) ${op} (${value}, ${id})` : sql<SqlBool>`${key} ${op} ${value}`;
}

/**
 * SQLite, a sort with ties: the rows after a bookmark as two seeks merged in the list's order
 * (`MERGE (UNION ALL)`, both halves walk the sort's index): the rest of the bookmark's value
 * (`key = v and id > i`), then the greater values (`key > v`). Columns `id`, `k`.
 */
export function seekArms(tdb: TenantDb, search: ItemSearch, value: unknown, id: unknown) {
  const { key, direction, op } = sortKey(search);
  const arm = (condition: RawBuilder<SqlBool>) =>
    applyItemFilters(tdb.selectFrom('items').select(['id', sql<unknown>`${key}`.as('k')]), tdb, search).where(
      condition,
    );
  return arm(sql<SqlBool>`${key} = ${value} and id ${op} ${id}`)
    .unionAll(arm(sql<SqlBool>`${key} ${op} ${value}`))
    .orderBy('k', direction)
    .orderBy('id', direction);
}

/** Whether rows after a bookmark are read as two merged seeks (seekArms). */
export function splitsSeek(tdb: TenantDb, search: ItemSearch): boolean {
  return !tdb.isPostgres && sortKey(search).tie;
}

/**
 * The ids of one page, in order, with the window count `n` when `countsInPage`. Only the items
 * table is read. A small result on PostgreSQL (the count known and small, or a contains-search)
 * is fenced into a subquery (OFFSET 0 keeps the planner from merging it back) and sorted;
 * otherwise the sort's index is walked.
 */
export function pageIdsQuery(tdb: TenantDb, search: ItemSearch, plan: PagePlan = {}) {
  const offset = plan.seek ? plan.seek.skip : pageOffset(search);
  const after = plan.seek?.after;
  if (after && splitsSeek(tdb, search)) {
    const ids = seekArms(tdb, search, after.value, after.id).limit(search.perPage).offset(offset);
    return ids as unknown as ReturnType<typeof pageIdsQueryOf>;
  }
  return pageIdsQueryOf(tdb, search, plan, offset, after);
}

function pageIdsQueryOf(tdb: TenantDb, search: ItemSearch, plan: PagePlan, offset: number, after?: Bookmark) {
  const withCount = countsInPage(search, tdb.isPostgres);
  const small = plan.matches !== undefined && plan.matches <= SORT_IN_MEMORY_MAX && !isUnfiltered(search);
  const windowCount = sql<number | string>`count(*) over ()`.as('n');
  const seek = <Q extends ItemsQuery<object>>(q: Q): Q =>
    after ? (q.where(afterBookmark(search, after.value, after.id)) as Q) : q;
  if (tdb.isPostgres && (small || withCount)) {
    const fenced = seek(
      applyItemFilters(
        filterTable(tdb, search).select(['id', 'code', 'name', 'price', 'count_ware', 'count_offer']),
        tdb,
        search,
      ),
    )
      .offset(0)
      .as('items');
    const ids = tdb
      .selectFromSubquery(fenced)
      .select('id')
      .$if(withCount, (qb) => qb.select(windowCount));
    return applyItemSort(ids, search).limit(search.perPage).offset(offset);
  }
  const ids = tdb
    .selectFrom('items')
    .select('id')
    .$if(withCount, (qb) => qb.select(windowCount));
  return applyItemSort(seek(applyItemFilters(ids, tdb, search)), search)
    .limit(search.perPage)
    .offset(offset);
}

/**
 * The one statement that reads a page: its ids (pageIdsQuery) joined to their rows, in the
 * search's order (sorting the page's own rows again is cheap). A page of up to CHUNK rows joins
 * its references' names in the same select; a bigger one (up to 10,000 rows) reads the items'
 * own columns and takes the names from the reference lists (`bigPage`).
 */
export function pageRowsStatement(tdb: TenantDb, search: ItemSearch, plan: PagePlan = {}) {
  const page = pageIdsQuery(tdb, search, plan).as('page') as unknown as PageIds;
  // The window count of the page's rows, or nothing when the count is a statement of its own.
  const n = countsInPage(search, tdb.isPostgres) ? sql<number | string | null>`${sql.ref('page.n')}` : sql<null>`null`;
  // The list's version in the page's own snapshot, when the page starts after a bookmark.
  const bv = sql<number | string | null>`(${listVersionQuery(tdb, search)})`.as('bv');
  const seek = plan.seek !== undefined;
  const bigPage = search.perPage > CHUNK;
  return bigPage
    ? {
        bigPage,
        query: applyItemSort(
          bigPageRowsQuery(tdb, page)
            .select(n.as('n'))
            .$if(seek, (q) => q.select(bv)),
          search,
          true,
        ),
      }
    : {
        bigPage,
        query: applyItemSort(
          pageRowsQuery(tdb, page)
            .select(n.as('n'))
            .$if(seek, (q) => q.select(bv)),
          search,
          true,
        ),
      };
}

/** A page read: its rows, the window count of its first row, the list version it carries (seek). */
export interface PageRead {
  rows: ItemRow[];
  n: number | string | null;
  version?: number;
}

/**
 * The page's list rows and the window count `n` of its first row (null without one). A big page
 * is read as arrays (db/database.ts ARRAY_ROWS) and mapped by position with the reference names
 * read beside it: the driver's object per row was most of a 10,000-row page (docs/performance.md).
 */
export async function readPage(tdb: TenantDb, search: ItemSearch, plan: PagePlan): Promise<PageRead> {
  const statement = pageRowsStatement(tdb, search, plan);
  const version = (bv: unknown) => (bv === undefined || bv === null ? undefined : Number(bv));
  if (!statement.bigPage) {
    const rows = await statement.query.execute();
    return { rows: rows.map(toItemRow), n: rows[0]?.n ?? null, version: version(rows[0]?.bv) };
  }
  const [arrays, refs] = await Promise.all([
    statement.query.modifyFront(ARRAY_ROWS).execute() as unknown as Promise<unknown[][]>,
    referenceNames(tdb),
  ]);
  // The window count and the version follow the own columns (pageRowsStatement selects them last).
  const n = (arrays[0]?.[ITEM_ROW_FIELDS.length] ?? null) as number | string | null;
  return {
    rows: arrays.map((a) => toItemRowFromArray(a, refs)),
    n,
    version: version(arrays[0]?.[ITEM_ROW_FIELDS.length + 1]),
  };
}

/**
 * The list rows of given ids, in the given order (a page the item filter index found). With the
 * reference names given (the index keeps them), the rows are read from `items` alone as arrays and
 * mapped with them; otherwise up to CHUNK rows with their references joined, a bigger page as
 * arrays mapped with the reference lists read beside it (as readPage). An id deleted since the
 * index answered has no row and is left out.
 */
export async function readRowsOf(tdb: TenantDb, ids: readonly number[], known?: ReferenceNames): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  const at = new Map(ids.map((id, i) => [id, i]));
  const place = (rows: ItemRow[]) => rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
  if (!known && ids.length <= CHUNK)
    return place((await pageRowsQuery(tdb, listedIds(tdb, ids)).execute()).map(toItemRow));
  const [arrays, refs] = await Promise.all([
    itemRowsByIds(tdb, ids).modifyFront(ARRAY_ROWS).execute() as unknown as Promise<unknown[][]>,
    known ?? referenceNames(tdb),
  ]);
  return place(arrays.map((a) => toItemRowFromArray(a, refs)));
}
