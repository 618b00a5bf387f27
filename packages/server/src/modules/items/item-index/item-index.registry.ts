import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import { TenantDb } from '../../../db/tenant';
import type { Log } from '../../../platform/context';
import { STRING_SORTS, type ItemIndex, type StringSort } from './item-index';
import { indexStats } from './item-index.stats';
import { currentPosition, loadIndex, refreshIndex, walkStringOrder, type LogPosition } from './item-index.sync';

/**
 * The item filter indexes of this worker process, one per organisation that has enough items
 * (docs/decisions.md "The item filter index"). An index is loaded in the background at the first
 * search that wants it; until it is ready, and whenever it cannot answer, the search runs in the
 * database as before. Kept per database (tests open several in one process), least recently used
 * dropped first past `maxItems` items in all.
 */

export interface IndexOptions {
  /** The database the indexes are of (its Kysely instance). */
  key: object;
  minItems: number;
  maxItems: number;
  /** Where loads (info) and background failures (warn) are reported. */
  log: Pick<Log, 'info' | 'warn'>;
}

/** An organisation below the threshold is asked again after this long. */
const RECHECK_MS = 60_000;
/** A load that failed is tried again after this long. */
const RETRY_MS = 30_000;

interface Entry {
  state: 'small' | 'loading' | 'ready' | 'failed';
  checkedAt: number;
  index?: ItemIndex;
  pos?: LogPosition;
  size: number;
  lastUsed: number;
  /** The refreshes run one after another: the tail of the queue. */
  chain: Promise<unknown>;
  /** The refresh queued behind the running one, which every search arriving meanwhile joins. */
  next?: Promise<void>;
  /** A string order is being loaded again in the background. */
  reloadingStrings: boolean;
  /** The load under way (state 'loading'). */
  loading?: Promise<void>;
}

const registries = new WeakMap<object, Map<number, Entry>>();

function registry(key: object): Map<number, Entry> {
  let map = registries.get(key);
  if (!map) {
    map = new Map();
    registries.set(key, map);
  }
  return map;
}

/** What the registry holds now (tests and benchmarks read it). */
export function indexState(key: object, orgId: number): Entry['state'] | undefined {
  return registries.get(key)?.get(orgId)?.state;
}

/**
 * The organisation's index, refreshed to the database's current state, or undefined when the
 * search must run in the database (no index yet, a small organisation, inside a transaction).
 */
export async function readyIndex(tdb: TenantDb, opts: IndexOptions): Promise<ItemIndex | undefined> {
  if (opts.maxItems === 0 || tdb.inTransaction) return undefined;
  const map = registry(opts.key);
  const now = Date.now();
  let e = map.get(tdb.orgId);
  const again =
    e &&
    ((e.state === 'small' && now - e.checkedAt > RECHECK_MS) || (e.state === 'failed' && now - e.checkedAt > RETRY_MS));
  if (!e || again) {
    const count = await itemCount(tdb);
    if (count < opts.minItems || count > opts.maxItems) {
      map.set(tdb.orgId, blank('small', now));
      return undefined;
    }
    e = blank('loading', now);
    map.set(tdb.orgId, e);
    startLoad(tdb, map, e, count, opts);
    return undefined;
  }
  if (e.state !== 'ready') return undefined;
  e.lastUsed = now;
  // Moves the entry to the end of the map's order (most recently used).
  map.delete(tdb.orgId);
  map.set(tdb.orgId, e);
  await refreshed(tdb, map, e, opts);
  return e.state === 'ready' ? e.index : undefined;
}

function blank(state: Entry['state'], now: number): Entry {
  return { state, checkedAt: now, size: 0, lastUsed: now, chain: Promise.resolve(), reloadingStrings: false };
}

async function itemCount(tdb: TenantDb): Promise<number> {
  const row = await tdb.selectFrom('item_counts').select('items').executeTakeFirst();
  return Number(row?.items ?? 0);
}

function startLoad(tdb: TenantDb, map: Map<number, Entry>, e: Entry, expected: number, opts: IndexOptions): void {
  e.state = 'loading';
  e.index = undefined;
  indexStats.loads++;
  evict(map, expected, opts.maxItems);
  const started = performance.now();
  e.loading = loadIndex(tdb, expected).then(
    (loaded) => {
      if (map.get(tdb.orgId) !== e) return;
      e.index = loaded.index;
      e.pos = loaded.pos;
      e.size = loaded.index.size;
      e.state = 'ready';
      const ms = Math.round(performance.now() - started);
      opts.log.info({ orgId: tdb.orgId, items: e.size, ms }, 'item filter index loaded');
    },
    (err: unknown) => {
      e.state = 'failed';
      e.checkedAt = Date.now();
      opts.log.warn({ err, orgId: tdb.orgId }, 'item filter index: load failed, searches use the database meanwhile');
    },
  );
}

