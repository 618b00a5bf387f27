/**
 * The item filter index against a plain model (fast-check): random items, random batches of
 * changes (new items with smaller ids too, deletes, renames, stock and price moves, tree moves),
 * then random queries: the same count and the same page as filtering and sorting the model.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  indexTuning,
  ItemIndex,
  STRING_SORTS,
  sortByKey,
  type IndexQuery,
  type IndexedItem,
  type SortKey,
} from './item-index';
import type { TreeLink } from './item-index.tree';

interface ModelItem extends IndexedItem {
  code: string;
  name: string;
}

/** Categories: 1 > (2 > 4, 3); places: 10 > 11, 12. */
const CATS: TreeLink[] = [
  { id: 1, parent: null },
  { id: 2, parent: 1 },
  { id: 3, parent: 1 },
  { id: 4, parent: 2 },
  { id: 5, parent: null },
];
const PLACES: TreeLink[] = [
  { id: 10, parent: null },
  { id: 11, parent: 10 },
  { id: 12, parent: null },
];

function subtree(links: readonly TreeLink[], node: number): Set<number> {
  const out = new Set([node]);
  for (let grew = true; grew;) {
    grew = false;
    for (const l of links)
      if (l.parent !== null && out.has(l.parent) && !out.has(l.id)) {
        out.add(l.id);
        grew = true;
      }
  }
  return out;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

class Model {
  items = new Map<number, ModelItem>();
  cats = CATS;
  places = PLACES;

  order(sort: SortKey): ModelItem[] {
    const all = [...this.items.values()];
    const key = (i: ModelItem) => (sort === 'price' ? i.price : sort === 'ware' ? i.ware : (i.offer ?? i.ware));
    if (sort === 'code') return all.sort((a, b) => cmp(a.code, b.code) || a.id - b.id);
    if (sort === 'name') return all.sort((a, b) => cmp(a.name, b.name) || a.id - b.id);
    return all.sort((a, b) => key(a) - key(b) || a.id - b.id);
  }

  matches(q: IndexQuery): (i: ModelItem) => boolean {
    const inRange = (v: number, r?: readonly [number, number]) => !r || (v >= r[0] && v <= r[1]);
    const tree = (v: number | null, f: IndexQuery['category'], links: readonly TreeLink[]) =>
      f === undefined ||
      (f === 'none' ? v === null : f === 'any' ? v !== null : v !== null && subtree(links, f).has(v));
    const only = q.only && new Set(q.only);
    return (i) =>
      (!only || only.has(i.id)) &&
      inRange(i.status, q.status) &&
      inRange(i.group ?? -1, q.group) &&
      tree(i.category, q.category, this.cats) &&
      tree(i.place, q.place, this.places) &&
      inRange(i.price, q.price) &&
      (!q.count || inRange(q.count.on === 'ware' ? i.ware : (i.offer ?? i.ware), q.count.range)) &&
      inRange(i.photos, q.photos);
  }

  answer(q: IndexQuery) {
    const all = this.order(q.sort).filter(this.matches(q));
    if (q.desc) all.reverse();
    return { count: all.length, ids: all.slice(q.offset, q.offset + q.limit).map((i) => i.id) };
  }

  /** Where each of `ids` goes in a string order: before the next item that is not one of them. */
  places_(sort: 'code' | 'name', ids: number[]) {
    const order = this.order(sort);
    const moving = new Set(ids);
    return order
      .map((item, k) => ({ item, k }))
      .filter(({ item }) => moving.has(item.id))
      .map(({ item, k }) => ({
        id: item.id,
        before: order.slice(k + 1).find((o) => !moving.has(o.id))?.id ?? null,
      }));
  }
}

/** A random item from a seed (a small LCG: fast enough for thousands per property run). */
function gen(id: number, seed: number): ModelItem {
  let r = seed | 0;
  const next = () => ((r = (Math.imul(r ^ id, 1103515245) + 12345) | 0) >>> 0) / 2 ** 32;
  const of = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return {
    id,
    code: of(['A', 'B', 'C']) + of(['', '1', '12', '2', '9']),
    name: of(['kubek', 'Kubek', 'łyżka', 'stół', 'AB', '']),
    status: of([1, 2]),
    group: of([null, 7, 8]),
    category: of([null, 1, 2, 3, 4, 5]),
    place: of([null, 10, 11, 12]),
    price: int(0, 500),
    ware: int(-2, 20),
    offer: next() < 0.5 ? null : int(0, 20),
    photos: int(0, 3),
  };
}

const queryArb: fc.Arbitrary<IndexQuery> = fc.record({
  status: fc.option(fc.constantFrom([1, 1] as const, [2, 2] as const), { nil: undefined }),
  group: fc.option(fc.constantFrom([-1, -1] as const, [0, 2 ** 31 - 1] as const, [7, 7] as const), { nil: undefined }),
  category: fc.option(fc.constantFrom<IndexQuery['category']>('any', 'none', 1, 2, 3, 4, 5, 99), { nil: undefined }),
  place: fc.option(fc.constantFrom<IndexQuery['place']>('any', 'none', 10, 11, 12), { nil: undefined }),
  price: fc.option(fc.constantFrom([0, 100] as const, [-Infinity, 250] as const, [300, Infinity] as const), {
    nil: undefined,
  }),
  count: fc.option(
    fc.record({
      on: fc.constantFrom('ware' as const, 'offer' as const),
      range: fc.constantFrom([0, 5] as const, [6, 1000] as const, [-5, 0] as const),
    }),
    { nil: undefined },
  ),
  photos: fc.option(fc.constantFrom([1, Infinity] as const, [-Infinity, 0] as const), { nil: undefined }),
  sort: fc.constantFrom<SortKey>('code', 'name', 'price', 'ware', 'offer'),
  desc: fc.boolean(),
  offset: fc.constantFrom(0, 0, 3, 20),
  limit: fc.constantFrom(1, 5, 100),
});

const strip = ({ code: _c, name: _n, ...rest }: ModelItem): IndexedItem => rest;

describe.each([
  ['sorting few matches', 20_000],
  ['walking the sort order', 0],
])('item filter index, pages by %s', (_, sortFew) => {
  it('answers every query as the model does, through batches of changes', () => {
    indexTuning.sortFew = sortFew;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.array(
          fc.record({
            add: fc.integer({ min: 0, max: 30 }),
            addLow: fc.boolean(),
            remove: fc.integer({ min: 0, max: 12 }),
            change: fc.integer({ min: 0, max: 15 }),
            moveTree: fc.boolean(),
            seed: fc.integer(),
          }),
          { maxLength: 6 },
        ),
        fc.array(queryArb, { minLength: 5, maxLength: 12 }),
        (initial, batches, queries) => {
          const model = new Model();
          let nextId = 1000;
          let lowId = 999;
          for (let k = 0; k < initial; k++) {
            const item = gen(nextId++, k * 7919 + initial);
            model.items.set(item.id, item);
          }
          const index = new ItemIndex(4, CATS, PLACES);
          for (const item of [...model.items.values()].sort((a, b) => a.id - b.id)) index.appendLoaded(strip(item));
          index.finishLoad({ code: model.order('code').map((i) => i.id), name: model.order('name').map((i) => i.id) });
          const stable = Int32Array.from({ length: 80 }, (_, k) => 995 + 2 * k);
          const check = () => {
            for (const q of queries) {
              const got = index.query(q);
              expect(got, JSON.stringify(q)).toEqual(model.answer(q));
              // A plugin filter's ids: some live, some deleted or never there, sorted and distinct.
              const ids: number[] = [];
              for (let id = 990; id < nextId + 5; id++) if ((id * 31 + q.offset + q.limit) % 3 !== 0) ids.push(id);
              const among = { ...q, only: Int32Array.from(ids) };
              expect(index.query(among), `only ${JSON.stringify(q)}`).toEqual(model.answer(among));
              expect(index.count(among)).toBe(model.answer(among).count);
              // A sparse set (fewer than one id in eight slots: searched by galloping).
              const sparse = { ...q, only: Int32Array.from(ids.filter((id) => id % 13 === q.offset % 13)) };
              expect(index.query(sparse), `sparse ${JSON.stringify(q)}`).toEqual(model.answer(sparse));
              // The same set object again, across batches that add, delete and move slots.
              const again = { ...q, only: stable };
              expect(index.query(again), `stable ${JSON.stringify(q)}`).toEqual(model.answer(again));
            }
          };
          check();
          for (const b of batches) {
            const changed: ModelItem[] = [];
            const strs = new Set<number>();
            const touched = new Set<number>();
            const deleted: number[] = [];
            const live = [...model.items.keys()];
            let r = b.seed;
            const rnd = () => ((r = (Math.imul(r, 1103515245) + 12345) | 0) >>> 0) / 2 ** 32;
            for (let k = 0; k < b.remove && live.length > 0; k++) {
              const id = live.splice(Math.floor(rnd() * live.length), 1)[0]!;
              model.items.delete(id);
              deleted.push(id);
            }
            for (let k = 0; k < b.change && live.length > 0; k++) {
              const id = live[Math.floor(rnd() * live.length)]!;
              const before = model.items.get(id)!;
              const after = {
                ...gen(id, b.seed + k),
                ...(rnd() < 0.5 ? { code: before.code, name: before.name } : {}),
              };
              if (after.code !== before.code || after.name !== before.name) strs.add(id);
              touched.add(id);
              model.items.set(id, after);
            }
            for (let k = 0; k < b.add; k++) {
              const id = b.addLow && k % 3 === 0 ? lowId-- : nextId++;
              model.items.set(id, gen(id, b.seed - k));
              strs.add(id);
            }
            // Some unchanged items too: applying a row again changes nothing.
            for (const id of new Set([...strs, ...touched, ...live.slice(0, b.change)])) {
              const item = model.items.get(id);
              if (item) changed.push(item);
            }
            const placed = index.apply(changed.map(strip), deleted, strs);
            for (const sort of STRING_SORTS) index.placeStrings(sort, model.places_(sort, placed));
            if (b.moveTree) {
              // Category 3 moves under 4 and place 11 becomes a root.
              model.cats = model.cats.map((l) => (l.id === 3 ? { id: 3, parent: 4 } : l));
              model.places = model.places.map((l) => (l.id === 11 ? { id: 11, parent: null } : l));
              index.setTree('category', model.cats);
              index.setTree('place', model.places);
            }
            for (const sort of STRING_SORTS) expect(index.checkString(sort)).toBe(true);
            check();
          }
        },
      ),
      { numRuns: 200, seed: 20261127 },
    );
  }, 60_000);

  it('compacts after many deletes and still answers', () => {
    const index = new ItemIndex(16, CATS, PLACES);
    const items: IndexedItem[] = Array.from({ length: 3000 }, (_, k) => ({
      id: k + 1,
      status: 1 + (k % 2),
      group: k % 3 === 0 ? null : 7,
      category: k % 5 === 0 ? null : 2,
      place: 10,
      price: k % 97,
      ware: k % 13,
      offer: null,
      photos: 0,
    }));
    for (const i of items) index.appendLoaded(i);
    index.finishLoad({ code: items.map((i) => i.id), name: items.map((i) => i.id) });
    const gone = items.filter((i) => i.id % 3 !== 0).map((i) => i.id);
    index.apply([], gone, new Set(gone));
    expect(index.size).toBe(1000);
    const q: IndexQuery = { sort: 'price', desc: true, offset: 0, limit: 3, status: [2, 2] };
    const expected = items
      .filter((i) => i.id % 3 === 0 && i.status === 2)
      .sort((a, b) => b.price - a.price || b.id - a.id)
      .slice(0, 3)
      .map((i) => i.id);
    expect(index.query(q)).toEqual({ count: 500, ids: expected });
    expect(index.query({ ...q, sort: 'code', desc: false })?.ids).toEqual([6, 12, 18]);
  });

  it('orders slots by (key, slot) with the radix sort and, past 32 bits, the comparison sort', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.integer({ min: -3, max: 3 })), {
          maxLength: 300,
        }),
        fc.boolean(),
        (values, huge) => {
          const key = new Float64Array(values.map((v, j) => (huge && j === 0 ? 9_999_999_999 : v)));
          const slots = Int32Array.from(values.keys());
          const expected = [...slots].sort((a, b) => key[a]! - key[b]! || a - b);
          expect([...sortByKey(slots, key)]).toEqual(expected);
          expect([...sortByKey(slots, Int32Array.from(key.map((k) => (k > 2 ** 31 ? 0 : k))))]).toEqual(
            [...slots].sort((a, b) => (key[a]! > 2 ** 31 ? 0 : key[a]!) - (key[b]! > 2 ** 31 ? 0 : key[b]!) || a - b),
          );
        },
      ),
      { numRuns: 200, seed: 5 },
    );
  });
});
