import {
  orderPrintLogAnswerSchema,
  orderShipmentAnswerSchema,
  orderPrintResultSchema,
  printBolAnswerSchema,
  printInvoiceAnswerSchema,
  printInvoiceManyAnswerSchema,
  printLabelAnswerSchema,
  type PrintBol,
  type PrintBolMany,
  type PrintInvoice,
  type PrintLabel,
} from '@zaplecze/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/platform/api';
import { MassBatchError } from '@web/ui/batches';
import { addPrintResult, emptyPrintResult, printChunks, type DocumentKind, type MergedPrintResult } from './documents';
import { orderKeys } from './orders.api';

/** The calls of packages/contract/src/documents.ts. */

/** POST /orders/print_bol: dispatch (once) and the waybill label. */
export function printBol(body: PrintBol) {
  return api.post('/orders/print_bol', { json: body, schema: printBolAnswerSchema });
}

/** POST /orders/print_label: the temporary label. */
export function printLabel(body: PrintLabel) {
  return api.post('/orders/print_label', { json: body, schema: printLabelAnswerSchema });
}

/** POST /orders/print_invoice: issue (when not issued yet), print, and optionally e-mail. */
export function printInvoice(body: PrintInvoice) {
  return api.post('/orders/print_invoice', { json: body, schema: printInvoiceAnswerSchema });
}

/** The body of a mass call besides the ids (formats, noPrint). */
export type ManyOptions = Omit<PrintBolMany, 'ids'>;

const MANY_PATH: Record<DocumentKind, string> = {
  bol: '/orders/print_bol_many',
  label: '/orders/print_label_many',
  invoice: '/orders/print_invoice_many',
};

function sendMany(kind: DocumentKind, ids: number[], options: ManyOptions) {
  const path = MANY_PATH[kind];
  if (kind === 'invoice')
    return api.post(path, { json: { ids, noPrint: options.noPrint }, schema: printInvoiceManyAnswerSchema });
  if (kind === 'label')
    return api.post(path, { json: { ids, format: options.format }, schema: orderPrintResultSchema });
  return api.post(path, { json: { ids, ...options }, schema: orderPrintResultSchema });
}

/**
 * A mass print of the selection: calls of at most ORDER_PRINT_MANY_MAX ids one after another, one
 * PDF per call. A failing call throws MassBatchError with what the earlier calls did.
 */
export async function printMany(
  kind: DocumentKind,
  ids: readonly number[],
  options: ManyOptions,
): Promise<MergedPrintResult> {
  let result = emptyPrintResult();
  for (const chunk of printChunks(ids)) {
    try {
      result = addPrintResult(result, chunk, await sendMany(kind, chunk, options));
    } catch (err) {
      throw new MassBatchError(err, result);
    }
  }
  return result;
}

/** GET /orders/print_log?orderId=: the order's prints and dispatches, newest first. */
export async function fetchPrintLog(orderId: number, signal?: AbortSignal) {
  return (await api.get('/orders/print_log', { query: { orderId }, schema: orderPrintLogAnswerSchema, signal }))
    .entries;
}

/** GET /orders/shipment: the order's shipment with its state (null: none). */
export function useOrderShipment(orderId: number) {
  return useQuery({
    queryKey: [...orderKeys.printLog(orderId), 'shipment'] as const,
    queryFn: async ({ signal }) =>
      (await api.get('/orders/shipment', { query: { orderId }, schema: orderShipmentAnswerSchema, signal })).shipment,
  });
}

/** POST /orders/cancel_shipment: the carrier cancels the parcel; the order can be sent again. */
export function cancelShipment(orderId: number) {
  return api.post('/orders/cancel_shipment', { json: { orderId }, schema: orderShipmentAnswerSchema });
}

/** The order's print log for the preview (fetchPrintLog). */
export function usePrintLog(orderId: number) {
  return useQuery({
    queryKey: orderKeys.printLog(orderId),
    queryFn: ({ signal }) => fetchPrintLog(orderId, signal),
  });
}
