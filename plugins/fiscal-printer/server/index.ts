import { pluginConnectionTestAnswerSchema } from '@zaplecze/contract';
import {
  conflict,
  definePlugin,
  enqueuePluginJob,
  logPluginEvent,
  markReceiptPrinted,
  notFound,
  receiptById,
  receiptOfOrder,
  route,
  type PluginEventJob,
  type PluginJobContext,
} from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';
import {
  FISCAL_MSG,
  markPrintedBodySchema,
  printAnswerSchema,
  printBodySchema,
  printerRatesAnswerSchema,
  receiptsAnswerSchema,
  receiptsQuerySchema,
  type PrintState,
} from '../schemas';
import { drain, ensureRow, ID, printerStatus, takeLease } from './printer';
import { fiscalDb, migrations, PRINTS, TABLES } from './tables';

const MANAGE = 'main.plugins.manage';
const PRINT = 'main.order.edit';

/** What the print job is given: the core's `receipt.issued`, or receipts to print again. */
type PrintPayload = PluginEventJob<'receipt.issued'> | { receiptIds?: number[] } | null;

/** The print job: the receipts' rows written (WAITING), then the queue printed under the lease. */
async function printJob(ctx: PluginJobContext): Promise<void> {
  const p = ctx.job.payload as PrintPayload;
  const ids = p && 'event' in p ? p.payload.receipts.map((r) => r.receiptId) : (p?.receiptIds ?? []);
  const scope = { tdb: ctx.tdb, deps: ctx.deps };
  for (const id of ids) await ensureRow(scope, id);
  await drain({ ...scope, signal: ctx.signal, jobId: ctx.job.id });
}

const rowOf = (tdb: Parameters<typeof fiscalDb>[0], receiptId: number) =>
  fiscalDb(tdb).selectFrom(PRINTS).selectAll().where('receipt_id', '=', receiptId).executeTakeFirst();

/**
 * Fiscal printer (docs/plugins.md, "Plugin: fiscal-printer"): the receipts the core issues
 * (`receipt.issued`, from the invoicing plugin's POST /receipts) printed on a POSNET printer, one
 * transaction at a time per organisation, never twice; the list of their print states with
 * 'Drukuj ponownie'; the printer's status and letters.
 */
