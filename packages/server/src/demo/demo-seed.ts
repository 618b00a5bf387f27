import { gtinCheckDigit, TREE_NAME_SEPARATOR, TREE_NUMBER_SEPARATOR } from '@zaplecze/contract';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { TenantDb } from '../db/tenant';
import type { AppDeps } from '../platform/context';
import { conflict } from '../platform/errors';
import { MSG } from '../platform/messages.pl';
import { createOrganization } from '../modules/registration';
import {
  ADDITIONAL_DESCS,
  BRANDS,
  CATEGORIES,
  COLOURS,
  DELIVERY_PRICE_LISTS,
  DELIVERY_TIMES,
  GROUPS,
  inflect,
  PHONES,
  STATUSES,
  TEMPLATES,
  type Template,
} from './demo-data';

/**
 * `npm run cli -- demo:seed`: a demo organisation with a realistic Polish catalogue, the same for
 * the same arguments (a fixed seed), big enough to measure the goods catalogue (docs/performance.md).
 *
 * Reference data goes through Kysely (a few thousand rows). Items and their ledger rows are written
 * in bulk, in ONE transaction, with the items' secondary indexes and search triggers dropped first
 * and rebuilt at the end: building an index from sorted data is several times cheaper than a
 * million random insertions into it. A failure rolls everything back and removes the organisation.
 */

export interface SeedOptions {
  prefix: string;
  password: string;
  items: number;
  /** The PRNG seed; the default keeps every demo database alike. */
  seed?: number;
  log?: (line: string) => void;
}

export interface SeedResult {
  orgId: number;
  login: string;
  items: number;
  /** Milliseconds per phase, in order. */
  phases: [string, number][];
  totalMs: number;
}

export const DEMO_SEED = 20240611;
/** Rows generated and written per batch. */
const BATCH = 10_000;

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
const ITEM_COLUMNS = [
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

const CHANGE_COLUMNS = [
  ['org_id', 'int4'],
  ['item_id', 'int4'],
  ['item_code', 'text'],
  ['item_name', 'text'],
  ['type', 'text'],
  ['quantity', 'int4'],
  ['qty_before', 'int4'],
  ['qty_after', 'int4'],
  ['change_date', 'timestamptz'],
  ['commit_date', 'timestamptz'],
  ['committed', 'int2'],
] as const;

const PARAM_COLUMNS = [
  ['org_id', 'int4'],
  ['item_id', 'int4'],
  ['param_id', 'int4'],
  ['position', 'int4'],
  ['vals', 'text'],
] as const;

const DESC_COLUMNS = [
  ['org_id', 'int4'],
  ['item_id', 'int4'],
  ['desc_id', 'int4'],
  ['position', 'int4'],
] as const;

type Value = string | number | null;
type Row = Value[];
type Columns = readonly (readonly [string, string])[];

interface Batch {
  items: Row[];
  changes: Row[];
  params: Row[];
  descs: Row[];
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
    const out: Batch = { items: [], changes: [], params: [], descs: [] };
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
      // Photo counts without files (main_photo stays null): the list shows the count only.
      Math.min(8, Math.floor(-Math.log(1 - r.next()) * 2)),
      colour ? 1 : 0,
      changed,
    ]);
    // Every piece on the shelf is explained by the ledger: one committed INITIAL change.
    if (stock > 0) out.changes.push([orgId, id, code, name, 'INITIAL', stock, 0, stock, changed, changed, 1]);
    if (colour) out.params.push([orgId, id, refs.colourParam, 0, `["${colour}"]`]);
    if (r.chance(0.05)) out.descs.push([orgId, id, r.pick(refs.descs), 0]);
  }
}

// ---- reference data ------------------------------------------------------------------------------

async function insertNamed(
  tdb: TenantDb,
  table: 'item_groups' | 'delivery_price_lists' | 'delivery_times',
  names: readonly string[],
): Promise<number[]> {
  const rows = await tdb
    .insertInto(
      table,
      names.map((name) => ({ name })),
    )
    .returning(['id', 'name'])
    .execute();
  const byName = new Map(rows.map((row) => [row.name, row.id]));
  return names.map((n) => byName.get(n) ?? 0);
}

interface TreeNode {
  parent: string | null;
  number: string;
  name: string;
}

/** Inserts a tree level by level; answers id by full number. */
async function insertTree(
  tdb: TenantDb,
  table: 'categories' | 'places',
  levels: TreeNode[][],
): Promise<Map<string, { id: number; fullName: string }>> {
  const done = new Map<string, { id: number; fullName: string }>();
  for (const level of levels) {
    const values = level.map((n) => {
      const parent = n.parent === null ? undefined : done.get(n.parent);
      return {
        parent_id: parent?.id ?? null,
        number: n.number,
        name: n.name,
        full_number: n.parent === null ? n.number : n.parent + TREE_NUMBER_SEPARATOR + n.number,
        full_name: parent ? parent.fullName + TREE_NAME_SEPARATOR + n.name : n.name,
      };
    });
    for (let i = 0; i < values.length; i += 500) {
      const rows = await tdb
        .insertInto(table, values.slice(i, i + 500))
        .returning(['id', 'full_number', 'full_name'])
        .execute();
      for (const row of rows) done.set(row.full_number, { id: row.id, fullName: row.full_name });
    }
  }
  return done;
}

