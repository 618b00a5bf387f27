import {
  compileCollect,
  compileCount,
  compileMark,
  compilePage,
  compileSegmentCount,
  shapeOf,
  type Condition,
} from './item-index.scan';
import type { ReferenceNames } from '../items.repository';
import { TreeOrder, type TreeLink } from './item-index.tree';

/**
 * One organisation's item filter index (docs/decisions.md "The item filter index"): the columns
 * the item search filters and sorts by, for every item, in typed arrays, and the items in the order
 * of each sort. A count is one pass over the arrays (a few milliseconds at a million items, whatever
 * the filters), a page is a walk of the sort's order until it has its rows. Pure: it knows nothing
 * of the database; item-index.sync.ts loads and refreshes it.
 *
 * Items sit in slots ordered by id (new items, whose ids are larger, are appended), so the id
 * breaks every tie of a sort by the slot number. A deleted item's slot is dead until compaction.
 */

/** The sorts the index keeps an order of. `code` and `name` come from the database (its collation). */
export type SortKey = 'code' | 'name' | 'price' | 'ware' | 'offer';
export const STRING_SORTS = ['code', 'name'] as const;
export type StringSort = (typeof STRING_SORTS)[number];
/**
 * Orders by a numeric key: the three numeric sorts, and one per filtered column, so that a count
 * walks only the items inside its narrowest filter's range (countOf) instead of every item.
 */
const KEY_ORDERS = ['price', 'ware', 'offer', 'status', 'group', 'cat', 'place', 'photos'] as const;
type KeyOrder = (typeof KEY_ORDERS)[number];
type OrderName = StringSort | KeyOrder;
const ORDER_NAMES: readonly OrderName[] = [...STRING_SORTS, ...KEY_ORDERS];

/** An item as the index keeps it. */
export interface IndexedItem {
  id: number;
  status: number;
  /** null: no group. */
  group: number | null;
  category: number | null;
  place: number | null;
  /** Grosze. */
  price: number;
  ware: number;
  /** The offer quantity, null when the item has none (then the stock counts, as in the database). */
  offer: number | null;
  photos: number;
}

/** Columns of the slot arrays (Int32, except the price). */
const INT_COLUMNS = [
  'ids',
  'status',
  'group',
  'catId',
  'placeId',
  'catPre',
  'placePre',
  'ware',
  'offer',
  'photos',
] as const;
type IntColumn = (typeof INT_COLUMNS)[number];

/** The column value of "none" (no group, no category, no place). */
export const NONE = -1;
const MAX_INT = 2 ** 31 - 1;
/** Tunables. Internal: tests set them to prove each path on a few dozen items. */
export const indexTuning = {
  /** At most this many matches are collected and sorted for a page (fewPage) rather than walked to. */
  sortFew: 20_000,
};
/** Counts kept for filters asked again (item-index.ts countOf). */
const COUNTS_KEPT = 256;
/** Per-item changes above which an order is rebuilt in one pass instead of item by item. */
const ONE_BY_ONE = 8;

export type Range = readonly [number, number];

/** What a search asks of the index: ranges per column (inclusive), a sort and a page. */
export interface IndexQuery {
  status?: Range;
  group?: Range;
  /** A category subtree: a node id, or 'any' / 'none'. */
  category?: number | 'any' | 'none';
  place?: number | 'any' | 'none';
  price?: Range;
  /** On the stock (`ware`) or the offer quantity (`offer`). */
  count?: { on: 'ware' | 'offer'; range: Range };
  photos?: Range;
  /** Only these items (sorted, distinct ids): a plugin's filter (items.plugin-filters.ts). */
  only?: Int32Array;
  sort: SortKey;
  desc: boolean;
  offset: number;
  limit: number;
}

export interface IndexAnswer {
  count: number;
  /** The page's item ids in the sort's order. */
  ids: number[];
}

export class ItemIndex {
  private cols = {} as Record<IntColumn, Int32Array>;
  private price: Float64Array;
  private alive: Uint8Array;
  /** Slots in use (dead ones included). */
  private n = 0;
  private dead = 0;
  private readonly orders = {} as Record<OrderName, Int32Array>;
  /** Items in each order: all live items, except a stale string order, and while apply runs. */
  private readonly lens = {} as Record<OrderName, number>;
  private readonly trees: { category: TreeOrder; place: TreeOrder };
  /** Sorts whose order is not known (string orders waiting for the database): callers use the database. */
  private readonly stale = new Set<StringSort>();
  /**
   * The organisation's reference names that a page's rows show (items.repository referenceNames),
   * kept until the log names a change of one of them (item-index.sync.ts); `refsGeneration` counts
   * those changes, so a read that a change overtook is not kept.
   */
  refNames: ReferenceNames | undefined;
  refsGeneration = 0;

