import { z } from 'zod';

/**
 * THE catalogue of the core's domain events (docs/plugins.md, Events and subscriptions): what
 * happened to an organisation's data, one bulk event per write (a request, a mass edit, a reader's
 * scan), never one per row. The server emits them inside the write's transaction; a plugin
 * subscribes by name and its job receives the payload below (the organisation is the job's).
 */
const ids = z.array(z.number().int().positive());

export const domainEventSchemas = {
  /** Items created or edited (a form, a copy, a mass edit, generated variants, attributes, a reader). */
  'items.saved': z.object({
    /** Every item saved, the created ones included. */
    itemIds: ids,
    /** The items that did not exist before this write. */
    createdIds: ids,
  }),
  /** Items deleted (one or a mass delete); `codes` are theirs, in the order of `itemIds`. */
  'items.deleted': z.object({ itemIds: ids, codes: z.array(z.string()) }),
  /** Stock levels moved (the ledger): per item the net change of this write and the level after it. */
  'stock.changed': z.object({
    items: z.array(z.object({ itemId: z.number().int().positive(), delta: z.number(), qty: z.number() })),
  }),
  /** Orders created or edited (a form, a copy, a division, a mass edit, a patch, a reader). */
  'orders.saved': z.object({ orderIds: ids, createdIds: ids }),
  /** Orders deleted. */
  'orders.deleted': z.object({ orderIds: ids }),
  /** Orders whose status changed: per order the status before (null: none) and after. */
  'order.status_changed': z.object({
    orders: z.array(
      z.object({ orderId: z.number().int().positive(), from: z.number().int().nullable(), to: z.number().int() }),
    ),
  }),
  /** Waybills created for orders: the carrier's code and the waybill's number. */
  'order.dispatched': z.object({
    dispatches: z.array(z.object({ orderId: z.number().int().positive(), carrier: z.string(), waybill: z.string() })),
  }),
  /**
   * Shipments whose state the carrier reported changed (the core's state schedule): the order,
   * the carrier's code, the waybill and the new state (IN_TRANSIT, DELIVERED, RETURNED, CANCELLED...).
   */
  'shipment.state_changed': z.object({
    shipments: z.array(
      z.object({ orderId: z.number().int().positive(), carrier: z.string(), waybill: z.string(), state: z.string() }),
    ),
  }),
  /** Invoices issued (a corrective invoice included): its id, number and order (null: none). */
  'invoice.issued': z.object({
    invoices: z.array(
      z.object({
        invoiceId: z.number().int().positive(),
        number: z.string(),
        orderId: z.number().int().positive().nullable(),
      }),
    ),
  }),
  /** Receipts issued for stationary orders (docs/decisions.md, Documents: receipts): id, number, order. */
  'receipt.issued': z.object({
    receipts: z.array(
      z.object({
        receiptId: z.number().int().positive(),
        number: z.string(),
        orderId: z.number().int().positive().nullable(),
      }),
    ),
  }),
} as const;

export type DomainEventName = keyof typeof domainEventSchemas;
export type DomainEventPayload<K extends DomainEventName> = z.infer<(typeof domainEventSchemas)[K]>;
export type DomainEventPayloads = { [K in DomainEventName]: DomainEventPayload<K> };
export const DOMAIN_EVENT_NAMES = Object.keys(domainEventSchemas) as DomainEventName[];

export function isDomainEventName(name: string): name is DomainEventName {
  return Object.hasOwn(domainEventSchemas, name);
}
