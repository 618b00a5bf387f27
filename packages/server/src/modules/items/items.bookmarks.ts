import { sql } from 'kysely';
import type { ItemSearch } from '@zaplecze/contract';
import type { TenantDb } from '../../db/tenant';
import { hasPluginFilters, type ItemSearchQ } from './items.plugin-filters';

/**
 * Seek bookmarks of deep item pages (issue 7 §3: page 5,000 at most 3x page 1; docs/decisions.md
 * "Deep pages of the item list", docs/performance.md). An OFFSET walks every row before the page;
 * no index of either engine can skip them. So, for each list (organisation, filters, sort), the
 * sort key of every `every`-th row is kept: a deep page seeks past the nearest bookmark before its
 * offset (keyset) and walks fewer than `every` rows. The keys are collected by one walk of the
 * sort's index up to the page asked for (items.search bookmarkScan), at the second deep request of
 * a list that found it at the same version as the first (items.search readListPage), and extended
 * when a deeper page is asked.
 *
 * Bookmarks are valid while the list's version is unchanged: the sum of the organisation's version
 * counters its filters and sort read (migration 0010 moves them by triggers, in the writing
 * transaction). The version is read in the same statement as the walk that collects the keys and
 * in the same statement as the page that uses them, so keys never serve a list they were not
 * collected from: on a difference the keys are dropped and collected again, or the page is read
 * with OFFSET.
 *
 * Kept per worker process (an LRU of `lists` lists and `keys` keys in all): a worker that has not
 * seen the list yet collects its own keys once.
 */

/** Tunables. Internal: tests lower them to prove the mechanism on a few dozen items. */
export const bookmarkOptions = {
  /** Rows between two bookmarks: a deep page walks fewer than this many rows after the seek. */
  every: 1000,
  /** Pages whose offset is below this use OFFSET (it walks at most this many index entries). */
  from: 10_000,
  /** Lists kept per worker process (least recently used dropped first). */
  lists: 200,
  /** Keys kept per worker process in all lists together. */
  keys: 200_000,
};

/** What this worker did with bookmarks since it started (tests and benchmarks read it). */
export const bookmarkStats = {
  /** Walks that collected or extended a list's bookmarks. */
  collected: 0,
  /** Pages read from a bookmark and answered. */
  seeks: 0,
  /** Pages that found their bookmarks stale (the list changed since they were collected). */
  stale: 0,
};

/** A bookmark: the sort value of a row and its id (the list's total order is value, then id). */
export interface Bookmark {
  value: string | number;
  id: number;
}

export interface BookmarkEntry {
  /** The list version the keys were collected under. */
  version: number;
  every: number;
  /** keys[j - 1]: the row at position j * every - 1 (0-based) of the list. */
  keys: Bookmark[];
  /** The list ended before the next bookmark: every bookmark of it is known. */
  complete: boolean;
}

/** Where a page starts: after `after` (nothing: from the list's start), skipping `skip` rows. */
export interface Seek {
  after?: Bookmark;
  skip: number;
}

/** Text filters (contains-search) sort every match anyway; bookmarks serve every other search. */
export function bookmarksServe(s: ItemSearchQ, offset: number): boolean {
  // A plugin filter's rows (e.g. fitments) move no version counter of the list: no bookmarks.
  return (
    offset >= bookmarkOptions.from &&
    !hasPluginFilters(s) &&
    [s.code, s.name, s.gtin, s.extCode].every((t) => t === undefined || t === '')
  );
}

/** Which version counters a list reads besides `list_v` (inserts, deletes, codes, names, references). */
function reads(s: ItemSearch): { stock: boolean; price: boolean } {
  return {
    stock: s.sort === 'COUNT_A' || s.sort === 'COUNT_D' || s.countFrom !== undefined || s.countTo !== undefined,
    price: s.sort === 'PRICE_A' || s.sort === 'PRICE_D' || s.priceFrom !== undefined || s.priceTo !== undefined,
  };
}

/**
 * The list a search shows, apart from its page: the organisation, the filters and the sort. The
 * quantity type counts only where a quantity filter or sort reads it.
 */
