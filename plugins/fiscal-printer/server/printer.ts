import {
  enqueuePluginJob,
  logPluginEvent,
  markReceiptPrinted,
  readPluginSettings,
  receiptById,
  sql,
  type PluginJobContext,
  type TenantDb,
} from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';
import {
  FISCAL_MSG,
  fiscalSettingsSchema,
  rateKey,
  VAT_LETTERS,
  type FiscalSettings,
  type PrintState,
} from '../schemas';
import {
  PosnetConnection,
  PosnetError,
  printReceipt,
  readCounters,
  readDevice,
  readIdentity,
  readMechanism,
  readRates,
} from './posnet';
import { buildReceipt, letterMismatches, printerRatesText } from './receipt';
import { fiscalDb, LOCK, PRINTS } from './tables';

/**
 * The print queue (docs/plugins.md, "Plugin: fiscal-printer"; docs/decisions.md, "Plugin:
 * fiscal-printer"). One organisation has one printer and the printer takes one transaction at a
 * time, so whoever talks to it holds the organisation's lease (`p_fiscal_printer_lock`): a print
 * job that gets it prints every waiting receipt one after another, lets it go, and looks at the
 * queue once more (a receipt queued while it held the lease is printed then); a job that does not
 * get it leaves its receipts to the holder. A receipt is never printed twice: its row is committed
 * PRINTING with the printer's receipt counter before the first command goes out, and any attempt
 * that may have printed it is settled by that counter, or left 'Do sprawdzenia' for the seller.
 */

export const ID = 'fiscal-printer';

type Deps = PluginJobContext['deps'];
export interface Scope {
  tdb: TenantDb;
  deps: Deps;
}

/** How long a lease lasts unless renewed, and how often its holder renews it. */
export const LEASE_MS = 30_000;
const RENEW_MS = 5_000;
/** A job prints for at most this long, then leaves the rest of the queue to a new job. */
const DRAIN_BUDGET_MS = 8 * 60_000;

