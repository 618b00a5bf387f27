import { pageOffset, REF_FILTER_ANY, REF_FILTER_NONE, type ItemSearch, type ItemSort } from '@zaplecze/contract';
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
import { treeRepository } from '../catalog-trees';

/**
 * THE item search (goods-and-orders.md §2.2, §3 Item search): one function applies every filter,
 * and both the page query and the count query are built from it, so they can never disagree.
 * Queries touch only the items table (and its search index); names of references are joined
 * afterwards for the page's rows only. Index design: docs/performance.md.
 */

type ItemsQuery<O> = SelectQueryBuilder<DB, 'items', O>;
type Eb = ExpressionBuilder<DB, 'items'>;

/** Resolved filters: tree filters expanded to the chosen node and everything under it. */
export interface ResolvedSearch {
  search: ItemSearch;
  categoryIds?: number[] | 'none' | 'any';
  placeIds?: number[] | 'none' | 'any';
}

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

function refCondition(
  eb: Eb,
  column: 'item_group_id' | 'category_id' | 'place_id',
  value: number[] | 'none' | 'any',
): Expression<SqlBool> {
  if (value === 'none') return eb(column, 'is', null);
  if (value === 'any') return eb(column, 'is not', null);
  return value.length === 1 ? eb(column, '=', value[0] ?? 0) : eb(column, 'in', value);
}

