import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TREE_NAME_SEPARATOR, TREE_NUMBER_SEPARATOR } from '@zaplecze/contract';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { TenantDb } from '../db/tenant';
import { consoleLog, type AppDeps } from '../platform/context';
import { conflict } from '../platform/errors';
import { MSG } from '../platform/messages.pl';
import { optionsRepository } from '../modules/options';
import { createOrganization } from '../modules/registration';
import { orderCountTriggers } from '../db/migrations/0007_orders_search';
import { fillItemSearch, ITEM_SEARCH_KEY, itemSearchTriggers } from '../db/migrations/0011_item_search';
import {
  ADDITIONAL_DESCS,
  CATEGORIES,
  COLOURS,
  DELIVERY_PRICE_LISTS,
  DELIVERY_TIMES,
  GROUPS,
  STATUSES,
} from './demo-data';
import { copyText } from './demo-copy';
import { startGenerator, type CopiedItems, type CopiedOrders, type ItemGenerator } from './demo-generator';
import {
  DESC_COLUMNS,
  ITEM_COLUMNS,
  PARAM_COLUMNS,
  type ChunkedBatch,
  type Columns,
  type Refs,
  type Value,
} from './demo-items';
import { INCOME_SOURCES, ORDER_STATUSES } from './demo-orders-data';
import {
  LINE_COLUMNS,
  ORDER_COLUMNS,
  ROLLUP_DAY_COLUMNS,
  ROLLUP_GROUP_COLUMNS,
  type OrderBatch,
  type OrderRefs,
  type RollupBatch,
} from './demo-orders';

/**
 * `npm run cli -- demo:seed`: a demo organisation with a realistic Polish catalogue, the same for
 * the same arguments (a fixed seed), big enough to measure the goods catalogue (docs/performance.md).
 *
 * Reference data goes through Kysely (a few thousand rows). Items and their ledger rows are written
 * in bulk, in ONE transaction, with the items' secondary indexes and search triggers dropped first
 * and rebuilt at the end: building an index from sorted data is several times cheaper than a
 * million random insertions into it. A failure rolls everything back and removes the organisation.
 * A worker thread generates the rows meanwhile (demo-generator.ts) and, on SQLite, builds their
 * trigram search index in a scratch file, copied in at the end (copySearchIndex).
 */

export interface SeedOptions {
  prefix: string;
  password: string;
  items: number;
  /** Orders over three years with 1-5 lines each (default 0): docs/performance.md, Order search. */
  orders?: number;
  /** The PRNG seed; the default keeps every demo database alike. */
  seed?: number;
  log?: (line: string) => void;
}

export interface SeedResult {
  orgId: number;
  login: string;
  items: number;
  orders: number;
  /** Milliseconds per phase, in order. */
  phases: [string, number][];
  totalMs: number;
}

export const DEMO_SEED = 20240611;
/** Rows generated and written per batch (items; orders as COPY text). */
const BATCH = 10_000;
/** Batches the generator worker may have ready before the writer takes them. */
const GENERATOR_AHEAD = 4;
/**
 * Order batches in COPY text the generator may have ready (PostgreSQL): enough for the demo's
 * 1,200,000 orders to be made while the items' indexes are built, about 6 MB of text a batch.
 */
const COPY_AHEAD = 150;
/**
 * Orders per batch handed over as rows (SQLite). Made 10,000 at a time, a batch survived the
 * worker's young-generation collections while it was made; the worker spent a quarter of its time
 * collecting (docs/performance.md, Order search).
 */
const ORDER_ROWS_BATCH = 1_000;
/**
 * Order batches as rows the generator may have ready (SQLite): half of the demo's orders, made
 * while the main thread builds the items' indexes instead of waiting 40 batches ahead (orders
 * phase 14.4 -> 11.6 s); the waiting messages are the worker's serialised copies.
 */
const ROWS_AHEAD = 600;

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

/**
 * The order statuses and income sources of demo-orders-data.ts, and the new-order defaults
 * (options) pointing at 'Nowe' / 'Sklep internetowy', stationary: 'Zrealizowane' / 'Sklep stacjonarny'.
 */
