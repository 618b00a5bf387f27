import {
  pageOffset,
  REF_FILTER_ANY,
  REF_FILTER_NONE,
  type ItemRow,
  type ItemSearch,
  type ItemSort,
} from '@zaplecze/contract';
import {
  sql,
  type CompiledQuery,
  type RawBuilder,
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { ARRAY_ROWS } from '../../db/database';
import type { DB } from '../../db/schema';
import type { TenantDb } from '../../db/tenant';
import { treeRepository, type TreeKind } from '../catalog-trees';
import {
  bigPageRowsQuery,
  CHUNK,
  ITEM_ROW_FIELDS,
  pageRowsQuery,
  referenceNames,
  type PageIds,
} from './items.repository';
import { toItemRow, toItemRowFromArray } from './items.mapper';
import {
  bookmarkOptions,
  bookmarks,
  bookmarkStats,
  bookmarksServe,
  covers,
  createVersionRow,
  currentVersion,
  listSignature,
  listVersionQuery,
  neededBookmark,
  seekFor,
  type Bookmark,
  type BookmarkEntry,
  type Seek,
} from './items.bookmarks';

/**
 * THE item search (docs/rules/goods-and-orders.md §2.2, §3 Item search): one function applies every filter,
 * and both the page query and the count query are built from it, so they can never disagree.
 * The page's ids are found on the items table alone (and its search index); the rows of those
 * ids, with their references' names, are read by the same statement (a deferred join).
 * Index design and measurements: docs/performance.md.
 */

type ItemsQuery<O> = SelectQueryBuilder<DB, 'items', O>;
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
export function applyItemFilters<O>(qb: ItemsQuery<O>, tdb: TenantDb, s: ItemSearch): ItemsQuery<O> {
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
  return q;
}

/**
 * The sort of §2.2 as ORDER BY terms, ties broken by id so pages never overlap. `qualified`
 * names the columns `items.x`, for a query that joins other tables with the same column names.
 */
function sortTerms(search: ItemSearch, qualified: boolean): [RawBuilder<unknown>, 'asc' | 'desc'][] {
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
function applyItemSort<D, T extends keyof D, O>(
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
const SORT_IN_MEMORY_MAX = 50_000;

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
function filterTable(tdb: TenantDb, s: ItemSearch) {
  const text = [s.code, s.name, s.gtin, s.extCode].some((t) => t !== undefined && t !== '');
  return tdb.isPostgres && text
    ? (tdb.selectFrom('item_search') as unknown as ItemsQuery<object>)
    : tdb.selectFrom('items');
}

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
function sortKey(search: ItemSearch, qualified = false) {
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
function afterBookmark(search: ItemSearch, value: unknown, id: unknown): RawBuilder<SqlBool> {
  const { key, op, tie } = sortKey(search);
  return tie ? sql<SqlBool>`(${key}, id) ${op} (${value}, ${id})` : sql<SqlBool>`${key} ${op} ${value}`;
}

/**
 * SQLite, a sort with ties: the rows after a bookmark as two seeks merged in the list's order
 * (`MERGE (UNION ALL)`, both halves walk the sort's index): the rest of the bookmark's value
 * (`key = v and id > i`), then the greater values (`key > v`). Columns `id`, `k`.
 */
function seekArms(tdb: TenantDb, search: ItemSearch, value: unknown, id: unknown) {
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
function splitsSeek(tdb: TenantDb, search: ItemSearch): boolean {
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

/** A page of list rows and the search's exact count. */
export interface SearchAnswer {
  rows: ItemRow[];
  count: number;
}

/**
 * Runs the search: at most two statements. The count goes first only on PostgreSQL with filters,
 * where it picks the page's plan; otherwise the count (the counter, or the filter index) and the
 * page run side by side, on two pool connections on PostgreSQL. A contains-search counts in the
 * page statement itself, and only a page past the last match (no row to carry the count) asks for
 * the count again.
 */
export async function searchItems(tdb: TenantDb, search: ItemSearch): Promise<SearchAnswer> {
  if (countsInPage(search, tdb.isPostgres)) {
    const page = await readPage(tdb, search, {});
    return { rows: page.rows, count: page.rows.length > 0 ? Number(page.n) : await countMatching(tdb, search) };
  }
  if (tdb.isPostgres && !isUnfiltered(search)) {
    const matches = await countMatching(tdb, search);
    return { rows: (await readListPage(tdb, search, { matches })).rows, count: matches };
  }
  const [count, page] = await Promise.all([countMatching(tdb, search), readListPage(tdb, search, {})]);
  return { rows: page.rows, count };
}

/**
 * The page: with OFFSET, or from the list's nearest bookmark when it is deep (items.bookmarks).
 * Kept bookmarks serve a page if the page's own statement answers their version; otherwise they
 * are dropped and the page is read with OFFSET. Bookmarks are collected (one walk of the list up
 * to the page) only when the list was at the same version at the previous deep request of it: a
 * list that changes between every two requests (a COUNT sort while orders move the stock) never
 * pays for walks it cannot use, and a deep page is never more than one OFFSET read plus a
 * primary-key read slower than before. Either way the rows are exactly the OFFSET page's.
 */
async function readListPage(tdb: TenantDb, search: ItemSearch, plan: PagePlan): Promise<PageRead> {
  const offset = pageOffset(search);
  if (!bookmarksServe(search, offset)) return readPage(tdb, search, plan);
  const signature = listSignature(tdb.orgId, search);
  let entry = bookmarks.get(signature);
  if (!entry || !covers(entry, offset)) {
    const version = await currentVersion(tdb, search);
    if (version === undefined) {
      await createVersionRow(tdb);
      return readPage(tdb, search, plan);
    }
    const stable = entry ? entry.version === version : bookmarks.lastSeen(signature) === version;
    if (!stable) {
      bookmarks.delete(signature);
      bookmarks.see(signature, version);
      return readPage(tdb, search, plan);
    }
    entry = await collectOnce(tdb, search, signature, entry, offset);
    if (!entry) return readPage(tdb, search, plan);
  }
  const page = await readPage(tdb, search, { ...plan, seek: seekFor(entry, offset) });
  // No row carries the version past the list's end: that page holds if the list is unchanged.
  const version = page.rows.length > 0 ? page.version : await currentVersion(tdb, search);
  if (version === entry.version) {
    bookmarkStats.seeks++;
    return page;
  }
  bookmarkStats.stale++;
  bookmarks.delete(signature);
  if (version !== undefined) bookmarks.see(signature, version);
  return readPage(tdb, search, plan);
}

/** Collections under way in this worker: concurrent requests for one list share one walk. */
const collecting = new Map<string, Promise<BookmarkEntry | undefined>>();

async function collectOnce(
  tdb: TenantDb,
  search: ItemSearch,
  signature: string,
  kept: BookmarkEntry | undefined,
  offset: number,
): Promise<BookmarkEntry | undefined> {
  const running = collecting.get(signature);
  if (running) {
    const shared = await running;
    if (shared && covers(shared, offset)) return shared;
  }
  const work = collectBookmarks(tdb, search, kept, offset).then((entry) => {
    bookmarkStats.collected++;
    if (entry) bookmarks.set(signature, entry);
    return entry;
  });
  collecting.set(signature, work);
  try {
    return await work;
  } finally {
    if (collecting.get(signature) === work) collecting.delete(signature);
  }
}

/**
 * Collects the list's bookmarks up to the one a page at `offset` needs: from the start, or on
 * from the last bookmark of `kept` if the list is still at its version (checked in the same
 * statement). Undefined when the organisation has no version counter row.
 */
async function collectBookmarks(
  tdb: TenantDb,
  search: ItemSearch,
  kept: BookmarkEntry | undefined,
  offset: number,
): Promise<BookmarkEntry | undefined> {
  const every = bookmarkOptions.every;
  const base = kept && kept.every === every && !kept.complete ? kept : undefined;
  const from = base?.keys.length ?? 0;
  const upTo = neededBookmark(offset, every);
  const scan = bookmarkScan(tdb, search, every, from, base?.keys.at(-1), upTo);
  const { rows } = await tdb.executeForOrg(() => scan);
  const version = rows[0]?.bv ?? null;
  if (version === null) return undefined;
  if (base && Number(version) !== base.version) return collectBookmarks(tdb, search, undefined, offset);
  const keys = rows.flatMap((r) => (r.j === null ? [] : [{ value: r.k as string | number, id: Number(r.id) }]));
  return {
    version: Number(version),
    every,
    keys: [...(base?.keys ?? []), ...keys],
    complete: keys.length < upTo - from,
  };
}

/**
 * One statement that walks the list from bookmark number `from` (0: from its start; else after
 * `after`) and answers the sort key of every `every`-th row up to bookmark `upTo`, with the list's
 * version read in the same snapshot (`bv`; a row with j null when no bookmark is found). A
 * recursive query: each step seeks past the previous bookmark and skips `every - 1` rows of the
 * sort's index (OFFSET inside a LIMIT 1 subquery), so the walk reads the index entries once and no
 * row goes back to the application but the bookmarks.
 */
export function bookmarkScan(
  tdb: TenantDb,
  search: ItemSearch,
  every: number,
  from: number,
  after: Bookmark | undefined,
  upTo: number,
): RawBuilder<{ bv: number | string | null; j: number | null; k: unknown; id: number | null }> {
  const version = listVersionQuery(tdb, search);
  const ending = sql`select v.bv as bv, b.j as j, b.k as k, b.id as id
    from (select (${version}) as bv) as v left join b on 1 = 1 order by b.j`;
  if (tdb.isPostgres) {
    // Each step: the next bookmark's key and id straight from the sort's index (a lateral subquery).
    const step = (value?: unknown, id?: unknown) => {
      const q = applyItemFilters(
        tdb.selectFrom('items').select([sql<unknown>`${sortKey(search).key}`.as('k'), 'id']),
        tdb,
        search,
      );
      return applyItemSort(value === undefined ? q : q.where(afterBookmark(search, value, id)), search)
        .limit(1)
        .offset(every - 1);
    };
    return sql`with recursive b(j, k, id) as (
        select cast(${from} as integer) + 1, s.k, s.id from (${step(after?.value, after?.id)}) as s
        union all
        select b.j + 1, s.k, s.id from b cross join lateral (${step(sql.ref('b.k'), sql.ref('b.id'))}) as s
        where b.j < ${upTo}
      ) ${ending}`;
  }
  // SQLite has no LATERAL: each step finds the next bookmark's id, then reads its key by id.
  const stepId = (value?: unknown, id?: unknown) => {
    if (value !== undefined && splitsSeek(tdb, search)) {
      const arms = seekArms(tdb, search, value, id)
        .limit(1)
        .offset(every - 1)
        .as('s');
      return tdb.selectFromSubquery(arms).select('s.id');
    }
    const q = applyItemFilters(tdb.selectFrom('items').select('id'), tdb, search);
    return applyItemSort(value === undefined ? q : q.where(afterBookmark(search, value, id)), search)
      .limit(1)
      .offset(every - 1);
  };
  const key = sortKey(search, true).key;
  return sql`with recursive b(j, k, id) as (
      select cast(${from} as integer) + 1, ${key}, items.id from items
      where items.org_id = ${tdb.orgId} and items.id = (${stepId(after?.value, after?.id)})
      union all
      select b.j + 1, ${key}, items.id from b join items
        on items.id = (${stepId(sql.ref('b.k'), sql.ref('b.id'))}) and items.org_id = ${tdb.orgId}
      where b.j < ${upTo}
    ) ${ending}`;
}

/**
 * The page's list rows and the window count `n` of its first row (null without one). A big page
 * is read as arrays (db/database.ts ARRAY_ROWS) and mapped by position with the reference names
 * read beside it: the driver's object per row was most of a 10,000-row page (docs/performance.md).
 */
/** A page read: its rows, the window count of its first row, the list version it carries (seek). */
interface PageRead {
  rows: ItemRow[];
  n: number | string | null;
  version?: number;
}

async function readPage(tdb: TenantDb, search: ItemSearch, plan: PagePlan): Promise<PageRead> {
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

/** Whether the search filters nothing: its count is the organisation's item counter. */
export function isUnfiltered(s: ItemSearch): boolean {
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

/** The exact number of items matching the search. */
async function countMatching(tdb: TenantDb, search: ItemSearch): Promise<number> {
  return Number((await countQuery(tdb, search).executeTakeFirst())?.n ?? 0);
}
