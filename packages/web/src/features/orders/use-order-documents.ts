import { DOCUMENT_FILE_NAMES, TOAST } from '@zaplecze/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@web/platform/api';
import { useAuth } from '@web/platform/auth/AuthProvider';
import { useModals } from '@web/platform/modals/ModalProvider';
import { useToast } from '@web/platform/toasts/ToastProvider';
import { getPrintSettings, type PrintSettings } from '@web/data/local-settings';
import { format, pluralPl } from '@web/i18n';
import { MassBatchError } from '@web/ui/batches';
import { downloadPdf, printPdf } from '@web/ui/pdf';
import { ReportDialog } from '@web/ui/ReportDialog';
import { reportText } from '@web/ui/report';
import {
  bolOptions,
  DOCUMENT_FILE,
  invoiceRun,
  labelOptions,
  needsPrintSettings,
  needsReport,
  offersReceipt,
  printableParts,
  printReport,
  receiptInLog,
  receiptNotice,
  type DocumentAction,
  type DocumentKind,
  type DocumentOutput,
  type DocumentTarget,
  type MergedPrintResult,
} from './documents';
import { fetchPrintLog, printBol, printInvoice, printLabel, printMany } from './documents.api';
import { orderKeys, refreshRow } from './orders.api';
import { issueReceipt, useReceiptsEnabled } from './receipts.api';
import { ordersText } from './texts';

/** What is running now: one order's action or a mass run of one kind. */
export type DocumentsBusy = { scope: 'one'; id: number } | { scope: 'many'; kind: DocumentKind } | null;

function deliver(pdf: string | null, output: DocumentOutput | 'email', fileName: string): void {
  if (pdf === null) return;
  if (output === 'print') printPdf(pdf);
  else if (output === 'download') downloadPdf(pdf, fileName);
}

/**
 * The label, waybill, invoice and receipt actions of the order list, its preview and multi-select
 * (docs/rules/catalogue-and-orders-rules.md §2.13, §5, §8, §9; docs/decisions.md, "Documents:
 * receipts"): the print-settings warning, the call, the browser's print dialog or the download,
 * the toasts, the e-mail confirmation, the refreshed row and, for mass runs, the chunks and the
 * bulk report (order_print.txt).
 */
