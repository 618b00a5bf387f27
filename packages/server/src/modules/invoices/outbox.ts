import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'kysely';
import type { Config } from '../../config';
import type { TenantDb } from '../../db/tenant';
import type { AppDeps } from '../../platform/context';
import { enqueueJob, JobWorker, type JobContext, type JobKind } from '../../platform/jobs';
import { recordOrderPrints } from '../documents';
import { patchOrder } from '../orders';
import { renderInvoicesPdf } from './invoices.pdf';
import { invoiceMarkRegistry } from '../../platform/invoice-marks';
import { invoiceById, type IssuedInvoice } from './invoices.repository';
import { INVOICE_MAIL } from './messages.pl';

/**
 * The mail outbox (docs/decisions.md, Documents: Invoices and e-mail; Jobs). A message is a row
 * written in the transaction that asked for it, together with its job 'core.invoice-mail'
 * (platform/jobs): the job worker process sends it and retries failures with an exponential
 * backoff, so a failing SMTP server delays a message and never loses it. The job's lease keeps a
 * message from being sent by two processes at once. `invoiceMailSent` is set, and INVOICE_EMAIL
 * logged, only after the SMTP server accepted the message.
 */

/** The job kind that sends one outbox message. */
export const INVOICE_MAIL_JOB = 'core.invoice-mail';
/** First retry after 15-30 s (jittered), doubling, at most an hour apart. */
export const OUTBOX_BACKOFF = { firstSeconds: 30, maxSeconds: 3600 } as const;
/** Attempts before a message's job is dead (hourly retries for about six weeks); it can be retried then. */
export const OUTBOX_MAX_ATTEMPTS = 1000;

export function mailConfigured(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): boolean {
  return Boolean(config.smtpUrl && config.mailFrom);
}

/** Puts the invoice's e-mail in the outbox, and its sending job, inside the caller's transaction. */
export async function queueInvoiceMail(
  tdb: TenantDb,
  m: { invoice: IssuedInvoice; orderId: number; to: string; now: Date },
): Promise<void> {
  const row = await tdb
    .insertInto('outbox', {
      order_id: m.orderId,
      invoice_id: m.invoice.id,
      to_address: m.to,
      subject: INVOICE_MAIL.subject(m.invoice.number),
      body: INVOICE_MAIL.body(m.invoice.number, m.orderId, m.invoice.snapshot.seller.name),
      next_attempt_at: m.now.toISOString(),
      created_at: m.now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueueJob(tdb, {
    kind: INVOICE_MAIL_JOB,
    payload: { outboxId: row.id },
    dedupeKey: `outbox:${row.id}`,
    runAt: m.now,
    maxAttempts: OUTBOX_MAX_ATTEMPTS,
  });
}

/** An error's text without the SMTP credentials (the password lives in SMTP_URL). */
export function redactSecrets(text: string, smtpUrl: string | undefined): string {
  let out = text.replace(/\/\/[^\s/@]*@/g, '//***@');
  if (smtpUrl) {
    try {
      const u = new URL(smtpUrl);
      for (const secret of [u.password, decodeURIComponent(u.password)])
        if (secret.length >= 3) out = out.split(secret).join('***');
    } catch {
      // not a URL: nothing more to hide than the pattern above
    }
  }
  return out.slice(0, 1000);
}

const transports = new WeakMap<AppDeps, Transporter>();

function transportOf(deps: AppDeps): Transporter {
  let t = transports.get(deps);
  if (!t) {
    t = nodemailer.createTransport({
      url: deps.config.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    transports.set(deps, t);
  }
  return t;
}

/** The job kind of the invoices module (run by the job worker process). */
export function invoiceMailJob(deps: AppDeps, onSent: () => void = () => undefined): JobKind {
  return {
    kind: INVOICE_MAIL_JOB,
    backoff: OUTBOX_BACKOFF,
    handler: async (ctx) => {
      if (await sendOutboxMessage(deps, ctx)) onSent();
    },
  };
}

/**
 * Runs the due mail jobs in this process until none is due, and answers how many messages the
 * SMTP server accepted (tests await it; the server's job worker process runs the same jobs).
 */
export async function drainOutbox(deps: AppDeps): Promise<number> {
  if (!mailConfigured(deps.config)) return 0;
  let sent = 0;
  const worker = new JobWorker({
    db: deps.db,
    engine: deps.engine,
    kinds: [invoiceMailJob(deps, () => sent++)],
    now: deps.now,
    secrets: [deps.config.smtpUrl ?? ''],
  });
  await worker.drain();
  return sent;
}

/** Sends one outbox message and settles it; true when the SMTP server accepted it. */
async function sendOutboxMessage(deps: AppDeps, ctx: JobContext): Promise<boolean> {
  const { outboxId } = ctx.job.payload as { outboxId: number };
  const tdb = ctx.tdb;
  const msg = await tdb
    .selectFrom('outbox')
    .select(['order_id', 'invoice_id', 'to_address', 'subject', 'body', 'sent_at'])
    .where('id', '=', outboxId)
    .executeTakeFirst();
  // Gone with its invoice, or sent by a run whose done mark was lost: nothing to send.
  if (!msg || msg.sent_at !== null) return false;
  await tdb
    .updateTable('outbox')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', outboxId)
    .execute();
  try {
    if (!mailConfigured(deps.config)) throw new Error('SMTP_URL and MAIL_FROM are not set');
    const invoice = await invoiceById(tdb, msg.invoice_id);
    if (!invoice) throw new Error(`invoice ${msg.invoice_id} is missing`);
    const marks = await invoiceMarkRegistry.marksFor(deps, tdb, [invoice]);
    const pdf = await renderInvoicesPdf([invoice.snapshot], [marks.get(invoice.id)]);
    await transportOf(deps).sendMail({
      from: deps.config.mailFrom,
      to: msg.to_address,
      subject: msg.subject,
      text: msg.body,
      attachments: [{ filename: INVOICE_MAIL.fileName(invoice.number), content: pdf, contentType: 'application/pdf' }],
    });
  } catch (err) {
    const text = redactSecrets(err instanceof Error ? err.message : String(err), deps.config.smtpUrl);
    await tdb.updateTable('outbox').set({ last_error: text }).where('id', '=', outboxId).execute();
    // The job engine keeps the error too, and schedules the retry.
    throw new Error(text);
  }
  const sentAt = deps.now();
  await tdb.transaction(async (trx) => {
    await trx
      .updateTable('outbox')
      .set({ sent_at: sentAt.toISOString(), lease_until: null, last_error: null })
      .where('id', '=', outboxId)
      .execute();
    // The order may have been deleted since (its outbox row keeps the invoice, order_id null).
    const order =
      msg.order_id === null
        ? undefined
        : await trx.selectFrom('orders').select('id').where('id', '=', msg.order_id).executeTakeFirst();
    if (order) {
      await patchOrder(deps, trx, order.id, { invoiceMailSent: true }, null);
      await recordOrderPrints(
        trx,
        [{ orderId: order.id, user: null, kind: 'INVOICE_EMAIL', detail: msg.to_address }],
        sentAt,
      );
    }
  });
  return true;
}
