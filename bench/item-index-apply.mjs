// The item filter index's catch-up after an import batch, in-process (no database): what each HTTP
// worker pays after every committed batch of a wholesale-csv import (docs/performance.md,
// wholesale-csv). A million-item index (random keys, string orders a random permutation), then
// batches like the import's: `--new` new items (placed in the code and name orders before random
// neighbours) and `--updated` existing items with a new price and stock, applied as
// item-index.sync.ts refreshIndex applies them. Prints the milliseconds a batch (p50, p95, max).
// Usage: node --import tsx bench/item-index-apply.mjs [--items 1000000 --batches 200 --new 100 --updated 100]
import { parseArgs } from 'node:util';
import { ItemIndex, STRING_SORTS } from '../packages/server/src/modules/items/item-index/item-index.ts';

const { values: args } = parseArgs({
  options: {
    items: { type: 'string', default: '1000000' },
    batches: { type: 'string', default: '200' },
    new: { type: 'string', default: '100' },
    updated: { type: 'string', default: '100' },
  },
});
const ITEMS = Number(args.items);
const BATCHES = Number(args.batches);
const NEW = Number(args.new);
const UPDATED = Number(args.updated);

let seed = 12345;
const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) | 0) >>> 0) / 2 ** 32;
const int = (n) => Math.floor(rnd() * n);
const cats = Array.from({ length: 200 }, (_, k) => ({ id: k + 1, parent: k < 20 ? null : 1 + (k % 20) }));
const places = Array.from({ length: 50 }, (_, k) => ({ id: k + 1, parent: null }));
const item = (id) => ({
  id,
  status: 1 + int(4),
  group: rnd() < 0.5 ? null : 1 + int(30),
  category: rnd() < 0.1 ? null : 1 + int(200),
  place: rnd() < 0.5 ? null : 1 + int(50),
  price: int(1_000_000),
  ware: int(500),
  offer: null,
  photos: int(4),
});

const index = new ItemIndex(ITEMS, cats, places);
for (let id = 1; id <= ITEMS; id++) index.appendLoaded(item(id));
const permutation = () => {
  const ids = Int32Array.from({ length: ITEMS }, (_, k) => k + 1);
  for (let k = ids.length - 1; k > 0; k--) {
    const j = int(k + 1);
    [ids[k], ids[j]] = [ids[j], ids[k]];
  }
  return ids;
};
index.finishLoad({ code: permutation(), name: permutation() });

let nextId = ITEMS + 1;
const times = [];
for (let b = 0; b < BATCHES; b++) {
  const changed = [];
  const strs = new Set();
  for (let k = 0; k < UPDATED; k++) changed.push({ ...item(1 + int(ITEMS)), status: 1 });
  const fresh = [];
  for (let k = 0; k < NEW; k++) {
    const it = item(nextId++);
    changed.push(it);
    strs.add(it.id);
    fresh.push(it.id);
  }
  // Where the new items go: before random existing items, in that order (as placesOf answers).
  const places = {};
  for (const sort of STRING_SORTS) {
    const before = fresh.map((id) => ({ id, before: 1 + int(ITEMS) }));
    places[sort] = before;
  }
  const t0 = performance.now();
  const placed = index.apply(changed, [], strs);
  for (const sort of STRING_SORTS)
    index.placeStrings(
      sort,
      places[sort].filter((p) => placed.includes(p.id)),
    );
  times.push(performance.now() - t0);
  for (const sort of STRING_SORTS) if (!index.checkString(sort)) throw new Error(`${sort} order went stale`);
}
const s = [...times].sort((a, b) => a - b);
const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
console.log(
  `${ITEMS} items, ${BATCHES} batches of ${NEW} new + ${UPDATED} updated: p50 ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${s.at(-1).toFixed(2)} ms a batch`,
);
