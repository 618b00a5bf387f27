import { pageOffset, type ItemRow, type ItemSearch } from '@zaplecze/contract';
import type { TenantDb } from '../../db/tenant';
import {
  bookmarks,
  bookmarkStats,
  bookmarksServe,
  covers,
  createVersionRow,
  currentVersion,
  listSignature,
  seekFor,
} from './items.bookmarks';
import { countQuery, countsInPage, isUnfiltered } from './items.filters';
import { readPage, type PagePlan, type PageRead } from './items.page-plan';
import { collectOnce } from './items.bookmark-walk';
import { searchWithIndex } from './item-index/item-index.search';
import type { IndexOptions } from './item-index/item-index.registry';
import type { ItemSearchQ } from './items.plugin-filters';

/**
 * THE item search (docs/rules/catalogue-and-orders-rules.md §2.2, §3 Item search): one function applies every filter,
 * and both the page query and the count query are built from it, so they can never disagree.
 * The page's ids are found on the items table alone (and its search index); the rows of those
 * ids, with their references' names, are read by the same statement (a deferred join).
 * Index design and measurements: docs/performance.md.
 */

/** A page of list rows and the search's exact count. */
export interface SearchAnswer {
  rows: ItemRow[];
  count: number;
}

/**
 * Runs the search in the database: at most two statements. The count goes first only on PostgreSQL with filters,
 * where it picks the page's plan; otherwise the count (the counter, or the filter index) and the
 * page run side by side, on two pool connections on PostgreSQL. A contains-search counts in the
 * page statement itself, and only a page past the last match (no row to carry the count) asks for
 * the count again.
 */
export async function searchItems(tdb: TenantDb, search: ItemSearchQ, index?: IndexOptions): Promise<SearchAnswer> {
  // The organisation's filter index answers when it can (item-index/); the count alone while it
  // loads a sort's order again, the page then read here with that count as the plan's.
  const indexed = index ? await searchWithIndex(tdb, search, index) : undefined;
  if (indexed?.rows) return { rows: indexed.rows, count: indexed.count };
  if (indexed)
    return { rows: (await readListPage(tdb, search, { matches: indexed.count })).rows, count: indexed.count };
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

/** The exact number of items matching the search. */
async function countMatching(tdb: TenantDb, search: ItemSearch): Promise<number> {
  return Number((await countQuery(tdb, search).executeTakeFirst())?.n ?? 0);
}
