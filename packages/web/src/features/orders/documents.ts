import {
  DOCUMENT_FILE_NAMES,
  ORDER_PRINT_MANY_MAX,
  type OrderPrintLogEntry,
  type OrderPrintResult,
  type PrintInvoiceManyAnswer,
} from '@zaplecze/contract';
import type { PrintSettings } from '@web/data/local-settings';
import { format } from '@web/i18n';
import type { ReportSection } from '@web/ui/report';

/**
 * Labels, waybills and invoices of the order screens (docs/rules/catalogue-and-orders-rules.md §2.13, §5, §9; the calls
 * are in packages/contract/src/documents.ts). What to ask for, which settings it needs, how chunks
 * merge and what the report says. Pure, so it is unit-tested.
 */

/** What happens with a document: the browser's print dialog, a saved file, or nothing printed. */
export type DocumentOutput = 'print' | 'download' | 'none';

/**
 * One document action on one order: a temporary label, a waybill (with dispatch; `none` = dispatch
 * without printing), an invoice (with issue; `none` = issue without printing, `email` = e-mail it),
 * a receipt of a stationary order (issued by the invoicing plugin, printed by the fiscal printer:
 * no PDF).
 */
export type DocumentAction =
  | { kind: 'label'; output: 'print' | 'download' }
  | { kind: 'bol'; output: DocumentOutput }
  | { kind: 'invoice'; output: DocumentOutput | 'email' }
  | { kind: 'receipt' };

/** The kinds with a PDF and a mass run (a receipt has neither). */
export type DocumentKind = Exclude<DocumentAction['kind'], 'receipt'>;

/** What the actions need to know of an order (a list row or the whole order in the preview). */
export interface DocumentTarget {
  id: number;
  stationary: boolean;
  hasInvoice: boolean;
  invoiceNumber: string | null;
  invoiceMailSent: boolean;
}

/**
 * Whether the order's sale document is a receipt (docs/decisions.md, "Documents: receipts"): a
 * stationary order of an organisation that issues receipts (`receipts`: the invoicing plugin is
 * installed), while it has no invoice issued (an invoice closes the sale: the receipt is refused).
 */
export function offersReceipt(
  target: Pick<DocumentTarget, 'stationary' | 'invoiceNumber'>,
  receipts: boolean,
): boolean {
  return receipts && target.stationary && target.invoiceNumber === null;
}

/** The number of the order's receipt from its print log ('Wystawienie paragonu'), null when none. */
export function receiptInLog(entries: readonly OrderPrintLogEntry[]): string | null {
  return entries.find((e) => e.kind === 'RECEIPT_ISSUE')?.detail ?? null;
}

/**
 * A mass invoice run over the selection when receipts are issued: the orders whose document is a
 * receipt (offersReceipt) are left out, so no invoice is issued beside a receipt; they are reported
 * apart. The rest go to the server in list order.
 */
export function invoiceRun(
  ids: readonly number[],
  rows: readonly Pick<DocumentTarget, 'id' | 'stationary' | 'invoiceNumber'>[],
  receipts: boolean,
): { send: number[]; receiptOrders: number[] } {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const send: number[] = [];
  const receiptOrders: number[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (row && offersReceipt(row, receipts)) receiptOrders.push(id);
    else send.push(id);
  }
  return { send, receiptOrders };
}

/** How a receipt's answer is told: a success, or a warning when the fiscal printer did not print it. */
export interface ReceiptNotice {
  level: 'success' | 'warning';
  /** A template of the texts: {id}, {number} and {message} (the plugin's printMessage). */
  text: string;
}

export interface ReceiptTexts {
  /** Issued now and printed by the fiscal printer. */
  printed: string;
  /** Issued now; the print waits or failed: {message}. */
  notPrinted: string;
  /** Issued now; no fiscal printer plugin (nothing prints it). */
  noPrinter: string;
  /** The order had its receipt before, printed. */
  earlierPrinted: string;
  /** The order had its receipt before, not printed: {message}. */
  earlierNotPrinted: string;
  /** The order had its receipt before, no fiscal printer. */
  earlier: string;
}

/** The text of a receipt's answer (the list's toast, the reader's log row). */
export function receiptNotice(
  a: { created: boolean; printed: boolean; printMessage: string | null },
  t: ReceiptTexts,
): ReceiptNotice {
  if (a.printed) return { level: 'success', text: a.created ? t.printed : t.earlierPrinted };
  if (a.printMessage !== null) return { level: 'warning', text: a.created ? t.notPrinted : t.earlierNotPrinted };
  return { level: 'success', text: a.created ? t.noPrinter : t.earlier };
}

