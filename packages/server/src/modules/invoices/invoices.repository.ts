import { invoiceSnapshotSchema, type InvoiceSnapshot } from '@zaplecze/contract';
import type { TenantDb } from '../../db/tenant';

/**
 * Reads of issued invoices, shared by the issuing service and the mail outbox (so neither imports
 * the other).
 */

/** An issued invoice as this module reads it back. */
export interface IssuedInvoice {
  id: number;
  number: string;
  snapshot: InvoiceSnapshot;
}

/** The issued invoices of these orders, by order id. */
export async function invoicesOf(tdb: TenantDb, orderIds: readonly number[]): Promise<Map<number, IssuedInvoice>> {
  const out = new Map<number, IssuedInvoice>();
  for (let i = 0; i < orderIds.length; i += 500) {
    const rows = await tdb
      .selectFrom('invoices')
      .select(['id', 'order_id', 'number', 'snapshot'])
      .where('order_id', 'in', orderIds.slice(i, i + 500))
      .execute();
    for (const r of rows)
      if (r.order_id !== null)
        out.set(r.order_id, {
          id: r.id,
          number: r.number,
          snapshot: invoiceSnapshotSchema.parse(JSON.parse(r.snapshot)),
        });
  }
  return out;
}

/** Reads the issued invoice `invoiceId` (the outbox's attachment). */
export async function invoiceById(tdb: TenantDb, invoiceId: number): Promise<IssuedInvoice | undefined> {
  const r = await tdb
    .selectFrom('invoices')
    .select(['id', 'number', 'snapshot'])
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  return r && { id: r.id, number: r.number, snapshot: invoiceSnapshotSchema.parse(JSON.parse(r.snapshot)) };
}

/** The issued invoices of these ids, by id (a batch of the KSeF sender: one query per 500). */
export async function invoicesByIds(tdb: TenantDb, ids: readonly number[]): Promise<Map<number, IssuedInvoice>> {
  const out = new Map<number, IssuedInvoice>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await tdb
      .selectFrom('invoices')
      .select(['id', 'number', 'snapshot'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows)
      out.set(r.id, { id: r.id, number: r.number, snapshot: invoiceSnapshotSchema.parse(JSON.parse(r.snapshot)) });
  }
  return out;
}
