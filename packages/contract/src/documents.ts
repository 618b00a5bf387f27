import { z } from 'zod';
import { idSchema } from './schemas';

/**
 * Order documents: waybills (bills of lading) with dispatch, temporary labels, invoices and their
 * e-mail, and the print log (docs/rules/catalogue-and-orders-rules.md §2.13, §3 Mass results, §4 Invoice and Waybill, §5
 * Printing, §7.4 `print_*`, §8, §9; rules in docs/decisions.md, Documents).
 *
 * PDFs travel as base64 (`pdf`), as the reader-code sheets do; `noPrint` answers `pdf: null`.
 */

/** docs/rules/catalogue-and-orders-rules.md §9: label and waybill formats (A4 = four A6 labels per page). */
export const DOCUMENT_FORMATS = ['A4', 'A6'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];
/** An oversize waybill is shrunk to A6 (RESIZE) or printed on A4 (PRINT_A4). */
export const BOL_OVERSIZE = ['RESIZE', 'PRINT_A4'] as const;
export type BolOversize = (typeof BOL_OVERSIZE)[number];

/** Most orders one `print_*_many` call takes (the web app sends larger selections in chunks of this size). */
export const ORDER_PRINT_MANY_MAX = 500;

/** Suggested file names (§9). */
export const DOCUMENT_FILE_NAMES = {
  bol: 'orders_bol.pdf',
  labels: 'orders_labels.pdf',
  invoices: 'invoices.pdf',
  report: 'order_print.txt',
} as const;

export const DOCUMENT_MSG = {
  formatInvalid: 'Format wydruku musi być A4 albo A6.',
  oversizeInvalid: 'Sposób druku dużej etykiety musi być RESIZE albo PRINT_A4.',
  idsRequired: 'Nie wybrano zamówień.',
  idsTooMany: `Jeden wydruk może objąć najwyżej ${ORDER_PRINT_MANY_MAX} zamówień.`,
  /** §5: an order without invoice data cannot print an invoice. */
  noInvoiceData: 'Brak danych do wydruku faktury',
  /** §5: the web app's warning when print settings are missing. */
  noPrintSettings: 'Brak ustawień wydruków! Zmień je w Ustawienia->Drukowanie',
  /** §5: the order reader's warning when its settings are missing. */
  noReaderSettings: 'Brak ustawień czytnika kodów kreskowych! Zmień je w Ustawienia->Drukowanie',
  /** E-mail asked for while SMTP_URL / MAIL_FROM are not configured. */
  mailNotConfigured: 'Wysyłka e-mail nie jest skonfigurowana na serwerze. Skontaktuj się z administratorem.',
  /** E-mail asked for while the order has no client e-mail address. */
  mailNoAddress: 'Zamówienie nie ma adresu e-mail klienta.',
  /** Dispatch of a personal-pickup order or one without a carrier method. */
  noCarrier: 'Zamówienie nie ma wybranego przewoźnika i metody dostawy.',
} as const;

const formatSchema = z.enum(DOCUMENT_FORMATS, { error: DOCUMENT_MSG.formatInvalid });
const oversizeSchema = z.enum(BOL_OVERSIZE, { error: DOCUMENT_MSG.oversizeInvalid });
const manyIdsSchema = z
  .array(idSchema)
  .min(1, { error: DOCUMENT_MSG.idsRequired })
  .max(ORDER_PRINT_MANY_MAX, { error: DOCUMENT_MSG.idsTooMany });
const pdfOrNull = z.string().nullable();

/** Mass results of a print: ok ids, errors by id with the Polish reason, ids not found (§3 Mass results). */
export const orderPrintResultSchema = z.object({
  /** One PDF of every ok order in the order asked; null when nothing printed or `noPrint`. */
  pdf: pdfOrNull,
  ok: z.array(z.number()),
  err: z.array(z.object({ id: z.number(), reason: z.string() })),
  notFound: z.array(z.number()),
});
export type OrderPrintResult = z.infer<typeof orderPrintResultSchema>;

// ---- waybills (dispatch) -----------------------------------------------------------------------

/**
 * POST /orders/print_bol: dispatches the order through its carrier (once: a repeated call never
 * creates a second shipment) and answers its waybill label. `noPrint`: dispatch only, `pdf` null.
 */
export const printBolSchema = z.object({
  orderId: idSchema,
  noPrint: z.boolean().default(false),
  format: formatSchema.default('A6'),
  oversize: oversizeSchema.default('RESIZE'),
});
export type PrintBol = z.input<typeof printBolSchema>;

/** NEW: the shipment was created by this call; EARLIER: it existed already (§4: sent earlier). */
export const DISPATCH_STATES = ['NEW', 'EARLIER'] as const;
export type DispatchState = (typeof DISPATCH_STATES)[number];

export const printBolAnswerSchema = z.object({
  pdf: pdfOrNull,
  billOfLading: z.string(),
  sent: z.enum(DISPATCH_STATES),
  /** Polish note for the user, e.g. that the parcel was sent earlier; '' for none. */
  additionalInfo: z.string(),
});
export type PrintBolAnswer = z.infer<typeof printBolAnswerSchema>;

/** POST /orders/print_bol_many: dispatch each order (idempotently) and answer one PDF of their labels. */
export const printBolManySchema = z.object({
  ids: manyIdsSchema,
  noPrint: z.boolean().default(false),
  format: formatSchema.default('A6'),
  oversize: oversizeSchema.default('RESIZE'),
});
export type PrintBolMany = z.input<typeof printBolManySchema>;

