import { z } from 'zod';
import { VALIDATION as V } from './messages';
import type { PermissionKey } from './permissions';
import { PACKAGE_SIZE_MAX_MM } from './reference';

// ---- the reader-code format --------------------------------------------------------------------
// The one owner of what a printed reader code says (docs/rules/server-side-rules.md "Reader codes and barcode
// readers"): the sheet printer encodes with it and both barcode readers parse with it.

/** Reader codes that point at a row by id, and the prefix each one prints with. */
export const ID_CODE_PREFIXES = {
  item_status: 'ISTATUS',
  item_group: 'IGROUP',
  delivery_price_list: 'DPRICE',
  delivery_time: 'DTIME',
  category: 'CAT',
  place: 'PLACE',
  order_status: 'OSTATUS',
  income_source: 'ISOURCE',
  user_size: 'USIZE',
  order: 'ORDER',
} as const;
export type IdCodeKind = keyof typeof ID_CODE_PREFIXES;

/** The four codes of the 'other codes' sheet (docs/rules/platform-rules.md §2): waybill, problem, document, reset. */
export const READER_COMMANDS = ['SEND', 'PROBLEM', 'DOCUMENT', 'RESET'] as const;
export type ReaderCommand = (typeof READER_COMMANDS)[number];

/** Largest stock change, weight (g) and side (mm) a code may carry. */
export const STOCK_CHANGE_MAX = 999_999;
export const READER_WEIGHT_MAX_G = 1_000_000;
export const READER_SIZE_MAX_MM = PACKAGE_SIZE_MAX_MM;
/** Longest item code that still prints as a scannable code in one sheet cell. */
export const READER_ITEM_CODE_MAX = 40;
const ID_MAX = 2_147_483_647;

/**
 * What one printed code means. Encoded (and parsed, case-insensitively, after trimming) as:
 *
 * | Code                           | Printed text            | Example        |
 * |--------------------------------|-------------------------|----------------|
 * | item (or GTIN)                 | the item code           | `ABC-123`      |
 * | stock_change (+n / -n)         | `QTY+{n}` / `QTY-{n}`   | `QTY+5`        |
 * | weight (grams)                 | `WEIGHT:{g}`            | `WEIGHT:1500`  |
 * | size (one parcel side, mm)     | `SIZE:{mm}`             | `SIZE:300`     |
 * | user_size                      | `USIZE:{id}`            | `USIZE:4`      |
 * | item_status                    | `ISTATUS:{id}`          | `ISTATUS:2`    |
 * | item_group                     | `IGROUP:{id}`           | `IGROUP:7`     |
 * | delivery_price_list            | `DPRICE:{id}`           | `DPRICE:1`     |
 * | delivery_time                  | `DTIME:{id}`            | `DTIME:3`      |
 * | category                       | `CAT:{id}`              | `CAT:12`       |
 * | place                          | `PLACE:{id}`            | `PLACE:8`      |
 * | order_status                   | `OSTATUS:{id}`          | `OSTATUS:5`    |
 * | income_source                  | `ISOURCE:{id}`          | `ISOURCE:1`    |
 * | order                          | `ORDER:{id}`            | `ORDER:1024`   |
 * | command: waybill print/dispatch | `CMD:SEND`             |                |
 * | command: report a problem      | `CMD:PROBLEM`           |                |
 * | command: print the document    | `CMD:DOCUMENT`          |                |
 * | command: reset (both readers)  | `CMD:RESET`             |                |
 *
 * Every text is upper-case printable ASCII, so Code 128 encodes it and a keyboard-wedge scanner
 * types it on a Polish (programmer's) layout. Anything without one of these prefixes is an item
 * code (or a GTIN, which the item reader resolves the same way).
 */
export type ReaderCode =
  | { kind: 'item'; code: string }
  | { kind: 'stock_change'; quantity: number }
  | { kind: 'weight'; grams: number }
  | { kind: 'size'; mm: number }
  | { kind: IdCodeKind; id: number }
  | { kind: 'command'; command: ReaderCommand };

