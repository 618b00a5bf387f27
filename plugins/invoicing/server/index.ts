import { pluginConnectionTestAnswerSchema } from '@zaplecze/contract';
import { z } from 'zod';
import {
  badRequest,
  clearPluginReconnect,
  definePlugin,
  enqueuePluginJob,
  fileAnswer,
  notFound,
  OutsideError,
  isPluginInstalled,
  issueReceipt,
  receiptById,
  route,
  sql,
  type PluginEventJob,
  type PluginJobContext,
} from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';
import {
  invoicesAnswerSchema,
  invoicesQuerySchema,
  receiptAnswerSchema,
  receiptBodySchema,
  resendBodySchema,
  INVOICING_MSG,
  ENVIRONMENT_IN_TEXT,
  type KsefState,
} from '../schemas';
import { Ksef } from './ksef';
import { invoiceKsefMarks, invoiceMarks } from './marks';
import { invoiceRow } from './queue';
import { checkSent, sendWaiting, sweep } from './sender';
import { invoicingDb, KSEF, migrations, TABLES } from './tables';

export const ID = 'invoicing';
const FISCAL_PRINTER = 'fiscal-printer';
/** How long POST /receipts waits for the fiscal printer's job to print (docs/plugins.md). */
const PRINT_WAIT_MS = 5000;

const PRINT_QUEUED =
  'Paragon czeka na drukarkę fiskalną. Jeśli się nie wydrukuje, sprawdź drukarkę w zakładce „Drukarka fiskalna”: tam wydrukujesz go ponownie.';

/** `invoice.issued`: each invoice gets its row (WAITING) and the sender is woken. */
async function queueIssued(ctx: PluginJobContext): Promise<void> {
  const { payload } = ctx.job.payload as PluginEventJob<'invoice.issued'>;
  await ctx.tdb.transaction(async (tdb) => {
    for (const inv of payload.invoices) await invoiceRow(tdb, ctx.deps, inv.invoiceId);
    await enqueuePluginJob(tdb, ID, 'send', { dedupeKey: 'send' });
  });
}

/**
 * Invoicing (docs/plugins.md, "Plugin: invoicing"): every issued invoice as FA(3) to KSeF (a
 * durable job after the issue, never inside it), its KSeF number and UPO; receipts of stationary
 * orders, printed by the fiscal printer's plugin when it is installed.
 */