/** Applies every filter of the search to a query over `items` (already scoped to the organisation). */
export function applyItemFilters<O>(qb: ItemsQuery<O>, r: ResolvedSearch, postgres: boolean): ItemsQuery<O> {
  const s = r.search;
  let q = qb;

  const texts = (Object.keys(TEXT_COLUMNS) as TextFilter[]).filter((k) => s[k] !== undefined && s[k] !== '');
  const fts: string[] = [];
  for (const key of texts) {
    const value = s[key] as string;
    const column = TEXT_COLUMNS[key];
    if (postgres) {
      // pg_trgm GIN indexes serve ILIKE '%...%' (migration 0003).
      q = q.where(sql<SqlBool>`${sql.ref(column)} ilike ${likePattern(value)}`);
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
  if (s.groupId !== undefined) {
    const g = s.groupId;
    q = q.where((eb) =>
      refCondition(eb, 'item_group_id', g === REF_FILTER_NONE ? 'none' : g === REF_FILTER_ANY ? 'any' : [g]),
    );
  }
  const { categoryIds, placeIds } = r;
  if (categoryIds !== undefined) q = q.where((eb) => refCondition(eb, 'category_id', categoryIds));
  if (placeIds !== undefined) q = q.where((eb) => refCondition(eb, 'place_id', placeIds));
  return q;
}

/** The sort of §2.2 as ORDER BY terms, ties broken by id so pages never overlap. */
function sortTerms(search: ItemSearch): [RawBuilder<unknown>, 'asc' | 'desc'][] {
  const sort: ItemSort = search.sort;
  const id = sql.ref('id');
  switch (sort) {
    case 'CODE':
      // Codes are unique in an organisation (items_code_idx): no tie to break, and the unique
      // index alone gives the order (PostgreSQL would otherwise sort every group of one).
      return [[sql.ref('code'), 'asc']];
    case 'NAME':
      return [
        [sql.ref('name'), 'asc'],
        [id, 'asc'],
      ];
    case 'PRICE_A':
      return [
        [sql.ref('price'), 'asc'],
        [id, 'asc'],
      ];
    case 'PRICE_D':
      return [
        [sql.ref('price'), 'desc'],
        [id, 'desc'],
      ];
    case 'COUNT_A':
      return [
        [countExpr(search), 'asc'],
        [id, 'asc'],
      ];
    case 'COUNT_D':
      return [
        [countExpr(search), 'desc'],
        [id, 'desc'],
      ];
  }
}

/** Orders any query whose rows have the items' sort columns (the table, or a subquery of it). */
export function applyItemSort<D, T extends keyof D, O>(
  qb: SelectQueryBuilder<D, T, O>,
  search: ItemSearch,
): SelectQueryBuilder<D, T, O> {
  let q = qb;
  for (const [expr, direction] of sortTerms(search)) q = q.orderBy(expr, direction);
  return q;
}

/** `id` and every node under it, from the tree's links. */
export function subtree(links: readonly { id: number; parent_id: number | null }[], id: number): number[] {
  // Maps and a set: a place tree of thousands of nodes is walked on every filtered search.
  const children = new Map<number, number[]>();
  for (const l of links) {
    if (l.parent_id === null) continue;
    const list = children.get(l.parent_id);
    if (list) list.push(l.id);
    else children.set(l.parent_id, [l.id]);
  }
  const seen = new Set<number>();
  const out: number[] = [];
  const stack = [id];
  while (stack.length > 0) {
    const at = stack.pop() as number;
    if (seen.has(at)) continue;
    seen.add(at);
    out.push(at);
    for (const child of children.get(at) ?? []) stack.push(child);
  }
  return out;
}

async function treeFilter(
  tdb: TenantDb,
  kind: 'categories' | 'places',
  value: number | undefined,
): Promise<number[] | 'none' | 'any' | undefined> {
  if (value === undefined) return undefined;
  if (value === REF_FILTER_NONE) return 'none';
  if (value === REF_FILTER_ANY) return 'any';
  const links = await treeRepository.links(tdb, kind);
  // An unknown (or another organisation's) node matches nothing rather than everything.
  return links.some((l) => l.id === value) ? subtree(links, value) : [0];
}

/**
 * Category and place filters take the chosen node with everything under it
 * (docs/decisions.md, Item search): a shelf belongs to its rack, a subcategory to its category.
 */
export async function resolveSearch(tdb: TenantDb, search: ItemSearch): Promise<ResolvedSearch> {
  const [categoryIds, placeIds] = await Promise.all([
    treeFilter(tdb, 'categories', search.catId),
    treeFilter(tdb, 'places', search.placeId),
  ]);
  return { search, categoryIds, placeIds };
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
 * The page query: ids of one page, in order. Only the items table is read. `matches` is the
 * search's count when known: a small result on PostgreSQL is fenced into a subquery (OFFSET 0
 * keeps the planner from merging it back) and sorted; otherwise the sort's index is walked.
 */
export function pageIdsQuery(tdb: TenantDb, r: ResolvedSearch, matches?: number) {
  const postgres = tdb.isPostgres;
  const offset = pageOffset(r.search);
  if (postgres && matches !== undefined && matches <= SORT_IN_MEMORY_MAX && !isUnfiltered(r.search)) {
    const fenced = applyItemFilters(
      tdb.selectFrom('items').select(['id', 'code', 'name', 'price', 'count_ware', 'count_offer']),
      r,
      postgres,
    )
      .offset(0)
      .as('items');
    return applyItemSort(tdb.selectFromSubquery(fenced).select('id'), r.search).limit(r.search.perPage).offset(offset);
  }
  return applyItemSort(applyItemFilters(tdb.selectFrom('items').select('id'), r, postgres), r.search)
    .limit(r.search.perPage)
    .offset(offset);
}

/** The ids of one page, in order. */
export async function pageIds(tdb: TenantDb, r: ResolvedSearch, matches?: number): Promise<number[]> {
  return (await pageIdsQuery(tdb, r, matches).execute()).map((row) => row.id);
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
export function countQuery(tdb: TenantDb, r: ResolvedSearch): CountQuery {
  if (isUnfiltered(r.search)) return tdb.selectFrom('item_counts').select('items as n');
  return applyItemFilters(
    tdb.selectFrom('items').select((eb) => eb.fn.countAll<number>().as('n')),
    r,
    tdb.isPostgres,
  );
}

/** The exact number of items matching the search. */
export async function countMatching(tdb: TenantDb, r: ResolvedSearch): Promise<number> {
  return Number((await countQuery(tdb, r).executeTakeFirst())?.n ?? 0);
}