const PREFIX_TO_KIND = new Map<string, IdCodeKind>(
  Object.entries(ID_CODE_PREFIXES).map(([kind, prefix]) => [prefix, kind as IdCodeKind]),
);
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;
/** Texts that belong to the format: they are never item codes, even when malformed. */
const RESERVED = new RegExp(`^(QTY[+-]|(${[...PREFIX_TO_KIND.keys(), 'WEIGHT', 'SIZE', 'CMD'].join('|')}):)`);

const inRange = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

function checked(ok: boolean, text: string): string {
  if (!ok) throw new RangeError(`Not a valid reader code: ${text}`);
  return text;
}

/** The text to print for a code. Throws RangeError for values no reader would accept. */
export function encodeReaderCode(code: ReaderCode): string {
  switch (code.kind) {
    case 'item': {
      const text = code.code.trim().toUpperCase();
      return checked(isPrintableItemCode(text), text);
    }
    case 'stock_change': {
      const q = code.quantity;
      return checked(q !== 0 && inRange(Math.abs(q), 1, STOCK_CHANGE_MAX), `QTY${q > 0 ? '+' : '-'}${Math.abs(q)}`);
    }
    case 'weight':
      return checked(inRange(code.grams, 1, READER_WEIGHT_MAX_G), `WEIGHT:${code.grams}`);
    case 'size':
      return checked(inRange(code.mm, 1, READER_SIZE_MAX_MM), `SIZE:${code.mm}`);
    case 'command':
      return checked(READER_COMMANDS.includes(code.command), `CMD:${code.command}`);
    default:
      return checked(inRange(code.id, 1, ID_MAX), `${ID_CODE_PREFIXES[code.kind]}:${code.id}`);
  }
}

/** Digits only, without a sign; undefined when out of [min, max]. */
function number(digits: string, min: number, max: number): number | undefined {
  if (!/^\d{1,10}$/.test(digits)) return undefined;
  const n = Number(digits);
  return inRange(n, min, max) ? n : undefined;
}

/**
 * What a scanned text means: trimmed and upper-cased first (readers upper-case keys), then
 * matched against the table of {@link encodeReaderCode}. A malformed code with a known prefix
 * (`WEIGHT:0`, `CAT:x`, `CMD:FOO`) and an empty or non-ASCII text answer undefined.
 */
export function parseReaderCode(text: string): ReaderCode | undefined {
  const t = text.trim().toUpperCase();
  if (!t || !PRINTABLE_ASCII.test(t)) return undefined;
  if (!RESERVED.test(t)) return t.length <= READER_ITEM_CODE_MAX ? { kind: 'item', code: t } : undefined;
  if (t.startsWith('QTY')) {
    const q = number(t.slice(4), 1, STOCK_CHANGE_MAX);
    return q === undefined ? undefined : { kind: 'stock_change', quantity: t[3] === '-' ? -q : q };
  }
  const colon = t.indexOf(':');
  const prefix = t.slice(0, colon);
  const rest = t.slice(colon + 1);
  if (prefix === 'CMD') {
    const command = READER_COMMANDS.find((c) => c === rest);
    return command ? { kind: 'command', command } : undefined;
  }
  if (prefix === 'WEIGHT') {
    const grams = number(rest, 1, READER_WEIGHT_MAX_G);
    return grams === undefined ? undefined : { kind: 'weight', grams };
  }
  if (prefix === 'SIZE') {
    const mm = number(rest, 1, READER_SIZE_MAX_MM);
    return mm === undefined ? undefined : { kind: 'size', mm };
  }
  const kind = PREFIX_TO_KIND.get(prefix);
  const id = number(rest, 1, ID_MAX);
  return kind && id !== undefined ? { kind, id } : undefined;
}

/**
 * Whether an item code can be printed and read back as itself: 1 to {@link READER_ITEM_CODE_MAX}
 * printable ASCII characters (no Polish letters: Code 128 and keyboard-wedge scanners carry
 * ASCII only), already trimmed and upper-case, and not looking like another reader code.
 */
export function isPrintableItemCode(code: string): boolean {
  return (
    code.length >= 1 &&
    code.length <= READER_ITEM_CODE_MAX &&
    code === code.trim().toUpperCase() &&
    PRINTABLE_ASCII.test(code) &&
    !RESERVED.test(code)
  );
}

// ---- POST /print/barcode/{kind} (docs/rules/platform-rules.md §7) --------------------------------------------------

