import { z } from 'zod';

/**
 * The item barcode reader (docs/rules/platform-rules.md, Item reader; docs/decisions.md, Item reader): one scan in,
 * one log row out. Codes are parsed only by reader-codes.ts parseReaderCode.
 */

/** Longest scanned text the reader accepts; longer input is refused (400) rather than logged. */
export const SCAN_TEXT_MAX = 500;

export const SCAN_MSG = {
  barcodeRequired: 'Podaj zeskanowany kod.',
  barcodeTooLong: `Zeskanowany kod może mieć najwyżej ${SCAN_TEXT_MAX} znaków.`,
} as const;

/** POST /items/barcodes. `itemCode` is the item the previous scan selected, sent back by the client. */
export const itemScanRequestSchema = z.object({
  barcode: z.string({ error: SCAN_MSG.barcodeRequired }).max(SCAN_TEXT_MAX, { error: SCAN_MSG.barcodeTooLong }),
  itemCode: z
    .string()
    .trim()
    .max(SCAN_TEXT_MAX)
    .nullable()
    .optional()
    .transform((c) => (c ? c.toUpperCase() : null)),
});
export type ItemScanRequest = z.input<typeof itemScanRequestSchema>;

/** What the scanned text was read as (the reader code kinds, upper-case; UNKNOWN when unreadable). */
export const SCAN_ACTION_TYPES = [
  'ITEM',
  'STOCK_CHANGE',
  'ITEM_STATUS',
  'ITEM_GROUP',
  'DELIVERY_PRICE_LIST',
  'DELIVERY_TIME',
  'CATEGORY',
  'PLACE',
  'RESET',
  'WEIGHT',
  'SIZE',
  'USER_SIZE',
  'ORDER_STATUS',
  'INCOME_SOURCE',
  'ORDER',
  'COMMAND',
  'UNKNOWN',
] as const;
export type ScanActionType = (typeof SCAN_ACTION_TYPES)[number];

/** What the client must do besides logging the row: CLEAR forgets the selected item (the log stays: it is the operator's record). */
export const SCAN_CLIENT_ACTIONS = ['NONE', 'CLEAR'] as const;
export type ScanClientAction = (typeof SCAN_CLIENT_ACTIONS)[number];

/** One row of the reader's log; errors are rows too (HTTP 200, isError true, shown in red). */
export const itemScanAnswerSchema = z.object({
  /** When the server handled the scan (ISO-8601). */
  date: z.string(),
  /** The item selected after this scan (send it back with the next one); null: none. */
  itemCode: z.string().nullable(),
  actionType: z.enum(SCAN_ACTION_TYPES),
  /** The scanned text, trimmed. */
  actionBarcode: z.string(),
  /** Polish description of what happened (or why nothing did). */
  actionDesc: z.string(),
  clientAction: z.enum(SCAN_CLIENT_ACTIONS),
  isError: z.boolean(),
});
export type ItemScanAnswer = z.infer<typeof itemScanAnswerSchema>;