async function seedReferences(tdb: TenantDb): Promise<Refs> {
  const statusRows = await tdb
    .insertInto(
      'item_statuses',
      STATUSES.map((s) => ({ name: s.name, color: s.color })),
    )
    .returning(['id', 'name'])
    .execute();
  const statusIds = new Map(statusRows.map((s) => [s.name, s.id]));
  const descRows = await tdb
    .insertInto(
      'additional_descs',
      ADDITIONAL_DESCS.map(([name, description]) => ({ name, description })),
    )
    .returning('id')
    .execute();

  // Categories: numbers 1, 1-2, 1-2-3 under the Polish names.
  const catLevels: TreeNode[][] = [[], [], []];
  const catKeys: { path: string; fullNumber: string; leaves: string[] }[] = [];
  Object.entries(CATEGORIES).forEach(([top, subs], a) => {
    const n1 = String(a + 1);
    catLevels[0]?.push({ parent: null, number: n1, name: top });
    Object.entries(subs).forEach(([sub, leaves], b) => {
      const n2 = `${n1}${TREE_NUMBER_SEPARATOR}${b + 1}`;
      catLevels[1]?.push({ parent: n1, number: String(b + 1), name: sub });
      catKeys.push({ path: `${top}/${sub}`, fullNumber: n2, leaves: [] });
      leaves.forEach((leaf, c) => {
        catLevels[2]?.push({ parent: n2, number: String(c + 1), name: leaf });
        catKeys.at(-1)?.leaves.push(`${n2}${TREE_NUMBER_SEPARATOR}${c + 1}`);
      });
    });
  });
  const cats = await insertTree(tdb, 'categories', catLevels);

  // Places: two halls, 40 racks each, 24 shelves a rack: A, A-1, A-1-2 (2 + 80 + 1,920 nodes).
  const placeLevels: TreeNode[][] = [[], [], []];
  for (const hall of ['A', 'B']) {
    placeLevels[0]?.push({ parent: null, number: hall, name: `Hala ${hall}` });
    for (let rack = 1; rack <= 40; rack++) {
      placeLevels[1]?.push({ parent: hall, number: String(rack), name: `Regał ${rack}` });
      for (let shelf = 1; shelf <= 24; shelf++) {
        placeLevels[2]?.push({ parent: `${hall}-${rack}`, number: String(shelf), name: `Półka ${shelf}` });
      }
    }
  }
  const places = await insertTree(tdb, 'places', placeLevels);

  const idOf = (fullNumber: string) => cats.get(fullNumber)?.id ?? 0;
  const params = await tdb
    .insertInto('parameters', [
      { name: 'Kolor', category_id: null, type: 'DICT', is_multi: 0, dictionary: JSON.stringify(COLOURS) },
      {
        name: 'Materiał',
        category_id: null,
        type: 'DICT',
        is_multi: 1,
        dictionary: JSON.stringify(['bawełna', 'poliester', 'ceramika', 'stal', 'drewno', 'szkło', 'silikon']),
      },
      { name: 'Waga [kg]', category_id: null, type: 'NUMBER_REAL', is_multi: 0, dictionary: '[]' },
      { name: 'Producent', category_id: null, type: 'STRING', is_multi: 0, dictionary: '[]' },
      {
        name: 'Złącze',
        category_id: idOf('1'),
        type: 'DICT',
        is_multi: 1,
        dictionary: JSON.stringify(['USB-A', 'USB-C', 'Lightning', 'micro USB', 'HDMI', 'jack 3,5 mm']),
      },
      { name: 'Moc [W]', category_id: idOf('1'), type: 'NUMBER_INT', is_multi: 0, dictionary: '[]' },
      {
        name: 'Rozmiar',
        category_id: idOf('5'),
        type: 'DICT',
        is_multi: 0,
        dictionary: JSON.stringify(['XS', 'S', 'M', 'L', 'XL', 'XXL']),
      },
      { name: 'Pojemność [ml]', category_id: idOf('2'), type: 'NUMBER_INT', is_multi: 0, dictionary: '[]' },
    ])
    .returning(['id', 'name'])
    .execute();

  return {
    statuses: STATUSES.map((s) => statusIds.get(s.name) ?? 0),
    groups: await insertNamed(tdb, 'item_groups', GROUPS),
    priceLists: await insertNamed(tdb, 'delivery_price_lists', DELIVERY_PRICE_LISTS),
    times: await insertNamed(tdb, 'delivery_times', DELIVERY_TIMES),
    descs: descRows.map((d) => d.id),
    categories: new Map(catKeys.map((k) => [k.path, { id: idOf(k.fullNumber), leaves: k.leaves.map(idOf) }] as const)),
    shelves: placeLevels[2]?.map((n) => places.get(`${n.parent}-${n.number}`)?.id ?? 0) ?? [],
    colourParam: params.find((p) => p.name === 'Kolor')?.id ?? 0,
  };
}