export const BARCODE_KINDS = [
  'item',
  'item_add_sub',
  'order',
  'size',
  'weight',
  'other',
  'item_status',
  'item_group',
  'delivery_price_list',
  'delivery_time',
  'category',
  'place',
  'order_status',
  'income_source',
  'user_size',
] as const;
export type BarcodeKind = (typeof BARCODE_KINDS)[number];

/**
 * Most codes one request may print: 1,000 codes are 42 A4 pages and about a quarter of a second
 * of one core to draw (5,000 took 1.3 s, and a few users printing them at once slowed every other
 * call of the process). VALIDATION.barcodeListTooLong names this number.
 */
export const BARCODE_MAX_CODES = 1000;

/**
 * The permission each sheet needs (docs/decisions.md, Reader-code sheets). Item and order codes
 * print data of the list they come from, so reading that list is enough; every other sheet holds
 * codes that only a barcode reader acts on, so it needs the permission of that reader, which is
 * also the permission that edits the list (the item reader: goods lists and stock changes; the
 * order reader: order lists, sizes, weights and commands).
 */
export const BARCODE_PRINT_PERMISSIONS = {
  item: 'main.items.show',
  order: 'main.order.show',
  item_add_sub: 'main.items.edit',
  item_status: 'main.items.edit',
  item_group: 'main.items.edit',
  delivery_price_list: 'main.items.edit',
  delivery_time: 'main.items.edit',
  category: 'main.items.edit',
  place: 'main.items.edit',
  size: 'main.order.edit',
  weight: 'main.order.edit',
  other: 'main.order.edit',
  order_status: 'main.order.edit',
  income_source: 'main.order.edit',
  user_size: 'main.order.edit',
} as const satisfies Record<BarcodeKind, PermissionKey>;

function codeList<T extends z.ZodType>(element: T) {
  return z
    .array(element, { error: V.barcodeListInvalid })
    .min(1, { error: V.barcodeListEmpty })
    .max(BARCODE_MAX_CODES, { error: V.barcodeListTooLong });
}

/** Strict JSON integers: no strings, booleans or fractions slip through a coercion. */
const int = (message: string) => z.number({ error: message }).int({ error: message });
const bodyId = int(V.idInvalid).positive({ error: V.idInvalid }).max(ID_MAX, { error: V.idInvalid });
const idsBody = z.object({ ids: codeList(bodyId) });

const itemCodeSchema = z
  .string({ error: V.readerItemCodeInvalid })
  .transform((c) => c.trim().toUpperCase())
  .refine(isPrintableItemCode, { error: V.readerItemCodeInvalid });

/** Request bodies per kind; lists keep their order and may repeat (the server drops repeats). */
export const barcodeBodySchemas = {
  item: z.object({ itemCodes: codeList(itemCodeSchema) }),
  item_add_sub: z.object({
    numbers: codeList(
      int(V.stockChangeInvalid)
        .refine((n) => n !== 0, { error: V.stockChangeZero })
        .refine((n) => Math.abs(n) <= STOCK_CHANGE_MAX, { error: V.stockChangeInvalid }),
    ),
  }),
  order: z.object({ orderIds: codeList(bodyId) }),
  size: z.object({
    milimeters: codeList(
      int(V.sizeInvalid).positive({ error: V.valuesPositive }).max(READER_SIZE_MAX_MM, { error: V.sizeInvalid }),
    ),
  }),
  weight: z.object({
    grams: codeList(
      int(V.weightInvalid).positive({ error: V.valuesPositive }).max(READER_WEIGHT_MAX_G, { error: V.weightInvalid }),
    ),
  }),
  other: z.object({}),
  item_status: idsBody,
  item_group: idsBody,
  delivery_price_list: idsBody,
  delivery_time: idsBody,
  category: idsBody,
  place: idsBody,
  order_status: idsBody,
  income_source: idsBody,
  user_size: idsBody,
} satisfies Record<BarcodeKind, z.ZodType>;
export type BarcodeBody<K extends BarcodeKind> = z.input<(typeof barcodeBodySchemas)[K]>;

/** Answer of every sheet: the PDF as base64. */
export const barcodePdfSchema = z.object({ pdf: z.string() });
export type BarcodePdf = z.infer<typeof barcodePdfSchema>;
