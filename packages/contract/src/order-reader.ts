import { z } from 'zod';
import { idSchema } from './schemas';
import { SCAN_ACTION_TYPES, SCAN_MSG, SCAN_TEXT_MAX } from './scans';

/**
 * The order barcode reader of the packing station (docs/rules/catalogue-and-orders-rules.md §2.17, §3 Barcode scan, §4
 * Barcode readers and Order status, §8 reader errors; docs/rules/server-side-rules.md "Reader codes and barcode
 * readers"; docs/decisions.md, Order reader). One scan in, one log row out; codes are parsed only
 * by reader-codes.ts parseReaderCode.
 */

/** POST /orders/barcodes. `orderId` is the order the previous answer selected, sent back by the client. */
export const orderScanRequestSchema = z.object({
  barcode: z.string({ error: SCAN_MSG.barcodeRequired }).max(SCAN_TEXT_MAX, { error: SCAN_MSG.barcodeTooLong }),
  orderId: idSchema.nullable().optional(),
});
export type OrderScanRequest = z.input<typeof orderScanRequestSchema>;

/**
 * What the client must do besides logging the row (§3): CLEAR forgets the order; SEND_PARCEL: the
 * order has no waybill yet, dispatch it (POST /orders/print_bol) as the reader's waybill action
 * says; PRINT_BOL: it was dispatched earlier, reprint its waybill as that action says;
 * PRINT_DOCUMENT: issue / print / e-mail the invoice as the reader's document action says, or, for
 * a stationary order of an organisation with RECEIPT_PLUGIN_ID installed, issue its receipt.
 */
export const ORDER_SCAN_CLIENT_ACTIONS = ['NONE', 'CLEAR', 'SEND_PARCEL', 'PRINT_BOL', 'PRINT_DOCUMENT'] as const;
export type OrderScanClientAction = (typeof ORDER_SCAN_CLIENT_ACTIONS)[number];

/**
 * The plugin that issues receipts ('paragon') of stationary orders through the core's receipts
 * (`POST /api/plugins/invoicing/receipts`): with it installed, a stationary order's document is its
 * receipt instead of an invoice (docs/decisions.md, "Documents: receipts").
 */
export const RECEIPT_PLUGIN_ID = 'invoicing';

/** One order line on the reader's panel, with the packing check's count. */
export const orderReaderLineSchema = z.object({
  lineId: z.number(),
  code: z.string(),
  name: z.string(),
  quantity: z.number(),
  /** Units of this line scanned so far (0..quantity). */
  packed: z.number(),
});
export type OrderReaderLine = z.infer<typeof orderReaderLineSchema>;

/** The current order panel (§2.17): what the packer sees after every scan. */
export const orderReaderPanelSchema = z.object({
  id: z.number(),
  orderStatus: z.object({ id: z.number(), name: z.string(), color: z.string() }),
  /** A stationary (in-shop) order: its document is a receipt when RECEIPT_PLUGIN_ID is installed. */
  stationary: z.boolean(),
  sizeA: z.number(),
  sizeB: z.number(),
  sizeC: z.number(),
  /** Kilograms. */
  weight: z.number(),
  /** Which side a SIZE code fills next ('A', 'B', 'C'). */
  nextSide: z.enum(['A', 'B', 'C']),
  /** 'carrier - method', 'ODBIÓR OSOBISTY' for personal pickup, '' when none. */
  carrier: z.string(),
  billOfLading: z.string().nullable(),
  cashOnDelivery: z.boolean(),
  sumGross: z.number(),
  /** The order's currency (ISO code), shown after the sum. */
  currency: z.string(),
  lines: z.array(orderReaderLineSchema),
  /** True once any item of the order was scanned: dispatch then needs every line packed. */
  packingStarted: z.boolean(),
});
export type OrderReaderPanel = z.infer<typeof orderReaderPanelSchema>;

/** One row of the order reader's log; errors are rows too (HTTP 200, isError true, shown in red). */
export const orderScanAnswerSchema = z.object({
  /** When the server handled the scan (ISO-8601). */
  date: z.string(),
  /** The order selected after this scan (send it back with the next one); null: none. */
  orderId: z.number().nullable(),
  actionType: z.enum(SCAN_ACTION_TYPES),
  /** The scanned text, trimmed and upper-cased. */
  actionBarcode: z.string(),
  /** Polish description of what happened (or why nothing did). */
  actionDesc: z.string(),
  clientAction: z.enum(ORDER_SCAN_CLIENT_ACTIONS),
  isError: z.boolean(),
  /** The selected order after this scan; null when none is selected. */
  panel: orderReaderPanelSchema.nullable(),
});
export type OrderScanAnswer = z.infer<typeof orderScanAnswerSchema>;

/** GET /orders/barcodes/panel?orderId=: the panel again (after a reload or a dispatch from the client). */
export const orderReaderPanelQuerySchema = z.object({ orderId: idSchema });

/** §4 Order status, docs/rules/server-side-rules.md Orders: the exact refusal text of a status change after dispatch. */
export const ORDER_READER_STATUS_LOCKED =
  'Nie można zmienić statusu po wydruku listu przewozowego lub nadaniu przesyłki!';
