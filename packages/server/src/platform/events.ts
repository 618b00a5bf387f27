import type { DomainEventName, DomainEventPayload, DomainEventPayloads } from '@zaplecze/contract';
import type { TenantDb } from '../db/tenant';

/**
 * Domain events of the core (docs/ARCHITECTURE.md, Events; the catalogue is the contract's
 * events.ts). A write path emits inside its transaction; every emit of one event in one
 * transaction is gathered into ONE bulk event (a mass edit of 500 items is one `items.saved`),
 * which goes out just before the commit:
 * - to the in-transaction subscribers (`inTransaction`): they write in the emitting transaction
 *   (the plugins' durable subscriptions enqueue their jobs there), so their work commits or rolls
 *   back with the change; a throw there rolls the write back. An event no one subscribes to in
 *   the transaction costs no query.
 * - to the in-process subscribers (`on`), once the transaction has committed (never after a
 *   rollback); a failing one is reported and never undoes or fails the change.
 */
export type { DomainEventName, DomainEventPayload } from '@zaplecze/contract';
/** What an in-process subscriber receives: the payload and the organisation. */
export type DomainEvents = { [K in DomainEventName]: DomainEventPayloads[K] & { orgId: number } };
export type EventHandler<K extends DomainEventName> = (payload: DomainEvents[K]) => void | Promise<void>;
export type InTransactionHandler<K extends DomainEventName> = (
  tdb: TenantDb,
  payload: DomainEventPayload<K>,
) => Promise<void>;

type AnyHandler = (payload: never) => void | Promise<void>;
type AnyTxHandler = (tdb: TenantDb, payload: never) => Promise<void>;
type Gathered = Map<DomainEventName, unknown[]>;

type Payloads<K extends DomainEventName> = readonly DomainEventPayloads[K][];
const ids = (list: readonly (readonly number[])[]) => [...new Set(list.flat())];
/** Keeps the first of each key, in order; `merge` folds a later one into it. */
function byKey<T, Key>(list: readonly T[], key: (x: T) => Key, merge: (kept: T, x: T) => T = (kept) => kept): T[] {
  const out = new Map<Key, T>();
  for (const x of list) {
    const kept = out.get(key(x));
    out.set(key(x), kept === undefined ? { ...x } : merge(kept, x));
  }
  return [...out.values()];
}

/**
 * How the emits of one event in one transaction become its one payload (in a single pass, so a
 * mass edit that emits per row stays linear). Also drops what says nothing happened: a status set
 * to the one it had, a stock change that nets to zero.
 */
const MERGE: { [K in DomainEventName]: (list: Payloads<K>) => DomainEventPayloads[K] } = {
  'items.saved': (l) => ({ itemIds: ids(l.map((p) => p.itemIds)), createdIds: ids(l.map((p) => p.createdIds)) }),
  'items.deleted': (l) => {
    const rows = byKey(
      l.flatMap((p) => p.itemIds.map((id, i) => ({ id, code: p.codes[i] ?? '' }))),
      (r) => r.id,
    );
    return { itemIds: rows.map((r) => r.id), codes: rows.map((r) => r.code) };
  },
  'stock.changed': (l) => ({
    items: byKey(
      l.flatMap((p) => p.items),
      (x) => x.itemId,
      (kept, x) => ({ itemId: x.itemId, delta: kept.delta + x.delta, qty: x.qty }),
    ).filter((x) => x.delta !== 0),
  }),
  'orders.saved': (l) => ({ orderIds: ids(l.map((p) => p.orderIds)), createdIds: ids(l.map((p) => p.createdIds)) }),
  'orders.deleted': (l) => ({ orderIds: ids(l.map((p) => p.orderIds)) }),
  'order.status_changed': (l) => ({
    orders: byKey(
      l.flatMap((p) => p.orders),
      (x) => x.orderId,
      (kept, x) => ({ ...kept, to: x.to }),
    ).filter((x) => x.from !== x.to),
  }),
  'order.dispatched': (l) => ({ dispatches: l.flatMap((p) => p.dispatches) }),
  'shipment.state_changed': (l) => ({
    shipments: byKey(
      l.flatMap((p) => p.shipments),
      (x) => x.orderId,
      (_, x) => x,
    ),
  }),
  'invoice.issued': (l) => ({ invoices: l.flatMap((p) => p.invoices) }),
  'receipt.issued': (l) => ({ receipts: l.flatMap((p) => p.receipts) }),
};

const isEmpty = (payload: object) => Object.values(payload).every((v) => Array.isArray(v) && v.length === 0);

export class EventBus {
  private readonly handlers = new Map<DomainEventName, AnyHandler[]>();
  private readonly txHandlers = new Map<DomainEventName, AnyTxHandler[]>();

  /** `onError` receives a subscriber's failure (the server logs it). */
  constructor(private readonly onError: (err: unknown, event: DomainEventName) => void = () => undefined) {}

  /** Subscribes in this process, after commit; the returned function unsubscribes. */
  on<K extends DomainEventName>(name: K, handler: EventHandler<K>): () => void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as AnyHandler);
    this.handlers.set(name, list);
    return () => {
      const current = this.handlers.get(name) ?? [];
      this.handlers.set(
        name,
        current.filter((h) => h !== handler),
      );
    };
  }

  /**
   * Subscribes inside the emitting transaction (just before its commit): `handler` writes through
   * the transaction's `tdb`, and a throw rolls the write back. For durable work (enqueue a job).
   */
  inTransaction<K extends DomainEventName>(name: K, handler: InTransactionHandler<K>): void {
    this.txHandlers.set(name, [...(this.txHandlers.get(name) ?? []), handler as AnyTxHandler]);
  }

  /** Whether anything subscribes to `name` inside transactions. */
  hasInTransaction(name: DomainEventName): boolean {
    return (this.txHandlers.get(name)?.length ?? 0) > 0;
  }

  /** Runs every in-process subscriber of `name` in order; failures go to `onError`, never to the caller. */
  async dispatch<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<void> {
    for (const handler of this.handlers.get(name) ?? []) {
      try {
        await (handler as EventHandler<K>)(payload);
      } catch (err) {
        this.onError(err, name);
      }
    }
  }

  /**
   * Emits `name` for the write of `tdb`, which must run in a transaction `TenantDb.transaction()`
   * began: the emits of one event in that transaction are merged into one payload, handed to the
   * in-transaction subscribers just before the commit and to the in-process ones after it.
   */
  emit<K extends DomainEventName>(tdb: TenantDb, name: K, payload: DomainEventPayload<K>): void {
    const gathered = tdb.transactionShared<Gathered>(this, () => new Map());
    if (!gathered) throw new Error(`event ${name} emitted outside a transaction`);
    // Nobody listens: nothing to gather (an event no plugin subscribes to costs next to nothing).
    if (!this.hasInTransaction(name) && (this.handlers.get(name)?.length ?? 0) === 0) return;
    const kept = gathered.get(name);
    if (kept !== undefined) {
      kept.push(payload);
      return;
    }
    gathered.set(name, [payload]);
    tdb.beforeCommit(async () => {
      const merged = MERGE[name](gathered.get(name) as Payloads<K>);
      // A later emit (by a subscriber) starts a new event.
      gathered.delete(name);
      if (isEmpty(merged)) return;
      for (const handler of this.txHandlers.get(name) ?? []) await (handler as InTransactionHandler<K>)(tdb, merged);
      if ((this.handlers.get(name)?.length ?? 0) > 0)
        tdb.afterCommit(() => void this.dispatch(name, { ...merged, orgId: tdb.orgId } as DomainEvents[K]));
    });
  }
}
