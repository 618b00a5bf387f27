import { Worker } from 'node:worker_threads';
import type { ChunkedBatch, Refs } from './demo-items';
import type { OrderBatch, OrderRefs, RollupBatch } from './demo-orders';

/**
 * The main thread's side of the generator worker (demo-generator.worker.ts): the demo seed takes
 * the batches in order while the worker makes the next ones and, on SQLite, builds their search
 * index beside the main thread's work.
 */

export interface GeneratorInput {
  seed: number;
  orgId: number;
  refs: Refs;
  firstId: number;
  count: number;
  /** Items per batch. */
  batch: number;
  /** How many batches the worker may run ahead of the writer. */
  ahead: number;
  /** Int32 counter of the batches the writer has taken (the worker waits on it). */
  taken: SharedArrayBuffer;
  /**
   * Hand the items over as COPY text (CopiedItems, PostgreSQL) rather than as rows: made here and
   * transferred, instead of cloned as values into the main thread and made into text there.
   */
  itemsAsCopyText: boolean;
  /** Build the new items' FTS5 index into `file` with the table definition `ddl`; null: no index. */
  search: { file: string; ddl: string } | null;
  /** The search index builder's hash size in bytes (FTS5 'hashsize'); default 64 MB. */
  searchHashBytes?: number;
  /**
   * Orders to make after the items (lines pick from a sample of them), numbered from `firstId`, in
   * batches of `batch` at most `ahead` batches ahead of the writer; with `copyText`, each batch comes
   * as COPY text (CopiedOrders), otherwise as rows.
   */
  orders: { count: number; firstId: number; refs: OrderRefs; batch: number; ahead: number; copyText: boolean } | null;
}

/** A batch of items in PostgreSQL's COPY text format, UTF-8, one buffer per table. */
export interface CopiedItems {
  kind: 'copied';
  items: Uint8Array;
  params: Uint8Array;
  descs: Uint8Array;
}

/** A batch of orders in PostgreSQL's COPY text format, UTF-8, one buffer per table. */
export interface CopiedOrders {
  kind: 'copied';
  orders: Uint8Array;
  lines: Uint8Array;
}

export type GeneratorMessage =
  | { type: 'batch'; batch: ChunkedBatch | CopiedItems }
  | { type: 'itemsDone' }
  | { type: 'orders'; batch: OrderBatch | CopiedOrders }
  | { type: 'rollups'; batch: RollupBatch }
  | { type: 'done' };

export interface ItemGenerator {
  /** The next batch, in id order. */
  next(): Promise<ChunkedBatch | CopiedItems>;
  /** Resolves once the worker has generated every item and closed its search index file. */
  itemsDone(): Promise<void>;
  /** The next batch of orders (after itemsDone), in number order. */
  nextOrders(): Promise<OrderBatch | CopiedOrders>;
  /** The daily roll-ups of every order (after the last nextOrders). */
  rollups(): Promise<RollupBatch>;
  /** Resolves once the worker has generated everything. */
  finished(): Promise<void>;
  /** Ends the worker early (after a failure elsewhere). */
  stop(): Promise<void>;
}

/** Messages in arrival order, handed to whoever waits; a failure of the worker rejects every wait. */
class Inbox {
  private readonly messages: GeneratorMessage[] = [];
  private readonly waiting: { resolve(m: GeneratorMessage): void; reject(e: Error): void }[] = [];
  private failure: Error | undefined;

  push(message: GeneratorMessage): void {
    const waiter = this.waiting.shift();
    if (waiter) waiter.resolve(message);
    else this.messages.push(message);
  }

  fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiting.splice(0)) waiter.reject(error);
  }

  take(): Promise<GeneratorMessage> {
    const message = this.messages.shift();
    if (message) return Promise.resolve(message);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }
}

export function startGenerator(input: Omit<GeneratorInput, 'taken'>): ItemGenerator {
  const taken = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const counter = new Int32Array(taken);
  // From the sources (tsx) the boot file registers tsx in the thread; the compiled server
  // (scripts/build-server.mjs) has the worker as an entry of its own beside this module.
  const entry = import.meta.url.endsWith('.ts') ? './demo-generator.boot.mjs' : './demo-generator.worker.mjs';
  const worker = new Worker(new URL(entry, import.meta.url), {
    workerData: { ...input, taken } satisfies GeneratorInput,
  });
  const inbox = new Inbox();
  worker.on('message', (m: GeneratorMessage) => inbox.push(m));
  worker.on('error', (err) => inbox.fail(err));
  worker.on('exit', (code) => inbox.fail(new Error(`the demo generator worker stopped (exit code ${code})`)));
  /** One more batch taken: the worker may make the next. */
  const took = () => {
    Atomics.add(counter, 0, 1);
    Atomics.notify(counter, 0);
  };
  const expect = async <T extends GeneratorMessage['type']>(type: T) => {
    const message = await inbox.take();
    if (message.type !== type) throw new Error(`the demo generator sent "${message.type}", expected "${type}"`);
    return message as Extract<GeneratorMessage, { type: T }>;
  };
  return {
    async next() {
      const { batch } = await expect('batch');
      took();
      return batch;
    },
    async itemsDone() {
      await expect('itemsDone');
    },
    async nextOrders() {
      const { batch } = await expect('orders');
      took();
      return batch;
    },
    async rollups() {
      return (await expect('rollups')).batch;
    },
    async finished() {
      await expect('done');
    },
    async stop() {
      await worker.terminate();
    },
  };
}