/** Drops the least recently used indexes until `adding` more items fit. */
function evict(map: Map<number, Entry>, adding: number, max: number): void {
  let total = adding;
  for (const e of map.values()) total += e.size;
  for (const [org, e] of map) {
    if (total <= max) break;
    if (e.size === 0) continue;
    total -= e.size;
    map.delete(org);
  }
}

/**
 * Brings the index up to the database's current state. A refresh that began before this call may
 * not see what this request's user has just written: the call joins the refresh queued after the
 * running one (all searches arriving meanwhile share it).
 */
function refreshed(tdb: TenantDb, map: Map<number, Entry>, e: Entry, opts: IndexOptions): Promise<void> {
  if (!e.next) {
    const run = e.chain.then(async () => {
      e.next = undefined;
      await refreshOnce(tdb, map, e, opts);
    });
    e.next = run;
    // The queue goes on after a failed refresh; the failure reaches the searches awaiting `run`.
    e.chain = run.then(
      () => undefined,
      () => undefined,
    );
  }
  return e.next;
}

async function refreshOnce(
  tdb: TenantDb,
  map: Map<number, Entry>,
  e: Entry,
  opts: IndexOptions,
  reloaded?: { orders: Record<StringSort, number[]>; moved: ReadonlySet<number> },
): Promise<void> {
  if (e.state !== 'ready' || !e.index || !e.pos) return;
  try {
    const r = await refreshIndex(tdb, e.index, e.pos, reloaded);
    if (r.reload) {
      opts.log.info({ orgId: tdb.orgId }, 'item filter index: the change log asks for a reload');
      startLoad(tdb, map, e, e.index.size, opts);
      return;
    }
    e.pos = r.pos;
    e.size = e.index.size;
    if (STRING_SORTS.some((s) => !e.index!.checkString(s))) {
      if (!e.reloadingStrings)
        opts.log.info({ orgId: tdb.orgId }, 'item filter index: loading the code and name orders again');
      reloadStrings(tdb, map, e, opts);
    }
  } catch (err) {
    // A refresh that failed part way may have left the index half changed: it is dropped and
    // loaded again at a later search.
    if (map.get(tdb.orgId) === e) map.delete(tdb.orgId);
    throw err;
  }
}

/**
 * Loads the string orders again in the background (after more new or renamed items than a refresh
 * places one by one). The walk is not one snapshot: the items whose code or name changed since it
 * began are placed again by the refresh that installs it.
 */
function reloadStrings(tdb: TenantDb, map: Map<number, Entry>, e: Entry, opts: IndexOptions): void {
  if (e.reloadingStrings) return;
  e.reloadingStrings = true;
  const work = async () => {
    const from = await currentPosition(tdb);
    const code = await walkStringOrder(tdb, 'code');
    const name = await walkStringOrder(tdb, 'name');
    await new Promise<void>((resolve, reject) => {
      const run = e.chain.then(async () => {
        if (e.state !== 'ready' || !e.index) return;
        const moved = await movedSince(tdb, from);
        await refreshOnce(tdb, map, e, opts, { orders: { code, name }, moved });
      });
      e.chain = run.then(resolve, reject);
    });
  };
  work()
    .catch((err: unknown) => opts.log.warn({ err, orgId: tdb.orgId }, 'item filter index: string order reload failed'))
    .finally(() => {
      e.reloadingStrings = false;
    });
}

/** Items whose code or name may have moved since `from` (inserted, deleted or renamed). */
async function movedSince(tdb: TenantDb, from: LogPosition): Promise<Set<number>> {
  const q = tdb.selectFrom('item_index_log').select('item_id').where('strs', '=', 1).where('item_id', '>', 0);
  const rows = await (
    'seq' in from ? q.where('seq', '>', from.seq) : q.where('tx', '>=', from.xmin.toString())
  ).execute();
  return new Set(rows.map((r) => Number(r.item_id)));
}

/**
 * Loads the indexes of the organisations big enough for one, largest first, one after another, at
 * a worker's start (main.ts): the first searches after a restart then find them ready. Stops at
 * `maxItems` in all.
 */
export async function prewarmIndexes(db: Kysely<DB>, opts: IndexOptions): Promise<void> {
  if (opts.maxItems === 0) return;
  const orgs = await db
    .selectFrom('item_counts')
    .select(['org_id', 'items'])
    .where('items', '>=', Math.max(1, opts.minItems))
    .where('items', '<=', opts.maxItems)
    .orderBy('items', 'desc')
    .execute();
  let total = 0;
  for (const org of orgs) {
    total += Number(org.items);
    if (total > opts.maxItems) break;
    const tdb = new TenantDb(db, org.org_id);
    await readyIndex(tdb, opts);
    await registry(opts.key).get(org.org_id)?.loading;
  }
}
