import { gtinCheckDigit } from '@zaplecze/contract';
import { BRANDS, COLOURS, inflect, PHONES, STATUSES, TEMPLATES, type Template } from './demo-data';

/**
 * The demo catalogue's items (`npm run cli -- demo:seed`, demo-seed.ts): a seeded random and the
 * factory that turns it into item rows with their parameter and description rows. Plain code
 * without database access, so the generator worker (demo-generator.worker.ts) runs it too.
 */

// ---- seeded random -------------------------------------------------------------------------------

/** mulberry32: a tiny, fast 32-bit PRNG; good enough for demo data, and reproducible. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Random {
  constructor(readonly next: () => number) {}
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** Index by weights (cumulative table from `cumulative`). */
  weighted(cum: readonly number[]): number {
    const x = this.next() * (cum.at(-1) ?? 1);
    let i = 0;
    while (i < cum.length - 1 && (cum[i] ?? 0) <= x) i++;
    return i;
  }
}

const cumulative = (weights: readonly number[]) => {
  let s = 0;
  return weights.map((w) => (s += w));
};
/** Zipf-like weights 1, 1/2, 1/3...: a few entries dominate, the tail is long. */
const zipf = (n: number) => cumulative(Array.from({ length: n }, (_, i) => 1 / (i + 1)));

// ---- rows ----------------------------------------------------------------------------------------

/** Column lists with their PostgreSQL array types (bulk inserts through unnest). */
export const ITEM_COLUMNS = [
  ['id', 'int4'],
  ['org_id', 'int4'],
  ['code', 'text'],
  ['gtin', 'text'],
  ['name', 'text'],
  ['price', 'int8'],
  ['vat', 'int4'],
  ['currency', 'text'],
  ['count_ware', 'int4'],
  ['count_offer', 'int4'],
  ['item_status_id', 'int4'],
  ['delivery_price_list_id', 'int4'],
  ['delivery_time_id', 'int4'],
  ['item_group_id', 'int4'],
  ['category_id', 'int4'],
  ['place_id', 'int4'],
  ['has_ext', 'int2'],
  ['ext_code', 'text'],
  ['ext_url', 'text'],
  ['ext_price', 'int8'],
  ['ext_margin', 'int4'],
  ['count_photos', 'int4'],
  ['count_params', 'int4'],
  ['last_changed', 'timestamptz'],
] as const;

export const PARAM_COLUMNS = [
  ['org_id', 'int4'],
  ['item_id', 'int4'],
  ['param_id', 'int4'],
  ['position', 'int4'],
  ['vals', 'text'],
] as const;

export const DESC_COLUMNS = [
  ['org_id', 'int4'],
  ['item_id', 'int4'],
  ['desc_id', 'int4'],
  ['position', 'int4'],
] as const;

export type Value = string | number | null;
export type Row = Value[];
export type Columns = readonly (readonly [string, string])[];

/** Rows of one batch of items; each item's ledger row is derived from its row in SQL (demo-seed.ts). */
export interface Batch {
  items: Row[];
  params: Row[];
  descs: Row[];
}

/** Rows per chunk: one multi-row insert statement's worth on SQLite. */
export const CHUNK_ROWS = 100;

/**
 * A batch as the writer binds it: each table's rows in chunks of up to CHUNK_ROWS rows, every
 * chunk one flat list of values. Made in the generator worker: flattening costs the main thread
 * more than inserting, and flat lists pass between threads faster than lists of rows.
 */
export interface ChunkedBatch {
  items: Value[][];
  params: Value[][];
  descs: Value[][];
}

/** Rows as flat chunks of up to CHUNK_ROWS rows (one multi-row insert statement each). */
export function chunked(rows: Row[]): Value[][] {
  const chunks: Value[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    const chunk: Value[] = [];
    for (const row of rows.slice(i, i + CHUNK_ROWS)) for (const value of row) chunk.push(value);
    chunks.push(chunk);
  }
  return chunks;
}

export function chunkBatch(batch: Batch): ChunkedBatch {
  return { items: chunked(batch.items), params: chunked(batch.params), descs: chunked(batch.descs) };
}

/** Ids of the reference rows the items point at. */
export interface Refs {
  statuses: number[];
  groups: number[];
  priceLists: number[];
  times: number[];
  descs: number[];
  /** Second-level category path ('Kuchnia/Naczynia') -> its own id and its leaves' ids. */
  categories: Map<string, { id: number; leaves: number[] }>;
  shelves: number[];
  colourParam: number;
}

/**
 * 0 photos, after the draw a random photo count once took here: every later draw, and so the
 * whole demo (and the benchmarks measured on it), stays as it was.
 */
function noPhotos(r: Random): number {
  r.next();
  return 0;
}

