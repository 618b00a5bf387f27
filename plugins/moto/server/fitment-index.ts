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
  /** Each make's fitments in one list (made at load; after a change of its models, at its next search). */
  makes: Map<number, Postings>;
  /**
   * Recent answers by filter value, the same array object while nothing changed (the core keeps
   * the slots it found for an array: PluginItemFilter.ids); at most ANSWERS_KEPT ids in all.
   */
  answers: Map<string, Int32Array>;
  answerIds: number;
  /** Rows of the models' lists (rowsOf adds the makes'). */
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

/**
 * At most this many fitment rows kept in memory per process (8 bytes each; a row is held twice, in
 * its model's list and in its make's, so 12 million rows are 6 million fitments, about 96 MB); the
 * least used organisations go first.
 */
export const MAX_ROWS = 12_000_000;
const RETRY_MS = 30_000;
/** Ids of recent answers kept per organisation (4 bytes each). */
const ANSWERS_KEPT = 2_000_000;
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
  const key = `${f.motoMakeId}:${f.motoModelId}:${f.motoYear}`;
  const kept = index.answers.get(key);
  if (kept) return kept;
  const ids = idsOf(index, f);
  index.answers.set(key, ids);
  index.answerIds += ids.length;
  for (const [old, a] of index.answers) {
    if (index.answerIds <= ANSWERS_KEPT) break;
    index.answers.delete(old);
    index.answerIds -= a.length;
  }
  return ids;
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
  for (const st of loaded) rows += st.index ? rowsOf(st.index) : 0;
  while (rows > MAX_ROWS) {
    let oldest: OrgState | undefined;
    for (const st of loaded) if (st !== keep && (!oldest || st.used < oldest.used)) oldest = st;
    if (!oldest) return;
    rows -= oldest.index ? rowsOf(oldest.index) : 0;
    oldest.index = undefined;
    loaded.delete(oldest);
  }
}

async function load(tdb: TenantDb): Promise<OrgIndex> {
  fitmentIndexStats.loads++;
  const m = motoDb(tdb);
  // The version first: whatever commits while the rows are read is caught up from the log.
  const { v } = await fitmentsVersionRow(tdb);
  const index: OrgIndex = {
    v,
    models: new Map(),
    makeOf: new Map(),
    modelsOf: new Map(),
    makes: new Map(),
    answers: new Map(),
    answerIds: 0,
    rows: 0,
  };
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
  // Each make's list too, so that no search of a make builds one.
  for (const make of index.modelsOf.keys()) {
    makeList(index, make);
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
  const makeBefore = index.makeOf;
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
    dropMakeList(index, makeBefore.get(model));
    dropMakeList(index, index.makeOf.get(model));
  }
  // A model moved to another make (or went): both makes' lists are made again when searched.
  for (const [model, make] of makeBefore)
    if (index.makeOf.get(model) !== make) {
      dropMakeList(index, make);
      dropMakeList(index, index.makeOf.get(model));
    }
  index.answers.clear();
  index.answerIds = 0;
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
  if (f.motoModelId !== undefined) {
    if (f.motoMakeId !== undefined && index.makeOf.get(f.motoModelId) !== f.motoMakeId) return NONE;
    const p = index.models.get(f.motoModelId);
    return p ? itemsOf(p, f.motoYear) : NONE;
  }
  const p = makeList(index, f.motoMakeId!);
  return p ? itemsOf(p, f.motoYear) : NONE;
}

/**
 * A make's models' fitments in one list sorted by item (made at load, and again at the first search
 * after a change of one of its models). A make of one model shares that model's list.
 */
function makeList(index: OrgIndex, make: number): Postings | undefined {
  const kept = index.makes.get(make);
  if (kept) return kept;
  const lists = (index.modelsOf.get(make) ?? []).flatMap((m) => index.models.get(m) ?? []);
  if (lists.length === 0) return undefined;
  const p = lists.length === 1 ? lists[0]! : mergeLists(lists);
  index.makes.set(make, p);
  return p;
}

function dropMakeList(index: OrgIndex, make: number | undefined): void {
  if (make !== undefined) index.makes.delete(make);
}

/** The fitment rows an index holds: its models' lists and the makes' merged ones. */
function rowsOf(index: OrgIndex): number {
  const shared = new Set(index.models.values());
  let rows = index.rows;
  for (const p of index.makes.values()) if (!shared.has(p)) rows += p.items.length;
  return rows;
}

/** Sorted lists merged into one (by item, then years): each step takes the least of the heads. */
function mergeLists(lists: readonly Postings[]): Postings {
  const n = lists.reduce((sum, l) => sum + l.items.length, 0);
  const out: Postings = { items: new Int32Array(n), from: new Int16Array(n), to: new Int16Array(n) };
  const at = new Int32Array(lists.length);
  for (let k = 0; k < n; k++) {
    let best = -1;
    let bestKey = Infinity;
    for (let l = 0; l < lists.length; l++) {
      const p = lists[l]!;
      const i = at[l]!;
      if (i >= p.items.length) continue;
      const key = keyOf(p.items[i]!, p.from[i]!, p.to[i]!);
      if (key < bestKey) {
        bestKey = key;
        best = l;
      }
    }
    const p = lists[best]!;
    const i = at[best]!++;
    out.items[k] = p.items[i]!;
    out.from[k] = p.from[i]!;
    out.to[k] = p.to[i]!;
  }
  return out;
}

/** The list's items (fitting the year), distinct, in order. */
function itemsOf(p: Postings, year: number | undefined): Int32Array {
  const { items, from, to } = p;
  const out = new Int32Array(items.length);
  let n = 0;
  let last = -1;
  if (year === undefined) {
    for (let i = 0; i < items.length; i++) if (items[i] !== last) last = out[n++] = items[i]!;
  } else {
    for (let i = 0; i < items.length; i++)
      if (from[i]! <= year && to[i]! >= year && items[i] !== last) last = out[n++] = items[i]!;
  }
  return n === out.length ? out : out.slice(0, n);
}

function distinctSorted(a: Int32Array): Int32Array {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (i === 0 || a[i] !== a[i - 1]) a[n++] = a[i]!;
  return a.subarray(0, n);
}
