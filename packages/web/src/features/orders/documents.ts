import {
  DOCUMENT_FILE_NAMES,
  ORDER_PRINT_MANY_MAX,
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
 * without printing), an invoice (with issue; `none` = issue without printing, `email` = e-mail it).
 */
export type DocumentAction =
  | { kind: 'label'; output: 'print' | 'download' }
  | { kind: 'bol'; output: DocumentOutput }
  | { kind: 'invoice'; output: DocumentOutput | 'email' };

export type DocumentKind = DocumentAction['kind'];

/** What the actions need to know of an order (a list row or the whole order in the preview). */
export interface DocumentTarget {
  id: number;
  hasInvoice: boolean;
  invoiceNumber: string | null;
  invoiceMailSent: boolean;
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

/** A mass print's answers merged: the PDF of each chunk, and ok / err / notFound / skipped of all. */
export interface MergedPrintResult {
  parts: PrintPart[];
  ok: number[];
  err: { id: number; reason: string }[];
  notFound: number[];
  skipped: number[];
}

export function emptyPrintResult(): MergedPrintResult {
  return { parts: [], ok: [], err: [], notFound: [], skipped: [] };
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
  };
}

/** The parts that have a PDF to print or save. */
export function printableParts(r: MergedPrintResult): PrintPart[] {
  return r.parts.filter((p) => p.pdf !== null);
}

/** Whether the report dialog has more to say than "everything went well". */
export function needsReport(r: MergedPrintResult): boolean {
  return r.err.length + r.notFound.length + r.skipped.length > 0;
}

export interface PrintReportTitles {
  errors: string;
  notFound: string;
  skipped: string;
  ok: string;
  /** One error line: '{id}: {reason}'. */
  error: string;
}

/**
 * The bulk report of the order prints (docs/rules/catalogue-and-orders-rules.md §8, order_print.txt): errors with id and
 * reason, ids not found, skipped ids (no invoice data), ok ids. Empty sections are left out by
 * reportText.
 */
export function printReport(r: MergedPrintResult, t: PrintReportTitles): ReportSection[] {
  return [
    { title: t.errors, lines: r.err.map((e) => format(t.error, { id: e.id, reason: e.reason })) },
    { title: t.notFound, lines: r.notFound.map(String) },
    { title: t.skipped, lines: r.skipped.map(String) },
    { title: t.ok, lines: r.ok.map(String) },
  ];
}