  constructor(capacity: number, categories: readonly TreeLink[], places: readonly TreeLink[]) {
    const cap = Math.max(16, capacity);
    for (const c of INT_COLUMNS) this.cols[c] = new Int32Array(cap);
    this.price = new Float64Array(cap);
    this.alive = new Uint8Array(cap);
    for (const k of ORDER_NAMES) {
      this.orders[k] = new Int32Array(cap);
      this.lens[k] = 0;
    }
    this.trees = { category: new TreeOrder(categories), place: new TreeOrder(places) };
  }

  /** A reference's shown name changed: the next page reads them again. */
  dropRefNames(): void {
    this.refNames = undefined;
    this.refsGeneration++;
  }

  /** Live items. */
  get size(): number {
    return this.n - this.dead;
  }

  /** Whether the order of `sort` is known (string orders can wait for the database). */
  knows(sort: SortKey): boolean {
    return !this.stale.has(sort as StringSort);
  }

  // ---- loading --------------------------------------------------------------------------------

  /** Appends items in ascending id order (the initial load); orders are built by `finishLoad`. */
  appendLoaded(item: IndexedItem): void {
    this.grow(this.n + 1);
    this.write(this.n, item);
    this.alive[this.n] = 1;
    this.n++;
  }

  /** Builds the numeric orders and sets the string orders from ids in the database's order. */
  finishLoad(stringOrders: Record<StringSort, ArrayLike<number>>): void {
    this.rebuildOrders(KEY_ORDERS);
    for (const k of STRING_SORTS) this.setStringOrder(k, stringOrders[k]);
  }

  /** A string order from the database: every live item's id, in that order. */
  setStringOrder(sort: StringSort, ids: ArrayLike<number>): void {
    const order = this.orders[sort];
    // Read in chunks while items changed: an item can come twice or not at all. Those are in the
    // log after the position the walk began at, and the refresh that follows places them again.
    const seen = new Uint8Array(this.n);
    let len = 0;
    for (let j = 0; j < ids.length; j++) {
      const slot = this.slotOf(ids[j]!);
      if (slot < 0 || this.alive[slot] === 0 || seen[slot] === 1) continue;
      seen[slot] = 1;
      order[len++] = slot;
    }
    this.lens[sort] = len;
    this.stale.delete(sort);
    delete this.ranks[sort];
  }

  /** The string order must be loaded again (too many items to place one by one). */
  markStale(sort: StringSort): void {
    this.stale.add(sort);
    delete this.ranks[sort];
  }

  /** Whether a string order holds every live item (else it is marked stale and false answered). */
  checkString(sort: StringSort): boolean {
    if (this.stale.has(sort)) return false;
    if (this.lens[sort] === this.size) return true;
    this.stale.add(sort);
    return false;
  }

  // ---- changes --------------------------------------------------------------------------------

  /**
   * Applies a batch of changes read in one snapshot: `items` hold the current values of changed
   * items, `deleted` the ids of removed ones, `strMoved` the ids whose code or name may have moved
   * (new items included). Answers the ids that need a place in the string orders (placeStrings).
   */
  apply(items: readonly IndexedItem[], deleted: readonly number[], strMoved: ReadonlySet<number>): number[] {
    const live = (id: number) => {
      const slot = this.slotOf(id);
      return slot >= 0 && this.alive[slot] === 1 ? slot : -1;
    };
    // Out of the orders whose key changes, under the old values (key orders are searched by them).
    const out = new Map<OrderName, number[]>(ORDER_NAMES.map((k) => [k, []]));
    const moved = new Map<number, KeyOrder[]>();
    for (const id of deleted) {
      const slot = live(id);
      if (slot >= 0) for (const k of ORDER_NAMES) out.get(k)!.push(slot);
    }
    for (const item of items) {
      const slot = live(item.id);
      if (slot < 0) continue;
      const keys = this.keysOf(item);
      const changed = KEY_ORDERS.filter((k) => this.key(k)[slot] !== keys[k]);
      moved.set(item.id, changed);
      for (const k of changed) out.get(k)!.push(slot);
      if (strMoved.has(item.id)) for (const k of STRING_SORTS) out.get(k)!.push(slot);
    }
    for (const [k, slots] of out) this.removeFrom(k, slots);
    for (const id of deleted) {
      const slot = live(id);
      if (slot < 0) continue;
      this.alive[slot] = 0;
      this.dead++;
      this.slotsGen++;
    }
    // New items get their slots (which can move later slots up), then every changed item is written.
    const placed: number[] = [];
    for (const item of items) {
      if (moved.has(item.id)) {
        if (strMoved.has(item.id)) placed.push(item.id);
        continue;
      }
      const slot = this.slotOf(item.id);
      if (slot < 0) this.insertSlot(item.id);
      else this.dead--;
      this.slotsGen++;
      placed.push(item.id);
    }
    const into = new Map<KeyOrder, number[]>(KEY_ORDERS.map((k) => [k, []]));
    for (const item of items) {
      const slot = this.slotOf(item.id);
      this.write(slot, item);
      this.alive[slot] = 1;
      for (const k of moved.get(item.id) ?? KEY_ORDERS) into.get(k)!.push(slot);
    }
    for (const [k, slots] of into) this.insertInto(k, slots);
    this.compactIfSparse();
    if (items.length > 0 || deleted.length > 0) this.counts.clear();
    return placed;
  }

