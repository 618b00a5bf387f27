import { sql } from 'kysely';
import { ARRAY_ROWS } from '../../../db/database';
import type { TenantDb } from '../../../db/tenant';
import { ItemIndex, STRING_SORTS, type IndexedItem, type StringSort } from './item-index';
import type { TreeLink } from './item-index.tree';

/**
 * Loading and refreshing an organisation's item filter index (item-index.ts) from the database
 * (docs/decisions.md "The item filter index"). The index is loaded in chunks, in the background,
 * from a position in the change log (migration 0023); every search first applies the log since
 * the index's position in one read snapshot, so the index answers exactly what that snapshot holds:
 * a write the user just made is in the list they see next.
 */

/** Where an index stands in the change log. */
export type LogPosition = { seq: number } | { xmin: bigint; xmax: bigint; xip: bigint[] };

/** Rows read per statement while loading (each chunk is a statement of its own). */
const LOAD_CHUNK = 50_000;
/** Tunables of the refresh. Internal: tests lower them to prove the paths past them on a few items. */
export const syncLimits = {
  /**
   * Items placed in a string order by one refresh at most; more and the order is loaded again (in
   * the background; the searches it sorts go to the database meanwhile). Placing costs two index
   * seeks an item and order: 10,000 take about 0.1 s on SQLite, 0.5 s on PostgreSQL on a busy
   * 2-core machine (placesOf).
   */
  placeMax: 10_000,
  /**
   * Log rows one refresh reads at most: past them (a mass edit of the whole catalogue) the index
   * is loaded again in the background, rather than a search re-reading that many items.
   */
  logReadMax: 50_000,
};
/** Changed items read per statement. */
const READ_CHUNK = 1000;

const ITEM_COLUMNS = [
  'id',
  'item_status_id',
  'item_group_id',
  'category_id',
  'place_id',
  'price',
  'count_ware',
  'count_offer',
  'count_photos',
] as const;

function toItem(r: readonly unknown[]): IndexedItem {
  return {
    id: Number(r[0]),
    status: Number(r[1]),
    group: r[2] === null ? null : Number(r[2]),
    category: r[3] === null ? null : Number(r[3]),
    place: r[4] === null ? null : Number(r[4]),
    price: Number(r[5]),
    ware: Number(r[6]),
    offer: r[7] === null ? null : Number(r[7]),
    photos: Number(r[8]),
  };
}

/** Lets the event loop serve other requests between two chunks of a load. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

// ---- positions --------------------------------------------------------------------------------

/** The log's current position, read in the caller's snapshot (or statement). */
export async function currentPosition(tdb: TenantDb): Promise<LogPosition> {
  if (tdb.isPostgres) {
    const r = await tdb.executeForOrg(() => sql<{ s: string }>`select pg_current_snapshot()::text as s`);
    return parseSnapshot(r.rows[0]!.s);
  }
  // AUTOINCREMENT's counter: never lower than a pruned row's, even with the log empty.
  const r = await tdb.executeForOrg(
    () => sql<{ seq: number }>`select coalesce(max(seq), 0) as seq from sqlite_sequence where name = 'item_index_log'`,
  );
  return { seq: Number(r.rows[0]!.seq) };
}

/** PostgreSQL's snapshot text `xmin:xmax:xip,xip`. */
export function parseSnapshot(text: string): LogPosition {
  const [xmin = '0', xmax = '0', xip = ''] = text.split(':');
  return { xmin: BigInt(xmin), xmax: BigInt(xmax), xip: xip ? xip.split(',').map((x) => BigInt(x)) : [] };
}

/** Whether log rows the position has not seen may have been pruned (then the index reloads). */
async function pruned(tdb: TenantDb, pos: LogPosition): Promise<boolean> {
  if ('seq' in pos) {
    const r = await tdb.executeForOrg(() => sql<{ seq: number }>`select seq from item_index_log_pruned where id = 1`);
    return pos.seq < Number(r.rows[0]?.seq ?? 0);
  }
  const r = await tdb.executeForOrg(
    () => sql<{ tx: string }>`select tx::text as tx from item_index_log_pruned where id = 1`,
  );
  // Unseen: transactions from xmax on, and those in progress then (xmin is the oldest of them).
  return pos.xmin <= BigInt(r.rows[0]?.tx ?? '0');
}

interface LogRead {
  /** Item ids with a change, and those whose code or name may have moved. */
  items: Set<number>;
  strs: Set<number>;
  trees: boolean;
  /** A reference's shown name changed (-2; docs/decisions.md "The item filter index"). */
  refs: boolean;
  reload: boolean;
}

