import type { TenantDb } from '../db/tenant';

/**
 * What the tax files (the jpk plugin; docs/plugins.md, "Plugin: jpk") need about the sales
 * documents besides `documentsOfMonth`: how many a month has (the job's progress), and which
 * orders have a receipt (an invoice issued to a receipt is marked 'FP' in JPK_V7M: its sale is in
 * the receipts' summary already). Both are read through the number's and the order's unique
 * indexes, never the snapshots.
 */

/** How many invoices or receipts the organisation issued in the month (of their number). */
export async function countDocumentsOfMonth(
  tdb: TenantDb,
  kind: 'invoices' | 'receipts',
  period: { year: number; month: number },
): Promise<number> {
  const row = await tdb
    .selectFrom(kind)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('year', '=', period.year)
    .where('month', '=', period.month)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The receipts of these orders (any month), by order id: the receipt's number and issue instant. */
export async function receiptsOfOrders(
  tdb: TenantDb,
  orderIds: readonly number[],
): Promise<Map<number, { number: string; issuedAt: string }>> {
  const out = new Map<number, { number: string; issuedAt: string }>();
  const ids = [...new Set(orderIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await tdb
      .selectFrom('receipts')
      .select(['order_id', 'number', 'issued_at'])
      .where('order_id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows)
      if (r.order_id !== null) out.set(r.order_id, { number: r.number, issuedAt: new Date(r.issued_at).toISOString() });
  }
  return out;
}