  /** The ids among `items` that apply will need placed in the string orders (new or moved). */
  toPlace(items: readonly IndexedItem[], strMoved: ReadonlySet<number>): number[] {
    return items
      .filter((i) => {
        const slot = this.slotOf(i.id);
        return strMoved.has(i.id) || slot < 0 || this.alive[slot] === 0;
      })
      .map((i) => i.id);
  }

  /**
   * Puts items into a string order: `places` in the database's order, each with the id of the
   * item it goes before (null: at the end), that item not being one of `places`.
   */
  placeStrings(sort: StringSort, places: readonly { id: number; before: number | null }[]): void {
    if (places.length === 0 || this.stale.has(sort)) return;
    const order = this.orders[sort];
    const len = this.stringLen(sort);
    // The neighbours' positions: one scan of the order, marks in a byte per slot, ended once every
    // neighbour is found.
    const marks = this.scratchBits();
    const wanted: number[] = [];
    for (const p of places) {
      if (p.before === null) continue;
      const slot = this.slotOf(p.before);
      if (slot >= 0 && !hasBit(marks, slot)) {
        marks[slot >>> 5]! |= 1 << (slot & 31);
        wanted.push(slot);
      }
    }
    const positionOf = new Map<number, number>();
    let left = wanted.length;
    for (let j = 0; left > 0 && j < len; j++) {
      const slot = order[j]!;
      if (hasBit(marks, slot)) {
        positionOf.set(slot, j);
        left--;
      }
    }
    for (const slot of wanted) marks[slot >>> 5] = 0;
    const inserts: { pos: number; slot: number }[] = [];
    for (const p of places) {
      const slot = this.slotOf(p.id);
      // An item the index does not hold yet: the refresh that adds it places it.
      if (slot < 0 || this.alive[slot] === 0) continue;
      const pos = p.before === null ? len : (positionOf.get(this.slotOf(p.before)) ?? -1);
      if (pos < 0) {
        // A neighbour the index does not have: the order is loaded again.
        this.stale.add(sort);
        return;
      }
      inserts.push({ pos, slot });
    }
    // Stable by position: items before the same neighbour keep the database's order.
    inserts.sort((a, b) => a.pos - b.pos);
    mergeAt(order, len, inserts);
    this.lens[sort] = len + inserts.length;
    delete this.ranks[sort];
  }

  /** The category or place tree changed: its order is rebuilt and the items' positions in it too. */
  setTree(kind: 'category' | 'place', links: readonly TreeLink[]): void {
    const tree = new TreeOrder(links);
    this.trees[kind] = tree;
    const ids = kind === 'category' ? this.cols.catId : this.cols.placeId;
    const pre = kind === 'category' ? this.cols.catPre : this.cols.placePre;
    for (let i = 0; i < this.n; i++) pre[i] = tree.positionOf(ids[i]!);
    this.rebuildOrders([kind === 'category' ? 'cat' : 'place']);
    this.counts.clear();
  }

  // ---- queries --------------------------------------------------------------------------------

  /** Counts of recent filters, until the next change: paging through a list counts it once. */
  private readonly counts = new Map<string, number>();

  /** The number of matches. */
  count(q: Omit<IndexQuery, 'sort' | 'desc' | 'offset' | 'limit'>): number {
    const conditions = this.conditions(q);
    if (conditions === null) return 0;
    if (!q.only) return this.countOf(q, conditions);
    // Not kept among the counts: the ids come from a plugin's rows, whose changes the index does not see.
    const slots = this.liveSlotsOf(q.only);
    return compileSegmentCount(shapeOf(conditions))(slots, 0, slots.length, conditions);
  }