/** The organisation's log rows after `pos` (in the caller's snapshot). */
async function logSince(tdb: TenantDb, pos: LogPosition): Promise<LogRead> {
  const q = tdb
    .selectFrom('item_index_log')
    .select(['item_id', 'strs'])
    .limit(syncLimits.logReadMax + 1);
  const rows =
    'seq' in pos
      ? await q.where('seq', '>', pos.seq).execute()
      : await q
          .where(sql<boolean>`(tx >= ${pos.xmax.toString()}::xid8 or tx = any(${pos.xip.map(String)}::xid8[]))`)
          .execute();
  const read: LogRead = {
    items: new Set(),
    strs: new Set(),
    trees: false,
    refs: false,
    reload: rows.length > syncLimits.logReadMax,
  };
  if (read.reload) return read;
  for (const r of rows) {
    const id = Number(r.item_id);
    if (id === 0) read.reload = true;
    else if (id === -1) read.trees = true;
    else if (id < 0) read.refs = true;
    else {
      read.items.add(id);
      if (Number(r.strs) === 1) read.strs.add(id);
    }
  }
  return read;
}

// ---- reads ------------------------------------------------------------------------------------

async function treeLinks(tdb: TenantDb, table: 'categories' | 'places'): Promise<TreeLink[]> {
  const rows = await tdb.selectFrom(table).select(['id', 'parent_id']).execute();
  return rows.map((r) => ({ id: Number(r.id), parent: r.parent_id === null ? null : Number(r.parent_id) }));
}

async function itemsByIds(tdb: TenantDb, ids: readonly number[]): Promise<IndexedItem[]> {
  const out: IndexedItem[] = [];
  for (let i = 0; i < ids.length; i += READ_CHUNK) {
    const rows = (await tdb
      .selectFrom('items')
      .select([...ITEM_COLUMNS])
      .where('id', 'in', ids.slice(i, i + READ_CHUNK))
      .modifyFront(ARRAY_ROWS)
      .execute()) as unknown as unknown[][];
    for (const r of rows) out.push(toItem(r));
  }
  return out;
}

/** Every item's id in a string sort's order, read in chunks (each a statement: not one snapshot). */
export async function walkStringOrder(tdb: TenantDb, sort: StringSort): Promise<number[]> {
  const ids: number[] = [];
  let after: { key: string; id: number } | undefined;
  for (;;) {
    let q = tdb.selectFrom('items').select('id');
    if (after && sort === 'code') q = q.where('code', '>', after.key);
    if (after && sort === 'name') {
      // `name >= key` first: a range both engines seek in the name index (an OR alone made SQLite
      // walk the index from its start at every chunk); only the duplicates of one name are checked.
      const a = after;
      q = q.where('name', '>=', a.key).where((eb) => eb.or([eb('name', '>', a.key), eb('id', '>', a.id)]));
    }
    q = sort === 'code' ? q.orderBy('code') : q.orderBy('name').orderBy('id');
    const rows = (await q.limit(LOAD_CHUNK).modifyFront(ARRAY_ROWS).execute()) as unknown as unknown[][];
    for (const r of rows) ids.push(Number(r[0]));
    if (rows.length < LOAD_CHUNK) return ids;
    const last = Number(rows[rows.length - 1]![0]);
    const key = await tdb.selectFrom('items').select(sort).where('id', '=', last).executeTakeFirst();
    // The last item is gone since: the walk starts again (rare; the log repairs what moves).
    if (!key) return walkStringOrder(tdb, sort);
    after = { key: String(key[sort]), id: last };
    await breathe();
  }
}

/**
 * Where items go in a string order, in the database's order: each with the item it goes before
 * (null: the end), that item not being one of them. Read in the caller's snapshot. The ids are one
 * parameter (a JSON array on SQLite, an array on PostgreSQL), so any number fit in the statement.
 * The next item by name is looked for among the same name first, then after it: two index seeks,
 * where `name >= p.name and (name > p.name or id > p.id)` walked every item of the same name with
 * a smaller id (thousands, for a name many items share).
 */
export async function placesOf(
  tdb: TenantDb,
  sort: StringSort,
  ids: readonly number[],
): Promise<{ id: number; before: number | null }[]> {
  const list = tdb.isPostgres ? sql`${[...ids]}::int[]` : sql`${JSON.stringify(ids)}`;
  const among = (col: string) =>
    tdb.isPostgres
      ? sql`${sql.ref(col)} = any(${list})`
      : sql`${sql.ref(col)} in (select value from json_each(${list}))`;
  const notAmong = (col: string) =>
    tdb.isPostgres
      ? sql`${sql.ref(col)} <> all(${list})`
      : sql`${sql.ref(col)} not in (select value from json_each(${list}))`;
  const rows = await tdb.executeForOrg((org) =>
    sort === 'code'
      ? sql<{ id: number; before: number | null }>`
          select p.id, (select n.id from items n where n.org_id = ${org} and n.code > p.code and ${notAmong('n.id')}
                        order by n.code limit 1) as before
          from items p where p.org_id = ${org} and ${among('p.id')} order by p.code`
      : sql<{ id: number; before: number | null }>`
          select p.id, coalesce(
              (select n.id from items n where n.org_id = ${org} and n.name = p.name and n.id > p.id
                 and ${notAmong('n.id')} order by n.id limit 1),
              (select n.id from items n where n.org_id = ${org} and n.name > p.name and ${notAmong('n.id')}
                 order by n.name, n.id limit 1)) as before
          from items p where p.org_id = ${org} and ${among('p.id')} order by p.name, p.id`,
  );
  return rows.rows.map((r) => ({ id: Number(r.id), before: r.before === null ? null : Number(r.before) }));
}

