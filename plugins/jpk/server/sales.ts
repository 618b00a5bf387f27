import {
  countDocumentsOfMonth,
  documentsOfMonth,
  receiptsOfOrders,
  type IssuedDocument,
  type KsefMark,
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

/** What KSeF says of an invoice (the SDK's `ksefMarksOf`, given by the plugin that sends to KSeF). */
export type { KsefMark };

/** What KSeF says of these invoices: answered by the installed plugin that sends to KSeF (none: no marks). */
export type KsefMarksOf = (invoiceIds: readonly number[]) => Promise<ReadonlyMap<number, KsefMark>>;

export interface InvoicePage {
  docs: IssuedDocument[];
  ksef: ReadonlyMap<number, KsefMark>;
  /** Order ids of these invoices that have a receipt. */
  toReceipt: Set<number>;
}

/** The months' invoices in pages, each with its KSeF marks and receipt orders. */
export async function* invoicePages(
  tdb: TenantDb,
  months: readonly { year: number; month: number }[],
  ksefMarks: KsefMarksOf,
  pageSize = 2000,
): AsyncGenerator<InvoicePage> {
  for (const period of months)
    for await (const docs of documentsOfMonth(tdb, 'invoices', period, pageSize)) {
      const orderIds = docs.map((d) => d.orderId).filter((id): id is number => id !== null);
      const [ksef, receipts] = await Promise.all([ksefMarks(docs.map((d) => d.id)), receiptsOfOrders(tdb, orderIds)]);
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