export function listSignature(orgId: number, s: ItemSearch): string {
  const quantity = reads(s).stock;
  return JSON.stringify([
    orgId,
    s.sort,
    quantity ? s.countType : null,
    s.priceFrom ?? null,
    s.priceTo ?? null,
    s.countFrom ?? null,
    s.countTo ?? null,
    s.countPhotosFrom ?? null,
    s.countPhotosTo ?? null,
    s.statusId ?? null,
    s.groupId ?? null,
    s.catId ?? null,
    s.placeId ?? null,
  ]);
}

/**
 * The list's version as a scalar subquery: the counters it reads plus the organisation's notes not
 * yet folded into them (PostgreSQL, migration 0010). Every counter only grows, so the sum changes
 * exactly when one of them does. Null while the organisation has no counter row.
 */
export function listVersionQuery(tdb: TenantDb, s: ItemSearch) {
  const r = reads(s);
  const counters = sql.raw(['list_v', r.stock ? 'stock_v' : '', r.price ? 'price_v' : ''].filter(Boolean).join(' + '));
  const notes = sql.raw(['list_c', r.stock ? 'stock_c' : '', r.price ? 'price_c' : ''].filter(Boolean).join(' + '));
  const pending = tdb.selectFrom('item_list_changes').select(sql<number>`coalesce(sum(${notes}), 0)`.as('n'));
  return tdb.selectFrom('item_list_versions').select(sql<number | string>`${counters} + (${pending})`.as('v'));
}

/** Creates the organisation's counter row (the first deep page of an organisation does). */
export async function createVersionRow(tdb: TenantDb): Promise<void> {
  await tdb
    .insertInto('item_list_versions', {})
    .onConflict((oc) => oc.column('org_id').doNothing())
    .execute();
}

/** The list's current version (undefined without a counter row). */
export async function currentVersion(tdb: TenantDb, s: ItemSearch): Promise<number | undefined> {
  const row = await listVersionQuery(tdb, s).executeTakeFirst();
  return row === undefined ? undefined : Number(row.v);
}

/** The bookmark index a page at `offset` needs: the last one at or before the row before it. */
export function neededBookmark(offset: number, every: number): number {
  return Math.floor(offset / every);
}

/** Whether the entry has the bookmark a page at `offset` seeks from. */
export function covers(e: BookmarkEntry, offset: number): boolean {
  return e.complete || e.keys.length >= neededBookmark(offset, e.every);
}

/** How a page at `offset` starts from the entry's nearest bookmark. */
export function seekFor(e: BookmarkEntry, offset: number): Seek {
  const j = Math.min(neededBookmark(offset, e.every), e.keys.length);
  return j === 0 ? { skip: offset } : { after: e.keys[j - 1], skip: offset - j * e.every };
}

/** The bookmarks of recently used lists, least recently used first (Map order). */
class BookmarkCache {
  private readonly entries = new Map<string, BookmarkEntry>();
  private keyCount = 0;
  /** The version each list without bookmarks had at its last deep request (as many lists). */
  private readonly seen = new Map<string, number>();

  lastSeen(signature: string): number | undefined {
    return this.seen.get(signature);
  }

  see(signature: string, version: number): void {
    this.seen.delete(signature);
    this.seen.set(signature, version);
    if (this.seen.size > bookmarkOptions.lists) {
      const oldest = this.seen.keys().next();
      if (!oldest.done) this.seen.delete(oldest.value);
    }
  }

  get(signature: string): BookmarkEntry | undefined {
    const e = this.entries.get(signature);
    if (e) {
      this.entries.delete(signature);
      this.entries.set(signature, e);
    }
    return e;
  }

  /** Keeps `e` unless a newer version of the list is kept already (a slower, older request). */
  set(signature: string, e: BookmarkEntry): void {
    const kept = this.entries.get(signature);
    if (kept && kept.version > e.version) return;
    this.delete(signature);
    this.seen.delete(signature);
    this.entries.set(signature, e);
    this.keyCount += e.keys.length;
    while (this.entries.size > bookmarkOptions.lists || this.keyCount > bookmarkOptions.keys) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined || oldest === signature) break;
      this.delete(oldest);
    }
  }

  delete(signature: string): void {
    const e = this.entries.get(signature);
    if (!e) return;
    this.keyCount -= e.keys.length;
    this.entries.delete(signature);
  }

  clear(): void {
    this.entries.clear();
    this.seen.clear();
    this.keyCount = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** This worker's bookmarks. */
export const bookmarks = new BookmarkCache();