// ---- bulk writers --------------------------------------------------------------------------------

interface BulkWriter {
  /** Highest item id so far: the seed numbers its items from the next one. */
  maxItemId(): Promise<number>;
  /** Drops what slows bulk inserts down (secondary indexes, search triggers). */
  prepare(): Promise<void>;
  write(batch: Batch): Promise<void>;
  /**
   * Rebuilds what prepare dropped, indexes the new items for search, fixes sequences and sets the
   * organisation's item counter (the count of its unfiltered list).
   */
  finish(firstId: number, orgId: number, count: number): Promise<void>;
}

/** SQLite: prepared multi-row statements straight on better-sqlite3, inside one transaction. */
function sqliteWriter(database: Database): BulkWriter & { run<R>(fn: () => Promise<R>): Promise<R> } {
  const raw = database.sqlite;
  if (!raw) throw new Error('SQLite writer needs the better-sqlite3 handle');
  const ROWS = 100;
  const statement = (table: string, columns: Columns, rows: number) =>
    raw.prepare(
      `insert into ${table} (${columns.map((c) => c[0]).join(', ')}) values ` +
        Array.from({ length: rows }, () => `(${columns.map(() => '?').join(', ')})`).join(', '),
    );
  const cache = new Map<string, ReturnType<typeof statement>>();
  const insert = (table: string, columns: Columns, rows: Row[]) => {
    for (let i = 0; i < rows.length; i += ROWS) {
      const chunk = rows.slice(i, i + ROWS);
      const key = `${table}:${chunk.length}`;
      let st = cache.get(key);
      if (!st) cache.set(key, (st = statement(table, columns, chunk.length)));
      st.run(chunk.flat());
    }
  };
  let dropped: { type: string; name: string; sql: string }[] = [];
  return {
    async run(fn) {
      // The seed's own connection: a big page cache for index builds, sorter threads for CREATE INDEX.
      raw.pragma('cache_size = -1000000');
      raw.pragma('threads = 2');
      // Every reference the seed writes points at a row it has just inserted itself: checking a
      // million rows' seven foreign keys one by one would cost a third of the insert time.
      raw.pragma('foreign_keys = OFF');
      raw.exec('begin immediate');
      try {
        const result = await fn();
        raw.exec('commit');
        return result;
      } catch (err) {
        if (raw.inTransaction) raw.exec('rollback');
        throw err;
      } finally {
        raw.pragma('foreign_keys = ON');
      }
    },
    async maxItemId() {
      const row = raw.prepare('select coalesce(max(id), 0) as n from items').get() as { n: number };
      return row.n;
    },
    async prepare() {
      dropped = raw
        .prepare(
          `select type, name, sql from sqlite_master
           where tbl_name in ('items', 'warehouse_changes') and type in ('index', 'trigger') and sql is not null`,
        )
        .all() as { type: string; name: string; sql: string }[];
      for (const d of dropped) raw.exec(`drop ${d.type} ${d.name}`);
    },
    async write(b) {
      insert('items', ITEM_COLUMNS, b.items);
      insert('warehouse_changes', CHANGE_COLUMNS, b.changes);
      insert('item_params', PARAM_COLUMNS, b.params);
      insert('item_descs', DESC_COLUMNS, b.descs);
    },
    async finish(firstId, orgId, count) {
      raw.prepare('insert into item_counts (org_id, items) values (?, ?)').run(orgId, count);
      // Indexes first: the search triggers must not fire for rows we index below in one go.
      for (const d of dropped) raw.exec(d.sql);
      raw
        .prepare(
          `insert into items_fts(rowid, code, name, gtin, ext_code)
           select id, code, name, gtin, ext_code from items where id >= ?`,
        )
        .run(firstId);
    },
  };
}

