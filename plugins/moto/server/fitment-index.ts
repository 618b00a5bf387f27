import type { ItemFilterEnv, TenantDb } from '@zaplecze/plugin-sdk';
import { YEAR_MIN, type SearchFilter } from '../schemas';
import { CHANGES, FITMENTS, fitmentsVersionRow, MODELS, motoDb } from './tables';

/**
 * The organisation's fitments in this process's memory, for the item search filter
 * (PluginItemFilter.ids; docs/decisions.md, "The moto filter answers from memory"): per model,
 * its fitments sorted by item, so that a search by model (and year) or by make reads no rows.
 *
 * - Loaded in the background at the first search that needs it, one model at a time (each read
 *   served by the covering index fitments_model_idx); until then the filter's SQL query answers.
 * - Exact at every search: each search first reads the organisation's version row; when it moved,
 *   the items the change log names for the versions since are read again (fitments_item_idx).
 *   Writes log their items in their own transaction (tables.ts, recordFitmentChange), so a write
 *   made by another process is seen the same way. A process behind the log's floor (a large change,
 *   or more than the kept versions) loads everything again, in the background.
 * - Items deleted since the load may still be named: the core keeps only items that exist.
 */

/** One model's fitments: parallel arrays sorted by item, then years. */
interface Postings {
  items: Int32Array;
  from: Int16Array;
  to: Int16Array;
}

interface OrgIndex {
  /** The version the index holds (p_moto_versions.v). */
  v: number;
  models: Map<number, Postings>;
  /** Each model's make, and each make's models. */
  makeOf: Map<number, number>;
  modelsOf: Map<number, number[]>;
  rows: number;
}

interface OrgState {
  index?: OrgIndex;
  loading?: boolean;
  /** When the last load failed (retried after RETRY_MS). */
  failedAt?: number;
  /** The catch-up in flight: one at a time per organisation and process. */
  catchingUp?: Promise<OrgIndex | undefined>;
  used: number;
}

/** At most this many fitment rows kept in memory per process (8 bytes each); least used go first. */
export const MAX_ROWS = 12_000_000;
const RETRY_MS = 30_000;
/** Items read again per statement when catching up. */
const CHUNK = 1000;

/** Counters for tests and benchmarks. */
export const fitmentIndexStats = { answered: 0, loads: 0 };

const states = new WeakMap<object, Map<number, OrgState>>();
/** Every organisation's state with an index, for the memory bound. */
const loaded = new Set<OrgState>();

function stateOf(scope: object, orgId: number): OrgState {
  let orgs = states.get(scope);
  if (!orgs) states.set(scope, (orgs = new Map()));
  let st = orgs.get(orgId);
  if (!st) orgs.set(orgId, (st = { used: 0 }));
  return st;
}

/** The index's state for an organisation (benchmarks and tests). */
export function fitmentIndexState(scope: object, orgId: number): 'ready' | 'loading' | 'none' {
  const st = states.get(scope)?.get(orgId);
  return st?.index ? 'ready' : st?.loading ? 'loading' : 'none';
}

/**
 * The items matching the filter, sorted and distinct, from memory; undefined while the index
 * loads (the caller runs the SQL query) or when the filter names neither a make nor a model.
 */
export async function fitmentIds(tdb: TenantDb, f: SearchFilter, env: ItemFilterEnv): Promise<Int32Array | undefined> {
  if (f.motoMakeId === undefined && f.motoModelId === undefined) return undefined;
  const st = stateOf(env.scope, tdb.orgId);
  st.used = performance.now();
  if (!st.index) {
    startLoad(tdb, st, env);
    return undefined;
  }
  st.catchingUp ??= catchUp(tdb, st, st.index).finally(() => (st.catchingUp = undefined));
  const index = await st.catchingUp;
  if (!index) {
    startLoad(tdb, st, env);
    return undefined;
  }
  fitmentIndexStats.answered++;
  return idsOf(index, f);
}

// ---- loading ---------------------------------------------------------------------------------------

