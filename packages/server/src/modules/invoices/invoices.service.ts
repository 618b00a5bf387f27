import {
  DOCUMENT_MSG,
  type InvoiceSnapshot,
  type PrintInvoiceAnswer,
  type PrintInvoiceManyAnswer,
} from '@zaplecze/contract';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenant';
import type { AppDeps, AuthContext } from '../../platform/context';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { recordOrderPrints, type OrderPrintEntry } from '../documents';
import { optionsRepository } from '../options';
import { organizationsRepository } from '../organizations';
import { lockOrders, patchOrder } from '../orders';
import { buildSnapshot, INVOICE_SETTING_KEYS, type InvoiceSettings, type SellerRow } from './invoices.snapshot';
import { renderInvoicesPdf } from './invoices.pdf';
import { invoiceMarkRegistry } from '../../platform/invoice-marks';
import { INVOICES_MSG } from './messages.pl';
import { invoicesOf, type IssuedInvoice } from './invoices.repository';
import { mailConfigured, queueInvoiceMail } from './outbox';

const ORDER_COLUMNS = [
  'id',
  'order_date',
  'external_id',
  'stationary',
  'currency',
  'invoice_annotations',
  'delivery_cost',
  'delivery_vat',
  'cash_on_delivery',
  'client_email',
  'client_tel',
  'has_invoice',
  'invoice_is_company',
  'invoice_name_surname',
  'invoice_company_name',
  'invoice_company_tax_id',
  'invoice_address',
  'invoice_post_code',
  'invoice_city',
  'invoice_country_code',
] as const;

/** The orders of `ids` that are the organisation's, locked for the rest of the transaction (orders' lockOrders). */
export async function lockedOrders(tdb: TenantDb, ids: readonly number[]) {
  const found = [...(await lockOrders(tdb, ids))];
  if (found.length === 0) return [];
  const rows = [];
  for (let i = 0; i < found.length; i += 500)
    rows.push(
      ...(await tdb
        .selectFrom('orders')
        .select([...ORDER_COLUMNS])
        .where('id', 'in', found.slice(i, i + 500))
        .orderBy('id')
        .execute()),
    );
  return rows;
}
type LockedOrder = Awaited<ReturnType<typeof lockedOrders>>[number];

/**
 * Takes the next number of the organisation's month inside the caller's transaction: one upsert
 * that increments the month's counter and answers the new value. PostgreSQL keeps the counter row
 * locked until the transaction ends, so concurrent issuers queue; SQLite's single writer does the
 * same. A rolled-back issue gives its number back with the rollback, so none is ever skipped.
 */
async function takeNumber(tdb: TenantDb, year: number, month: number): Promise<number> {
  const row = await tdb
    .insertInto('invoice_counters', { year, month, last_n: 1 })
    .onConflict((oc) =>
      oc.columns(['org_id', 'year', 'month']).doUpdateSet({ last_n: sql<number>`invoice_counters.last_n + 1` }),
    )
    .returning('last_n')
    .executeTakeFirstOrThrow();
  return Number(row.last_n);
}

export interface IssueContext {
  deps: Pick<AppDeps, 'now' | 'events'>;
  seller: SellerRow;
  settings: InvoiceSettings;
  login: string;
  now: Date;
}

export async function issueContext(ctx: AuthContext): Promise<IssueContext> {
  const org = await organizationsRepository.findById(ctx.db, ctx.orgId);
  if (!org) throw notFound(INVOICES_MSG.orderNotFound);
  const stored = await optionsRepository.read(ctx.tdb, INVOICE_SETTING_KEYS);
  const settings = {} as InvoiceSettings;
  for (const k of INVOICE_SETTING_KEYS) settings[k] = stored.get(k) ?? '';
  return { deps: ctx.deps, seller: org, settings, login: ctx.user.login, now: ctx.deps.now() };
}

/**
 * The snapshot builder of a locked order as number `n` (docs/decisions.md, Documents: Invoices and
 * e-mail): reads its lines once; amounts beyond exact integers answer 400 with `tooLarge`.
 */
export async function prepareSnapshot(
  tdb: TenantDb,
  ic: IssueContext,
  order: LockedOrder,
  tooLarge: string = INVOICES_MSG.tooLarge,
): Promise<(n: number) => InvoiceSnapshot> {
  const lines = await tdb
    .selectFrom('order_lines')
    .select(['code', 'name', 'quantity', 'price', 'vat'])
    .where('order_id', '=', order.id)
    .orderBy('position')
    .execute();
  return (n: number) => {
    try {
      return buildSnapshot({
        order,
        lines,
        seller: ic.seller,
        settings: ic.settings,
        issuedAt: ic.now,
        n,
        issuerLogin: ic.login,
      });
    } catch (e) {
      if (e instanceof AppError && e.statusCode < 500) throw badRequest(tooLarge);
      throw e;
    }
  };
}

/**
 * Prepares the invoice of a locked order that has invoice data and none yet: reads its lines and
 * checks the amounts (a 4xx here takes no number). `commit` then takes the number and stores it.
 */