/** Suggested file names of docs/rules/catalogue-and-orders-rules.md §9 (invoices.pdf also for one invoice). */
export const DOCUMENT_FILE: Record<DocumentKind, string> = {
  bol: DOCUMENT_FILE_NAMES.bol,
  label: DOCUMENT_FILE_NAMES.labels,
  invoice: DOCUMENT_FILE_NAMES.invoices,
};

/**
 * §5: labels and waybills are printed in the formats of the print settings; without them the
 * action warns instead. Dispatch without printing and invoices (always A4) need none.
 */
export function needsPrintSettings(kind: DocumentKind, output: DocumentOutput | 'email'): boolean {
  if (kind === 'invoice') return false;
  return output !== 'none';
}

/** The format fields of a waybill call from the print settings (contract defaults when none are needed). */
export function bolOptions(settings: PrintSettings | undefined): {
  format: 'A4' | 'A6';
  oversize: 'RESIZE' | 'PRINT_A4';
} {
  return { format: settings?.bolFormat ?? 'A6', oversize: settings?.bolOversize ?? 'RESIZE' };
}

/** The format of a temporary label call from the print settings. */
export function labelOptions(settings: PrintSettings | undefined): { format: 'A4' | 'A6' } {
  return { format: settings?.labelFormat ?? 'A6' };
}

/**
 * The file name of one chunk's PDF: the §9 name when everything fit in one call, else numbered
 * ('orders_bol-2.pdf' for the second of several).
 */
export function chunkFileName(fileName: string, part: number, parts: number): string {
  if (parts <= 1) return fileName;
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? `${fileName}-${part}` : `${fileName.slice(0, dot)}-${part}${fileName.slice(dot)}`;
}

/** The ids of a mass print split into calls of at most ORDER_PRINT_MANY_MAX (in list order). */
export function printChunks(ids: readonly number[], size = ORDER_PRINT_MANY_MAX): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

/** One chunk's PDF with the ids it was asked for (its part of the selection). */
export interface PrintPart {
  ids: number[];
  pdf: string | null;
}

/**
 * A mass print's answers merged: the PDF of each chunk, and ok / err / notFound / skipped of all;
 * `receiptOrders`: stationary orders a mass invoice run left for their receipts (invoiceRun).
 */
export interface MergedPrintResult {
  parts: PrintPart[];
  ok: number[];
  err: { id: number; reason: string }[];
  notFound: number[];
  skipped: number[];
  receiptOrders: number[];
}

export function emptyPrintResult(): MergedPrintResult {
  return { parts: [], ok: [], err: [], notFound: [], skipped: [], receiptOrders: [] };
}

/** Adds one chunk's answer (labels and waybills answer no `skipped`). */
export function addPrintResult(
  into: MergedPrintResult,
  ids: number[],
  r: OrderPrintResult | PrintInvoiceManyAnswer,
): MergedPrintResult {
  return {
    parts: [...into.parts, { ids, pdf: r.pdf }],
    ok: [...into.ok, ...r.ok],
    err: [...into.err, ...r.err],
    notFound: [...into.notFound, ...r.notFound],
    skipped: [...into.skipped, ...('skipped' in r ? r.skipped : [])],
    receiptOrders: into.receiptOrders,
  };
}

/** The parts that have a PDF to print or save. */
export function printableParts(r: MergedPrintResult): PrintPart[] {
  return r.parts.filter((p) => p.pdf !== null);
}

/** Whether the report dialog has more to say than "everything went well". */
export function needsReport(r: MergedPrintResult): boolean {
  return r.err.length + r.notFound.length + r.skipped.length + r.receiptOrders.length > 0;
}

export interface PrintReportTitles {
  errors: string;
  notFound: string;
  skipped: string;
  /** Stationary orders left for their receipts. */
  receiptOrders: string;
  ok: string;
  /** One error line: '{id}: {reason}'. */
  error: string;
}

/**
 * The bulk report of the order prints (docs/rules/catalogue-and-orders-rules.md §8, order_print.txt): errors with id and
 * reason, ids not found, skipped ids (no invoice data), stationary orders left for their receipts,
 * ok ids. Empty sections are left out by reportText.
 */
export function printReport(r: MergedPrintResult, t: PrintReportTitles): ReportSection[] {
  return [
    { title: t.errors, lines: r.err.map((e) => format(t.error, { id: e.id, reason: e.reason })) },
    { title: t.notFound, lines: r.notFound.map(String) },
    { title: t.skipped, lines: r.skipped.map(String) },
    { title: t.receiptOrders, lines: r.receiptOrders.map(String) },
    { title: t.ok, lines: r.ok.map(String) },
  ];
}
