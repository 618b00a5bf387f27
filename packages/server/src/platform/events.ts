import type { TenantDb } from '../db/tenant';

/**
 * Domain events of the core (docs/ARCHITECTURE.md, events.ts): what happened, after it was committed. Plugins and
 * other modules subscribe; a failing subscriber is reported and never undoes or fails the change.
 */
export interface DomainEvents {
  'item.saved': { orgId: number; itemId: number; created: boolean };
  'item.deleted': { orgId: number; itemId: number; code: string };
  'order.saved': { orgId: number; orderId: number; created: boolean };
  'order.deleted': { orgId: number; orderId: number };
  'stock.changed': { orgId: number; itemId: number; changeId: number; qtyBefore: number; qtyAfter: number };
}
export type DomainEventName = keyof DomainEvents;
export type EventHandler<K extends DomainEventName> = (payload: DomainEvents[K]) => void | Promise<void>;

type AnyHandler = (payload: never) => void | Promise<void>;

export class EventBus {
  private readonly handlers = new Map<DomainEventName, AnyHandler[]>();

  /** `onError` receives a subscriber's failure (the server logs it). */
  constructor(private readonly onError: (err: unknown, event: DomainEventName) => void = () => undefined) {}

  /** Subscribes; the returned function unsubscribes. */
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

  /** Runs every subscriber of `name` in order; failures go to `onError`, never to the caller. */
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
   * Dispatches once the transaction of `tdb` has committed (at once outside a transaction): a
   * subscriber never sees a change that was rolled back.
   */
  emitAfterCommit<K extends DomainEventName>(tdb: TenantDb, name: K, payload: DomainEvents[K]): void {
    tdb.afterCommit(() => void this.dispatch(name, payload));
  }
}
