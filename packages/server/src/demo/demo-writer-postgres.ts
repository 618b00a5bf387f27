import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DB } from '../db/schema';
import { orderCountTriggers } from '../db/migrations/0007_orders_search';
import { fillItemSearch, ITEM_SEARCH_KEY, itemSearchTriggers } from '../db/migrations/0011_item_search';
import { itemIndexLogTriggers } from '../db/migrations/0023_item_index_log';
import { copyText } from './demo-copy';
import { DESC_COLUMNS, ITEM_COLUMNS, PARAM_COLUMNS, type Columns, type Value } from './demo-items';
import { LINE_COLUMNS, ORDER_COLUMNS, ROLLUP_DAY_COLUMNS, ROLLUP_GROUP_COLUMNS } from './demo-orders';

import { LEDGER_COLUMNS, LEDGER_ROWS, type BulkWriter } from './demo-writer';

/**
 * The demo seed's PostgreSQL writer: COPY streams on one checked-out connection in one
 * transaction, indexes and foreign keys dropped and rebuilt around the bulk write.
 */
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
export async function dropForeignKeys(trx: Transaction<DB>, tables: readonly string[]): Promise<ForeignKey[]> {
  const keys = await sql<ForeignKey>`
    select c.conrelid::regclass::text as tbl, c.conname as name, pg_get_constraintdef(c.oid) as def
    from pg_constraint c
    where c.contype = 'f' and c.conrelid::regclass::text in (${sql.join(tables)})
    order by c.conrelid::regclass::text, c.conname`.execute(trx);
  for (const k of keys.rows) await sql`alter table ${sql.table(k.tbl)} drop constraint ${sql.ref(k.name)}`.execute(trx);
  return keys.rows;
}

/** Adds back what dropForeignKeys dropped, each checked against every row. */
export async function addForeignKeys(trx: Transaction<DB>, keys: readonly ForeignKey[]): Promise<void> {
  for (const k of keys)
    await sql`alter table ${sql.table(k.tbl)} add constraint ${sql.ref(k.name)} ${sql.raw(k.def)}`.execute(trx);
}

/**
 * PostgreSQL: `COPY ... FROM STDIN` per batch and table on the transaction's own connection
 * (`client`, the one `trx` runs on), with the foreign keys of the bulk tables dropped and added back
 * at the end. COPY writes rows in multi-row pages and parses plain text; the former
 * `insert ... select from unnest(arrays)` inserted row by row from array literals (docs/performance.md).
 */
export function postgresWriter(trx: Transaction<DB>, client: pg.PoolClient): BulkWriter {
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
      // A million rows in the filter index's log would be read by nobody: one reload is logged instead.
      for (const statement of itemIndexLogTriggers().drop) await sql.raw(statement).execute(trx);
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
      for (const statement of itemIndexLogTriggers().create) await sql.raw(statement).execute(trx);
      await sql`insert into item_index_log (org_id, item_id) values (${orgId}, 0)`.execute(trx);
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
export function onOneConnection(client: pg.PoolClient): Kysely<DB> {
  const pool = {
    connect: async () => ({ query: client.query.bind(client), release: () => undefined }),
    end: async () => undefined,
  };
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
}