export default definePlugin({
  manifest,
  server: () => ({
    migrations,
    tables: TABLES,
    invoiceMarks,
    invoiceKsefMarks,
    jobs: [
      { name: 'queue', handler: queueIssued },
      { name: 'send', handler: sendWaiting, timeoutSeconds: 1800, backoff: { firstSeconds: 30, maxSeconds: 900 } },
      { name: 'status', handler: checkSent, timeoutSeconds: 600, backoff: { firstSeconds: 10, maxSeconds: 600 } },
      { name: 'sweep', handler: sweep },
    ],
    subscriptions: { 'invoice.issued': 'queue' },
    // Offline invoices and answers KSeF still owes are looked at again every 5 minutes.
    schedules: [{ name: 'sweep', everyMinutes: 5, job: { name: 'sweep' } }],
    routes: [
      route({
        method: 'POST',
        url: '/test_connection',
        access: 'main.plugins.manage',
        summary: 'Sprawdzenie połączenia z KSeF (logowanie tokenem KSeF)',
        response: pluginConnectionTestAnswerSchema,
        handler: async (ctx) => {
          try {
            const ksef = await Ksef.of(ctx.tdb, ctx.deps);
            await ksef.login();
            await clearPluginReconnect(ctx.tdb, ID, ctx.deps.now());
            return {
              ok: true,
              message: `Połączono z KSeF, środowisko ${ENVIRONMENT_IN_TEXT[ksef.settings.environment]}, dla NIP ${ksef.settings.nip}.`,
            };
          } catch (err) {
            if (err instanceof OutsideError) return { ok: false, message: err.userMessage };
            throw err;
          }
        },
      }),
      route({
        method: 'POST',
        url: '/sync',
        access: 'main.order.edit',
        summary: 'Wysyłka czekających faktur do KSeF teraz',
        response: z.object({ jobId: z.number().nullable() }),
        handler: async (ctx) => ({
          jobId: await ctx.tdb.transaction(async (tdb) => {
            await enqueuePluginJob(tdb, ID, 'status', { dedupeKey: 'status:sync' });
            return enqueuePluginJob(tdb, ID, 'send', { dedupeKey: 'send' });
          }),
        }),
      }),
      route({
        method: 'POST',
        url: '/invoices/resend',
        access: 'main.order.edit',
        summary: 'Ponowna wysyłka faktury do KSeF (odrzuconej, czekającej, albo wystawionej przed instalacją)',
        body: resendBodySchema,
        response: z.object({ jobId: z.number().nullable() }),
        handler: async (ctx, { body }) =>
          ctx.tdb.transaction(async (tdb) => {
            if (!(await invoiceRow(tdb, ctx.deps, body.invoiceId))) throw notFound(INVOICING_MSG.invoiceNotFound);
            const row = await invoicingDb(tdb)
              .selectFrom(KSEF)
              .select(['id', 'state'])
              .where('invoice_id', '=', body.invoiceId)
              .executeTakeFirstOrThrow();
            if (!['REJECTED', 'WAITING', 'OFFLINE'].includes(row.state)) throw badRequest(INVOICING_MSG.notRejected);
            await invoicingDb(tdb)
              .updateTable(KSEF)
              .set({
                state: row.state === 'REJECTED' ? 'WAITING' : row.state,
                error: null,
                error_code: null,
                session_ref: null,
                invoice_ref: null,
                updated_at: ctx.deps.now().toISOString(),
              })
              .where('id', '=', row.id)
              .execute();
            return { jobId: await enqueuePluginJob(tdb, ID, 'send', { dedupeKey: 'send' }) };
          }),
      }),
      route({
        method: 'GET',
        url: '/invoices/upo',
        access: 'main.order.edit',
        summary: 'UPO faktury przyjętej przez KSeF (XML)',
        query: z.object({ invoiceId: z.coerce.number({ error: 'Wybierz fakturę.' }).int().positive() }),
        response: fileAnswer(
          'application/xml',
          'UPO: urzędowe poświadczenie odbioru faktury (XML podpisany przez KSeF).',
        ),
        handler: async (ctx, { query }, _req, reply) => {
          const row = await invoicingDb(ctx.tdb)
            .selectFrom(KSEF)
            .select(['upo', 'invoice_number'])
            .where('invoice_id', '=', query.invoiceId)
            .executeTakeFirst();
          if (!row) throw notFound(INVOICING_MSG.invoiceNotFound);
          if (!row.upo) throw badRequest(INVOICING_MSG.noUpo);
          const name = `UPO_${row.invoice_number.replace(/[^0-9A-Za-z]+/g, '_')}.xml`;
          return reply
            .type('application/xml; charset=utf-8')
            .header('Content-Disposition', `attachment; filename="${name}"`)
            .send(row.upo);
        },
      }),
      route({
        method: 'GET',
        url: '/invoices',
        access: 'main.order.edit',
        summary: 'Faktury i ich stan w KSeF (miesiąc, stan)',
        query: invoicesQuerySchema,
        response: invoicesAnswerSchema,
        handler: async (ctx, { query }) => {
          const db = invoicingDb(ctx.tdb);
          let q = db.selectFrom(KSEF).selectAll();
          let counts = db.selectFrom(KSEF).select(['state', sql<number>`count(*)`.as('n')]);
          if (query.year !== undefined) {
            q = q.where('year', '=', query.year);
            counts = counts.where('year', '=', query.year);
          }
          if (query.month !== undefined) {
            q = q.where('month', '=', query.month);
            counts = counts.where('month', '=', query.month);
          }
          if (query.state) q = q.where('state', '=', query.state);
          if (query.before) q = q.where('id', '<', query.before);
          const rows = await q
            .orderBy('id', 'desc')
            .limit(query.limit + 1)
            .execute();
          const page = rows.slice(0, query.limit);
          const byState = await counts.groupBy('state').execute();
          return {
            invoices: page.map((r) => ({
              invoiceId: r.invoice_id,
              invoiceNumber: r.invoice_number,
              orderId: r.order_id,
              issuedAt: r.issued_at,
              gross: Number(r.gross),
              currency: r.currency,
              state: r.state as KsefState,
              ksefNumber: r.ksef_number,
              error: r.error,
              offline: r.offline === 1,
              sendBy: r.send_by,
              sentAt: r.sent_at,
              acceptedAt: r.accepted_at,
              hasUpo: r.upo !== null,
            })),
            next: rows.length > query.limit ? page[page.length - 1]!.id : null,
            counts: Object.fromEntries(byState.map((c) => [c.state, Number(c.n)])),
          };
        },
      }),
      route({
        method: 'POST',
        url: '/receipts',
        access: 'main.order.edit',
        summary: 'Paragon do zamówienia stacjonarnego (wydruk na drukarce fiskalnej, gdy jest)',
        body: receiptBodySchema,
        response: receiptAnswerSchema,
        handler: async (ctx, { body }) => {
          const { receipt, created } = await issueReceipt(ctx, body);
          let printed = receipt.printedAt !== null;
          let printMessage: string | null = null;
          if (!printed && (await isPluginInstalled(ctx.deps, ctx.tdb, FISCAL_PRINTER))) {
            // The printer's plugin prints it in its job (subscribed to receipt.issued): wait a
            // little so the cashier sees "printed" on the usual path.
            for (const end = Date.now() + (created ? PRINT_WAIT_MS : 0); Date.now() < end;) {
              await new Promise((r) => setTimeout(r, 100));
              if ((await receiptById(ctx.tdb, receipt.id))?.printedAt) {
                printed = true;
                break;
              }
            }
            if (!printed) printMessage = PRINT_QUEUED;
          }
          return {
            receiptId: receipt.id,
            receiptNumber: receipt.number,
            orderId: body.orderId,
            printed,
            created,
            printMessage,
          };
        },
      }),
    ],
  }),
});
