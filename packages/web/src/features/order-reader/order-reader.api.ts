import {
  orderReaderPanelSchema,
  orderScanAnswerSchema,
  printBolAnswerSchema,
  printInvoiceAnswerSchema,
  type PrintBol,
  type PrintInvoice,
} from '@zaplecze/contract';
import { api } from '@web/platform/api';

/** POST /orders/barcodes: one scan with the order the previous answer selected; one log row back. */
export function postOrderScan(barcode: string, orderId: number | null) {
  return api.post('/orders/barcodes', { json: { barcode, orderId }, schema: orderScanAnswerSchema });
}

/** GET /orders/barcodes/panel?orderId=: the panel again (after a dispatch or a document print). */
export function getOrderPanel(orderId: number) {
  return api.get('/orders/barcodes/panel', { query: { orderId }, schema: orderReaderPanelSchema });
}

/** POST /orders/print_bol: dispatch (once) and the waybill label. */
export function postPrintBol(body: PrintBol) {
  return api.post('/orders/print_bol', { json: body, schema: printBolAnswerSchema });
}

/** POST /orders/print_invoice: issue (when not yet), print and optionally e-mail the invoice. */
export function postPrintInvoice(body: PrintInvoice) {
  return api.post('/orders/print_invoice', { json: body, schema: printInvoiceAnswerSchema });
}
