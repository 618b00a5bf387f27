import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../db/database';
import { orderCountTriggers } from '../db/migrations/0007_orders_search';
import { DESC_COLUMNS, ITEM_COLUMNS, PARAM_COLUMNS, type Columns, type Value } from './demo-items';
import { LINE_COLUMNS, ORDER_COLUMNS, ROLLUP_DAY_COLUMNS, ROLLUP_GROUP_COLUMNS } from './demo-orders';

import { LEDGER_COLUMNS, LEDGER_ROWS, type BulkWriter, type SearchTarget } from './demo-writer';

/**
 * The demo seed's SQLite writer: prepared multi-row statements on better-sqlite3 in one
 * transaction, the items' search index built by the generator worker in a scratch file.
 */
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
export function sqliteWriter(
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
      // The filter index's log was off with the triggers: running servers reload (migration 0023).
      raw.prepare('insert into item_index_log (org_id, item_id) values (?, 0)').run(orgId);
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
      // As the generator worker does for a new index (demo-generator.worker.ts).
      raw.exec(`insert into items_fts(items_fts) values ('optimize')`);
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