async function seedOrderReferences(tdb: TenantDb, login: string): Promise<OrderRefs> {
  const statuses = await tdb
    .insertInto(
      'order_statuses',
      ORDER_STATUSES.map((st) => ({ name: st.name, color: st.color })),
    )
    .returning(['id', 'name'])
    .execute();
  const sources = await tdb
    .insertInto(
      'income_sources',
      INCOME_SOURCES.map((src) => ({ name: src.name })),
    )
    .returning(['id', 'name'])
    .execute();
  const statusId = (name: string) => statuses.find((st) => st.name === name)?.id ?? 0;
  const sourceId = (name: string) => sources.find((src) => src.name === name)?.id ?? 0;
  await optionsRepository.write(tdb, 'DEFAULT_ORDER_STATUS_ID', String(statusId('Nowe')));
  await optionsRepository.write(tdb, 'DEFAULT_ORDER_STATUS_ID_STATIONARY', String(statusId('Zrealizowane')));
  await optionsRepository.write(tdb, 'DEFAULT_INCOME_SOURCE_ID', String(sourceId('Sklep internetowy')));
  await optionsRepository.write(tdb, 'DEFAULT_INCOME_SOURCE_ID_STATIONARY', String(sourceId('Sklep stacjonarny')));
  return {
    statuses: ORDER_STATUSES.map((st) => statusId(st.name)),
    sources: INCOME_SOURCES.map((src) => sourceId(src.name)),
    login,
  };
}

// ---- bulk writers --------------------------------------------------------------------------------

/** Every piece on the shelf is explained by the ledger: one committed INITIAL change per stocked item. */
const LEDGER_COLUMNS =
  'org_id, item_id, item_code, item_name, type, quantity, qty_before, qty_after, change_date, commit_date, committed';
const LEDGER_ROWS = `select org_id, id, code, name, 'INITIAL', count_ware, 0, count_ware, last_changed, last_changed, 1
  from items where id >= `;

interface SearchTarget {
  /** The scratch file the generator worker builds the new items' search index in. */
  file: string;
  /** The application's definition of the search table (migration 0003). */
  ddl: string;
}

interface BulkWriter {
  /** Highest item id so far: the seed numbers its items from the next one. */
  maxItemId(): Promise<number>;
  /** Drops what slows bulk inserts down (secondary indexes, search triggers). */
  prepare(): Promise<void>;
  /** Where the generator worker should build the search index of items from `firstId` on, if anywhere. */
  searchTarget(firstId: number): SearchTarget | null;
  write(batch: ChunkedBatch | CopiedItems): Promise<void>;
  /**
   * Writes the ledger rows, rebuilds what prepare dropped, fixes sequences and sets the
   * organisation's item counter (the count of its unfiltered list). Leaves for finishLater what
   * waits better (PostgreSQL: the items' B-tree indexes and foreign keys).
   */
  finish(firstId: number, orgId: number, count: number): Promise<void>;
  /**
   * The rest of finish, once the orders are written (or at once without orders). PostgreSQL: the
   * items' B-tree indexes and foreign keys, built when the generator worker has finished and both
   * cores are free for parallel index builds; before, they shared the cores with the worker making
   * the orders (docs/performance.md, Order search).
   */
  finishLater(): Promise<void>;
  /** Indexes the new items for search, once the generator worker has finished. */
  indexSearch(firstId: number): Promise<void>;
  /** Highest order id so far: the seed numbers its orders from the next one. */
  maxOrderId(): Promise<number>;
  /** Takes its items and orders as COPY text (CopiedItems, CopiedOrders) rather than rows. */
  copiesText: boolean;
  /** Drops the secondary indexes of orders and their lines. */
  prepareOrders(): Promise<void>;
  writeOrders(batch: OrderBatch | CopiedOrders): Promise<void>;
  /** The orders' daily roll-ups, added up by the generator (the organisation has none before). */
  writeRollups(batch: RollupBatch): Promise<void>;
  /**
   * Rebuilds what prepareOrders dropped (indexes, the order counter's triggers), sets the
   * organisation's order counter and fixes the order sequence.
   */
  finishOrders(orgId: number): Promise<void>;
}

type SqliteHandle = NonNullable<Database['sqlite']>;

/**
 * The seed's own settings for one big write on the SQLite connection; answers the function that
 * puts the application's settings (db/database.ts openSqlite) back.
 */
