import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import {
  chunkBatch,
  DESC_COLUMNS,
  ITEM_COLUMNS,
  ItemFactory,
  mulberry32,
  PARAM_COLUMNS,
  Random,
  type Row,
  type Value,
} from './demo-items';
import { copyText } from './demo-copy';
import { LINE_COLUMNS, ORDER_COLUMNS, OrderFactory, type PoolItem } from './demo-orders';
import type { GeneratorInput, GeneratorMessage } from './demo-generator';

/**
 * The demo seed's second thread (demo-generator.ts starts it): generates the batches of items the
 * main thread writes and, when asked, builds their trigram search index in a file of its own at the
 * same time, so that CPU work runs beside the main thread's inserts and index builds.
 */

/**
 * FTS5 keeps this much tokenized text in memory before it writes a segment. The default (1 MiB)
 * writes hundreds of small segments for a million items and spends a third of the build merging
 * them; 64 MiB writes a few big ones (docs/performance.md). Set in the worker's file only: the
 * application's own index keeps the default.
 */
const SEARCH_HASH_BYTES = 64 * 1024 * 1024;
/** The searched columns, in the order of the search index's columns. */
const SEARCH_COLUMNS = ['id', 'code', 'name', 'gtin', 'ext_code'].map((name) =>
  ITEM_COLUMNS.findIndex(([column]) => column === name),
);

/** The searched values of a batch's items, flat: only they wait for the search index, not whole rows. */
function searchValues(items: Row[]): Value[] {
  const values: Value[] = [];
  for (const row of items) for (const c of SEARCH_COLUMNS) values.push(row[c] ?? null);
  return values;
}

interface SearchIndex {
  add(values: Value[]): void;
  close(): void;
}

/** An FTS5 table made from `ddl` (the application's definition) in `file`, filled in one transaction. */
function openSearchIndex(file: string, ddl: string, hashBytes: number): SearchIndex {
  const db = new SQLite(file);
  // A scratch file the main thread copies and deletes: nothing to recover after a crash.
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.exec(ddl);
  db.exec(`insert into items_fts(items_fts, rank) values ('hashsize', ${hashBytes})`);
  db.exec('begin');
  const insert = db.prepare('insert into items_fts(rowid, code, name, gtin, ext_code) values (?, ?, ?, ?, ?)');
  return {
    add(values) {
      for (let i = 0; i < values.length; i += SEARCH_COLUMNS.length) {
        insert.run(values.slice(i, i + SEARCH_COLUMNS.length));
      }
    },
    close() {
      // One segment instead of the several big ones the flushes wrote: FTS5 merges segments of a
      // level together, and new items' small segments would otherwise be merged into these
      // hundreds of MB, a few pages each commit (docs/decisions.md, "A seeded search index is
      // optimised"). Writes after such a seed were ten times slower until that merge ended.
      db.exec(`insert into items_fts(items_fts) values ('optimize')`);
      db.exec('commit');
      db.close();
    },
  };
}

/**
 * Waits until the writer is fewer than `ahead` batches behind batch `n` (bounded memory), indexing
 * the batches already handed over for search meanwhile, so the time the writer needs is not lost.
 */
function waitForWriter(taken: Int32Array, n: number, ahead: number, pending: Value[][], search: SearchIndex | null) {
  for (let seen = Atomics.load(taken, 0); n - seen >= ahead; seen = Atomics.load(taken, 0)) {
    const values = search && pending.shift();
    if (values) search.add(values);
    else Atomics.wait(taken, 0, seen);
  }
}

/**
 * Rows in COPY text, UTF-8, gathered piece by piece and joined into a buffer of their own
 * (transferable). Text made per chunk and encoded per chunk: joining the texts of a batch first
 * cost a third more CPU (docs/performance.md).
 */
class CopyBytes {
  private readonly parts: Buffer[] = [];
  private size = 0;

  add(chunks: Value[][], width: number): void {
    for (const text of copyText(chunks, width)) {
      const part = Buffer.from(text);
      this.parts.push(part);
      this.size += part.length;
    }
  }

  bytes(): Uint8Array {
    const bytes = new Uint8Array(this.size);
    let at = 0;
    for (const part of this.parts) {
      bytes.set(part, at);
      at += part.length;
    }
    return bytes;
  }
}

/** Chunks of rows as COPY text in a buffer of its own (transferable). */
function copyBytes(chunks: Value[][], width: number): Uint8Array {
  const bytes = new CopyBytes();
  bytes.add(chunks, width);
  return bytes.bytes();
}

