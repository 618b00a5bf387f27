import {
  formatReceiptNumber,
  invoiceSnapshotSchema,
  isValidNip,
  nipDigits,
  type InvoiceSnapshot,
} from '@zaplecze/contract';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenant';
import type { AppDeps, AuthContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { recordOrderPrints } from '../documents';
import { lockOrders } from '../orders';
import { invoicesOf } from './invoices.repository';
import { issueContext, lockedOrders, prepareSnapshot } from './invoices.service';
import { INVOICES_MSG, RECEIPTS_MSG } from './messages.pl';

/**
 * Receipts ('paragon') of stationary orders (docs/decisions.md, "Documents: receipts"): numbered
 * `PAR n/MM/YYYY` continuously per organisation and month, one per order, with an immutable
 * snapshot of the invoice snapshot's shape (the buyer is only the NIP printed on the receipt).
 * Issued by a plugin through the SDK (the invoicing plugin's POST /receipts); a fiscal printer's
 * plugin marks it printed once.
 */

/** A receipt as read back. */
export interface IssuedReceipt {
  id: number;
  orderId: number | null;
  number: string;
  issuedAt: string;
  printedAt: string | null;
  printedDetail: string | null;
  snapshot: InvoiceSnapshot;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

type ReceiptRow = {
  id: number;
  order_id: number | null;
  number: string;
  issued_at: string | Date;
  printed_at: string | Date | null;
  printed_detail: string | null;
  snapshot: string;
};
const RECEIPT_COLUMNS = ['id', 'order_id', 'number', 'issued_at', 'printed_at', 'printed_detail', 'snapshot'] as const;

function toReceipt(r: ReceiptRow): IssuedReceipt {
  return {
    id: r.id,
    orderId: r.order_id,
    number: r.number,
    issuedAt: iso(r.issued_at)!,
    printedAt: iso(r.printed_at),
    printedDetail: r.printed_detail,
    snapshot: invoiceSnapshotSchema.parse(JSON.parse(r.snapshot)),
  };
}

/** The receipt of the order, if it has one. */
export async function receiptOfOrder(tdb: TenantDb, orderId: number): Promise<IssuedReceipt | undefined> {
  const r = await tdb.selectFrom('receipts').select(RECEIPT_COLUMNS).where('order_id', '=', orderId).executeTakeFirst();
  return r && toReceipt(r);
}

/** The receipt `receiptId` of the organisation. */
export async function receiptById(tdb: TenantDb, receiptId: number): Promise<IssuedReceipt | undefined> {
  const r = await tdb.selectFrom('receipts').select(RECEIPT_COLUMNS).where('id', '=', receiptId).executeTakeFirst();
  return r && toReceipt(r);
}

/**
 * Issues the receipt of a stationary order, or answers the one it has (`created: false`): one
 * transaction locks the order, takes the month's next number, stores the snapshot, writes
 * 'Wystawienie paragonu' to the order's print log and emits `receipt.issued`. `buyerTaxId` is the
 * NIP printed on the receipt ('' none; undefined: the order's company NIP, if any).
 */
export async function issueReceipt(
  ctx: AuthContext,
  input: { orderId: number; buyerTaxId?: string },
): Promise<{ receipt: IssuedReceipt; created: boolean }> {
  let taxId: string | undefined;
  if (input.buyerTaxId !== undefined && input.buyerTaxId.trim() !== '') {
    if (!isValidNip(input.buyerTaxId)) throw badRequest(RECEIPTS_MSG.badTaxId);
    taxId = nipDigits(input.buyerTaxId);
  } else if (input.buyerTaxId !== undefined) taxId = '';
  const ic = await issueContext(ctx);
  return ctx.tdb.transaction(async (tdb) => {
    const [order] = await lockedOrders(tdb, [input.orderId]);
    if (!order) throw notFound(INVOICES_MSG.orderNotFound);
    const existing = await receiptOfOrder(tdb, order.id);
    if (existing) return { receipt: existing, created: false };
    if (order.stationary !== 1) throw badRequest(RECEIPTS_MSG.notStationary);
    const invoice = (await invoicesOf(tdb, [order.id])).get(order.id);
    if (invoice) throw badRequest(RECEIPTS_MSG.hasInvoice(invoice.number));
    if (taxId === undefined) {
      const own = order.invoice_is_company === 1 ? order.invoice_company_tax_id : '';
      taxId = isValidNip(own) ? (nipDigits(own) ?? '') : '';
    }
    const build = await prepareSnapshot(tdb, ic, order, RECEIPTS_MSG.tooLarge);
    const draft = build(0);
    if (draft.lines.length === 0) throw badRequest(RECEIPTS_MSG.noLines);
    const counter = await tdb
      .insertInto('receipt_counters', { year: draft.year, month: draft.month, last_n: 1 })
      .onConflict((oc) =>
        oc.columns(['org_id', 'year', 'month']).doUpdateSet({ last_n: sql<number>`receipt_counters.last_n + 1` }),
      )
      .returning('last_n')
      .executeTakeFirstOrThrow();
    const n = Number(counter.last_n);
    const base = build(n);
    const snapshot: InvoiceSnapshot = {
      ...base,
      number: formatReceiptNumber(n, base.month, base.year),
      buyer: {
        isCompany: taxId !== '',
        name: '',
        taxId,
        address: '',
        postCode: '',
        city: '',
        countryCode: '',
        email: '',
        tel: '',
      },
    };
    const row = await tdb
      .insertInto('receipts', {
        order_id: order.id,
        year: snapshot.year,
        month: snapshot.month,
        n,
        number: snapshot.number,
        issued_at: ic.now.toISOString(),
        issued_by: ic.login,
        snapshot: JSON.stringify(snapshot),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordOrderPrints(
      tdb,
      [{ orderId: order.id, user: ic.login, kind: 'RECEIPT_ISSUE', detail: snapshot.number }],
      ic.now,
    );
    ic.deps.events.emit(tdb, 'receipt.issued', {
      receipts: [{ receiptId: row.id, number: snapshot.number, orderId: order.id }],
    });
    const receipt: IssuedReceipt = {
      id: row.id,
      orderId: order.id,
      number: snapshot.number,
      issuedAt: ic.now.toISOString(),
      printedAt: null,
      printedDetail: null,
      snapshot,
    };
    return { receipt, created: true };
  });
}

/**
 * Marks the receipt printed by a fiscal printer, once: true when this call marked it, false when
 * it was marked before (its printing must not be repeated). The order's print log gets
 * 'Paragon na drukarce fiskalnej' with the printer's note.
 */
export async function markReceiptPrinted(
  deps: Pick<AppDeps, 'now'>,
  tdb: TenantDb,
  receiptId: number,
  detail: string,
): Promise<boolean> {
  return tdb.transaction(async (t) => {
    const now = deps.now();
    const done = await t
      .updateTable('receipts')
      .set({ printed_at: now.toISOString(), printed_detail: detail.slice(0, 200) })
      .where('id', '=', receiptId)
      .where('printed_at', 'is', null)
      .returning(['order_id', 'number'])
      .executeTakeFirst();
    if (!done) return false;
    if (done.order_id !== null) {
      await lockOrders(t, [done.order_id]);
      await recordOrderPrints(
        t,
        [{ orderId: done.order_id, user: null, kind: 'RECEIPT', detail: `${done.number} ${detail}`.trim() }],
        now,
      );
    }
    return true;
  });
}

/** What the month's pages answer: invoices or receipts in their number order. */
export interface IssuedDocument {
  id: number;
  orderId: number | null;
  number: string;
  issuedAt: string;
  snapshot: InvoiceSnapshot;
}

/**
 * The organisation's invoices or receipts of a month (the month of their number, i.e. of the
 * issue date in Europe/Warsaw) in pages of `pageSize`, in number order: the tax files read a
 * month of 100,000 documents without holding them all (the number's unique index serves it).
 */
export async function* documentsOfMonth(
  tdb: TenantDb,
  kind: 'invoices' | 'receipts',
  period: { year: number; month: number },
  pageSize = 2000,
): AsyncGenerator<IssuedDocument[]> {
  let after = 0;
  for (;;) {
    const rows = await tdb
      .selectFrom(kind)
      .select(['id', 'order_id', 'number', 'issued_at', 'snapshot', 'n'])
      .where('year', '=', period.year)
      .where('month', '=', period.month)
      .where('n', '>', after)
      .orderBy('n')
      .limit(pageSize)
      .execute();
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.n;
    yield rows.map((r) => ({
      id: r.id,
      orderId: r.order_id,
      number: r.number,
      issuedAt: iso(r.issued_at)!,
      snapshot: invoiceSnapshotSchema.parse(JSON.parse(r.snapshot)),
    }));
    if (rows.length < pageSize) return;
  }
}

/**
 * How many invoices or receipts the organisation issued in the month (of their number): the tax
 * files' progress, through the number's unique index, never the snapshots.
 */
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

/**
 * The receipts of these orders (any month), by order id: the receipt's number and issue instant
 * (an invoice issued to a receipt is 'FP' in JPK_V7M), through the order's unique index.
 */
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
