import { invoiceById, type AuthContext, type TenantDb } from '@zaplecze/plugin-sdk';
import { invoicingDb, KSEF } from './tables';

type Deps = Pick<AuthContext['deps'], 'now'>;

/**
 * The invoice's row in the KSeF queue (WAITING), written once: a second call (a repeated event,
 * a resend) leaves the row as it is. Answers false when the invoice is not the organisation's.
 */
export async function invoiceRow(tdb: TenantDb, deps: Deps, invoiceId: number): Promise<boolean> {
  const inv = await invoiceById(tdb, invoiceId);
  if (!inv) return false;
  const s = inv.snapshot;
  await invoicingDb(tdb)
    .insertInto(KSEF, {
      invoice_id: inv.id,
      invoice_number: inv.number,
      order_id: s.order.id,
      year: s.year,
      month: s.month,
      issued_at: s.issuedAt,
      gross: s.totals.gross,
      currency: s.currency,
      state: 'WAITING',
      updated_at: deps.now().toISOString(),
    })
    .onConflict((oc) => oc.columns(['org_id', 'invoice_id']).doNothing())
    .execute();
  return true;
}
