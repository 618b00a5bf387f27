import {
  BARCODE_KINDS,
  BARCODE_PRINT_PERMISSIONS,
  barcodeBodySchemas,
  hasPermissionExact,
  encodeReaderCode,
  READER_COMMANDS,
  type BarcodeKind,
  type BarcodePdf,
} from '@zaplecze/contract';
import { forbidden, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/context';
import { itemsRepository } from '../items';
import { renderBarcodeSheet, type SheetLabel } from './barcode-sheet';
import { COMMAND_CAPTIONS, ID_SHEET_NAMES, type IdSheetKind, PRINT_TEXT } from './captions.pl';
import { PRINT_MSG } from './messages.pl';
import { printingRepository, type PrintRow, type PrintTable } from './printing.repository';

type LabelSource = (ctx: AuthContext, body: unknown) => Promise<SheetLabel[]>;

/** Repeats dropped, first occurrence kept: the sheet follows the order of the request. */
const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** The table of each kind printed by id, and what its caption shows after the label (default: the name). */
const ID_SHEETS: Record<IdSheetKind, { table: PrintTable; detail?: (row: PrintRow) => string }> = {
  item_status: { table: 'item_statuses' },
  item_group: { table: 'item_groups' },
  delivery_price_list: { table: 'delivery_price_lists' },
  delivery_time: { table: 'delivery_times' },
  category: { table: 'categories', detail: (r) => PRINT_TEXT.treeNode(r.full_number ?? '', r.name) },
  place: { table: 'places', detail: (r) => PRINT_TEXT.treeNode(r.full_number ?? '', r.name) },
  order_status: { table: 'order_statuses' },
  income_source: { table: 'income_sources' },
  user_size: {
    table: 'user_sizes',
    detail: (r) => PRINT_TEXT.userSize(r.name, r.size_a ?? 0, r.size_b ?? 0, r.size_c ?? 0),
  },
};

function idSheet(kind: IdSheetKind): LabelSource {
  const { table, detail = (r: PrintRow) => r.name } = ID_SHEETS[kind];
  const { label, genitive } = ID_SHEET_NAMES[kind];
  return async (ctx, body) => {
    const ids = unique(barcodeBodySchemas[kind].parse(body).ids);
    const rows = await printingRepository.findByIds(ctx.tdb, table, ids);
    return ids.map((id) => {
      const row = rows.get(id);
      if (!row) throw notFound(PRINT_MSG.rowNotFound(genitive, id));
      return { text: encodeReaderCode({ kind, id }), caption: PRINT_TEXT.row(label, detail(row)) };
    });
  };
}

const ID_SOURCES = Object.fromEntries(
  (Object.keys(ID_SHEETS) as IdSheetKind[]).map((kind) => [kind, idSheet(kind)]),
) as Record<IdSheetKind, LabelSource>;

/** Item sheets (items.pdf): the code itself, captioned with the item's name. */
const itemSheet: LabelSource = async (ctx, body) => {
  const codes = unique(barcodeBodySchemas.item.parse(body).itemCodes);
  const names = await itemsRepository.namesByCodes(ctx.tdb, codes);
  return codes.map((code) => {
    const name = names.get(code);
    if (name === undefined) throw notFound(PRINT_MSG.itemNotFound(code));
    return { text: encodeReaderCode({ kind: 'item', code }), caption: name || PRINT_TEXT.itemWithoutName };
  });
};

/** Order sheets (order_barcodes.pdf): `ORDER:{id}` captioned with the order's number. */
const orderSheet: LabelSource = async (ctx, body) => {
  const ids = unique(barcodeBodySchemas.order.parse(body).orderIds);
  const found = await printingRepository.existingOrderIds(ctx.tdb, ids);
  return ids.map((id) => {
    if (!found.has(id)) throw notFound(PRINT_MSG.rowNotFound('zamówienia', id));
    return { text: encodeReaderCode({ kind: 'order', id }), caption: PRINT_TEXT.order(id) };
  });
};

const SOURCES: Record<BarcodeKind, LabelSource> = {
  item: itemSheet,
  order: orderSheet,
  item_add_sub: async (_ctx, body) =>
    unique(barcodeBodySchemas.item_add_sub.parse(body).numbers).map((quantity) => ({
      text: encodeReaderCode({ kind: 'stock_change', quantity }),
      caption: PRINT_TEXT.stockChange(quantity),
    })),
  size: async (_ctx, body) =>
    unique(barcodeBodySchemas.size.parse(body).milimeters).map((mm) => ({
      text: encodeReaderCode({ kind: 'size', mm }),
      caption: PRINT_TEXT.size(mm),
    })),
  weight: async (_ctx, body) =>
    unique(barcodeBodySchemas.weight.parse(body).grams).map((grams) => ({
      text: encodeReaderCode({ kind: 'weight', grams }),
      caption: PRINT_TEXT.weight(grams),
    })),
  other: async (_ctx, body) => {
    barcodeBodySchemas.other.parse(body);
    return READER_COMMANDS.map((command) => ({
      text: encodeReaderCode({ kind: 'command', command }),
      caption: COMMAND_CAPTIONS[command],
    }));
  },
  ...ID_SOURCES,
};

const isBarcodeKind = (kind: string): kind is BarcodeKind => (BARCODE_KINDS as readonly string[]).includes(kind);

/** The sheet drawn last (or being drawn) in this process; the next one waits for it. */
let drawing: Promise<unknown> = Promise.resolve();

/**
 * Sheets of one process are drawn one at a time. Drawing is CPU work that yields after every row of
 * labels; several sheets at once would each add a row of work between two turns of every other
 * request (sign-ins, scans), so they queue instead, and everybody else waits at most one row.
 */
function oneSheetAtATime<T>(draw: () => Promise<T>): Promise<T> {
  const run = drawing.then(draw, draw);
  drawing = run.catch(() => undefined);
  return run;
}

/**
 * POST /print/barcode/{kind}: the sheet of reader codes as a base64 PDF (docs/rules/platform-rules.md §7). Each kind
 * needs its permission (BARCODE_PRINT_PERMISSIONS), checked before the body is read, and prints at
 * most BARCODE_MAX_CODES codes (the body schemas refuse more with 400).
 */
export async function printBarcodes(ctx: AuthContext, kind: string, body: unknown): Promise<BarcodePdf> {
  if (!isBarcodeKind(kind)) throw notFound(PRINT_MSG.unknownKind);
  if (!hasPermissionExact(ctx.user.permissions, BARCODE_PRINT_PERMISSIONS[kind])) throw forbidden();
  const labels = await SOURCES[kind](ctx, body);
  const pdf = await oneSheetAtATime(() => renderBarcodeSheet(PRINT_TEXT.title(kind), labels));
  return { pdf: pdf.toString('base64') };
}