function bulkSettings(raw: SqliteHandle, log: (line: string) => void): () => void {
  const saved = ['journal_mode', 'synchronous', 'cache_size'].map((name) => [name, raw.pragma(name, { simple: true })]);
  // A page cache that holds the whole catalogue: nothing is written before the commit, and every
  // CREATE INDEX sorts in memory in one go. (Sorter threads, `PRAGMA threads`, need smaller sorts
  // that spill to files: measured slower here, docs/performance.md.)
  raw.pragma('cache_size = -1000000');
  // Every reference the seed writes points at a row it has just inserted itself: checking a
  // million rows' seven foreign keys one by one would cost a third of the insert time.
  raw.pragma('foreign_keys = OFF');
  // WAL writes every page twice (into the log, then the checkpoint into the file). A rollback
  // journal saves only the old content of pages that existed before the transaction: the seed
  // mostly appends new pages, so it writes them once, and a failure still rolls back.
  try {
    raw.pragma('journal_mode = DELETE');
  } catch (err) {
    if ((err as { code?: unknown }).code !== 'SQLITE_BUSY') throw err;
    log('  inny proces używa bazy: zapis przez WAL (wolniej)');
  }
  // No fsync of the ~800 MB the seed writes: the system writes them back in its own time. A
  // crash of the machine (not of the process) during the seed can damage the file; a demo
  // database is made again with the same command.
  raw.pragma('synchronous = OFF');
  return () => {
    for (const [name, value] of saved) raw.pragma(`${name} = ${value}`);
    raw.pragma('foreign_keys = ON');
  };
}

/** Replaces the empty search index with the one the generator worker built, table by table. */
function copySearchIndex(raw: SqliteHandle, target: SearchTarget): void {
  raw.prepare(`attach ? as seed_search`).run(target.file);
  // A new table object: the old one may keep the empty index's structure cached.
  raw.exec('drop table items_fts');
  raw.exec(target.ddl);
  // The shadow tables hold the whole index; _config keeps this file's own settings.
  // better-sqlite3 opens connections in defensive mode, where shadow tables are read-only.
  raw.unsafeMode(true);
  try {
    raw.exec(`delete from items_fts_data;
      insert into items_fts_data select * from seed_search.items_fts_data;
      insert into items_fts_idx select * from seed_search.items_fts_idx;
      insert into items_fts_docsize select * from seed_search.items_fts_docsize;`);
  } finally {
    raw.unsafeMode(false);
  }
}

/** The organisation's order counter from its orders (the triggers that keep it are off meanwhile). */
const ORDER_COUNT = `insert into order_counts (org_id, orders) values (?, (select count(*) from orders where org_id = ?))
  on conflict (org_id) do update set orders = excluded.orders`;