function startLoad(tdb: TenantDb, st: OrgState, env: ItemFilterEnv): void {
  if (st.loading || (st.failedAt !== undefined && performance.now() - st.failedAt < RETRY_MS)) return;
  st.loading = true;
  load(tdb)
    .then((index) => {
      st.index = index;
      st.failedAt = undefined;
      loaded.add(st);
      bound(st);
    })
    .catch((err: unknown) => {
      st.failedAt = performance.now();
      env.warn(err, 'moto: loading the fitment index failed (the SQL filter answers; retried later)');
    })
    .finally(() => (st.loading = false));
}

/** Drops the least used indexes while the kept rows exceed MAX_ROWS (never `keep`). */
function bound(keep: OrgState): void {
  let rows = 0;
  for (const st of loaded) rows += st.index?.rows ?? 0;
  while (rows > MAX_ROWS) {
    let oldest: OrgState | undefined;
    for (const st of loaded) if (st !== keep && (!oldest || st.used < oldest.used)) oldest = st;
    if (!oldest) return;
    rows -= oldest.index?.rows ?? 0;
    oldest.index = undefined;
    loaded.delete(oldest);
  }
}

async function load(tdb: TenantDb): Promise<OrgIndex> {
  fitmentIndexStats.loads++;
  const m = motoDb(tdb);
  // The version first: whatever commits while the rows are read is caught up from the log.
  const { v } = await fitmentsVersionRow(tdb);
  const index: OrgIndex = { v, models: new Map(), makeOf: new Map(), modelsOf: new Map(), rows: 0 };
  await readModels(tdb, index);
  for (const model of index.makeOf.keys()) {
    const rows = await m
      .selectFrom(FITMENTS)
      .select(['item_id', 'year_from', 'year_to'])
      .where('model_id', '=', model)
      .execute();
    const keys = new Float64Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      keys[i] = keyOf(Number(r.item_id), Number(r.year_from), Number(r.year_to));
    }
    if (keys.length > 0) index.models.set(model, postingsOf(keys));
    index.rows += keys.length;
    // Other requests run between two models' reads.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return index;
}

async function readModels(tdb: TenantDb, index: OrgIndex): Promise<void> {
  const models = await motoDb(tdb).selectFrom(MODELS).select(['id', 'make_id']).execute();
  index.makeOf = new Map(models.map((r) => [Number(r.id), Number(r.make_id)]));
  index.modelsOf = new Map();
  for (const [model, make] of index.makeOf) {
    const list = index.modelsOf.get(make);
    if (list) list.push(model);
    else index.modelsOf.set(make, [model]);
  }
}

// ---- catching up -----------------------------------------------------------------------------------

/** Brings the index to the stored version; undefined when it must be loaded again. */
async function catchUp(tdb: TenantDb, st: OrgState, index: OrgIndex): Promise<OrgIndex | undefined> {
  const { v, floor } = await fitmentsVersionRow(tdb);
  if (v === index.v) return index;
  if (v < index.v || index.v < floor) {
    st.index = undefined;
    loaded.delete(st);
    return undefined;
  }
  const m = motoDb(tdb);
  const logged = await m.selectFrom(CHANGES).select('item_id').where('v', '>', index.v).where('v', '<=', v).execute();
  const changed = distinctSorted(Int32Array.from(logged, (r) => Number(r.item_id)).sort());
  await readModels(tdb, index);
  const added = new Map<number, number[]>();
  for (let i = 0; i < changed.length; i += CHUNK) {
    const part = Array.from(changed.subarray(i, i + CHUNK));
    const rows = await m
      .selectFrom(FITMENTS)
      .select(['item_id', 'model_id', 'year_from', 'year_to'])
      .where('item_id', 'in', part)
      .execute();
    for (const r of rows) {
      const model = Number(r.model_id);
      const key = keyOf(Number(r.item_id), Number(r.year_from), Number(r.year_to));
      const list = added.get(model);
      if (list) list.push(key);
      else added.set(model, [key]);
    }
  }
  for (const model of new Set([...index.models.keys(), ...added.keys()])) {
    const old = index.models.get(model);
    const add = added.get(model) ?? [];
    if (add.length === 0 && (!old || !containsAny(old.items, changed))) continue;
    const keys: number[] = add;
    if (old)
      for (let i = 0, j = 0; i < old.items.length; i++) {
        const item = old.items[i]!;
        while (j < changed.length && changed[j]! < item) j++;
        if (changed[j] !== item) keys.push(keyOf(item, old.from[i]!, old.to[i]!));
      }
    index.rows += keys.length - (old?.items.length ?? 0);
    if (keys.length > 0) index.models.set(model, postingsOf(Float64Array.from(keys)));
    else index.models.delete(model);
  }
  index.v = v;
  return index;
}