// ---- load and refresh -------------------------------------------------------------------------

export interface Loaded {
  index: ItemIndex;
  pos: LogPosition;
}

/**
 * Loads an organisation's index in chunks, yielding between them. The position is read first: what
 * changes while the chunks are read is in the log after it, and the first refresh applies it.
 */
export async function loadIndex(tdb: TenantDb, expected: number): Promise<Loaded> {
  const pos = await currentPosition(tdb);
  const [categories, places] = [await treeLinks(tdb, 'categories'), await treeLinks(tdb, 'places')];
  const index = new ItemIndex(Math.ceil(expected * 1.05) + 16, categories, places);
  let after = 0;
  for (;;) {
    const rows = (await tdb
      .selectFrom('items')
      .select([...ITEM_COLUMNS])
      .where('id', '>', after)
      .orderBy('id')
      .limit(LOAD_CHUNK)
      .modifyFront(ARRAY_ROWS)
      .execute()) as unknown as unknown[][];
    for (const r of rows) index.appendLoaded(toItem(r));
    if (rows.length < LOAD_CHUNK) break;
    after = Number(rows[rows.length - 1]![0]);
    await breathe();
  }
  const code = await walkStringOrder(tdb, 'code');
  const name = await walkStringOrder(tdb, 'name');
  index.finishLoad({ code, name });
  return { index, pos };
}

/**
 * One statement answering whether the log has nothing after `pos` (the common case: most searches
 * follow no change), sparing the refresh's read transaction. SQLite: AUTOINCREMENT's counter has
 * not moved. PostgreSQL: no row of a transaction the position had not seen, and nothing the
 * position needed pruned, in one snapshot.
 */
async function unchangedSince(tdb: TenantDb, pos: LogPosition): Promise<boolean> {
  if ('seq' in pos) {
    const now = await currentPosition(tdb);
    return 'seq' in now && now.seq === pos.seq;
  }
  const r = await tdb.executeForOrg(
    (org) => sql<{ changed: boolean; pruned: string }>`select exists (select 1 from item_index_log
        where org_id = ${org} and (tx >= ${pos.xmax.toString()}::xid8 or tx = any(${pos.xip.map(String)}::xid8[]))) as changed,
      (select tx::text from item_index_log_pruned where id = 1) as pruned`,
  );
  const row = r.rows[0]!;
  return !row.changed && pos.xmin > BigInt(row.pruned ?? '0');
}

export interface RefreshResult {
  pos: LogPosition;
  /** The log asked for a full reload, or rows the index needed were pruned. */
  reload: boolean;
}

/**
 * Applies the log after `pos` to the index, in one read snapshot. `extra`: items whose place in
 * the string orders must be found again too (a string order just loaded from an older position).
 */
export async function refreshIndex(
  tdb: TenantDb,
  index: ItemIndex,
  pos: LogPosition,
  reloaded?: { orders: Record<StringSort, number[]>; moved: ReadonlySet<number> },
): Promise<RefreshResult> {
  if (!reloaded && (await unchangedSince(tdb, pos))) return { pos, reload: false };
  return tdb.snapshot(async (s) => {
    // Everything is read first; the index is changed after the last read, in one synchronous
    // step, so a search running meanwhile never sees it half changed.
    const now = await currentPosition(s);
    if (await pruned(s, pos)) return { pos: now, reload: true };
    const log = await logSince(s, pos);
    if (log.reload) return { pos: now, reload: true };
    const trees = log.trees ? { cats: await treeLinks(s, 'categories'), places: await treeLinks(s, 'places') } : null;
    for (const id of reloaded?.moved ?? []) {
      log.items.add(id);
      log.strs.add(id);
    }
    const ids = [...log.items];
    const items = ids.length > 0 ? await itemsByIds(s, ids) : [];
    const found = new Set(items.map((i) => i.id));
    const deleted = ids.filter((id) => !found.has(id));
    const place = index.toPlace(items, log.strs);
    // Orders just walked again are given every item that moved since the walk began, however many:
    // marking them stale again would start another walk, which a steady import (new items all
    // along) outruns every time.
    const placeAll = place.length <= syncLimits.placeMax || reloaded !== undefined;
    const places: Partial<Record<StringSort, { id: number; before: number | null }[]>> = {};
    if (place.length > 0 && placeAll) for (const sort of STRING_SORTS) places[sort] = await placesOf(s, sort, place);
    // A tree node added, moved or deleted, or a shown name changed: the page rows' names are read again.
    if (trees || log.refs) index.dropRefNames();
    if (trees) {
      index.setTree('category', trees.cats);
      index.setTree('place', trees.places);
    }
    if (reloaded) for (const sort of STRING_SORTS) index.setStringOrder(sort, reloaded.orders[sort]);
    index.apply(items, deleted, log.strs);
    for (const sort of STRING_SORTS) {
      if (!placeAll) index.markStale(sort);
      else if (places[sort]) index.placeStrings(sort, places[sort]);
    }
    return { pos: now, reload: false };
  });
}