export default definePlugin({
  manifest,
  server: () => ({
    migrations,
    tables: TABLES,
    jobs: [{ name: 'print', handler: printJob, timeoutSeconds: 600, backoff: { firstSeconds: 5, maxSeconds: 300 } }],
    subscriptions: { 'receipt.issued': 'print' },
    routes: [
      route({
        method: 'POST',
        url: '/test_connection',
        access: MANAGE,
        summary: 'Sprawdzenie drukarki fiskalnej: stan, licznik paragonów i stawki VAT (nic nie drukuje)',
        response: pluginConnectionTestAnswerSchema,
        handler: async (ctx) => {
          const r = await printerStatus(ctx);
          return { ok: r.ok, message: r.message };
        },
      }),
      route({
        method: 'GET',
        url: '/printer_status',
        access: MANAGE,
        summary: 'Stan drukarki fiskalnej i jej stawki VAT (litery A-G) odczytane z drukarki',
        response: printerRatesAnswerSchema,
        handler: (ctx) => printerStatus(ctx),
      }),
      route({
        method: 'GET',
        url: '/receipts',
        access: PRINT,
        summary: 'Paragony i stan ich wydruku na drukarce fiskalnej (najnowsze pierwsze)',
        query: receiptsQuerySchema,
        response: receiptsAnswerSchema,
        handler: async (ctx, { query }) => {
          let q = fiscalDb(ctx.tdb).selectFrom(PRINTS).selectAll();
          if (query.state) q = q.where('state', '=', query.state);
          if (query.before) q = q.where('id', '<', query.before);
          const rows = await q
            .orderBy('id', 'desc')
            .limit(query.limit + 1)
            .execute();
          const page = rows.slice(0, query.limit);
          return {
            receipts: page.map((r) => ({
              id: r.id,
              receiptId: r.receipt_id,
              number: r.number,
              orderId: r.order_id,
              issuedAt: r.issued_at,
              gross: Number(r.gross),
              state: r.state as PrintState,
              message: r.message,
              errorCode: r.error_code,
              attempts: r.attempts,
              printedAt: r.printed_at,
              updatedAt: r.updated_at,
            })),
            next: rows.length > query.limit ? page[page.length - 1]!.id : null,
          };
        },
      }),
      route({
        method: 'POST',
        url: '/print',
        access: PRINT,
        summary: 'Ponowny wydruk paragonu, który się nie wydrukował (nigdy drugi raz wydrukowanego)',
        body: printBodySchema,
        response: printAnswerSchema,
        handler: async (ctx, { body }) => {
          const receipt =
            body.receiptId !== undefined
              ? await receiptById(ctx.tdb, body.receiptId)
              : await receiptOfOrder(ctx.tdb, body.orderId!);
          if (!receipt) throw notFound(FISCAL_MSG.receiptNotFound);
          if (receipt.printedAt) throw conflict(FISCAL_MSG.alreadyPrinted(receipt.number));
          const scope = { tdb: ctx.tdb, deps: ctx.deps };
          await ensureRow(scope, receipt.id);
          const row = (await rowOf(ctx.tdb, receipt.id))!;
          const now = ctx.deps.now().toISOString();
          const again = (from: PrintState, verify: number) =>
            fiscalDb(ctx.tdb)
              .updateTable(PRINTS)
              .set({ state: 'WAITING', verify, message: null, error_code: null, updated_at: now })
              .where('id', '=', row.id)
              .where('state', '=', from)
              .execute();
          switch (row.state as PrintState) {
            case 'PRINTED':
              throw conflict(FISCAL_MSG.alreadyPrinted(receipt.number));
            case 'PRINTING': {
              // Left PRINTING by a process that died (nobody holds the printer): checked, then printed.
              const lease = await takeLease(scope);
              if (!lease) throw conflict(FISCAL_MSG.printing(receipt.number));
              try {
                await again('PRINTING', 1);
              } finally {
                await lease.release();
              }
              break;
            }
            case 'FAILED':
              await again('FAILED', 0);
              break;
            case 'UNKNOWN':
              // The counter decides, unless the seller looked at the printer and the receipt is not there.
              await again('UNKNOWN', body.force ? 0 : 1);
              break;
            case 'WAITING':
              if (body.force && row.verify === 1) await again('WAITING', 0);
              break;
          }
          if (body.force)
            await logPluginEvent(scope, ID, {
              what: `Paragon ${receipt.number}`,
              message: `Wydruk mimo niepewności zlecony przez ${ctx.user.login}: sprawdził(a), że paragonu nie ma na drukarce.`,
              ...(receipt.orderId !== null ? { orderId: receipt.orderId } : {}),
            });
          await enqueuePluginJob(ctx.tdb, ID, 'print', {
            payload: { receiptIds: [receipt.id] },
            dedupeKey: `receipt-${receipt.id}`,
          });
          const after = (await rowOf(ctx.tdb, receipt.id))!;
          return {
            receiptId: receipt.id,
            number: receipt.number,
            state: after.state as PrintState,
            message: after.message,
          };
        },
      }),
      route({
        method: 'POST',
        url: '/mark_printed',
        access: PRINT,
        summary: 'Oznaczenie paragonu „Do sprawdzenia” jako wydrukowanego (sprzedawca widzi go na drukarce)',
        body: markPrintedBodySchema,
        response: printAnswerSchema,
        handler: async (ctx, { body }) => {
          const receipt = await receiptById(ctx.tdb, body.receiptId);
          if (!receipt) throw notFound(FISCAL_MSG.receiptNotFound);
          if (receipt.printedAt) throw conflict(FISCAL_MSG.alreadyPrinted(receipt.number));
          const detail = `Drukarka fiskalna: wydruk potwierdzony przez ${ctx.user.login}`;
          const now = ctx.deps.now().toISOString();
          const done = await ctx.tdb.transaction(async (t) => {
            const r = await fiscalDb(t)
              .updateTable(PRINTS)
              .set({ state: 'PRINTED', verify: 0, printed_at: now, message: detail, updated_at: now })
              .where('receipt_id', '=', receipt.id)
              .where('state', '=', 'UNKNOWN')
              .executeTakeFirst();
            if (Number(r.numUpdatedRows) !== 1) return false;
            await markReceiptPrinted(ctx.deps, t, receipt.id, detail);
            return true;
          });
          if (!done) throw conflict(FISCAL_MSG.notUncertain(receipt.number));
          await logPluginEvent({ tdb: ctx.tdb, deps: ctx.deps }, ID, {
            what: `Paragon ${receipt.number}`,
            message: `${detail} (drukarka nie potwierdziła zakończenia paragonu).`,
            ...(receipt.orderId !== null ? { orderId: receipt.orderId } : {}),
          });
          return { receiptId: receipt.id, number: receipt.number, state: 'PRINTED' as const, message: detail };
        },
      }),
    ],
  }),
});