  /** Bumped whenever an item gets, loses or moves its slot (not when its values change). */
  private slotsGen = 0;
  /** Live slots of recent plugin id sets, by the set (a plugin answering the same set again). */
  private readonly slotsOfIds = new WeakMap<Int32Array, { gen: number; slots: Int32Array }>();

  /** The live slots of `ids` (sorted), in slot order; kept per set until slots change. */
  private liveSlotsOf(ids: Int32Array): Int32Array {
    const kept = this.slotsOfIds.get(ids);
    if (kept && kept.gen === this.slotsGen) return kept.slots;
    const slots = new Int32Array(ids.length);
    let n = 0;
    // Both are in id order: each id is searched for from the previous one's slot. Among many ids
    // (one in eight slots or more) the slots are simply walked; among fewer, galloping (1, 2, 4...
    // slots ahead, then a binary search in the last step). Either costs about the ids' number of
    // steps, not 20 probes each.
    const all = this.cols.ids;
    const dense = ids.length * 8 >= this.n;
    let at = 0;
    for (let i = 0; i < ids.length && at < this.n; i++) {
      const id = ids[i]!;
      if (dense) {
        while (at < this.n && all[at]! < id) at++;
      } else {
        let step = 1;
        let hi = at;
        while (hi < this.n && all[hi]! < id) {
          at = hi + 1;
          hi += step;
          step *= 2;
        }
        hi = Math.min(hi, this.n - 1);
        while (at < hi) {
          const mid = (at + hi) >>> 1;
          if (all[mid]! < id) at = mid + 1;
          else hi = mid;
        }
      }
      if (all[at] === id && this.alive[at] === 1) slots[n++] = at;
    }
    const live = n === slots.length ? slots : slots.slice(0, n);
    this.slotsOfIds.set(ids, { gen: this.slotsGen, slots: live });
    return live;
  }

  /** A byte of zero per slot, lent to one synchronous search at a time (pageAmong). */
  private marks = new Uint8Array(0);

  /**
   * The count and a page of the items among a plugin filter's ids (their live `slots`): one pass
   * over the slots counts the matches and marks them in a byte per slot; few matches are then
   * sorted (as fewPage), more are found by walking the sort's order for marked slots. Not kept
   * among the counts: the ids come from a plugin's rows, whose changes the index does not see.
   */
  private pageAmong(q: IndexQuery, conditions: Condition[], slots: Int32Array): IndexAnswer {
    // The marks are reused (a fresh column a search was garbage of a byte per item) and cleared
    // again before returning: nothing else runs during the synchronous search.
    if (this.marks.length < this.alive.length) this.marks = new Uint8Array(this.alive.length);
    const marks = this.marks;
    try {
      const count = compileMark(shapeOf(conditions))(slots, 0, slots.length, conditions, marks);
      let page: number[] = [];
      if (q.offset >= count) {
        // past the last match: the count alone
      } else if (count <= indexTuning.sortFew) {
        const found = new Int32Array(count);
        let n = 0;
        for (let i = 0; i < slots.length; i++) if (marks[slots[i]!] === 1) found[n++] = slots[i]!;
        page = this.sortedPage(q, found);
      } else {
        // A marked slot matches every condition: the mark is the walk's only test.
        const marked = [{ col: marks, lo: 1, hi: 1 }];
        page = compilePage(shapeOf(marked))(this.orders[q.sort], this.lens[q.sort], q.desc, q.offset, q.limit, marked);
      }
      return { count, ids: page.map((s) => this.cols.ids[s]!) };
    } finally {
      // Clearing a million bytes at once is faster than unmarking more than a sixteenth of them.
      if (slots.length * 16 >= marks.length) marks.fill(0);
      else for (let i = 0; i < slots.length; i++) marks[slots[i]!] = 0;
    }
  }

  private countOf(q: Omit<IndexQuery, 'sort' | 'desc' | 'offset' | 'limit'>, conditions: Condition[]): number {
    if (conditions.length === 0) return this.size;
    const key = JSON.stringify([q.status, q.group, q.category, q.place, q.price, q.count, q.photos]);
    const kept = this.counts.get(key);
    if (kept !== undefined) return kept;
    const n = this.countNow(conditions);
    if (this.counts.size >= COUNTS_KEPT) this.counts.clear();
    this.counts.set(key, n);
    return n;
  }

