import {
  enqueuePluginJob,
  invoicesByIds,
  logPluginEvent,
  OutsideError,
  OutsideRefusedError,
  OutsideUnavailableError,
  RetryAfterError,
  sha256Base64,
  sql,
  type PluginJobContext,
  type TenantDb,
} from '@zaplecze/plugin-sdk';
import { buildFa3, Fa3Refusal } from './fa3';
import { Ksef, type KsefInvoiceStatus } from './ksef';
import { validateFa3 } from './schemas';
import { invoicingDb, KSEF } from './tables';
import { nextWorkingDay } from './workdays';

/**
 * Sending to KSeF (docs/plugins.md, "Plugin: invoicing"; docs/decisions.md, "Accounting: KSeF"):
 * the `send` job takes the waiting invoices (up to BATCH a run) into one interactive session, the
 * `status` job asks for their state until KSeF decided, keeps the KSeF number and the UPO. Every
 * outside call is made outside any transaction; every row change is one statement.
 */

const ID = 'invoicing';
/** Invoices per run of `send` (KSeF takes up to 10,000 per session). */
export const BATCH = 1000;
/** Files validated against the schema together (one validator run). */
const CHUNK = 100;
/** How long one `status` run keeps asking before it hands over to a later run. */
const STATUS_BUDGET_MS = 120_000;
const STATUS_POLL_MS = 1000;

type Row = {
  id: number;
  invoice_id: number;
  invoice_number: string;
  order_id: number | null;
  offline: number;
  issued_at: string;
};

const warsawDay = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' }).format(new Date(iso));

/** Polish hints for KSeF's invoice status codes: what the seller does next. */
const HINTS: Record<number, string> = {
  410: 'Token KSeF nie ma uprawnienia do wystawiania faktur dla tego NIP: wygeneruj w Aplikacji Podatnika token z uprawnieniem „wystawianie faktur” i wpisz go w ustawieniach.',
  415: 'KSeF nie przyjmuje załączników w tej sesji.',
  430: 'Plik faktury nie przeszedł weryfikacji KSeF: popraw dane faktury (szczegóły obok) i wystaw fakturę korygującą.',
  435: 'KSeF nie odszyfrował pliku: wyślij fakturę ponownie.',
  450: 'KSeF znalazł błąd w treści faktury (np. NIP, daty, kwoty): popraw dane i wystaw fakturę korygującą albo wyślij ponownie po poprawieniu ustawień.',
};

export function rejectionText(s: KsefInvoiceStatus['status']): string {
  const details = s.details?.length ? `: ${s.details.join('; ')}` : '';
  const hint = HINTS[s.code] ? ` ${HINTS[s.code]}` : '';
  return `KSeF ${s.code} ${s.description}${details}.${hint}`.slice(0, 2000);
}

async function markOffline(tdb: TenantDb, rows: readonly Row[], now: string): Promise<void> {
  for (const r of rows)
    await invoicingDb(tdb)
      .updateTable(KSEF)
      .set({ state: 'OFFLINE', offline: 1, send_by: nextWorkingDay(warsawDay(r.issued_at)), updated_at: now })
      .where('id', '=', r.id)
      .where('state', 'in', ['WAITING', 'OFFLINE'])
      .execute();
}

/** The client, or null while the settings lack the NIP or the token (the invoices wait). */
async function client(ctx: PluginJobContext): Promise<Ksef | null> {
  try {
    return await Ksef.of(ctx.tdb, ctx.deps, ctx.job.id);
  } catch (err) {
    if (err instanceof OutsideRefusedError && err.status === 0) return null;
    throw err;
  }
}

/**
 * Rows whose sending started but whose answer never came (a killed job, a lost answer): KSeF is
 * asked which invoices the session holds; one found by its hash is SENT, one not found is sent
 * again (and should KSeF have it after all, its duplicate answer is read as the earlier success).
 */