/**
 * Orders made and turned into text this many at a time: a batch of 10,000 orders held as values
 * until its text was made survived every young-generation collection meanwhile, and copying it
 * took a third of the worker's time (docs/performance.md, Order search). The orders come out the
 * same: the factory makes them one after another whatever the size of the call.
 */
const ORDERS_PER_TEXT = 500;

/** At most this many items for order lines to name: a sample across the whole catalogue. */
const POOL_MAX = 20_000;
const POOL_COLUMNS = ['id', 'code', 'name', 'price', 'vat', 'item_group_id'].map((name) =>
  ITEM_COLUMNS.findIndex(([column]) => column === name),
);

function run(input: GeneratorInput): void {
  const port = parentPort;
  if (!port) throw new Error('demo-generator.worker.ts runs as a worker thread only');
  const taken = new Int32Array(input.taken);
  const search =
    input.search && openSearchIndex(input.search.file, input.search.ddl, input.searchHashBytes ?? SEARCH_HASH_BYTES);
  /** Batches handed over but not yet indexed for search. */
  const pending: Value[][] = [];
  const random = new Random(mulberry32(input.seed));
  const factory = new ItemFactory(random, input.orgId, input.refs);
  const pool: PoolItem[] = [];
  const every = Math.max(1, Math.ceil(input.count / POOL_MAX));
  let n = 0;
  for (let done = 0; done < input.count; n++, done += input.batch) {
    const batch = factory.batch(input.firstId + done, Math.min(input.batch, input.count - done));
    const chunks = chunkBatch(batch);
    // PostgreSQL: COPY text, made before waiting for the writer and handed over, not copied.
    const copied = input.itemsAsCopyText
      ? ({
          kind: 'copied',
          items: copyBytes(chunks.items, ITEM_COLUMNS.length),
          params: copyBytes(chunks.params, PARAM_COLUMNS.length),
          descs: copyBytes(chunks.descs, DESC_COLUMNS.length),
        } as const)
      : null;
    waitForWriter(taken, n, input.ahead, pending, search);
    if (copied)
      port.postMessage({ type: 'batch', batch: copied } satisfies GeneratorMessage, [
        copied.items.buffer as ArrayBuffer,
        copied.params.buffer as ArrayBuffer,
        copied.descs.buffer as ArrayBuffer,
      ]);
    else port.postMessage({ type: 'batch', batch: chunks } satisfies GeneratorMessage);
    if (search) pending.push(searchValues(batch.items));
    if (input.orders)
      for (let i = 0; i < batch.items.length; i += every) {
        const row = batch.items[i] ?? [];
        pool.push(POOL_COLUMNS.map((c) => row[c] ?? null) as PoolItem);
      }
  }
  if (search) {
    for (const values of pending) search.add(values);
    search.close();
  }
  port.postMessage({ type: 'itemsDone' } satisfies GeneratorMessage);
  const orders = input.orders;
  if (orders) {
    const make = new OrderFactory(random, input.orgId, orders.refs, pool, orders.firstId, orders.count);
    // PostgreSQL: the rows come as COPY text, far ahead of the writer, so that they are made while
    // the writer's connection builds the items' indexes (docs/performance.md, Test data).
    for (let done = 0; done < orders.count; n++, done += orders.batch) {
      const size = Math.min(orders.batch, orders.count - done);
      if (!orders.copyText) {
        const batch = make.batch(orders.firstId + done, size);
        waitForWriter(taken, n, orders.ahead, [], null);
        port.postMessage({ type: 'orders', batch } satisfies GeneratorMessage);
        continue;
      }
      const orderBytes = new CopyBytes();
      const lineBytes = new CopyBytes();
      for (let i = 0; i < size; i += ORDERS_PER_TEXT) {
        const part = make.batch(orders.firstId + done + i, Math.min(ORDERS_PER_TEXT, size - i));
        orderBytes.add(part.orders, ORDER_COLUMNS.length);
        lineBytes.add(part.lines, LINE_COLUMNS.length);
      }
      waitForWriter(taken, n, orders.ahead, [], null);
      const copied = { kind: 'copied', orders: orderBytes.bytes(), lines: lineBytes.bytes() } as const;
      // Handed over, not copied: the buffers are the worker's no more (CopyBytes makes each over
      // an ArrayBuffer of its own, never a shared one).
      port.postMessage({ type: 'orders', batch: copied } satisfies GeneratorMessage, [
        copied.orders.buffer as ArrayBuffer,
        copied.lines.buffer as ArrayBuffer,
      ]);
    }
    port.postMessage({ type: 'rollups', batch: make.rollups() } satisfies GeneratorMessage);
  }
  port.postMessage({ type: 'done' } satisfies GeneratorMessage);
}

run(workerData as GeneratorInput);