/** SQLite: prepared multi-row statements straight on better-sqlite3, inside one transaction. */
function sqliteWriter(
  database: Database,
  log: (line: string) => void,
): BulkWriter & { run<R>(fn: () => Promise<R>): Promise<R> } {
  const raw = database.sqlite;
  if (!raw) throw new Error('SQLite writer needs the better-sqlite3 handle');
  const statement = (table: string, columns: Columns, rows: number) =>
    raw.prepare(
      `insert into ${table} (${columns.map((c) => c[0]).join(', ')}) values ` +
        Array.from({ length: rows }, () => `(${columns.map(() => '?').join(', ')})`).join(', '),
    );
  const cache = new Map<string, ReturnType<typeof statement>>();
  const insert = (table: string, columns: Columns, chunks: Value[][]) => {
    for (const chunk of chunks) {
      const rows = chunk.length / columns.length;
      const key = `${table}:${rows}`;
      let st = cache.get(key);
      if (!st) cache.set(key, (st = statement(table, columns, rows)));
      st.run(chunk);
    }
  };
  let dropped: { type: string; name: string; sql: string }[] = [];
  let droppedOrders: string[] = [];
  let search: { target: SearchTarget; dir: string } | null = null;
  return {
    async run(fn) {
      const restore = bulkSettings(raw, log);
      try {
        raw.exec('begin immediate');
        try {
          const result = await fn();
          raw.exec('commit');
          return result;
        } catch (err) {
          if (raw.inTransaction) raw.exec('rollback');
          throw err;
        }
      } finally {
        if (search) {
          // Attached inside the transaction, detachable only after it.
          if (raw.prepare(`select 1 from pragma_database_list where name = 'seed_search'`).get())
            raw.exec('detach seed_search');
          fs.rmSync(search.dir, { recursive: true, force: true });
        }
        restore();
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
    searchTarget(firstId) {
      // With no items before, the new items' index is the whole index: the worker can build it
      // alone. Otherwise they join the existing index in place (indexSearch).
      if (firstId !== 1) return null;
      const { sql: ddl } = raw.prepare(`select sql from sqlite_master where name = 'items_fts'`).get() as {
        sql: string;
      };
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-seed-'));
      search = { target: { file: path.join(dir, 'search.sqlite'), ddl }, dir };
      return search.target;
    },
    async write(b) {
      if ('kind' in b) throw new Error('the SQLite writer takes item rows, not COPY text');
      insert('items', ITEM_COLUMNS, b.items);
      insert('item_params', PARAM_COLUMNS, b.params);
      insert('item_descs', DESC_COLUMNS, b.descs);
    },
    async finish(firstId, orgId, count) {
      raw.prepare('insert into item_counts (org_id, items) values (?, ?)').run(orgId, count);
      raw.prepare(`insert into warehouse_changes (${LEDGER_COLUMNS}) ${LEDGER_ROWS} ? and count_ware > 0`).run(firstId);
      // Indexes first: the search triggers must not fire for rows indexed for search in one go.
      for (const d of dropped) raw.exec(d.sql);
    },
    async finishLater() {
      // Everything was rebuilt by finish: the worker builds the search index meanwhile.
    },
    async indexSearch(firstId) {
      if (search) {
        copySearchIndex(raw, search.target);
        return;
      }
      raw
        .prepare(
          `insert into items_fts(rowid, code, name, gtin, ext_code)
           select id, code, name, gtin, ext_code from items where id >= ?`,
        )
        .run(firstId);
    },
    async maxOrderId() {
      return (raw.prepare('select coalesce(max(id), 0) as n from orders').get() as { n: number }).n;
    },
    async prepareOrders() {
      const rows = raw
        .prepare(
          `select name, sql from sqlite_master
           where tbl_name in ('orders', 'order_lines') and type = 'index' and sql is not null`,
        )
        .all() as { name: string; sql: string }[];
      droppedOrders = rows.map((row) => row.sql);
      for (const row of rows) raw.exec(`drop index ${row.name}`);
      for (const statement of orderCountTriggers('sqlite').drop) raw.exec(statement);
    },
    copiesText: false,
    async writeOrders(b) {
      if ('kind' in b) throw new Error('the SQLite writer takes order rows, not COPY text');
      insert('orders', ORDER_COLUMNS, b.orders);
      insert('order_lines', LINE_COLUMNS, b.lines);
    },
    async writeRollups(b) {
      insert('order_rollup_days', ROLLUP_DAY_COLUMNS, b.days);
      insert('order_rollup_groups', ROLLUP_GROUP_COLUMNS, b.groups);
    },
    async finishOrders(orgId) {
      for (const def of droppedOrders) raw.exec(def);
      raw.prepare(ORDER_COUNT).run(orgId, orgId);
      for (const statement of orderCountTriggers('sqlite').create) raw.exec(statement);
    },
  };
}

interface ForeignKey {
  tbl: string;
  name: string;
  def: string;
}

/**
 * Drops the foreign keys of `tables` for a bulk insert; answers them for addForeignKeys. Checked row
 * by row they cost more than the inserts (orders: 246 s of 383 s; docs/performance.md); added back,
 * each is one validating join.
 */
async function dropForeignKeys(trx: Transaction<DB>, tables: readonly string[]): Promise<ForeignKey[]> {
  const keys = await sql<ForeignKey>`
    select c.conrelid::regclass::text as tbl, c.conname as name, pg_get_constraintdef(c.oid) as def
    from pg_constraint c
    where c.contype = 'f' and c.conrelid::regclass::text in (${sql.join(tables)})
    order by c.conrelid::regclass::text, c.conname`.execute(trx);
  for (const k of keys.rows) await sql`alter table ${sql.table(k.tbl)} drop constraint ${sql.ref(k.name)}`.execute(trx);
  return keys.rows;
}

/** Adds back what dropForeignKeys dropped, each checked against every row. */
async function addForeignKeys(trx: Transaction<DB>, keys: readonly ForeignKey[]): Promise<void> {
  for (const k of keys)
    await sql`alter table ${sql.table(k.tbl)} add constraint ${sql.ref(k.name)} ${sql.raw(k.def)}`.execute(trx);
}

/**
 * PostgreSQL: `COPY ... FROM STDIN` per batch and table on the transaction's own connection
 * (`client`, the one `trx` runs on), with the foreign keys of the bulk tables dropped and added back
 * at the end. COPY writes rows in multi-row pages and parses plain text; the former
 * `insert ... select from unnest(arrays)` inserted row by row from array literals (docs/performance.md).
 */
function postgresWriter(trx: Transaction<DB>, client: pg.PoolClient): BulkWriter {
  /** The dropped indexes of `item_search` (its trigram indexes), rebuilt by finish. */
  let droppedSearch: string[] = [];
  /** The dropped B-tree indexes of `items` and `warehouse_changes`, rebuilt by finishLater. */
  let dropped: string[] = [];
  let droppedOrders: string[] = [];
  let itemKeys: ForeignKey[] = [];
  let orderKeys: ForeignKey[] = [];
  const copyStatement = (table: string, columns: Columns) =>
    copyFrom(`copy ${table} (${columns.map((c) => c[0]).join(', ')}) from stdin`);
  const insert = async (table: string, columns: Columns, chunks: Value[][]) => {
    if (chunks.length === 0) return;
    await pipeline(Readable.from(copyText(chunks, columns.length)), client.query(copyStatement(table, columns)));
  };
  const insertCopied = async (table: string, columns: Columns, text: Uint8Array) => {
    if (text.length === 0) return;
    await pipeline(Readable.from([text]), client.query(copyStatement(table, columns)));
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
      const r = await sql<{ tablename: string; indexname: string; indexdef: string }>`
        select i.tablename, i.indexname, i.indexdef from pg_indexes i
        where i.tablename in ('items', 'warehouse_changes', 'item_search') and i.schemaname = current_schema()
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(trx);
      droppedSearch = r.rows.filter((row) => row.tablename === 'item_search').map((row) => row.indexdef);
      dropped = r.rows.filter((row) => row.tablename !== 'item_search').map((row) => row.indexdef);
      for (const row of r.rows) await sql`drop index ${sql.ref(row.indexname)}`.execute(trx);
      // The search table (migration 0011) is filled in one statement at the end, not row by row
      // through its triggers, and its key is checked then in one pass.
      for (const statement of itemSearchTriggers().drop) await sql.raw(statement).execute(trx);
      await sql`alter table item_search drop constraint ${sql.ref(ITEM_SEARCH_KEY.name)}`.execute(trx);
      itemKeys = await dropForeignKeys(trx, ['items', 'item_params', 'item_descs', 'warehouse_changes']);
    },
    searchTarget() {
      // The trigram indexes are plain GIN indexes, rebuilt with the others in finish.
      return null;
    },
    async write(b) {
      if ('kind' in b) {
        await insertCopied('items', ITEM_COLUMNS, b.items);
        await insertCopied('item_params', PARAM_COLUMNS, b.params);
        await insertCopied('item_descs', DESC_COLUMNS, b.descs);
        return;
      }
      await insert('items', ITEM_COLUMNS, b.items);
      await insert('item_params', PARAM_COLUMNS, b.params);
      await insert('item_descs', DESC_COLUMNS, b.descs);
    },
    async finish(firstId, orgId, count) {
      await sql`insert into item_counts (org_id, items) values (${orgId}, ${count})`.execute(trx);
      await sql`insert into warehouse_changes (${sql.raw(LEDGER_COLUMNS)})
        ${sql.raw(LEDGER_ROWS)} ${firstId} and count_ware > 0 order by id`.execute(trx);
      await fillItemSearch(firstId).execute(trx);
      // The trigram indexes first: PostgreSQL 15 builds GIN in one process, which leaves the other
      // core to the generator worker making the orders meanwhile.
      for (const def of droppedSearch) await sql.raw(def).execute(trx);
      await sql
        .raw(`alter table item_search add constraint ${ITEM_SEARCH_KEY.name} ${ITEM_SEARCH_KEY.def}`)
        .execute(trx);
      for (const statement of itemSearchTriggers().create) await sql.raw(statement).execute(trx);
      await sql`select setval(pg_get_serial_sequence('items', 'id'), (select max(id) from items))`.execute(trx);
    },
    async finishLater() {
      for (const def of dropped) await sql.raw(def).execute(trx);
      await addForeignKeys(trx, itemKeys);
    },
    async indexSearch() {
      // Built by finish.
    },
    async maxOrderId() {
      await sql`lock table orders in exclusive mode`.execute(trx);
      const r = await sql<{ n: number }>`select coalesce(max(id), 0)::int as n from orders`.execute(trx);
      return r.rows[0]?.n ?? 0;
    },
    async prepareOrders() {
      const r = await sql<{ indexname: string; indexdef: string }>`
        select i.indexname, i.indexdef from pg_indexes i
        where i.tablename in ('orders', 'order_lines') and i.schemaname = current_schema()
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(trx);
      droppedOrders = r.rows.map((row) => row.indexdef);
      for (const row of r.rows) await sql`drop index ${sql.ref(row.indexname)}`.execute(trx);
      for (const statement of orderCountTriggers('postgres').drop) await sql.raw(statement).execute(trx);
      orderKeys = await dropForeignKeys(trx, ['orders', 'order_lines', 'order_rollup_days', 'order_rollup_groups']);
    },
    copiesText: true,
    async writeOrders(b) {
      if ('kind' in b) {
        await insertCopied('orders', ORDER_COLUMNS, b.orders);
        await insertCopied('order_lines', LINE_COLUMNS, b.lines);
        return;
      }
      await insert('orders', ORDER_COLUMNS, b.orders);
      await insert('order_lines', LINE_COLUMNS, b.lines);
    },
    async writeRollups(b) {
      await insert('order_rollup_days', ROLLUP_DAY_COLUMNS, b.days);
      await insert('order_rollup_groups', ROLLUP_GROUP_COLUMNS, b.groups);
    },
    async finishOrders(orgId) {
      for (const def of droppedOrders) await sql.raw(def).execute(trx);
      await addForeignKeys(trx, orderKeys);
      await sql`insert into order_counts (org_id, orders)
        values (${orgId}, (select count(*) from orders where org_id = ${orgId}))
        on conflict (org_id) do update set orders = excluded.orders`.execute(trx);
      for (const statement of orderCountTriggers('postgres').create) await sql.raw(statement).execute(trx);
      await sql`select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`.execute(trx);
    },
  };
}

/**
 * A Kysely over one checked-out connection, so that the seed's transaction and its COPY streams run
 * on the same connection. Releasing is the caller's.
 */
function onOneConnection(client: pg.PoolClient): Kysely<DB> {
  const pool = {
    connect: async () => ({ query: client.query.bind(client), release: () => undefined }),
    end: async () => undefined,
  };
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
}

/**
 * The orders step: the generator worker's order batches written with the orders' indexes dropped
 * and rebuilt at the end. Seeded lines link to seeded items without ledger rows: they stand for
 * past sales the items' stock already reflects (docs/decisions.md, Order search). The daily
 * roll-ups the summaries read (docs/decisions.md, Summaries) come added up from the generator,
 * which made every order (db/order-rollups.ts RollupTotals: the rebuild's rules in JavaScript), and
 * are written in the same transaction: a failed seed leaves no orders without their roll-ups. Reading
 * 3.3 million rows back to add them up in SQL took 10 s (docs/performance.md, Order search).
 */
async function seedOrders(
  writer: BulkWriter,
  generator: ItemGenerator,
  count: number,
  batch: number,
  orgId: number,
  log: (line: string) => void,
  phase: (name: string) => void,
): Promise<void> {
  await writer.prepareOrders();
  for (let done = 0; done < count; done += batch) {
    await writer.writeOrders(await generator.nextOrders());
    if (Math.floor((done + batch) / 200_000) > Math.floor(done / 200_000)) log(`  ${done + batch} zamówień...`);
  }
  phase('zamówienia');
  await writer.writeRollups(await generator.rollups());
  phase('podsumowania dzienne');
  await writer.finishLater();
  phase('indeksy towarów');
  await writer.finishOrders(orgId);
  phase('indeksy zamówień');
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
    { deps, db, ip: 'cli', locale: 'pl', log: consoleLog },
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
  try {
    const orders = opts.orders ?? 0;
    const [refs, orderRefs] = await db.transaction().execute(async (trx) => {
      const tdb = new TenantDb(trx, orgId);
      return [await seedReferences(tdb), await seedOrderReferences(tdb, login)] as const;
    });
    phase('organizacja i słowniki');
    const writeItems = async (writer: BulkWriter, generator: ItemGenerator) => {
      for (let done = 0; done < opts.items; done += BATCH) {
        await writer.write(await generator.next());
        if ((done / BATCH) % 20 === 19) log(`  ${done + BATCH} towarów...`);
      }
    };
    const fill = async (writer: BulkWriter) => {
      const firstId = (await writer.maxItemId()) + 1;
      const firstOrderId = orders > 0 ? (await writer.maxOrderId()) + 1 : 0;
      const orderBatch = writer.copiesText ? BATCH : ORDER_ROWS_BATCH;
      await writer.prepare();
      // The worker generates the rows (and on SQLite their search index) while this thread writes.
      const generator = startGenerator({
        seed: opts.seed ?? DEMO_SEED,
        orgId,
        refs,
        firstId,
        count: opts.items,
        batch: BATCH,
        ahead: GENERATOR_AHEAD,
        itemsAsCopyText: writer.copiesText,
        search: writer.searchTarget(firstId),
        orders:
          orders > 0
            ? {
                count: orders,
                firstId: firstOrderId,
                refs: orderRefs,
                batch: orderBatch,
                ahead: writer.copiesText ? COPY_AHEAD : ROWS_AHEAD,
                copyText: writer.copiesText,
              }
            : null,
      });
      try {
        await writeItems(writer, generator);
        phase('towary i zmiany magazynowe');
        await writer.finish(firstId, orgId, opts.items);
        await generator.itemsDone();
        await writer.indexSearch(firstId);
        phase('indeksy i wyszukiwanie');
        if (orders > 0) {
          await seedOrders(writer, generator, orders, orderBatch, orgId, log, phase);
        } else {
          await writer.finishLater();
          phase('indeksy towarów');
        }
        await generator.finished();
      } finally {
        await generator.stop();
      }
    };
    if (database.engine === 'sqlite') {
      const writer = sqliteWriter(database, log);
      await writer.run(() => fill(writer));
      // Planner statistics for the new data distribution (docs/performance.md). Unsampled: an
      // index that leads with org_id sampled over its first rows describes one organisation only.
      database.sqlite?.exec('analyze; pragma optimize;');
    } else {
      const pool = database.pgPool;
      if (!pool) throw new Error('PostgreSQL writer needs the node-postgres pool');
      const client = await pool.connect();
      try {
        const one = onOneConnection(client);
        await one.transaction().execute((trx) => fill(postgresWriter(trx, client)));
        await one.destroy();
      } finally {
        client.release();
      }
      // VACUUM also marks the new pages all-visible, which index-only scans (the counts) need; the
      // order counts are index-only scans too.
      const vacuumed = orders > 0 ? ['items', 'item_search', 'orders', 'order_lines'] : ['items', 'item_search'];
      await sql`vacuum analyze ${sql.join(vacuumed.map((t) => sql.table(t)))}`.execute(db);
      // Every other table too (the ledger, the trees the search walks, parameters): a server
      // without autovacuum would otherwise plan the subtree lookups without statistics. Not the
      // vacuumed ones again (a plain ANALYZE read them a second time).
      const others = await sql<{ name: string }>`select tablename as name from pg_tables
        where schemaname = current_schema() and tablename not in (${sql.join(vacuumed)})`.execute(db);
      await sql`analyze ${sql.join(others.rows.map((t) => sql.table(t.name)))}`.execute(db);
    }
    phase('statystyki (ANALYZE)');
  } catch (err) {
    // Leave no half-seeded organisation behind: the prefix stays free for a second try.
    await db.deleteFrom('organizations').where('id', '=', orgId).execute();
    throw err;
  }
  return {
    orgId,
    login,
    items: opts.items,
    orders: opts.orders ?? 0,
    phases,
    totalMs: Math.round(performance.now() - t0),
  };
}