/** Makes item rows (and their ledger, parameter and description rows) from the seeded random. */
export class ItemFactory {
  private readonly statusCum = cumulative(STATUSES.map((s) => s.weight));
  private readonly groupCum: number[];
  private readonly listCum: number[];
  private readonly timeCum: number[];
  private readonly vatCum = cumulative([82, 13, 5]);
  /** Every name a template can give, with its colour (if any): built once, picked per item. */
  private readonly names: { name: string; colour: string | undefined }[][];
  /** A pool of change dates over two years: formatting a date per item would cost more than the rest. */
  private readonly dates: string[];

  constructor(
    private readonly r: Random,
    private readonly orgId: number,
    private readonly refs: Refs,
  ) {
    this.groupCum = zipf(refs.groups.length);
    this.listCum = zipf(refs.priceLists.length);
    this.timeCum = zipf(refs.times.length);
    this.names = TEMPLATES.map((t) => {
      const out: { name: string; colour: string | undefined }[] = [];
      for (const colour of t.name.includes('{c}') ? COLOURS : [undefined])
        for (const variant of t.variants)
          for (const phone of t.name.includes('{p}') ? PHONES : [''])
            out.push({
              name: t.name
                .replace('{c}', colour ? inflect(colour, t.gender) : '')
                .replace('{v}', variant)
                .replace('{p}', phone)
                .replace(/\s+/g, ' ')
                .trim(),
              colour,
            });
      return out;
    });
    const start = Date.parse('2023-01-01T08:00:00Z');
    this.dates = Array.from({ length: 50_000 }, () =>
      new Date(start + Math.floor(r.next() * 700 * 86_400_000)).toISOString(),
    );
  }

  batch(firstId: number, count: number): Batch {
    const out: Batch = { items: [], params: [], descs: [] };
    for (let i = 0; i < count; i++) this.one(firstId + i, out);
    return out;
  }

  private one(id: number, out: Batch): void {
    const { r, refs, orgId } = this;
    const template = Math.floor(r.next() * TEMPLATES.length);
    const t = TEMPLATES[template] as Template;
    const { name: base, colour } = r.pick(this.names[template] ?? []);
    const name = r.chance(0.15) ? `${base} ${r.pick(BRANDS)}` : base;
    // The sequence keeps codes unique without a lookup; the template gives them a readable start.
    const code = `${t.code}-${String(id).padStart(7, '0')}`;
    // EAN-13 in the in-store range 2xxxxxxxxxxxC (the contract's random GTINs use it too).
    const body = r.chance(0.85) ? `2${String(Math.floor(r.next() * 1e11)).padStart(11, '0')}` : '';
    const gtin = body === '' ? '' : body + String(gtinCheckDigit(body));
    // Prices around the template's, ending in ,99 like shop prices.
    const price = Math.max(99, Math.round((t.price * (0.4 + 1.6 * r.next() * r.next() + r.next())) / 100) * 100 - 1);
    const vat = [2300, 800, 500][r.weighted(this.vatCum)] ?? 2300;
    const stock = r.chance(0.28) ? 0 : Math.floor(Math.exp(r.next() * 6.2));
    const offer = r.chance(0.08) ? r.int(0, stock) : null;
    const cat = refs.categories.get(t.category);
    const categoryId = !cat || r.chance(0.04) ? null : r.chance(0.2) ? cat.id : r.pick(cat.leaves);
    const hasExt = r.chance(0.18);
    const changed = r.pick(this.dates);
    out.items.push([
      id,
      orgId,
      code,
      gtin,
      name,
      price,
      vat,
      'PLN',
      stock,
      offer,
      refs.statuses[r.weighted(this.statusCum)] ?? null,
      r.chance(0.85) ? (refs.priceLists[r.weighted(this.listCum)] ?? null) : null,
      r.chance(0.8) ? (refs.times[r.weighted(this.timeCum)] ?? null) : null,
      r.chance(0.65) ? (refs.groups[r.weighted(this.groupCum)] ?? null) : null,
      categoryId,
      r.chance(0.88) ? r.pick(refs.shelves) : null,
      hasExt ? 1 : 0,
      hasExt ? `AL${r.int(100_000_000, 999_999_999)}` : '',
      hasExt ? `https://allegro.pl/oferta/${code.toLowerCase()}` : '',
      hasExt ? Math.round(price * 1.12) : 0,
      hasExt && r.chance(0.3) ? 1500 : null,
      // No photos here: demo-photos.ts gives a sample of items real ones after the bulk write.
      noPhotos(r),
      colour ? 1 : 0,
      changed,
    ]);
    if (colour) out.params.push([orgId, id, refs.colourParam, 0, `["${colour}"]`]);
    if (r.chance(0.05)) out.descs.push([orgId, id, r.pick(refs.descs), 0]);
  }
}
