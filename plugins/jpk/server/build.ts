import { sha256Base64, validateXmlStream, type TenantDb } from '@zaplecze/plugin-sdk';
import {
  JPK_MSG,
  missingSettings,
  SETTINGS_LABELS,
  type FileSummary,
  type JpkKind,
  type JpkSettings,
} from '../schemas';
import { FaWriter } from './fa4';
import { countDocuments, invoicePages, monthsOf, receiptPages, type KsefMarksOf } from './sales';
import { FA4_SET, fa4Dir, V7M3_SET, v7m3Dir } from './schemas';
import { V7mWriter } from './v7m';

/**
 * One JPK file from the period's documents (docs/plugins.md, "Plugin: jpk"): read in pages,
 * written as it goes, validated against the official schema, and answered with its summary.
 * What the file cannot carry is a `JpkRefusal` with the Polish reason (the job stores it; trying
 * again would not help).
 */
export class JpkRefusal extends Error {}

export interface BuildRequest {
  kind: JpkKind;
  year: number | null;
  month: number | null;
  dateFrom: string;
  dateTo: string;
  correction: boolean;
}

export interface BuildHooks {
  now: Date;
  /** What KSeF says of invoices (the SDK's `ksefMarksOf` for the organisation). */
  ksefMarks: KsefMarksOf;
  progress(done: number, total: number): Promise<void>;
  phase(phase: 'reading' | 'validating'): Promise<void>;
  signal?: AbortSignal;
}

export interface Built {
  /** The documents read (the progress total). */
  documents: number;
  xml: Buffer;
  sha256: string;
  summary: FileSummary;
}

/** The Polish message for what the settings still lack for `kind`, or undefined when complete. */
export function settingsProblem(settings: JpkSettings, kind: JpkKind): string | undefined {
  const missing = missingSettings(settings, kind);
  return missing.length > 0 ? JPK_MSG.missingSettings(missing.map((k) => SETTINGS_LABELS[k])) : undefined;
}

const hexSha256 = (xml: Buffer) => Buffer.from(sha256Base64(xml), 'base64').toString('hex');

const FIRST = 20;
const listed = (numbers: readonly string[]) => [numbers.slice(0, FIRST), Math.max(0, numbers.length - FIRST)] as const;

/**
 * Between pages: gives the process's timers a turn (on SQLite every read is synchronous, so a
 * month of pages would otherwise hold the event loop for seconds) and stops when the job must.
 */
async function betweenPages(signal: AbortSignal | undefined) {
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (signal?.aborted) throw new Error('jpk: the job was stopped');
}

async function validated(kind: JpkKind, chunks: Buffer[], name: string): Promise<Buffer> {
  const xml = Buffer.concat(chunks);
  chunks.length = 0;
  const errors =
    kind === 'V7M'
      ? await validateXmlStream(v7m3Dir(), V7M3_SET, { name, xml })
      : await validateXmlStream(fa4Dir(), FA4_SET, { name, xml });
  if (errors.length > 0) {
    const e = errors[0]!;
    throw new JpkRefusal(JPK_MSG.invalidXml(`${e.line === null ? '' : `wiersz ${e.line}: `}${e.message}`));
  }
  return xml;
}

const pl = (n: number, one: string, few: string, many: string) => {
  const t = n % 100;
  const o = n % 10;
  return n === 1 ? one : o >= 2 && o <= 4 && !(t >= 12 && t <= 14) ? few : many;
};