/** Where a parcel is (docs/decisions.md, Documents: "Shipment states"); PENDING: its number has not come yet. */
export const SHIPMENT_STATE_VALUES = [
  'PENDING',
  'CREATED',
  'IN_TRANSIT',
  'DELIVERED',
  'RETURNED',
  'CANCELLED',
  'UNKNOWN',
] as const;
export type ShipmentStateValue = (typeof SHIPMENT_STATE_VALUES)[number];

/** GET /orders/shipment?id=: the order's shipment, null when it has none. */
export const orderShipmentSchema = z.object({
  carrierId: z.string(),
  carrierName: z.string(),
  methodName: z.string(),
  /** '' while PENDING. */
  waybillNumber: z.string(),
  state: z.enum(SHIPMENT_STATE_VALUES),
  /** When the state last changed (ISO), null: as created. */
  stateAt: z.string().nullable(),
  /** When the carrier was last asked (ISO), null: never. */
  checkedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** Whether 'Anuluj przesyłkę' may be offered: the carrier cancels, and the parcel is not on its way yet. */
  cancellable: z.boolean(),
});
export type OrderShipment = z.infer<typeof orderShipmentSchema>;
export const orderShipmentAnswerSchema = z.object({ shipment: orderShipmentSchema.nullable() });
export type OrderShipmentAnswer = z.infer<typeof orderShipmentAnswerSchema>;

/** POST /orders/cancel_shipment: cancels the order's shipment at its carrier; the order can be sent again. */
export const cancelShipmentSchema = z.object({ orderId: idSchema });
export type CancelShipment = z.input<typeof cancelShipmentSchema>;

// ---- temporary labels --------------------------------------------------------------------------

/** POST /orders/print_label: the internal A6 label (order code as barcode, receiver, lines). */
export const printLabelSchema = z.object({ orderId: idSchema, format: formatSchema.default('A6') });
export type PrintLabel = z.input<typeof printLabelSchema>;
export const printLabelAnswerSchema = z.object({ pdf: z.string() });
export type PrintLabelAnswer = z.infer<typeof printLabelAnswerSchema>;

export const printLabelManySchema = z.object({ ids: manyIdsSchema, format: formatSchema.default('A6') });
export type PrintLabelMany = z.input<typeof printLabelManySchema>;

// ---- invoices ----------------------------------------------------------------------------------

/**
 * POST /orders/print_invoice: issues the invoice when it has no number yet (the number is taken
 * then, server-side, `FV {n}/{MM}/{YYYY}`), answers its PDF (a reprint of the issued snapshot
 * when it was issued before). `email`: also queue it to the client's e-mail address.
 */
export const printInvoiceSchema = z.object({
  orderId: idSchema,
  noPrint: z.boolean().default(false),
  email: z.boolean().default(false),
});
export type PrintInvoice = z.input<typeof printInvoiceSchema>;

export const printInvoiceAnswerSchema = z.object({
  pdf: pdfOrNull,
  invoiceNumber: z.string(),
  /** True when the e-mail was put in the outbox (sent in the background; `invoiceMailSent` follows). */
  mailQueued: z.boolean(),
});
export type PrintInvoiceAnswer = z.infer<typeof printInvoiceAnswerSchema>;

/** POST /orders/print_invoice_many: issue (where needed) and print; orders without invoice data are skipped. */
export const printInvoiceManySchema = z.object({ ids: manyIdsSchema, noPrint: z.boolean().default(false) });
export type PrintInvoiceMany = z.input<typeof printInvoiceManySchema>;

export const printInvoiceManyAnswerSchema = orderPrintResultSchema.extend({
  /** Orders without invoice data (§3 Mass results: skipped, invoices only). */
  skipped: z.array(z.number()),
});
export type PrintInvoiceManyAnswer = z.infer<typeof printInvoiceManyAnswerSchema>;

// ---- the print log -----------------------------------------------------------------------------

/** What was done to an order's documents. */
export const ORDER_PRINT_KINDS = [
  'DISPATCH',
  'BOL',
  'LABEL',
  'INVOICE_ISSUE',
  'INVOICE',
  'INVOICE_EMAIL',
  'RECEIPT_ISSUE',
  'RECEIPT',
] as const;
export type OrderPrintKind = (typeof ORDER_PRINT_KINDS)[number];

/** GET /orders/print_log?orderId=: every print and dispatch of the order, newest first. */
export const orderPrintLogQuerySchema = z.object({ orderId: idSchema });
export const orderPrintLogEntrySchema = z.object({
  /** ISO-8601. */
  date: z.string(),
  /** The user's login; null for the system (e.g. the mail outbox). */
  user: z.string().nullable(),
  kind: z.enum(ORDER_PRINT_KINDS),
  /** A4 / A6 for labels and waybills, else null. */
  format: z.string().nullable(),
  /** Polish detail, e.g. the waybill or invoice number, the e-mail address, '' for none. */
  detail: z.string(),
});
export type OrderPrintLogEntry = z.infer<typeof orderPrintLogEntrySchema>;
export const orderPrintLogAnswerSchema = z.object({ entries: z.array(orderPrintLogEntrySchema) });
export type OrderPrintLogAnswer = z.infer<typeof orderPrintLogAnswerSchema>;