export function useOrderDocuments() {
  const t = ordersText().documents;
  const toast = useToast();
  const modals = useModals();
  const client = useQueryClient();
  const login = useAuth().user?.login ?? '';
  const receipts = useReceiptsEnabled();
  const [busy, setBusy] = useState<DocumentsBusy>(null);

  /** The print settings, or false after the §5 warning when the action needs them and they are missing. */
  const settingsFor = (kind: DocumentKind, output: DocumentOutput | 'email'): PrintSettings | undefined | false => {
    const settings = getPrintSettings(login);
    if (needsPrintSettings(kind, output) && !settings) {
      toast.warning(t.noPrintSettingsTitle, t.noPrintSettings);
      return false;
    }
    return settings;
  };

  const errorTitle = (kind: DocumentKind, many: boolean): string =>
    kind === 'bol'
      ? t.bolErrorTitle
      : kind === 'label'
        ? t.labelErrorTitle
        : many
          ? t.invoicesErrorTitle
          : t.invoiceErrorTitle;

  const refresh = async (id: number) => {
    try {
      await refreshRow(client, id);
    } catch (err) {
      toast.error(format(ordersText().list.refreshErrorTitle, { id }), errorMessage(err));
    }
  };

  /**
   * The receipt (POST /plugins/invoicing/receipts): its number, and whether the fiscal printer
   * printed it, or why not as a warning (it stays until closed); the row and its print log again.
   */
  const runReceipt = async (id: number): Promise<void> => {
    setBusy({ scope: 'one', id });
    try {
      const a = await issueReceipt(id);
      const notice = receiptNotice(a, t.receipt);
      const body = format(notice.text, { id, number: a.receiptNumber, message: a.printMessage ?? '' });
      if (notice.level === 'warning') toast.warning(t.receiptPrinterTitle, body);
      else toast.success(a.created ? t.receiptIssuedTitle : t.receiptTitle, body);
      await refresh(id);
    } catch (err) {
      toast.error(t.receiptErrorTitle, errorMessage(err));
      await refresh(id);
    } finally {
      setBusy(null);
    }
  };

  /**
   * Whether an invoice of this order may be issued here: not beside its receipt. Only an order whose
   * document is a receipt is asked (its print log: 'Wystawienie paragonu'); false after a warning.
   */
  const invoiceAllowed = async (target: DocumentTarget): Promise<boolean> => {
    if (!offersReceipt(target, receipts)) return true;
    let receipt: string | null;
    try {
      receipt = receiptInLog(await fetchPrintLog(target.id));
    } catch (err) {
      toast.error(t.invoiceErrorTitle, errorMessage(err));
      return false;
    }
    if (receipt === null) return true;
    toast.warning(t.noInvoiceDataTitle, format(t.invoiceBesideReceipt, { id: target.id, number: receipt }));
    return false;
  };

  /** One order's action from the row menu or the preview. */
  const run = async (target: DocumentTarget, action: DocumentAction): Promise<void> => {
    const id = target.id;
    if (action.kind === 'receipt') return runReceipt(id);
    const settings = settingsFor(action.kind, action.output);
    if (settings === false) return;
    if (action.kind === 'invoice') {
      if (!target.hasInvoice) {
        toast.warning(t.noInvoiceDataTitle, t.noInvoiceData);
        return;
      }
      if (!(await invoiceAllowed(target))) return;
      if (action.output === 'email') {
        const yes = await modals.confirm({
          title: t.mailTitle,
          message: format(target.invoiceMailSent ? t.mailConfirmAgain : t.mailConfirm, { id }),
        });
        if (!yes) return;
      }
    }
    setBusy({ scope: 'one', id });
    try {
      if (action.kind === 'label') {
        const a = await printLabel({ orderId: id, ...labelOptions(settings) });
        deliver(a.pdf, action.output, DOCUMENT_FILE.label);
        toast.success(t.okTitle, format(t.labelReady, { id }));
      } else if (action.kind === 'bol') {
        const a = await printBol({ orderId: id, noPrint: action.output === 'none', ...bolOptions(settings) });
        deliver(a.pdf, action.output, DOCUMENT_FILE.bol);
        if (a.sent === 'NEW') toast.success(t.sentTitle, format(t.sent, { id, bol: a.billOfLading }));
        else toast.success(t.okTitle, a.additionalInfo || format(t.sentEarlier, { id, bol: a.billOfLading }));
        await refresh(id);
      } else {
        const output = action.output;
        const a = await printInvoice({
          orderId: id,
          noPrint: output !== 'print' && output !== 'download',
          email: output === 'email',
        });
        deliver(a.pdf, output, DOCUMENT_FILE.invoice);
        const values = { id, number: a.invoiceNumber };
        if (target.invoiceNumber === null) toast.success(t.issuedTitle, format(t.issued, values));
        if (output === 'email') {
          if (a.mailQueued) toast.success(t.okTitle, format(t.mailQueued, values));
          else toast.warning(t.mailTitle, format(t.mailNotQueued, values), TOAST.downloadErrorSeconds);
        } else if (target.invoiceNumber !== null) toast.success(t.okTitle, format(t.invoiceReady, values));
        await refresh(id);
      }
    } catch (err) {
      toast.error(errorTitle(action.kind, false), errorMessage(err));
      // A waybill or invoice may have been created before the failure (e.g. the print): show it.
      if (action.kind !== 'label') await refresh(id);
    } finally {
      setBusy(null);
    }
  };

  /**
   * A mass run over the selection (ids in list order; `rows` the list's rows, for the invoices: the
   * orders whose document is a receipt are left out and reported, a receipt is issued one at a time).
   */
  const runMany = async (
    selected: readonly number[],
    kind: DocumentKind,
    output: DocumentOutput,
    rows: readonly DocumentTarget[] = [],
  ): Promise<void> => {
    const ts = ordersText().select;
    if (selected.length === 0) {
      toast.warning(ts.nothingTitle, ts.nothing, TOAST.emptyBulkWarningSeconds);
      return;
    }
    const settings = settingsFor(kind, output);
    if (settings === false) return;
    const { send: ids, receiptOrders } =
      kind === 'invoice' ? invoiceRun(selected, rows, receipts) : { send: [...selected], receiptOrders: [] };
    if (ids.length === 0) {
      toast.warning(t.noInvoiceDataTitle, t.receiptOrdersOnly);
      return;
    }
    const options = kind === 'label' ? labelOptions(settings) : { noPrint: output === 'none', ...bolOptions(settings) };
    setBusy({ scope: 'many', kind });
    let result: MergedPrintResult | undefined;
    try {
      result = await printMany(kind, ids, options);
    } catch (err) {
      // A failing call stops the run; what the earlier calls printed is still offered and reported.
      const cause = err instanceof MassBatchError ? err.failure : err;
      toast.error(errorTitle(kind, true), errorMessage(cause), TOAST.downloadErrorSeconds);
      result = err instanceof MassBatchError ? (err.done as MergedPrintResult) : undefined;
    } finally {
      setBusy(null);
      // Waybills and invoices change orders (waybill, invoice number): the pages are read again.
      if (kind !== 'label') void client.invalidateQueries({ queryKey: orderKeys.all });
    }
    if (!result || result.parts.length === 0) return;
    result = { ...result, receiptOrders };
    const fileName = DOCUMENT_FILE[kind];
    const parts = printableParts(result);
    const first = parts[0];
    if (parts.length === 1 && first) deliver(first.pdf, output, fileName);
    else if (parts.length > 1 && output !== 'none')
      await modals.open(
        (await import('./components/PdfPartsDialog')).PdfPartsDialog,
        { parts: result.parts, fileName },
        t.partsTitle,
      );
    if (kind === 'invoice' && result.ok.length === 0 && result.skipped.length > 0)
      toast.warning(t.noInvoiceDataTitle, t.noInvoiceData, TOAST.downloadErrorSeconds);
    if (needsReport(result)) {
      const text = reportText(
        printReport(result, {
          errors: t.reportErrors,
          notFound: t.reportNotFound,
          skipped: t.reportSkipped,
          receiptOrders: t.reportReceiptOrders,
          ok: t.reportOk,
          error: t.reportError,
        }),
      );
      await modals.open(ReportDialog, { text, fileName: DOCUMENT_FILE_NAMES.report }, t.reportTitle);
    } else if (result.ok.length > 0) {
      toast.success(t.okTitle, format(pluralPl(result.ok.length, t.massOk), { n: result.ok.length }));
    }
  };

  return { run, runMany, busy, receipts };
}