/** Answers whether any was found (they now wait for their status). */
async function recoverLost(ctx: PluginJobContext, ksef: Ksef): Promise<boolean> {
  const db = invoicingDb(ctx.tdb);
  const lost = await db
    .selectFrom(KSEF)
    .select(['id', 'session_ref', 'invoice_hash'])
    .where('state', 'in', ['WAITING', 'OFFLINE'])
    .where('session_ref', 'is not', null)
    .where('invoice_ref', 'is', null)
    .orderBy('id')
    .limit(BATCH)
    .execute();
  let found = false;
  const bySession = new Map<string, typeof lost>();
  for (const r of lost) bySession.set(r.session_ref!, [...(bySession.get(r.session_ref!) ?? []), r]);
  for (const [ref, rows] of bySession) {
    let known: Map<string, KsefInvoiceStatus>;
    try {
      known = new Map((await ksef.sessionInvoices(ref)).map((i) => [i.invoiceHash, i]));
    } catch (err) {
      if (!(err instanceof OutsideRefusedError)) throw err;
      known = new Map(); // KSeF does not know the session: nothing of it arrived.
    }
    const now = ctx.deps.now().toISOString();
    for (const r of rows) {
      const there = r.invoice_hash ? known.get(r.invoice_hash) : undefined;
      if (there) found = true;
      await db
        .updateTable(KSEF)
        .set(
          there
            ? { state: 'SENT', invoice_ref: there.referenceNumber, sent_at: now, updated_at: now }
            : { session_ref: null, send_started_at: null, updated_at: now },
        )
        .where('id', '=', r.id)
        .execute();
    }
  }
  return found;
}

/** `send`: the waiting and offline invoices into one interactive session. */
export async function sendWaiting(ctx: PluginJobContext): Promise<void> {
  const ksef = await client(ctx);
  if (!ksef) return;
  const db = invoicingDb(ctx.tdb);
  const nowIso = () => ctx.deps.now().toISOString();
  const waiting = () =>
    db
      .selectFrom(KSEF)
      .select(['id', 'invoice_id', 'invoice_number', 'order_id', 'offline', 'issued_at'])
      .where('state', 'in', ['WAITING', 'OFFLINE'])
      .where('invoice_ref', 'is', null)
      .orderBy('id')
      .limit(BATCH)
      .execute();
  if ((await waiting()).length === 0) return;
  let session;
  try {
    if (await recoverLost(ctx, ksef))
      await ctx.tdb.transaction((tdb) =>
        enqueuePluginJob(tdb, ID, 'status', { dedupeKey: `status:found:${ctx.job.id}` }),
      );
    if ((await waiting()).length === 0) return;
    session = await ksef.openSession();
  } catch (err) {
    if (err instanceof OutsideUnavailableError) {
      await markOffline(ctx.tdb, await waiting(), nowIso());
      return;
    }
    throw err;
  }
  const rows = await waiting();
  let sent = 0;
  try {
    for (let i = 0; i < rows.length; i += CHUNK) {
      if (ctx.signal.aborted) break;
      const chunk = rows.slice(i, i + CHUNK);
      // Build and validate before anything leaves the server.
      const files: { row: Row; xml: Buffer }[] = [];
      const invoices = await invoicesByIds(
        ctx.tdb,
        chunk.map((r) => r.invoice_id),
      );
      for (const row of chunk) {
        const inv = invoices.get(row.invoice_id);
        let error: string | null = null;
        if (!inv) error = 'Faktura nie istnieje.';
        else
          try {
            files.push({
              row,
              xml: Buffer.from(buildFa3(inv.snapshot, { now: new Date(inv.snapshot.issuedAt) }), 'utf8'),
            });
          } catch (err) {
            if (!(err instanceof Fa3Refusal)) throw err;
            error = err.userMessage;
          }
        if (error) await reject(ctx.tdb, row.id, null, error, nowIso());
      }
      const invalid = new Map<string, string[]>();
      for (const e of await validateFa3(files.map((f) => ({ name: String(f.row.id), xml: f.xml.toString('utf8') }))))
        invalid.set(e.document, [
          ...(invalid.get(e.document) ?? []),
          `${e.line ? `wiersz ${e.line}: ` : ''}${e.message}`,
        ]);
      for (const { row, xml } of files) {
        if (ctx.signal.aborted) break;
        const errors = invalid.get(String(row.id));
        if (errors) {
          await reject(
            ctx.tdb,
            row.id,
            null,
            `Plik FA(3) niezgodny ze schematem, nie wysłano go: ${errors.slice(0, 5).join('; ')}`,
            nowIso(),
          );
          continue;
        }
        const now = nowIso();
        await db
          .updateTable(KSEF)
          .set({
            session_ref: session.ref,
            invoice_ref: null,
            send_started_at: now,
            invoice_hash: sha256Base64(xml),
            attempts: sql<number>`attempts + 1`,
            updated_at: now,
          })
          .where('id', '=', row.id)
          .execute();
        try {
          const ref = await ksef.sendInvoice(session, xml, {
            offline: row.offline === 1,
            what: `Faktura ${row.invoice_number}`,
            ...(row.order_id !== null ? { orderId: row.order_id } : {}),
          });
          const at = nowIso();
          await db
            .updateTable(KSEF)
            .set({ state: 'SENT', invoice_ref: ref, sent_at: at, error: null, error_code: null, updated_at: at })
            .where('id', '=', row.id)
            .execute();
          sent++;
        } catch (err) {
          if (err instanceof OutsideUnavailableError) {
            // This one may have arrived (an answer lost on the way): it keeps its session, and
            // the next run asks KSeF before sending it again. The rest wait offline.
            await markOffline(ctx.tdb, rows.slice(rows.indexOf(row) + 1), nowIso());
            return;
          }
          if (err instanceof OutsideRefusedError && !(err instanceof RetryAfterError)) {
            await reject(ctx.tdb, row.id, err.status, err.userMessage, nowIso());
            continue;
          }
          throw err;
        }
        await ctx.progress(sent, rows.length);
      }
    }
  } finally {
    if (sent > 0)
      await ctx.tdb.transaction((tdb) =>
        enqueuePluginJob(tdb, ID, 'status', {
          dedupeKey: `status:${session.ref}`,
          runAt: new Date(ctx.deps.now().getTime() + 500),
        }),
      );
    await ksef.closeSession(session.ref).catch((err: unknown) => {
      if (!(err instanceof OutsideError)) throw err;
    });
  }
  if (rows.length === BATCH && !ctx.signal.aborted)
    await ctx.tdb.transaction((tdb) => enqueuePluginJob(tdb, ID, 'send', { dedupeKey: `send:${session.ref}` }));
}

