import type { OrderScanClientAction, PrintBolAnswer, PrintInvoiceAnswer } from '@zaplecze/contract';
import type { PrintSettings, ReaderSettings } from '@web/data/local-settings';
import { receiptNotice, type ReceiptTexts } from '@web/features/orders/documents';
import type { ReceiptAnswer } from '@web/features/orders/receipts.api';
import { format } from '@web/i18n';
import type { orderReaderMessages } from './messages.pl';

/** What the browser does with an answered PDF: nothing, the print dialog, or a download. */
export type PdfOutput = 'none' | 'print' | 'download';

/**
 * What the client does after a scan's answer, from its clientAction and the reader settings of
 * this user and device (docs/decisions.md, Documents): a waybill call (dispatch and/or print), a
 * document call, a stationary order's receipt (docs/decisions.md, "Documents: receipts"), nothing,
 * or the missing-settings warning.
 */
export type ClientPlan =
  | { kind: 'none' }
  | { kind: 'noSettings' }
  | {
      kind: 'bol';
      /** SEND_PARCEL (a new dispatch) or PRINT_BOL (dispatched earlier): names the error row. */
      action: 'SEND_PARCEL' | 'PRINT_BOL';
      orderId: number;
      noPrint: boolean;
      format: PrintSettings['bolFormat'];
      oversize: PrintSettings['bolOversize'];
      output: PdfOutput;
    }
  | { kind: 'document'; orderId: number; noPrint: boolean; email: boolean; output: PdfOutput }
  /** The receipt (the invoicing plugin issues it, the fiscal printer prints it: no PDF, no e-mail). */
  | { kind: 'receipt'; orderId: number };

/** The waybill format when the print settings are not saved: the contract's defaults. */
const DEFAULT_BOL = { format: 'A6', oversize: 'RESIZE' } as const;

/**
 * The plan for one answer. Waybills: NONE nothing, ONLY_SEND dispatch without printing, PRINT
 * dispatch and the print dialog, PDF dispatch and a download. Documents: NONE nothing,
 * ONLY_NUMBER issue without printing, EMAIL issue and e-mail without printing, PRINT, PDF; when
 * the order's document is a `receipt` (a stationary order, the invoicing plugin installed) every
 * setting but NONE issues the receipt. Without reader settings an action that needs them is the
 * warning; NONE and CLEAR never need them.
 */
export function planClientAction(
  action: OrderScanClientAction,
  orderId: number | null,
  reader: ReaderSettings | undefined,
  print: PrintSettings | undefined,
  receipt = false,
): ClientPlan {
  if (action === 'NONE' || action === 'CLEAR' || orderId === null) return { kind: 'none' };
  if (!reader) return { kind: 'noSettings' };
  if (action === 'PRINT_DOCUMENT') {
    if (receipt) return reader.invoiceAction === 'NONE' ? { kind: 'none' } : { kind: 'receipt', orderId };
    switch (reader.invoiceAction) {
      case 'NONE':
        return { kind: 'none' };
      case 'ONLY_NUMBER':
        return { kind: 'document', orderId, noPrint: true, email: false, output: 'none' };
      case 'EMAIL':
        return { kind: 'document', orderId, noPrint: true, email: true, output: 'none' };
      case 'PRINT':
        return { kind: 'document', orderId, noPrint: false, email: false, output: 'print' };
      case 'PDF':
        return { kind: 'document', orderId, noPrint: false, email: false, output: 'download' };
    }
  }
  const bol = {
    kind: 'bol' as const,
    action,
    orderId,
    format: print?.bolFormat ?? DEFAULT_BOL.format,
    oversize: print?.bolOversize ?? DEFAULT_BOL.oversize,
  };
  switch (reader.bolAction) {
    case 'NONE':
      return { kind: 'none' };
    case 'ONLY_SEND':
      return { ...bol, noPrint: true, output: 'none' };
    case 'PRINT':
      return { ...bol, noPrint: false, output: 'print' };
    case 'PDF':
      return { ...bol, noPrint: false, output: 'download' };
  }
}

/**
 * Auto-reset (§4, AUTO_RESET_AFTER_SEND, on by default): after a waybill action that went through
 * (a dispatch, or a reprint of one sent earlier) the order is forgotten, so the next parcel starts
 * clean. Not after a failed one (the packer fixes the order and scans again), not after a document
 * print (the waybill usually follows it), and not when the settings made it do nothing.
 */
export function resetsAfter(plan: ClientPlan, succeeded: boolean, autoReset: boolean): boolean {
  return autoReset && succeeded && plan.kind === 'bol';
}

/** The action texts in any language (the same keys as the Polish catalogue). */
type ActionTexts = Record<keyof (typeof orderReaderMessages)['actions'], string>;

/** The log row of a waybill call that went through: newly sent or sent earlier, with its number. */
export function bolRowText(t: ActionTexts, answer: PrintBolAnswer): string {
  return format(answer.sent === 'NEW' ? t.sent : t.sentEarlier, { waybill: answer.billOfLading });
}

/** The log row of a document call that went through: its number, and whether the e-mail was queued. */
export function documentRowText(t: ActionTexts, answer: PrintInvoiceAnswer): string {
  return format(answer.mailQueued ? t.documentMailed : t.documentIssued, { number: answer.invoiceNumber });
}

/**
 * The row of a receipt: its number and whether the fiscal printer printed it, or the plugin's
 * message why not (a plain row: the receipt is issued; the print is the printer plugin's to retry).
 */
export function receiptRowText(t: ReceiptTexts, answer: ReceiptAnswer): string {
  return format(receiptNotice(answer, t).text, { number: answer.receiptNumber, message: answer.printMessage ?? '' });
}

/**
 * The red row of a failed client action, by what it tried (§4: dispatch, waybill print, document
 * print; the receipt).
 */
export function actionErrorText(t: ActionTexts, plan: ClientPlan, message: string): string {
  const template =
    plan.kind === 'document'
      ? t.documentError
      : plan.kind === 'receipt'
        ? t.receiptError
        : plan.kind === 'bol' && plan.action === 'PRINT_BOL'
          ? t.bolError
          : t.sendError;
  return format(template, { message });
}