async function buildV7m(tdb: TenantDb, req: BuildRequest, settings: JpkSettings, hooks: BuildHooks): Promise<Built> {
  const months = [{ year: req.year!, month: req.month! }];
  const total = (await countDocuments(tdb, 'receipts', months)) + (await countDocuments(tdb, 'invoices', months));
  let done = 0;
  await hooks.progress(0, total);
  const writer = new V7mWriter({
    year: req.year!,
    month: req.month!,
    correction: req.correction,
    settings,
    now: hooks.now,
  });
  for await (const page of receiptPages(tdb, months)) {
    await betweenPages(hooks.signal);
    for (const d of page) writer.addReceipt(d.number, d.snapshot);
    done += page.length;
    await hooks.progress(done, total);
  }
  for await (const page of invoicePages(tdb, months, hooks.ksefMarks)) {
    await betweenPages(hooks.signal);
    for (const d of page.docs)
      writer.addInvoice(d.number, d.snapshot, page.ksef.get(d.id), d.orderId !== null && page.toReceipt.has(d.orderId));
    done += page.docs.length;
    await hooks.progress(done, total);
  }
  const r = writer.finish();
  if (r.foreign.length > 0) throw new JpkRefusal(JPK_MSG.foreignCurrency(...listed(r.foreign)));
  if (r.unsupported.length > 0) throw new JpkRefusal(JPK_MSG.unsupportedRate(...listed(r.unsupported)));
  await hooks.phase('validating');
  const xml = await validated('V7M', r.chunks, `JPK_V7M ${req.month}/${req.year}`);
  const warnings: string[] = [];
  if (r.fp > 0)
    warnings.push(
      `${r.fp} ${pl(r.fp, 'faktura wystawiona', 'faktury wystawione', 'faktur wystawionych')} do paragonu: oznaczone FP, ich sprzedaż jest już w wierszu RO, więc nie wchodzą do deklaracji ani do podatku należnego ewidencji.`,
    );
  if (r.waitingForKsef > 0)
    warnings.push(
      `${r.waitingForKsef} ${pl(r.waitingForKsef, 'faktura czeka', 'faktury czekają', 'faktur czeka')} na numer KSeF (w pliku jako BFK). Gdy KSeF je przyjmie, utwórz plik ponownie.`,
    );
  if (r.otherSellerNip > 0)
    warnings.push(
      `NIP sprzedawcy na ${r.otherSellerNip} ${pl(r.otherSellerNip, 'dokumencie', 'dokumentach', 'dokumentach')} różni się od NIP w ustawieniach wtyczki.`,
    );
  return {
    documents: total,
    xml,
    sha256: hexSha256(xml),
    summary: {
      invoices: r.invoices,
      receipts: r.receipts,
      rows: r.rows,
      total: r.taxDue,
      vatDue: r.p38,
      toPay: r.p51,
      warnings,
    },
  };
}

async function buildFa(tdb: TenantDb, req: BuildRequest, settings: JpkSettings, hooks: BuildHooks): Promise<Built> {
  const months = monthsOf(req.dateFrom, req.dateTo);
  const total = await countDocuments(tdb, 'invoices', months);
  let done = 0;
  await hooks.progress(0, total);
  const writer = new FaWriter({ dateFrom: req.dateFrom, dateTo: req.dateTo, settings, now: hooks.now });
  for await (const page of invoicePages(tdb, months, hooks.ksefMarks)) {
    await betweenPages(hooks.signal);
    for (const d of page.docs) if (writer.inPeriod(d.snapshot)) writer.addInvoice(d.number, d.snapshot);
    done += page.docs.length;
    await hooks.progress(done, total);
  }
  const r = writer.finish();
  if (r.unsupported.length > 0) throw new JpkRefusal(JPK_MSG.unsupportedFaRate(...listed(r.unsupported)));
  if (r.invoices === 0) throw new JpkRefusal(JPK_MSG.noInvoices);
  await hooks.phase('validating');
  const xml = await validated('FA', r.chunks, `JPK_FA ${req.dateFrom} – ${req.dateTo}`);
  const warnings: string[] = [];
  if (r.foreign > 0)
    warnings.push(
      `${r.foreign} ${pl(r.foreign, 'faktura jest', 'faktury są', 'faktur jest')} w walucie obcej: ich kwoty są w walucie faktury, bez podatku przeliczonego na złote (P_14_xW), bo faktura nie zapisała kursu.`,
    );
  return {
    documents: total,
    xml,
    sha256: hexSha256(xml),
    summary: {
      invoices: r.invoices,
      receipts: 0,
      rows: r.lines,
      total: r.grossTotal,
      vatDue: null,
      toPay: null,
      warnings,
    },
  };
}

/** Builds and validates the file; throws `JpkRefusal` with the Polish reason when it cannot be made. */
export async function buildJpk(
  tdb: TenantDb,
  req: BuildRequest,
  settings: JpkSettings,
  hooks: BuildHooks,
): Promise<Built> {
  const problem = settingsProblem(settings, req.kind);
  if (problem) throw new JpkRefusal(problem);
  await hooks.phase('reading');
  return req.kind === 'V7M' ? buildV7m(tdb, req, settings, hooks) : buildFa(tdb, req, settings, hooks);
}

/** The download's file name: JPK_V7M_2026-11.xml, JPK_V7M_2026-11_korekta.xml, JPK_FA_2026-11-01_2026-11-30.xml. */
export function downloadName(
  f: Pick<BuildRequest, 'kind' | 'year' | 'month' | 'dateFrom' | 'dateTo' | 'correction'>,
): string {
  if (f.kind === 'V7M')
    return `JPK_V7M_${f.year}-${String(f.month).padStart(2, '0')}${f.correction ? '_korekta' : ''}.xml`;
  return `JPK_FA_${f.dateFrom}_${f.dateTo}.xml`;
}