async function reject(tdb: TenantDb, id: number, code: number | null, error: string, now: string): Promise<void> {
  await invoicingDb(tdb)
    .updateTable(KSEF)
    .set({
      state: 'REJECTED',
      error_code: code,
      error: error.slice(0, 2000),
      session_ref: null,
      invoice_ref: null,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * `status`: asks KSeF about the sent invoices until each is accepted or rejected: one list of the
 * session's invoices (up to 1,000 a page) instead of a call per invoice; an invoice the list does
 * not name yet is asked on its own. An accepted one's UPO is fetched once and kept.
 */
export async function checkSent(ctx: PluginJobContext): Promise<void> {
  const ksef = await client(ctx);
  if (!ksef) return;
  const db = invoicingDb(ctx.tdb);
  const started = Date.now();
  for (;;) {
    const rows = await db
      .selectFrom(KSEF)
      .select(['id', 'invoice_number', 'order_id', 'session_ref', 'invoice_ref'])
      .where('state', '=', 'SENT')
      .orderBy('id')
      .limit(5000)
      .execute();
    let pending = 0;
    const sessions = new Map<string, Map<string, KsefInvoiceStatus>>();
    for (const ref of new Set(rows.map((r) => r.session_ref!)))
      sessions.set(ref, new Map((await ksef.sessionInvoices(ref)).map((i) => [i.referenceNumber, i])));
    for (const r of rows) {
      if (ctx.signal.aborted) return;
      const st =
        sessions.get(r.session_ref!)?.get(r.invoice_ref!) ??
        (await ksef.invoiceStatus(r.session_ref!, r.invoice_ref!, r.order_id ?? undefined));
      if (!(await settle(ctx, ksef, r, st))) pending++;
    }
    const waitingAgain = await db.selectFrom(KSEF).select('id').where('state', '=', 'WAITING').limit(1).execute();
    if (waitingAgain.length > 0)
      await ctx.tdb.transaction((tdb) => enqueuePluginJob(tdb, ID, 'send', { dedupeKey: 'send' }));
    if (pending === 0 && rows.length < 5000) return;
    if (Date.now() - started > STATUS_BUDGET_MS) {
      await ctx.tdb.transaction((tdb) =>
        enqueuePluginJob(tdb, ID, 'status', {
          dedupeKey: `status:later:${ctx.job.id}`,
          runAt: new Date(ctx.deps.now().getTime() + 30_000),
        }),
      );
      return;
    }
    if (pending > 0) await new Promise((r) => setTimeout(r, STATUS_POLL_MS));
  }
}

/** Records KSeF's verdict on one sent invoice; false while KSeF is still processing it. */
async function settle(
  ctx: PluginJobContext,
  ksef: Ksef,
  r: { id: number; invoice_number: string; order_id: number | null; session_ref: string | null },
  st: KsefInvoiceStatus,
): Promise<boolean> {
  const db = invoicingDb(ctx.tdb);
  const code = st.status.code;
  const now = ctx.deps.now().toISOString();
  if (code === 100 || code === 150) return false;
  if (code === 200 || code === 440) {
    const ext = st.status.extensions ?? {};
    const ksefNumber = code === 200 ? st.ksefNumber : (ext.originalKsefNumber as string | undefined);
    const upoSession =
      code === 200 ? r.session_ref! : ((ext.originalSessionReferenceNumber as string | undefined) ?? r.session_ref!);
    if (!ksefNumber) return false;
    let upo: string | null = null;
    try {
      upo = await ksef.upo(upoSession, ksefNumber);
    } catch (err) {
      if (!(err instanceof OutsideError) || err instanceof OutsideUnavailableError) throw err;
    }
    await db
      .updateTable(KSEF)
      .set({
        state: 'ACCEPTED',
        ksef_number: ksefNumber,
        accepted_at: st.acquisitionDate ?? now,
        upo,
        error: null,
        error_code: null,
        updated_at: now,
      })
      .where('id', '=', r.id)
      .execute();
    if (code === 440)
      await logPluginEvent({ tdb: ctx.tdb, deps: ctx.deps }, ID, {
        what: `Faktura ${r.invoice_number}`,
        message: `KSeF miał już tę fakturę (duplikat): numer KSeF ${ksefNumber}.`,
        ...(r.order_id !== null ? { orderId: r.order_id } : {}),
        jobId: ctx.job.id,
      });
    return true;
  }
  if (code === 405 || code === 550) {
    // KSeF asks for the invoice again (a session error): back to the queue.
    await db
      .updateTable(KSEF)
      .set({ state: 'WAITING', session_ref: null, invoice_ref: null, updated_at: now })
      .where('id', '=', r.id)
      .execute();
    return true;
  }
  await reject(ctx.tdb, r.id, code, rejectionText(st.status), now);
  return true;
}

/** The schedule's safety net: wakes `send` and `status` while anything is on its way. */
export async function sweep(ctx: PluginJobContext): Promise<void> {
  const db = invoicingDb(ctx.tdb);
  const open = await db
    .selectFrom(KSEF)
    .select(['state', sql<number>`count(*)`.as('n')])
    .where('state', 'in', ['WAITING', 'OFFLINE', 'SENT'])
    .groupBy('state')
    .execute();
  const has = (s: string) => open.some((o) => o.state === s && Number(o.n) > 0);
  await ctx.tdb.transaction(async (tdb) => {
    if (has('WAITING') || has('OFFLINE')) await enqueuePluginJob(tdb, ID, 'send', { dedupeKey: 'send' });
    if (has('SENT')) await enqueuePluginJob(tdb, ID, 'status', { dedupeKey: 'status:sweep' });
  });
}
