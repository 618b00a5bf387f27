/**
 * The item filter index's two loops (item-index.ts), compiled once per shape of the conditions
 * (how many, and which are integer or floating-point columns) so that V8 runs each as a tight,
 * monomorphic loop over typed arrays: one loop shared by every shape ran several times slower. A
 * condition is an inclusive range on one column. Only the shape goes into the generated source:
 * columns and bounds are arguments, never text.
 */

export interface Condition extends ScanCondition {
  col: Int32Array | Float64Array;
}

/** What the loops test: an index condition, or a byte column of a search's own marks (pageAmong). */
export interface ScanCondition {
  col: Int32Array | Float64Array | Uint8Array;
  lo: number;
  hi: number;
}

type CountFn = (n: number, alive: Uint8Array, c: readonly ScanCondition[]) => number;
type SegmentCountFn = (order: Int32Array, from: number, to: number, c: readonly ScanCondition[]) => number;
type CollectFn = (
  order: Int32Array | null,
  from: number,
  to: number,
  alive: Uint8Array,
  c: readonly ScanCondition[],
  max: number,
) => Int32Array;
type MarkFn = (order: Int32Array, from: number, to: number, c: readonly ScanCondition[], mark: Uint8Array) => number;
type PageFn = (
  order: Int32Array,
  len: number,
  desc: boolean,
  skip: number,
  limit: number,
  c: readonly ScanCondition[],
) => number[];

const counts = new Map<string, CountFn>();
const pages = new Map<string, PageFn>();
const segments = new Map<string, SegmentCountFn>();
const collects = new Map<string, CollectFn>();
const marks = new Map<string, MarkFn>();

function unpack(k: number): string {
  let s = '';
  for (let j = 0; j < k; j++) s += `const c${j} = c[${j}].col, lo${j} = c[${j}].lo, hi${j} = c[${j}].hi;\n`;
  return s;
}

function tests(k: number, slot: string): string {
  let s = '';
  for (let j = 0; j < k; j++) s += `v = c${j}[${slot}]; if (v < lo${j} || v > hi${j}) continue;\n`;
  return s;
}

/**
 * Whether a slot matches every condition, as an expression of 1 or 0 without branches: a loop
 * that counts or marks by adding it runs about twice as fast as one that skips (a match among a
 * third of the items is a branch the CPU cannot predict). The same test as `tests` (NaN matches).
 */
function matchOf(k: number, slot: string): string {
  if (k === 0) return '1';
  let s = '(';
  for (let j = 0; j < k; j++) s += `${j ? ' | ' : ''}(c${j}[${slot}] < lo${j}) | (c${j}[${slot}] > hi${j})`;
  return `${s}) ^ 1`;
}

/** The shape of conditions: 'i' (Int32Array), 'f' (Float64Array) or 'b' (Uint8Array) per condition. */
export function shapeOf(c: readonly ScanCondition[]): string {
  let s = '';
  for (const x of c) s += x.col instanceof Float64Array ? 'f' : x.col instanceof Uint8Array ? 'b' : 'i';
  return s;
}

/**
 * The loop compiled for a shape, from `cache` or made now: `params` are its arguments, `body(k)`
 * its source after the conditions are unpacked (k: how many there are).
 */
function compiled<F>(cache: Map<string, F>, shape: string, params: string[], body: (k: number) => string): F {
  let fn = cache.get(shape);
  if (!fn) {
    fn = new Function(...params, `${unpack(shape.length)}${body(shape.length)}`) as F;
    cache.set(shape, fn);
  }
  return fn;
}

/** Counts live slots matching every condition (`shape`: shapeOf the conditions). */
export function compileCount(shape: string): CountFn {
  return compiled(
    counts,
    shape,
    ['n', 'alive', 'c'],
    (k) => `let count = 0;
    for (let i = 0; i < n; i++) count += alive[i] & (${matchOf(k, 'i')});
    return count;`,
  );
}

/** Counts the slots of order[from..to) matching every condition (an order holds live slots only). */
export function compileSegmentCount(shape: string): SegmentCountFn {
  return compiled(
    segments,
    shape,
    ['order', 'from', 'to', 'c'],
    (k) => `let count = 0;
    for (let j = from; j < to; j++) {
      const s = order[j];
      count += ${matchOf(k, 's')};
    }
    return count;`,
  );
}

/**
 * The slots matching every condition: those of order[from..to), or with `order` null every live
 * slot from `from` to `to`; `max` bounds how many can match (the output is one typed array of that
 * length, filled and cut: about three times faster than growing a plain array).
 */
export function compileCollect(shape: string): CollectFn {
  return compiled(
    collects,
    shape,
    ['order', 'from', 'to', 'alive', 'c', 'max'],
    (k) => `const out = new Int32Array(Math.min(max, to - from)); let n = 0, v = 0;
    for (let j = from; j < to && n < out.length; j++) {
      const s = order === null ? j : order[j];
      if (order === null && alive[s] === 0) continue;
      ${tests(k, 's')}
      out[n++] = s;
    }
    return n === out.length ? out : out.subarray(0, n);`,
  );
}

/**
 * Sets `mark` to 1 for the slots of order[from..to) matching every condition and to 0 for the
 * others (the slots are in slot order: the marks are written ahead in memory), and answers how
 * many match.
 */
export function compileMark(shape: string): MarkFn {
  return compiled(
    marks,
    shape,
    ['order', 'from', 'to', 'c', 'mark'],
    (k) => `let count = 0;
    for (let j = from; j < to; j++) {
      const s = order[j];
      const ok = ${matchOf(k, 's')};
      mark[s] = ok;
      count += ok;
    }
    return count;`,
  );
}

/** Walks an order (forwards, or backwards for a descending sort) for a page of matching slots. */
export function compilePage(shape: string): PageFn {
  return compiled(
    pages,
    shape,
    ['order', 'len', 'desc', 'skip', 'limit', 'c'],
    (k) => `const out = []; let v = 0;
    const step = desc ? -1 : 1;
    for (let j = desc ? len - 1 : 0; j >= 0 && j < len; j += step) {
      const s = order[j];
      ${tests(k, 's')}
      if (skip > 0) { skip--; continue; }
      out.push(s);
      if (out.length === limit) break;
    }
    return out;`,
  );
}
