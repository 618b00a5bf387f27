import type { ItemSearch } from '@zaplecze/contract';
import { sql, type RawBuilder } from 'kysely';
import type { TenantDb } from '../../db/tenant';
import {
  bookmarkOptions,
  bookmarks,
  bookmarkStats,
  covers,
  listVersionQuery,
  neededBookmark,
  type Bookmark,
  type BookmarkEntry,
} from './items.bookmarks';

import { applyItemFilters, applyItemSort } from './items.filters';
import { afterBookmark, seekArms, sortKey, splitsSeek } from './items.page-plan';

/**
 * The walks that collect the bookmarks of a list's deep pages (items.bookmarks.ts keeps them):
 * once per list and version in a worker, however many requests ask at the same time.
 */

/** Collections under way in this worker: concurrent requests for one list share one walk. */
export const collecting = new Map<string, Promise<BookmarkEntry | undefined>>();

export async function collectOnce(
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
