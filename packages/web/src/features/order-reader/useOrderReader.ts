import { DOCUMENT_FILE_NAMES } from '@zaplecze/contract';
import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '@web/platform/api';
import { getPrintSettings, getReaderSettings } from '@web/data/local-settings';
import { downloadPdf, printPdf } from '@web/ui/pdf';
import { useScanQueue } from '@web/ui/reader/useScanQueue';
import { issueReceipt } from '@web/features/orders/receipts.api';
import {
  actionErrorText,
  bolRowText,
  documentRowText,
  planClientAction,
  receiptRowText,
  resetsAfter,
  type ClientPlan,
  type PdfOutput,
} from './client-actions';
import { getOrderPanel, postOrderScan, postPrintBol, postPrintInvoice } from './order-reader.api';
import {
  addActionRow,
  applyAnswer,
  applyFailure,
  clearOrder,
  initialOrderReaderState,
  setPanel,
  type OrderReaderState,
} from './order-log';
import { orderReaderText } from './texts';

function deliver(pdf: string | null, output: PdfOutput, fileName: string): void {
  if (pdf === null || output === 'none') return;
  if (output === 'print') printPdf(pdf);
  else downloadPdf(pdf, fileName);
}

/**
 * The packing session: scans go to the server one at a time in reading order, each with the
 * order the previous answer selected; an answer's client action (dispatch, waybill or document
 * print) runs before the next scan is sent, so a scan after a dispatch sees its auto-reset.
 * Reader settings are read at each action (a change on the settings page applies at once).
 * `receipts`: the organisation issues receipts (the invoicing plugin is installed), so the document
 * code issues a stationary order's receipt (docs/decisions.md, "Documents: receipts").
 */
export function useOrderReader(login: string, autoReset: boolean, receipts = false) {
  const [state, setState] = useState<OrderReaderState>(initialOrderReaderState);
  const current = useRef<OrderReaderState>(initialOrderReaderState);
  const autoResetRef = useRef(autoReset);
  autoResetRef.current = autoReset;
  const receiptsRef = useRef(receipts);
  receiptsRef.current = receipts;
  const queue = useScanQueue();

  const update = useCallback((fn: (s: OrderReaderState) => OrderReaderState) => {
    current.current = fn(current.current);
    setState(current.current);
  }, []);

  const runPlan = useCallback(
    async (plan: ClientPlan, barcode: string) => {
      const t = orderReaderText();
      if (plan.kind === 'none') return;
      if (plan.kind === 'noSettings') {
        update((s) => addActionRow(s, barcode, t.noSettings, true, new Date()));
        return;
      }
      let ok = false;
      try {
        if (plan.kind === 'bol') {
          const res = await postPrintBol({
            orderId: plan.orderId,
            noPrint: plan.noPrint,
            format: plan.format,
            oversize: plan.oversize,
          });
          deliver(res.pdf, plan.output, DOCUMENT_FILE_NAMES.bol);
          update((s) => addActionRow(s, barcode, bolRowText(t.actions, res), false, new Date()));
        } else if (plan.kind === 'receipt') {
          const res = await issueReceipt(plan.orderId);
          update((s) => addActionRow(s, barcode, receiptRowText(t.receipt, res), false, new Date()));
        } else {
          const res = await postPrintInvoice({ orderId: plan.orderId, noPrint: plan.noPrint, email: plan.email });
          deliver(res.pdf, plan.output, DOCUMENT_FILE_NAMES.invoices);
          update((s) => addActionRow(s, barcode, documentRowText(t.actions, res), false, new Date()));
        }
        ok = true;
      } catch (err) {
        update((s) => addActionRow(s, barcode, actionErrorText(t.actions, plan, errorMessage(err)), true, new Date()));
      }
      if (resetsAfter(plan, ok, autoResetRef.current)) {
        update((s) => clearOrder(s, barcode, t.actions.autoReset, new Date()));
      } else if (ok) {
        // The status, waybill number and invoice changed on the server: show them.
        try {
          const panel = await getOrderPanel(plan.orderId);
          update((s) => setPanel(s, panel));
        } catch {
          // The panel stays as it was; the next scan answers a fresh one.
        }
      }
    },
    [update],
  );

  const { run } = queue;
  const scan = useCallback(
    (barcode: string) =>
      run(async () => {
        let answer;
        try {
          answer = await postOrderScan(barcode, current.current.orderId);
        } catch (err) {
          update((s) => applyFailure(s, barcode, errorMessage(err), new Date()));
          return;
        }
        update((s) => applyAnswer(s, answer));
        const plan = planClientAction(
          answer.clientAction,
          answer.orderId,
          getReaderSettings(login),
          getPrintSettings(login),
          receiptsRef.current && answer.panel?.stationary === true,
        );
        await runPlan(plan, answer.actionBarcode);
      }),
    [login, run, runPlan, update],
  );

  /** The clear button: forgets the order locally (queued, so it lands after scans in flight). */
  const clear = useCallback(
    () =>
      run(async () => {
        if (current.current.orderId === null) return;
        update((s) => clearOrder(s, '', orderReaderText().actions.cleared, new Date()));
      }),
    [run, update],
  );

  return { state, scan, clear, pending: queue.pending };
}