export async function loadSettings(s: Scope): Promise<FiscalSettings> {
  const read = await readPluginSettings(s.tdb, s.deps.config, ID, manifest.settings);
  return fiscalSettingsSchema.parse(read.values);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A connection to the settings' printer (an IPv6 address may come in brackets). */
function connectTo(settings: FiscalSettings): Promise<PosnetConnection> {
  return PosnetConnection.connect(settings.host.replace(/^\[|\]$/g, ''), settings.port, settings.timeoutSeconds * 1000);
}

// ---- the lease ---------------------------------------------------------------------------------

export interface Lease {
  release(): Promise<void>;
}

function newToken(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Takes the organisation's printer lease when nobody holds it (or the holder stopped renewing it). */
export async function takeLease(s: Scope): Promise<Lease | null> {
  const db = fiscalDb(s.tdb);
  await db
    .insertInto(LOCK, { token: null, lease_until: null })
    .onConflict((oc) => oc.column('org_id').doNothing())
    .execute();
  const token = newToken();
  const until = () => new Date(s.deps.now().getTime() + LEASE_MS).toISOString();
  const now = s.deps.now().toISOString();
  const r = await db
    .updateTable(LOCK)
    .set({ token, lease_until: until() })
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return null;
  const timer = setInterval(() => {
    void db
      .updateTable(LOCK)
      .set({ lease_until: until() })
      .where('token', '=', token)
      .execute()
      .catch(() => undefined);
  }, RENEW_MS);
  timer.unref();
  return {
    async release() {
      clearInterval(timer);
      await db.updateTable(LOCK).set({ token: null, lease_until: null }).where('token', '=', token).execute();
    },
  };
}

/** Whether the lease's holder renewed it lately (it is alive and will look at the queue again). */
async function holderAlive(s: Scope): Promise<boolean> {
  const row = await fiscalDb(s.tdb).selectFrom(LOCK).select('lease_until').executeTakeFirst();
  if (!row?.lease_until) return false;
  return Date.parse(row.lease_until) > s.deps.now().getTime() + LEASE_MS - 3 * RENEW_MS;
}

/** Whether a receipt waits for the printer (or was left PRINTING by a process that died). */
async function hasWork(s: Scope): Promise<boolean> {
  const row = await fiscalDb(s.tdb)
    .selectFrom(PRINTS)
    .select('id')
    .where('state', 'in', ['WAITING', 'PRINTING'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- the queue ---------------------------------------------------------------------------------

type Row = Awaited<ReturnType<typeof nextRow>> & object;

/** The receipt's row, WAITING (or PRINTED when the core says it is), written once. */
export async function ensureRow(s: Scope, receiptId: number): Promise<boolean> {
  const receipt = await receiptById(s.tdb, receiptId);
  if (!receipt) return false;
  const now = s.deps.now().toISOString();
  await fiscalDb(s.tdb)
    .insertInto(PRINTS, {
      receipt_id: receipt.id,
      order_id: receipt.orderId,
      number: receipt.number,
      gross: receipt.snapshot.totals.gross,
      issued_at: receipt.issuedAt,
      state: receipt.printedAt ? 'PRINTED' : 'WAITING',
      printed_at: receipt.printedAt,
      message: receipt.printedAt ? receipt.printedDetail : null,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['org_id', 'receipt_id']).doNothing())
    .execute();
  return true;
}

/** The next receipt to print: one left PRINTING by a dead process first, then the oldest waiting. */
async function nextRow(s: Scope) {
  const db = fiscalDb(s.tdb);
  const q = (state: PrintState) =>
    db.selectFrom(PRINTS).selectAll().where('state', '=', state).orderBy('id').limit(1).executeTakeFirst();
  return (await q('PRINTING')) ?? (await q('WAITING'));
}

interface Drain extends Scope {
  signal?: AbortSignal;
  jobId?: number;
}

/**
 * Prints the organisation's waiting receipts under its lease (the module's comment). Answers when
 * the queue is empty, or left to a live holder, or handed to a new job after the time budget.
 */
export async function drain(d: Drain): Promise<void> {
  const started = Date.now();
  let waited = 0;
  for (;;) {
    const lease = await takeLease(d);
    if (!lease) {
      // The holder prints what waits and looks at the queue again once it lets go.
      if ((await holderAlive(d)) || !(await hasWork(d))) return;
      // It stopped renewing (its process died): its lease runs out within LEASE_MS.
      if (waited > LEASE_MS + 5_000 || d.signal?.aborted) return;
      await sleep(1000);
      waited += 1000;
      continue;
    }
    try {
      await printQueue(d, started);
    } finally {
      await lease.release();
    }
    if (!(await hasWork(d))) return;
    if (Date.now() - started > DRAIN_BUDGET_MS) {
      await enqueuePluginJob(d.tdb, ID, 'print', { payload: { receiptIds: [] }, dedupeKey: 'continue' });
      return;
    }
  }
}

/** What one drain knows of the printer: its open connection, or why it did not answer. */
interface Session {
  conn: PosnetConnection | null;
  /** The printer did not answer in this drain: the rest of the queue fails with this, unasked. */
  down: string | null;
}

async function printQueue(d: Drain, started: number): Promise<void> {
  const session: Session = { conn: null, down: null };
  try {
    for (;;) {
      if (d.signal?.aborted)
        throw new Error('Drukowanie przerwane (zatrzymanie serwera): reszta kolejki wydrukuje się po jego starcie.');
      if (Date.now() - started > DRAIN_BUDGET_MS) return;
      const row = await nextRow(d);
      if (!row) return;
      await printOne(d, row, session);
    }
  } finally {
    session.conn?.close();
  }
}

const money = (g: number) =>
  `${Math.trunc(g / 100).toLocaleString('pl-PL')},${String(Math.abs(g) % 100).padStart(2, '0')} zł`;

/** The printer's state `ds` in Polish, when it is not ready. */
const DEVICE_STATES: Record<number, string> = {
  1: 'drukarka jest w menu (wyjdź z menu na drukarce)',
  2: 'drukarka czeka na naciśnięcie klawisza',
  3: 'drukarka czeka na reakcję po błędzie',
};

async function finish(
  d: Drain,
  row: Row,
  state: 'FAILED' | 'UNKNOWN',
  message: string,
  code: number | null = null,
): Promise<void> {
  await fiscalDb(d.tdb)
    .updateTable(PRINTS)
    .set({
      state,
      verify: state === 'UNKNOWN' ? 1 : 0,
      message: message.slice(0, 1000),
      error_code: code,
      updated_at: d.deps.now().toISOString(),
    })
    .where('id', '=', row.id)
    .execute();
  await logPluginEvent({ tdb: d.tdb, deps: d.deps }, ID, {
    what: `Paragon ${row.number}`,
    message,
    ok: false,
    ...(row.order_id !== null ? { orderId: row.order_id } : {}),
    ...(d.jobId !== undefined ? { jobId: d.jobId } : {}),
  });
}

/**
 * One receipt: checked against the core (printed already?), the printer made ready (an unfinished
 * transaction cancelled), the counter read (and, for a receipt an earlier attempt may have
 * printed, compared), the letters compared with the printer's, the row committed PRINTING with the
 * counter, the transaction sent, the receipt marked printed in the core with the row.
 */
async function printOne(d: Drain, row: Row, session: Session): Promise<void> {
  const db = fiscalDb(d.tdb);
  const receipt = await receiptById(d.tdb, row.receipt_id);
  if (!receipt) {
    await finish(d, row, 'FAILED', FISCAL_MSG.receiptNotFound);
    return;
  }
  const now = () => d.deps.now().toISOString();
  if (receipt.printedAt) {
    await db
      .updateTable(PRINTS)
      .set({
        state: 'PRINTED',
        verify: 0,
        printed_at: receipt.printedAt,
        message: receipt.printedDetail,
        updated_at: now(),
      })
      .where('id', '=', row.id)
      .execute();
    return;
  }
  // An earlier attempt may have printed it: it is printed again only when the counter proves it was not.
  const verify = row.state === 'PRINTING' || row.verify === 1;
  const recheck = 'gdy drukarka będzie gotowa, kliknij „Drukuj ponownie” (wydrukuje go tylko, jeśli go nie ma).';
  const fail = (message: string, code: number | null = null) =>
    finish(
      d,
      row,
      verify ? 'UNKNOWN' : 'FAILED',
      verify ? `${message} Nie wiadomo jeszcze, czy wcześniejsza próba wydrukowała ten paragon: ${recheck}` : message,
      code,
    );
  const settings = await loadSettings(d);
  if (!settings.host) return fail(FISCAL_MSG.noHost);
  const where = `${settings.host}:${settings.port}`;
  // A receipt to verify may have been printed by an earlier attempt: only this attempt is known.
  const notPrinted = verify
    ? `Tym razem paragon ${row.number} nie został wysłany do drukarki.`
    : `Paragon ${row.number} nie został wydrukowany.`;
  /** Once the counter proved it (or printing started after that proof): certainly not printed. */
  const certain = `Paragon ${row.number} nie został wydrukowany.`;
  const unreachable = (reason: string, what: string) =>
    `${reason} ${what} Sprawdź, czy drukarka jest włączona i czy serwer ją widzi (sieć sklepu albo tunel), potem kliknij „Drukuj ponownie”.`;
  if (session.down) return fail(unreachable(session.down, notPrinted));
  const built = buildReceipt(receipt.snapshot, settings.vatLetters);

  let before: number;
  let conn: PosnetConnection;
  try {
    conn = session.conn?.usable ? session.conn : (session.conn = await connectTo(settings));
    const device = await readDevice(conn);
    if (device.state !== 0) {
      const mechanism = await readMechanism(conn).catch(() => null);
      return fail(
        `Drukarka fiskalna ${where} nie jest gotowa: ${DEVICE_STATES[device.state] ?? `stan ${device.state}`}${mechanism ? ` (${mechanism})` : ''}. ${notPrinted}`,
      );
    }
    if (device.transaction === 3)
      return fail(`Drukarka fiskalna ${where} jest zajęta: ktoś obsługuje ją z klawiatury. ${notPrinted}`);
    // A transaction left open (a connection dropped in the middle of a receipt) is cancelled: it was never ended.
    if (device.transaction !== 0) await conn.send('prncancel');
    before = (await readCounters(conn)).receipts;
    if (verify) {
      if (row.counter_before === null || row.printer !== where)
        return finish(
          d,
          row,
          'UNKNOWN',
          `Nie da się sprawdzić, czy paragon ${row.number} (${money(row.gross)}) się wydrukował: ${row.printer && row.printer !== where ? `wcześniejsza próba była na drukarce ${row.printer}` : 'brak licznika paragonów z wcześniejszej próby'}. Sprawdź wydruki na drukarce: jeśli paragon jest, kliknij „Wydrukowany”, jeśli go nie ma — „Drukuj mimo to”.`,
        );
      if (before !== row.counter_before)
        return finish(
          d,
          row,
          'UNKNOWN',
          `Od rozpoczęcia wydruku paragonu ${row.number} (${money(row.gross)}) drukarka zakończyła paragonów: ${before - row.counter_before} (licznik ${row.counter_before} → ${before}), a nie potwierdziła tego. Sprawdź wydruki na drukarce: jeśli paragon jest, kliknij „Wydrukowany”, jeśli go nie ma — „Drukuj mimo to”.`,
        );
    }
    if ('error' in built) {
      await finish(d, row, 'FAILED', `${built.error} ${certain}`);
      return;
    }
    const printerRates = await readRates(conn);
    const mismatches = letterMismatches(built, settings.vatLetters, printerRates);
    if (mismatches.length > 0) {
      const rates = printerRatesText(printerRates);
      await finish(
        d,
        row,
        'FAILED',
        `Stawki VAT drukarki nie zgadzają się z ustawieniami: ${mismatches.join('; ')} (drukarka: ${rates}). Popraw je w zakładce „Stawki VAT”. ${certain}`,
      );
      return;
    }
  } catch (err) {
    if (!(err instanceof PosnetError)) throw err;
    if (err.unreachable) {
      session.conn?.close();
      session.conn = null;
      session.down = `Drukarka fiskalna ${where}: ${err.message}`;
      return fail(unreachable(session.down, notPrinted));
    }
    return fail(`${err.message} ${notPrinted}`, err.code);
  }

  // Printing starts: committed before the first command, with the counter that settles a doubt later.
  await db
    .updateTable(PRINTS)
    .set({
      state: 'PRINTING',
      verify: 0,
      counter_before: before,
      printer: where,
      started_at: now(),
      attempts: sql<number>`attempts + 1`,
      message: null,
      error_code: null,
      updated_at: now(),
    })
    .where('id', '=', row.id)
    .execute();
  try {
    await printReceipt(conn, built);
  } catch (err) {
    if (!(err instanceof PosnetError)) throw err;
    session.conn?.close();
    session.conn = null;
    if (err.unreachable && err.command === 'trend' && err.written) {
      await settleLostEnd(d, row, settings, before, err);
      return;
    }
    if (err.unreachable) {
      session.down = `Drukarka fiskalna ${where}: ${err.message}`;
      await finish(d, row, 'FAILED', unreachable(session.down, certain));
      return;
    }
    await finish(d, row, 'FAILED', `${err.message} ${certain} Transakcja na drukarce została anulowana.`, err.code);
    return;
  }
  const after = await readCounters(conn).catch(() => null);
  const detail = `${where}${after?.lastReceipt ? `, nr wydruku ${after.lastReceipt}` : ''}`;
  await markPrinted(d, row, `Drukarka fiskalna ${detail}`);
}

/** The receipt is printed: the row and the core's mark in one transaction, and a line in 'Dziennik'. */
export async function markPrinted(s: Scope & { jobId?: number }, row: Row, detail: string): Promise<void> {
  const now = s.deps.now().toISOString();
  await s.tdb.transaction(async (t) => {
    await fiscalDb(t)
      .updateTable(PRINTS)
      .set({ state: 'PRINTED', verify: 0, printed_at: now, message: detail, error_code: null, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    await markReceiptPrinted(s.deps, t, row.receipt_id, detail);
  });
  await logPluginEvent({ tdb: s.tdb, deps: s.deps }, ID, {
    what: `Paragon ${row.number}`,
    message: `Wydrukowany (${money(row.gross)}): ${detail}.`,
    ...(row.order_id !== null ? { orderId: row.order_id } : {}),
    ...(s.jobId !== undefined ? { jobId: s.jobId } : {}),
  });
}

/**
 * `trend` went out and its answer did not come: the printer may have ended the receipt. A new
 * connection reads its state: a transaction still open was not ended (cancelled: not printed); the
 * counter where it was: not printed; anything else, or no answer: 'Do sprawdzenia'.
 */
async function settleLostEnd(d: Drain, row: Row, settings: FiscalSettings, before: number, err: PosnetError) {
  const where = `${settings.host}:${settings.port}`;
  let conn: PosnetConnection | null = null;
  try {
    conn = await connectTo(settings);
    const device = await readDevice(conn);
    if (device.transaction === 1 || device.transaction === 2) await conn.send('prncancel');
    const now = (await readCounters(conn)).receipts;
    if (now === before) {
      await finish(
        d,
        row,
        'FAILED',
        `Drukarka fiskalna ${where} nie zakończyła paragonu ${row.number} (${err.message}); licznik paragonów się nie zmienił, więc paragon nie został wydrukowany. Kliknij „Drukuj ponownie”.`,
      );
      return;
    }
    await finish(
      d,
      row,
      'UNKNOWN',
      `Drukarka fiskalna ${where} nie potwierdziła zakończenia paragonu ${row.number} (${money(row.gross)}): ${err.message} Jej licznik paragonów zmienił się z ${before} na ${now}, więc paragon prawdopodobnie się wydrukował. Sprawdź wydruk: jeśli jest, kliknij „Wydrukowany”, jeśli go nie ma — „Drukuj mimo to”.`,
    );
  } catch (e) {
    if (!(e instanceof PosnetError)) throw e;
    await finish(
      d,
      row,
      'UNKNOWN',
      `Drukarka fiskalna ${where} nie potwierdziła zakończenia paragonu ${row.number} (${money(row.gross)}): ${err.message} Nie wiadomo, czy go wydrukowała. Sprawdź wydruk na drukarce: jeśli jest, kliknij „Wydrukowany”; jeśli go nie ma, „Drukuj ponownie” (wydrukuje go tylko, gdy licznik drukarki się nie zmienił).`,
    );
  } finally {
    conn?.close();
  }
}

// ---- the printer's status ('Sprawdź połączenie', the letters) -----------------------------------

export interface PrinterReport {
  ok: boolean;
  message: string;
  letters: Record<string, number | 'zw' | null>;
}

/**
 * Reads the printer's status under the lease (nothing is printed): model, state, counter, the
 * letters as programmed, compared with the settings'.
 */
export async function printerStatus(s: Scope): Promise<PrinterReport> {
  const settings = await loadSettings(s);
  if (!settings.host) return { ok: false, message: FISCAL_MSG.noHost, letters: {} };
  const where = `${settings.host}:${settings.port}`;
  const lease = await takeLease(s);
  if (!lease) return { ok: false, message: FISCAL_MSG.printerBusy, letters: {} };
  let conn: PosnetConnection | null = null;
  try {
    conn = await connectTo(settings);
    const id = await readIdentity(conn);
    const device = await readDevice(conn);
    const mechanism = device.state !== 0 ? await readMechanism(conn).catch(() => null) : null;
    const counters = await readCounters(conn);
    const rates = await readRates(conn);
    const letters = Object.fromEntries(VAT_LETTERS.map((l, i) => [l, rates[i] ?? null]));
    const differ = VAT_LETTERS.filter((l, i) => {
      const mine = settings.vatLetters[l];
      const theirs = rates[i] ?? null;
      return mine !== null && (theirs === null || rateKey(theirs) !== rateKey(mine));
    });
    const ready = device.state === 0;
    const parts = [
      `Drukarka ${id.model || 'POSNET'}${id.version ? ` (oprogramowanie ${id.version})` : ''} pod adresem ${where} odpowiada`,
      ready
        ? 'gotowa do drukowania'
        : `nie jest gotowa: ${DEVICE_STATES[device.state] ?? `stan ${device.state}`}${mechanism ? ` (${mechanism})` : ''}`,
    ];
    const message =
      `${parts.join(': ')}. Paragonów zakończonych: ${counters.receipts}. Stawki na drukarce: ${printerRatesText(rates)}` +
      (differ.length === 0
        ? ' — zgodne z ustawieniami.'
        : `. Nie zgadzają się z ustawieniami litery ${differ.join(', ')}: popraw je w zakładce „Stawki VAT”.`);
    const ok = ready && differ.length === 0;
    await logPluginEvent(s, ID, { what: 'Sprawdzenie drukarki', message, ok });
    return { ok, message, letters };
  } catch (err) {
    if (!(err instanceof PosnetError)) throw err;
    const message = `Drukarka fiskalna ${where}: ${err.message} Sprawdź adres i port, czy drukarka jest włączona i czy serwer ją widzi (sieć sklepu albo tunel).`;
    await logPluginEvent(s, ID, { what: 'Sprawdzenie drukarki', message, ok: false });
    return { ok: false, message, letters: {} };
  } finally {
    conn?.close();
    await lease.release();
  }
}
