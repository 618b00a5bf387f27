import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'kysely';
import type { Config } from '../../config';
import { TenantDb } from '../../db/tenant';
import type { AppDeps } from '../../platform/context';
import { recordOrderPrints } from '../documents';
import { patchOrder } from '../orders';
import { renderInvoicesPdf } from './invoices.pdf';
import { invoiceById, type IssuedInvoice } from './invoices.repository';
import { INVOICE_MAIL } from './messages.pl';

/**
 * The mail outbox (docs/decisions.md, Documents: Invoices and e-mail). A message is a row written
 * in the transaction that asked for it; a sender sends due rows and retries failures with an
 * exponential backoff, so a failing SMTP server delays a message and never loses it. Any process
 * may send: a row is claimed with a lease (one conditional update, atomic on both engines), so a
 * message is never sent by two processes at once. `invoiceMailSent` is set, and INVOICE_EMAIL
 * logged, only after the SMTP server accepted the message.
 */

/** How long a claimed message belongs to its sender (longer than any SMTP timeout below). */
export const OUTBOX_LEASE_MS = 5 * 60_000;
/** First retry after 30 s, doubling, at most an hour apart; never given up. */
export const OUTBOX_BACKOFF_MS = { first: 30_000, max: 60 * 60_000 } as const;
/** How often every server process looks for due messages (besides the kick after queueing). */
export const OUTBOX_SWEEP_MS = 30_000;
const BATCH = 50;

export function mailConfigured(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): boolean {
  return Boolean(config.smtpUrl && config.mailFrom);
}

/** Delay before attempt `attempts + 1`, after `attempts` failed ones. */
export function backoffMs(attempts: number): number {
  return Math.min(OUTBOX_BACKOFF_MS.first * 2 ** Math.max(0, attempts - 1), OUTBOX_BACKOFF_MS.max);
}

/** Puts the invoice's e-mail in the outbox inside the caller's transaction. */
export async function queueInvoiceMail(
  tdb: TenantDb,
  m: { invoice: IssuedInvoice; orderId: number; to: string; now: Date },
): Promise<void> {
  await tdb
    .insertInto('outbox', {
      order_id: m.orderId,
      invoice_id: m.invoice.id,
      to_address: m.to,
      subject: INVOICE_MAIL.subject(m.invoice.number),
      body: INVOICE_MAIL.body(m.invoice.number, m.orderId, m.invoice.snapshot.seller.name),
      next_attempt_at: m.now.toISOString(),
      created_at: m.now.toISOString(),
    })
    .execute();
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

interface SenderState {
  transport?: Transporter;
  /** The run in progress (or the last one), and the one queued behind it. */
  current: Promise<unknown>;
  queued: Promise<number> | null;
}
const states = new WeakMap<AppDeps, SenderState>();

function stateOf(deps: AppDeps): SenderState {
  let s = states.get(deps);
  if (!s) {
    s = { current: Promise.resolve(), queued: null };
    states.set(deps, s);
  }
  return s;
}

/**
 * Sends every due message once (one run per process at a time; a call while a run is going waits
 * for it and then runs again, so a message queued before the call has been tried when it resolves).
 * Answers how many messages the SMTP server accepted in that run. Tests await it.
 */
export function drainOutbox(deps: AppDeps): Promise<number> {
  const s = stateOf(deps);
  if (s.queued) return s.queued;
  const run = s.current.then(() => {
    s.queued = null;
    return sendDue(deps);
  });
  s.queued = run;
  s.current = run.catch(() => 0);
  return run;
}

/** Starts a send soon, in the background (after a queueing transaction commits). */
export function kickOutbox(deps: AppDeps): void {
  drainOutbox(deps).catch((err: unknown) =>
    console.error(`outbox: ${redactSecrets(err instanceof Error ? err.message : String(err), deps.config.smtpUrl)}`),
  );
}

/** The periodic sweep of a server process; answers its stop. */
export function startOutboxSender(deps: AppDeps): () => void {
  if (!mailConfigured(deps.config)) return () => {};
  kickOutbox(deps);
  const timer = setInterval(() => kickOutbox(deps), OUTBOX_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}

function transportOf(deps: AppDeps, s: SenderState): Transporter {
  if (!s.transport) {
    s.transport = nodemailer.createTransport({
      url: deps.config.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
  }
  return s.transport;
}

async function sendDue(deps: AppDeps): Promise<number> {
  if (!mailConfigured(deps.config)) return 0;
  const now = deps.now();
  const nowIso = now.toISOString();
  // The one query across organisations: which messages are due. Every row is then handled through
  // its organisation's TenantDb.
  const due = await deps.db
    .selectFrom('outbox')
    .select(['id', 'org_id'])
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', nowIso)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', nowIso)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(BATCH)
    .execute();
  let sent = 0;
  for (const row of due) if (await sendOne(deps, new TenantDb(deps.db, row.org_id), row.id, now)) sent++;
  return sent;
}

/** Claims, sends and settles one message; true when the SMTP server accepted it. */
async function sendOne(deps: AppDeps, tdb: TenantDb, id: number, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  const claim = await tdb
    .updateTable('outbox')
    .set({ lease_until: new Date(now.getTime() + OUTBOX_LEASE_MS).toISOString(), attempts: sql<number>`attempts + 1` })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', nowIso)]))
    .executeTakeFirst();
  if (Number(claim.numUpdatedRows) !== 1) return false;
  const msg = await tdb
    .selectFrom('outbox')
    .select(['order_id', 'invoice_id', 'to_address', 'subject', 'body', 'attempts'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  try {
    const invoice = await invoiceById(tdb, msg.invoice_id);
    if (!invoice) throw new Error(`invoice ${msg.invoice_id} is missing`);
    const pdf = await renderInvoicesPdf([invoice.snapshot]);
    await transportOf(deps, stateOf(deps)).sendMail({
      from: deps.config.mailFrom,
      to: msg.to_address,
      subject: msg.subject,
      text: msg.body,
      attachments: [{ filename: INVOICE_MAIL.fileName(invoice.number), content: pdf, contentType: 'application/pdf' }],
    });
  } catch (err) {
    const text = redactSecrets(err instanceof Error ? err.message : String(err), deps.config.smtpUrl);
    await tdb
      .updateTable('outbox')
      .set({
        lease_until: null,
        last_error: text,
        next_attempt_at: new Date(deps.now().getTime() + backoffMs(Number(msg.attempts))).toISOString(),
      })
      .where('id', '=', id)
      .execute();
    return false;
  }
  const sentAt = deps.now();
  await tdb.transaction(async (trx) => {
    await trx
      .updateTable('outbox')
      .set({ sent_at: sentAt.toISOString(), lease_until: null, last_error: null })
      .where('id', '=', id)
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