async function prepareIssue(tdb: TenantDb, ic: IssueContext, order: LockedOrder) {
  // A sale is documented once: an order with a receipt gets no invoice (docs/decisions.md,
  // "Receipts: the core document").
  const receipt = await tdb.selectFrom('receipts').select('number').where('order_id', '=', order.id).executeTakeFirst();
  if (receipt) throw badRequest(INVOICES_MSG.hasReceipt(receipt.number));
  const build = await prepareSnapshot(tdb, ic, order);
  // The number's month is the issue date's month in Europe/Warsaw, as the draft computes it.
  const draft = build(0);
  return {
    async commit(): Promise<IssuedInvoice> {
      const n = await takeNumber(tdb, draft.year, draft.month);
      const snapshot = build(n);
      const row = await tdb
        .insertInto('invoices', {
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
      await patchOrder(ic.deps, tdb, order.id, { invoiceNumber: snapshot.number }, ic.login);
      const issued = { invoiceId: row.id, number: snapshot.number, orderId: order.id };
      ic.deps.events.emit(tdb, 'invoice.issued', { invoices: [issued] });
      return { id: row.id, number: snapshot.number, snapshot };
    },
  };
}

/** The PDF of issued invoices with the marks plugins print on them (invoice-marks.ts: KOD I). */
async function invoicesPdf(ctx: AuthContext, invoices: readonly IssuedInvoice[]): Promise<Buffer> {
  const marks = await invoiceMarkRegistry.marksFor(ctx.deps, ctx.tdb, invoices);
  return renderInvoicesPdf(
    invoices.map((i) => i.snapshot),
    invoices.map((i) => marks.get(i.id)),
  );
}

/**
 * POST /orders/print_invoice: issues the order's invoice unless it was issued before (then the
 * stored snapshot is reprinted, never re-numbered), optionally queues it to the client's e-mail,
 * records the issue and the print in the print log, all in one transaction; the PDF is drawn from
 * the snapshot after the commit.
 */
export async function printInvoice(
  ctx: AuthContext,
  input: { orderId: number; noPrint: boolean; email: boolean },
): Promise<PrintInvoiceAnswer> {
  const ic = await issueContext(ctx);
  const invoice = await ctx.tdb.transaction(async (tdb) => {
    const [order] = await lockedOrders(tdb, [input.orderId]);
    if (!order) throw notFound(INVOICES_MSG.orderNotFound);
    if (order.has_invoice !== 1) throw badRequest(DOCUMENT_MSG.noInvoiceData);
    if (input.email && !mailConfigured(ctx.deps.config)) throw badRequest(DOCUMENT_MSG.mailNotConfigured);
    if (input.email && order.client_email.trim() === '') throw badRequest(DOCUMENT_MSG.mailNoAddress);
    const log: OrderPrintEntry[] = [];
    let inv = (await invoicesOf(tdb, [order.id])).get(order.id);
    if (!inv) {
      inv = await (await prepareIssue(tdb, ic, order)).commit();
      log.push({ orderId: order.id, user: ic.login, kind: 'INVOICE_ISSUE', detail: inv.number });
    }
    if (!input.noPrint) log.push({ orderId: order.id, user: ic.login, kind: 'INVOICE', detail: inv.number });
    await recordOrderPrints(tdb, log, ic.now);
    if (input.email) {
      // The job worker process sends it (platform/jobs), within JOBS_POLL_MS of the commit.
      await queueInvoiceMail(tdb, { invoice: inv, orderId: order.id, to: order.client_email.trim(), now: ic.now });
    }
    return inv;
  });
  return {
    pdf: input.noPrint ? null : (await invoicesPdf(ctx, [invoice])).toString('base64'),
    invoiceNumber: invoice.number,
    mailQueued: input.email,
  };
}

/**
 * POST /orders/print_invoice_many: issues (where needed) and prints the invoices of the orders in
 * one transaction; orders without invoice data are skipped, unknown ones not found. One PDF of the
 * ok orders in the order asked.
 */
export async function printInvoiceMany(
  ctx: AuthContext,
  input: { ids: number[]; noPrint: boolean },
): Promise<PrintInvoiceManyAnswer> {
  const ids = [...new Set(input.ids)];
  const ic = await issueContext(ctx);
  const result = await ctx.tdb.transaction(async (tdb) => {
    const orders = new Map((await lockedOrders(tdb, ids)).map((o) => [o.id, o]));
    const issued = await invoicesOf(tdb, [...orders.keys()]);
    const ok: number[] = [];
    const err: { id: number; reason: string }[] = [];
    const notFoundIds: number[] = [];
    const skipped: number[] = [];
    const issuedOk: IssuedInvoice[] = [];
    const log: OrderPrintEntry[] = [];
    for (const id of ids) {
      const order = orders.get(id);
      if (!order) {
        notFoundIds.push(id);
        continue;
      }
      if (order.has_invoice !== 1) {
        skipped.push(id);
        continue;
      }
      let inv = issued.get(id);
      if (!inv) {
        let prepared;
        try {
          prepared = await prepareIssue(tdb, ic, order);
        } catch (e) {
          // A refusal of the order's data (4xx, before any number is taken) is this order's error.
          if (e instanceof AppError && e.statusCode < 500) {
            err.push({ id, reason: e.message });
            continue;
          }
          throw e;
        }
        inv = await prepared.commit();
        log.push({ orderId: id, user: ic.login, kind: 'INVOICE_ISSUE', detail: inv.number });
      }
      if (!input.noPrint) log.push({ orderId: id, user: ic.login, kind: 'INVOICE', detail: inv.number });
      ok.push(id);
      issuedOk.push(inv);
    }
    await recordOrderPrints(tdb, log, ic.now);
    return { ok, err, notFound: notFoundIds, skipped, issuedOk };
  });
  const { issuedOk, ...answer } = result;
  return {
    pdf: input.noPrint || issuedOk.length === 0 ? null : (await invoicesPdf(ctx, issuedOk)).toString('base64'),
    ...answer,
  };
}