/** PostgreSQL: one `insert ... select from unnest(arrays)` per batch and table. */
function postgresWriter(trx: Transaction<DB>): BulkWriter {
  let dropped: string[] = [];
  const insert = async (table: string, columns: Columns, rows: Row[]) => {
    if (rows.length === 0) return;
    const arrays = columns.map((_, c) => rows.map((row) => row[c] ?? null));
    const names = sql.raw(columns.map((c) => c[0]).join(', '));
    const unnest = sql.join(arrays.map((a, c) => sql`${a}::${sql.raw(columns[c]?.[1] ?? 'text')}[]`));
    await sql`insert into ${sql.table(table)} (${names}) select * from unnest(${unnest})`.execute(trx);
  };
  return {
    async maxItemId() {
      // Nobody else inserts items until this transaction ends.
      await sql`lock table items in exclusive mode`.execute(trx);
      const r = await sql<{ n: number }>`select coalesce(max(id), 0)::int as n from items`.execute(trx);
      return r.rows[0]?.n ?? 0;
    },
    async prepare() {
      await sql`set local maintenance_work_mem = '512MB'`.execute(trx);
      const r = await sql<{ indexname: string; indexdef: string }>`
        select i.indexname, i.indexdef from pg_indexes i
        where i.tablename in ('items', 'warehouse_changes') and i.schemaname = current_schema()
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(trx);
      dropped = r.rows.map((row) => row.indexdef);
      for (const row of r.rows) await sql`drop index ${sql.ref(row.indexname)}`.execute(trx);
    },
    async write(b) {
      await insert('items', ITEM_COLUMNS, b.items);
      await insert('warehouse_changes', CHANGE_COLUMNS, b.changes);
      await insert('item_params', PARAM_COLUMNS, b.params);
      await insert('item_descs', DESC_COLUMNS, b.descs);
    },
    async finish(_firstId, orgId, count) {
      await sql`insert into item_counts (org_id, items) values (${orgId}, ${count})`.execute(trx);
      for (const def of dropped) await sql.raw(def).execute(trx);
      await sql`select setval(pg_get_serial_sequence('items', 'id'), (select max(id) from items))`.execute(trx);
    },
  };
}

// ---- the seed ------------------------------------------------------------------------------------

/** Seeds organisation `prefix` with `items` items; refuses a prefix that exists. */
export async function seedDemo(database: Database, deps: AppDeps, opts: SeedOptions): Promise<SeedResult> {
  const log = opts.log ?? (() => undefined);
  const phases: [string, number][] = [];
  const t0 = performance.now();
  let mark = t0;
  const phase = (name: string) => {
    const now = performance.now();
    phases.push([name, Math.round(now - mark)]);
    log(`${name}: ${((now - mark) / 1000).toFixed(1)} s`);
    mark = now;
  };
  const db = database.db;
  if (await db.selectFrom('organizations').select('id').where('prefix', '=', opts.prefix).executeTakeFirst())
    throw conflict(MSG.prefixTaken);

  const { login, orgId } = await createOrganization(
    { deps, db, ip: 'cli', locale: 'pl' },
    {
      prefix: opts.prefix,
      name: `Demo ${opts.prefix}`,
      taxId: '',
      address: 'ul. Przykładowa 1',
      postCodeCity: '00-001 Warszawa',
      countryCode: 'PL',
      adminUser: 'admin',
      adminPass: opts.password,
      adminEmail: `admin@${opts.prefix}.example.pl`,
      adminTel: '',
      adminName: 'Administrator',
    },
  );
  const random = new Random(mulberry32(opts.seed ?? DEMO_SEED));
  try {
    const refs = await db.transaction().execute((trx) => seedReferences(new TenantDb(trx, orgId)));
    phase('organizacja i słowniki');
    const fill = async (writer: BulkWriter) => {
      const firstId = (await writer.maxItemId()) + 1;
      await writer.prepare();
      const factory = new ItemFactory(random, orgId, refs);
      for (let done = 0; done < opts.items; done += BATCH) {
        await writer.write(factory.batch(firstId + done, Math.min(BATCH, opts.items - done)));
        if ((done / BATCH) % 20 === 19) log(`  ${done + BATCH} towarów...`);
      }
      phase('towary i zmiany magazynowe');
      await writer.finish(firstId, orgId, opts.items);
      phase('indeksy i wyszukiwanie');
    };
    if (database.engine === 'sqlite') {
      const writer = sqliteWriter(database);
      await writer.run(() => fill(writer));
      // Planner statistics for the new data distribution (docs/performance.md). Unsampled: an
      // index that leads with org_id sampled over its first rows describes one organisation only.
      database.sqlite?.exec('analyze; pragma optimize;');
    } else {
      await db.transaction().execute((trx) => fill(postgresWriter(trx)));
      // VACUUM also marks the new pages all-visible, which index-only scans (the counts) need.
      await sql`vacuum analyze items`.execute(db);
      await sql`analyze warehouse_changes`.execute(db);
    }
    phase('statystyki (ANALYZE)');
  } catch (err) {
    // Leave no half-seeded organisation behind: the prefix stays free for a second try.
    await db.deleteFrom('organizations').where('id', '=', orgId).execute();
    throw err;
  }
  return { orgId, login, items: opts.items, phases, totalMs: Math.round(performance.now() - t0) };
}
