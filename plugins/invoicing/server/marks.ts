import {
  sha256Base64,
  type InvoiceMark,
  type InvoiceMarkDeps,
  type KsefMark,
  type MarkedInvoice,
  type TenantDb,
} from '@zaplecze/plugin-sdk';
import { buildFa3, Fa3Refusal, nipDigits } from './fa3';
import { loadSettings, qrUrlOf } from './ksef';
import { invoicingDb, KSEF } from './tables';

/**
 * KOD I, the KSeF verification code every invoice handed over outside KSeF carries (docs/plugins.md,
 * "Plugin: invoicing"): a QR code of `{qr host}/invoice/{seller's NIP}/{P_1 as DD-MM-YYYY}/{SHA-256
 * of the FA(3) file, Base64URL}`, with the KSeF number under it, or OFFLINE while there is none.
 * The file is the one sent (built from the immutable snapshot with the issue time as its creation
 * time, so the hash is known before KSeF has the invoice).
 */
export async function invoiceMarks(
  tdb: TenantDb,
  deps: InvoiceMarkDeps,
  invoices: readonly MarkedInvoice[],
): Promise<ReadonlyMap<number, InvoiceMark>> {
  const out = new Map<number, InvoiceMark>();
  const settings = await loadSettings(tdb, deps);
  // Without the seller's KSeF NIP the plugin is not set up: no code that promises KSeF.
  if (settings.nip === '') return out;
  const rows = new Map<number, { ksef_number: string | null; invoice_hash: string | null }>();
  const ids = invoices.map((i) => i.id);
  for (let i = 0; i < ids.length; i += 500)
    for (const r of await invoicingDb(tdb)
      .selectFrom(KSEF)
      .select(['invoice_id', 'ksef_number', 'invoice_hash'])
      .where('invoice_id', 'in', ids.slice(i, i + 500))
      .execute())
      rows.set(r.invoice_id, r);
  for (const inv of invoices) {
    const s = inv.snapshot;
    const nip = nipDigits(s.seller.taxId);
    if (!nip) continue;
    const row = rows.get(inv.id);
    let hash = row?.invoice_hash ? toBase64Url(row.invoice_hash) : null;
    if (!hash)
      try {
        hash = sha256Base64(buildFa3(s, { now: new Date(s.issuedAt) }), true);
      } catch (err) {
        if (err instanceof Fa3Refusal) continue;
        throw err;
      }
    const [y, m, d] = s.issueDate.split('-');
    out.set(inv.id, {
      qrUrl: `${qrUrlOf(settings)}/invoice/${nip}/${d}-${m}-${y}/${hash}`,
      caption: row?.ksef_number ?? 'OFFLINE',
    });
  }
  return out;
}

const toBase64Url = (b64: string) => b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * What KSeF says of these invoices, for other plugins through the SDK's `ksefMarksOf` (the tax
 * files): the KSeF number; OFFLINE (issued in KSeF's offline mode, no number yet); on its way
 * (waiting or sent). A rejected invoice, or one the plugin never had, has no mark.
 */
export async function invoiceKsefMarks(
  tdb: TenantDb,
  invoiceIds: readonly number[],
): Promise<ReadonlyMap<number, KsefMark>> {
  const out = new Map<number, KsefMark>();
  for (let i = 0; i < invoiceIds.length; i += 500) {
    const rows = await invoicingDb(tdb)
      .selectFrom(KSEF)
      .select(['invoice_id', 'state', 'offline', 'ksef_number'])
      .where('invoice_id', 'in', invoiceIds.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      if (r.ksef_number) out.set(r.invoice_id, { number: r.ksef_number });
      else if (r.state === 'OFFLINE' || Number(r.offline) === 1)
        out.set(r.invoice_id, { offline: true, waiting: false });
      else if (r.state !== 'REJECTED') out.set(r.invoice_id, { waiting: true, offline: false });
    }
  }
  return out;
}
