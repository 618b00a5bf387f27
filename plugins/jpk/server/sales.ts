import {
  countDocumentsOfMonth,
  documentsOfMonth,
  receiptsOfOrders,
  type IssuedDocument,
  type TenantDb,
} from '@zaplecze/plugin-sdk';

/**
 * The period's sales documents as the files read them (docs/decisions.md, "Plugin: jpk"): the
 * core's invoices and receipts of each month in pages (the SDK's `documentsOfMonth`, number
 * order), each invoice page with what JPK_V7M marks on its rows: its KSeF number, or that it was
 * issued in KSeF's offline mode, and whether its order has a receipt ('FP').
 */

/** The months from `from` to `to` (RRRR-MM-DD), in order. */
export function monthsOf(from: string, to: string): { year: number; month: number }[] {
  const out: { year: number; month: number }[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const endY = Number(to.slice(0, 4));
  const endM = Number(to.slice(5, 7));
  while (y < endY || (y === endY && m <= endM)) {
    out.push({ year: y, month: m });
    if (++m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/** How many documents of `kind` the months hold (the job's progress total). */
export async function countDocuments(
  tdb: TenantDb,
  kind: 'invoices' | 'receipts',
  months: readonly { year: number; month: number }[],
): Promise<number> {
  let n = 0;
  for (const p of months) n += await countDocumentsOfMonth(tdb, kind, p);
  return n;
}

/** What KSeF says of an invoice: its number, or that it was sent in offline mode (no number yet). */
export type KsefMark = { number: string } | { offline: true; waiting: false } | { waiting: true; offline: false };

/**
 * The invoicing plugin's ('Faktury, KSeF i paragony') table, read-only: the KSeF number of each
 * invoice it sent (plugins/invoicing/server/tables.ts). Its migrations run whether or not an
 * organisation installed it, so the table is there; no row means the invoice never went to KSeF.
 */
interface KsefTables {
  p_invoicing_ksef: {
    org_id: number;
    invoice_id: number;
    state: string;
    offline: number;
    ksef_number: string | null;
  };
}

/** The KSeF marks of these invoices (ids without a row are absent). */
export async function ksefMarks(tdb: TenantDb, invoiceIds: readonly number[]): Promise<Map<number, KsefMark>> {
  const out = new Map<number, KsefMark>();
  const db = tdb.withTables<KsefTables>();
  for (let i = 0; i < invoiceIds.length; i += 500) {
    const rows = await db
      .selectFrom('p_invoicing_ksef')
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

export interface InvoicePage {
  docs: IssuedDocument[];
  ksef: Map<number, KsefMark>;
  /** Order ids of these invoices that have a receipt. */
  toReceipt: Set<number>;
}

/** The months' invoices in pages, each with its KSeF marks and receipt orders. */
export async function* invoicePages(
  tdb: TenantDb,
  months: readonly { year: number; month: number }[],
  pageSize = 2000,
): AsyncGenerator<InvoicePage> {
  for (const period of months)
    for await (const docs of documentsOfMonth(tdb, 'invoices', period, pageSize)) {
      const orderIds = docs.map((d) => d.orderId).filter((id): id is number => id !== null);
      const [ksef, receipts] = await Promise.all([
        ksefMarks(
          tdb,
          docs.map((d) => d.id),
        ),
        receiptsOfOrders(tdb, orderIds),
      ]);
      yield { docs, ksef, toReceipt: new Set(receipts.keys()) };
    }
}

/** The months' receipts in pages. */
export async function* receiptPages(
  tdb: TenantDb,
  months: readonly { year: number; month: number }[],
  pageSize = 2000,
): AsyncGenerator<IssuedDocument[]> {
  for (const period of months) yield* documentsOfMonth(tdb, 'receipts', period, pageSize);
}