  /**
   * Counts matches: the narrowest condition's range is found in its key order (two binary
   * searches), and only the items inside it are checked against the others. When even the
   * narrowest takes a quarter of the items, one sequential pass over every item is faster.
   */
  private countNow(conditions: Condition[]): number {
    const seg = this.narrowest(conditions);
    if (!seg) return compileCount(shapeOf(conditions))(this.n, this.alive, conditions);
    if (seg.to <= seg.from) return 0;
    return compileSegmentCount(shapeOf(seg.rest))(seg.order, seg.from, seg.to, seg.rest);
  }

  /**
   * The narrowest condition's range in its key order, with the other conditions; undefined when
   * even the narrowest holds a quarter of the items (then a sequential pass is faster).
   */
  private narrowest(conditions: Condition[]) {
    let best: { at: number; from: number; to: number } | undefined;
    for (let c = 0; c < conditions.length; c++) {
      const { from, to } = this.rangeIn(conditions[c]!);
      if (!best || to - from < best.to - best.from) best = { at: c, from, to };
    }
    if (!best || (best.to - best.from) * 4 >= this.size) return undefined;
    const at = best.at;
    return {
      order: this.orders[this.orderOf(conditions[at]!.col)],
      from: best.from,
      to: best.to,
      rest: conditions.filter((_, c) => c !== at),
    };
  }

  /**
   * A page of few matches (at most indexTuning.sortFew): they are collected (inside the narrowest range) and
   * sorted, instead of walking the whole sort order to find them scattered in it.
   */
  private fewPage(q: IndexQuery, conditions: Condition[], count: number): number[] {
    const seg = this.narrowest(conditions);
    const found = seg
      ? compileCollect(shapeOf(seg.rest))(seg.order, seg.from, seg.to, this.alive, seg.rest, count)
      : compileCollect(shapeOf(conditions))(null, 0, this.n, this.alive, conditions, count);
    return this.sortedPage(q, found);
  }

  /**
   * The page of `found` (slots) in the query's sort. Every order is sorted by (key, slot), so a
   * slot's position in it is a unique sort key: the matches' positions are sorted as plain
   * integers (natively, several times faster than a comparator on up to sortFew slots) and the
   * page is read back through the order.
   */
  private sortedPage(q: IndexQuery, found: Int32Array): number[] {
    const rank = this.rankOf(q.sort);
    const positions = new Int32Array(found.length);
    for (let i = 0; i < found.length; i++) positions[i] = rank[found[i]!]!;
    positions.sort();
    const order = this.orders[q.sort];
    const last = positions.length - 1;
    const page: number[] = [];
    for (let j = q.offset; j < Math.min(positions.length, q.offset + q.limit); j++)
      page.push(order[positions[q.desc ? last - j : j]!]!);
    return page;
  }

  /**
   * Each slot's position in an order, kept until that order or the slots change (a key order
   * changes with every write of its key, so its ranks are made again by the next few-match page).
   */
  private ranks: Partial<Record<OrderName, Int32Array>> = {};

  private rankOf(sort: OrderName): Int32Array {
    let rank = this.ranks[sort];
    if (!rank) {
      rank = new Int32Array(this.alive.length);
      const order = this.orders[sort];
      for (let j = 0; j < this.lens[sort]; j++) rank[order[j]!] = j;
      this.ranks[sort] = rank;
    }
    return rank;
  }