/** Whether the sorted `items` hold any of the sorted `ids`. */
function containsAny(items: Int32Array, ids: Int32Array): boolean {
  if (ids.length * 16 < items.length) {
    for (const id of ids) if (items[lowerBound(items, id)] === id) return true;
    return false;
  }
  for (let i = 0, j = 0; i < items.length && j < ids.length;) {
    if (items[i] === ids[j]) return true;
    if (items[i]! < ids[j]!) i++;
    else j++;
  }
  return false;
}

function lowerBound(a: Int32Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// ---- rows as sortable numbers ----------------------------------------------------------------------

/**
 * A fitment as one number that sorts by item, then years: item * 2^16 + (from - YEAR_MIN) * 2^8 +
 * (to - YEAR_MIN). Years stay within YEAR_MIN..YEAR_MAX (201 values < 2^8) and item ids below 2^31,
 * so the number is below 2^47, exact in a double.
 */
const keyOf = (item: number, from: number, to: number) => item * 65536 + (from - YEAR_MIN) * 256 + (to - YEAR_MIN);

function postingsOf(keys: Float64Array): Postings {
  keys.sort();
  const n = keys.length;
  const p: Postings = { items: new Int32Array(n), from: new Int16Array(n), to: new Int16Array(n) };
  for (let i = 0; i < n; i++) {
    const k = keys[i]!;
    const item = Math.floor(k / 65536);
    const rest = k - item * 65536;
    p.items[i] = item;
    p.from[i] = YEAR_MIN + (rest >> 8);
    p.to[i] = YEAR_MIN + (rest & 255);
  }
  return p;
}

// ---- answering -------------------------------------------------------------------------------------

const NONE = new Int32Array(0);

function idsOf(index: OrgIndex, f: SearchFilter): Int32Array {
  let models: readonly number[];
  if (f.motoModelId !== undefined) {
    if (f.motoMakeId !== undefined && index.makeOf.get(f.motoModelId) !== f.motoMakeId) return NONE;
    models = [f.motoModelId];
  } else models = index.modelsOf.get(f.motoMakeId!) ?? [];
  const lists = models.map((m) => index.models.get(m)).filter((p): p is Postings => p !== undefined);
  if (lists.length === 0) return NONE;
  if (lists.length === 1) return itemsOf(lists[0]!, f.motoYear);
  return unionOf(lists, f.motoYear);
}

const fits = (p: Postings, i: number, year: number | undefined) =>
  year === undefined || (p.from[i]! <= year && p.to[i]! >= year);

/** One model's items (fitting the year), distinct. */
function itemsOf(p: Postings, year: number | undefined): Int32Array {
  const out = new Int32Array(p.items.length);
  let n = 0;
  for (let i = 0; i < p.items.length; i++) {
    const item = p.items[i]!;
    if (fits(p, i, year) && (n === 0 || out[n - 1] !== item)) out[n++] = item;
  }
  return out.slice(0, n);
}

/** Several models' items (a make), distinct and sorted: marked in a bitmap of the id range. */
function unionOf(lists: readonly Postings[], year: number | undefined): Int32Array {
  let lo = Infinity;
  let hi = -Infinity;
  let total = 0;
  for (const p of lists) {
    lo = Math.min(lo, p.items[0]!);
    hi = Math.max(hi, p.items[p.items.length - 1]!);
    total += p.items.length;
  }
  const bits = new Uint32Array(((hi - lo) >>> 5) + 1);
  for (const p of lists)
    for (let i = 0; i < p.items.length; i++)
      if (fits(p, i, year)) {
        const d = p.items[i]! - lo;
        bits[d >>> 5]! |= 1 << (d & 31);
      }
  const out = new Int32Array(total);
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const low = word & -word;
      out[n++] = lo + w * 32 + (31 - Math.clz32(low));
      word ^= low;
    }
  }
  return out.slice(0, n);
}

function distinctSorted(a: Int32Array): Int32Array {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (i === 0 || a[i] !== a[i - 1]) a[n++] = a[i]!;
  return a.subarray(0, n);
}