  /** The positions [from, to) of a condition's range in its column's key order. */
  private rangeIn(c: Condition): { from: number; to: number } {
    const order = this.orders[this.orderOf(c.col)];
    const len = this.lens[this.orderOf(c.col)];
    const first = (value: number, inclusive: boolean) => {
      // The first position whose key is >= value (inclusive) or > value.
      let lo = 0;
      let hi = len;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const k = c.col[order[mid]!]!;
        if (k < value || (!inclusive && k === value)) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    return { from: first(c.lo, true), to: first(c.hi, false) };
  }

  /** The key order of a column. */
  private orderOf(col: Int32Array | Float64Array): KeyOrder {
    for (const k of KEY_ORDERS) if (this.key(k) === col) return k;
    throw new Error('a condition on a column without a key order');
  }

  /** The count of matches and a page of their ids; undefined when the sort's order is not known. */
  query(q: IndexQuery): IndexAnswer | undefined {
    if (!this.knows(q.sort)) return undefined;
    const conditions = this.conditions(q);
    if (conditions === null) return { count: 0, ids: [] };
    if (q.only) return this.pageAmong(q, conditions, this.liveSlotsOf(q.only));
    const count = this.countOf(q, conditions);
    const slots =
      q.offset >= count
        ? []
        : count <= indexTuning.sortFew && conditions.length > 0
          ? this.fewPage(q, conditions, count)
          : compilePage(shapeOf(conditions))(
              this.orders[q.sort],
              this.lens[q.sort],
              q.desc,
              q.offset,
              q.limit,
              conditions,
            );
    return { count, ids: slots.map((s) => this.cols.ids[s]!) };
  }

  /** The conditions of a query as column ranges; null when nothing can match (an unknown node). */
  private conditions(q: Omit<IndexQuery, 'sort' | 'desc' | 'offset' | 'limit'>): Condition[] | null {
    const c: Condition[] = [];
    const range = (col: Int32Array | Float64Array, r?: Range) => {
      if (r) c.push({ col, lo: r[0], hi: r[1] });
    };
    range(this.cols.status, q.status);
    range(this.cols.group, q.group);
    for (const kind of ['category', 'place'] as const) {
      const v = q[kind];
      if (v === undefined) continue;
      const col = kind === 'category' ? this.cols.catPre : this.cols.placePre;
      if (v === 'none') range(col, [NONE, NONE]);
      else if (v === 'any') range(col, [0, MAX_INT]);
      else {
        const sub = this.trees[kind].subtree(v);
        if (!sub) return null;
        range(col, sub);
      }
    }
    range(this.price, q.price);
    if (q.count) range(q.count.on === 'ware' ? this.cols.ware : this.cols.offer, q.count.range);
    range(this.cols.photos, q.photos);
    return c;
  }

  // ---- slots ----------------------------------------------------------------------------------

  /** The slot of an id, or -1 (binary search: slots are in id order). */
  slotOf(id: number): number {
    const ids = this.cols.ids;
    let lo = 0;
    let hi = this.n - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = ids[mid]!;
      if (v === id) return mid;
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  private write(slot: number, item: IndexedItem): void {
    const c = this.cols;
    c.ids[slot] = item.id;
    c.status[slot] = item.status;
    c.group[slot] = item.group ?? NONE;
    c.catId[slot] = item.category ?? NONE;
    c.placeId[slot] = item.place ?? NONE;
    c.catPre[slot] = this.trees.category.positionOf(item.category ?? NONE);
    c.placePre[slot] = this.trees.place.positionOf(item.place ?? NONE);
    this.price[slot] = item.price;
    c.ware[slot] = item.ware;
    c.offer[slot] = item.offer ?? item.ware;
    c.photos[slot] = item.photos;
  }

  private grow(need: number): void {
    const cap = this.alive.length;
    if (need <= cap) return;
    const next = Math.max(need, Math.ceil(cap * 1.5));
    const resize = <A extends Int32Array | Float64Array | Uint8Array>(a: A, make: (n: number) => A): A => {
      const b = make(next);
      b.set(a);
      return b;
    };
    for (const k of INT_COLUMNS) this.cols[k] = resize(this.cols[k], (m) => new Int32Array(m));
    this.price = resize(this.price, (m) => new Float64Array(m));
    this.alive = resize(this.alive, (m) => new Uint8Array(m));
    for (const k of ORDER_NAMES) this.orders[k] = resize(this.orders[k], (m) => new Int32Array(m));
  }

  /** A slot for a new id: appended, or inserted in id order (slot numbers after it move up by one). */
  private insertSlot(id: number): number {
    this.grow(this.n + 1);
    const ids = this.cols.ids;
    if (this.n === 0 || ids[this.n - 1]! < id) {
      ids[this.n] = id;
      this.alive[this.n] = 0;
      return this.n++;
    }
    let pos = 0;
    let hi = this.n;
    while (pos < hi) {
      const mid = (pos + hi) >>> 1;
      if (ids[mid]! < id) pos = mid + 1;
      else hi = mid;
    }
    for (const k of INT_COLUMNS) this.cols[k].copyWithin(pos + 1, pos, this.n);
    this.price.copyWithin(pos + 1, pos, this.n);
    this.alive.copyWithin(pos + 1, pos, this.n);
    this.alive[pos] = 0;
    ids[pos] = id;
    for (const k of ORDER_NAMES) shiftSlots(this.orders[k], this.lens[k], pos);
    this.ranks = {};
    this.n++;
    return pos;
  }

  /** Drops dead slots when they are many (renumbering the orders). */
  private compactIfSparse(): void {
    if (this.dead < 1024 || this.dead * 20 < this.n) return;
    this.slotsGen++;
    const map = new Int32Array(this.n);
    let w = 0;
    for (let i = 0; i < this.n; i++) {
      if (this.alive[i] === 0) {
        map[i] = -1;
        continue;
      }
      map[i] = w;
      if (w !== i) {
        for (const k of INT_COLUMNS) this.cols[k][w] = this.cols[k][i]!;
        this.price[w] = this.price[i]!;
        this.alive[w] = 1;
      }
      w++;
    }
    this.alive.fill(0, w, this.n);
    for (const k of ORDER_NAMES) renumber(this.orders[k], this.lens[k], map);
    this.ranks = {};
    this.n = w;
    this.dead = 0;
  }

  // ---- orders ---------------------------------------------------------------------------------

  /** A string order's length (0 while stale: not kept up to date then). */
  private stringLen(sort: StringSort): number {
    return this.stale.has(sort) ? 0 : this.lens[sort];
  }

  /** The keys of an item in each key order, as `write` stores them. */
  private keysOf(item: IndexedItem): Record<KeyOrder, number> {
    return {
      price: item.price,
      ware: item.ware,
      offer: item.offer ?? item.ware,
      status: item.status,
      group: item.group ?? NONE,
      cat: this.trees.category.positionOf(item.category ?? NONE),
      place: this.trees.place.positionOf(item.place ?? NONE),
      photos: item.photos,
    };
  }

  private key(order: KeyOrder): Int32Array | Float64Array {
    switch (order) {
      case 'price':
        return this.price;
      case 'cat':
        return this.cols.catPre;
      case 'place':
        return this.cols.placePre;
      default:
        return this.cols[order];
    }
  }

  /** Sorted by (key, slot): the slot is the id's order. */
  private less(key: Int32Array | Float64Array, a: number, b: number): boolean {
    const ka = key[a]!;
    const kb = key[b]!;
    return ka < kb || (ka === kb && a < b);
  }

  private rebuildOrders(orders: readonly KeyOrder[]): void {
    let len = 0;
    const live = new Int32Array(this.size);
    for (let i = 0; i < this.n; i++) if (this.alive[i] === 1) live[len++] = i;
    for (const k of orders) {
      this.orders[k].set(sortByKey(live, this.key(k)));
      this.lens[k] = len;
      delete this.ranks[k];
    }
  }

  /**
   * Takes slots out of an order. A key order finds each slot by its current key (a binary search);
   * a string order, which keeps no key, is scanned once. The order is then closed up with block
   * moves (native memmove), so a batch of changes costs its own size plus one move of the order,
   * not a comparison per item of the order (docs/performance.md, wholesale-csv).
   */
  private removeFrom(name: OrderName, slots: readonly number[]): void {
    if (slots.length === 0) return;
    const keyed = isKeyOrder(name);
    if (!keyed && this.stale.has(name)) return;
    delete this.ranks[name];
    const order = this.orders[name];
    const len = this.lens[name];
    let positions: Int32Array;
    if (keyed) {
      positions = new Int32Array(slots.length);
      let n = 0;
      for (const slot of slots) {
        const pos = this.findKeyed(name, slot, len);
        if (pos >= 0) positions[n++] = pos;
      }
      positions = positions.subarray(0, n).sort();
    } else if (slots.length <= ONE_BY_ONE) {
      positions = Int32Array.from(slots, (slot) => order.subarray(0, len).indexOf(slot))
        .filter((pos) => pos >= 0)
        .sort();
    } else {
      const drop = this.scratchBits();
      let left = 0;
      for (const slot of slots)
        if (!hasBit(drop, slot)) {
          drop[slot >>> 5]! |= 1 << (slot & 31);
          left++;
        }
      const found: number[] = [];
      for (let j = 0; left > 0 && j < len; j++)
        if (hasBit(drop, order[j]!)) {
          found.push(j);
          left--;
        }
      for (const slot of slots) drop[slot >>> 5] = 0;
      positions = Int32Array.from(found);
    }
    this.lens[name] = removeAt(order, len, positions);
  }

  private bits: Int32Array | undefined;

  /**
   * A zeroed bit per slot, for a scan's marks (a bit rather than a byte: a million slots' marks
   * stay in the CPU's cache while the scan reads the order); the caller clears the words it set.
   */
  private scratchBits(): Int32Array {
    const words = (this.alive.length >>> 5) + 1;
    if (!this.bits || this.bits.length < words) this.bits = new Int32Array(words);
    return this.bits;
  }

  /** The position of `slot` in a key order, searched by its current key (-1 if absent). */
  private findKeyed(name: KeyOrder, slot: number, len: number): number {
    const at = this.placeKeyed(name, slot, len);
    return at < len && this.orders[name][at] === slot ? at : -1;
  }

  /** Where `slot` belongs in the first `len` entries of a key order (binary search by its key). */
  private placeKeyed(name: KeyOrder, slot: number, len: number): number {
    const order = this.orders[name];
    const key = this.key(name);
    let lo = 0;
    let hi = len;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.less(key, order[mid]!, slot)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Puts slots into a key order at their keys' places: each found by a binary search, then all
   * moved in with block moves (mergeAt).
   */
  private insertInto(name: KeyOrder, slots: readonly number[]): void {
    if (slots.length === 0) return;
    delete this.ranks[name];
    const key = this.key(name);
    const len = this.lens[name];
    const add = [...slots].sort((a, b) => key[a]! - key[b]! || a - b);
    const inserts = add.map((slot) => ({ pos: this.placeKeyed(name, slot, len), slot }));
    mergeAt(this.orders[name], len, inserts);
    this.lens[name] = len + add.length;
  }
}

function hasBit(bits: Int32Array, slot: number): boolean {
  return (bits[slot >>> 5]! & (1 << (slot & 31))) !== 0;
}

/**
 * Inserts slots at positions of an order (positions in the order before any insert, ascending;
 * several at one position keep their order), moving the items between two positions as one block,
 * from the back. The order's array must have room for them.
 */
function mergeAt(order: Int32Array, len: number, inserts: readonly { pos: number; slot: number }[]): void {
  let end = len;
  for (let j = inserts.length - 1; j >= 0; j--) {
    const { pos, slot } = inserts[j]!;
    order.copyWithin(pos + j + 1, pos, end);
    order[pos + j] = slot;
    end = pos;
  }
}

/**
 * Removes the items at `positions` (ascending; a position twice is removed once) of an order,
 * moving the rest as blocks; answers the new length.
 */
function removeAt(order: Int32Array, len: number, positions: Int32Array): number {
  if (positions.length === 0) return len;
  let w = positions[0]!;
  for (let j = 0; j < positions.length; j++) {
    const from = positions[j]! + 1;
    let next = j + 1;
    while (next < positions.length && positions[next] === positions[j]) next++;
    j = next - 1;
    const to = next < positions.length ? positions[next]! : len;
    order.copyWithin(w, from, to);
    w += to - from;
  }
  return w;
}

/**
 * Slots (ascending) ordered by (key, slot): a stable radix sort on the key when every key is a
 * whole number within 32 bits (stock always; prices up to 21 million zł), else a comparison sort.
 * Two 16-bit passes: a million slots in milliseconds, where a comparison sort took about a second.
 */
export function sortByKey(slots: Int32Array, key: Int32Array | Float64Array): Int32Array {
  const n = slots.length;
  const keys = new Uint32Array(n);
  for (let j = 0; j < n; j++) {
    const k = key[slots[j]!]!;
    if (!Number.isInteger(k) || k < -(2 ** 31) || k >= 2 ** 31)
      return slots.slice().sort((a, b) => key[a]! - key[b]! || a - b);
    // Signed to unsigned order: flip the sign bit.
    keys[j] = (k ^ 0x80000000) >>> 0;
  }
  let src = slots.slice();
  let srcKeys = keys;
  let dst = new Int32Array(n);
  let dstKeys = new Uint32Array(n);
  for (const shift of [0, 16]) {
    const counts = new Uint32Array(65537);
    for (let j = 0; j < n; j++) counts[((srcKeys[j]! >>> shift) & 0xffff) + 1]!++;
    for (let b = 1; b < 65537; b++) counts[b]! += counts[b - 1]!;
    for (let j = 0; j < n; j++) {
      const b = (srcKeys[j]! >>> shift) & 0xffff;
      const at = counts[b]!++;
      dst[at] = src[j]!;
      dstKeys[at] = srcKeys[j]!;
    }
    [src, dst] = [dst, src];
    [srcKeys, dstKeys] = [dstKeys, srcKeys];
  }
  return src;
}

function isKeyOrder(name: OrderName): name is KeyOrder {
  return (KEY_ORDERS as readonly OrderName[]).includes(name);
}

/** Slot numbers at or after `from` move up by one. */
function shiftSlots(order: Int32Array, len: number, from: number): void {
  for (let j = 0; j < len; j++) if (order[j]! >= from) order[j] = order[j]! + 1;
}

/** Slot numbers through a compaction map (dead slots are no longer in any order). */
function renumber(order: Int32Array, len: number, map: Int32Array): void {
  for (let j = 0; j < len; j++) order[j] = map[order[j]!]!;
}
