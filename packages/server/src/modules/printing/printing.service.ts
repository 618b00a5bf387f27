import {
  BARCODE_KINDS,
  barcodeBodySchemas,
  encodeReaderCode,
  READER_COMMANDS,
  type BarcodeKind,
  type BarcodePdf,
  type IdCodeKind,
} from '@zaplecze/contract';
import { notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/context';
import { renderBarcodeSheet, type SheetLabel } from './barcode-sheet';
import { COMMAND_CAPTIONS, PRINT_TEXT } from './captions.pl';
import { PRINT_MSG } from './messages.pl';
import { printingRepository, type PrintRow, type PrintTable } from './printing.repository';

type LabelSource = (ctx: AuthContext, body: unknown) => Promise<SheetLabel[]>;

/** Repeats dropped, first occurrence kept: the sheet follows the order of the request. */
const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

interface IdSheet {
  table: PrintTable;
  notFound: (id: number) => string;
  caption: (row: PrintRow) => string;
}

/** Kinds printed from rows of a reference table (body {ids}). */
const ID_SHEETS: Record<Exclude<IdCodeKind, 'order'>, IdSheet> = {
  item_status: {
    table: 'item_statuses',
    notFound: PRINT_MSG.itemStatusNotFound,
    caption: (r) => PRINT_TEXT.itemStatus(r.name),
  },
  item_group: {
    table: 'item_groups',
    notFound: PRINT_MSG.itemGroupNotFound,
    caption: (r) => PRINT_TEXT.itemGroup(r.name),
  },
  delivery_price_list: {
    table: 'delivery_price_lists',
    notFound: PRINT_MSG.deliveryPriceListNotFound,
    caption: (r) => PRINT_TEXT.deliveryPriceList(r.name),
  },
  delivery_time: {
    table: 'delivery_times',
    notFound: PRINT_MSG.deliveryTimeNotFound,
    caption: (r) => PRINT_TEXT.deliveryTime(r.name),
  },
  category: {
    table: 'categories',
    notFound: PRINT_MSG.categoryNotFound,
    caption: (r) => PRINT_TEXT.category(r.full_number ?? '', r.name),
  },
  place: {
    table: 'places',
    notFound: PRINT_MSG.placeNotFound,
    caption: (r) => PRINT_TEXT.place(r.full_number ?? '', r.name),
  },
  order_status: {
    table: 'order_statuses',
    notFound: PRINT_MSG.orderStatusNotFound,
    caption: (r) => PRINT_TEXT.orderStatus(r.name),
  },
  income_source: {
    table: 'income_sources',
    notFound: PRINT_MSG.incomeSourceNotFound,
    caption: (r) => PRINT_TEXT.incomeSource(r.name),
  },
  user_size: {
    table: 'user_sizes',
    notFound: PRINT_MSG.userSizeNotFound,
    caption: (r) => PRINT_TEXT.userSize(r.name, r.size_a ?? 0, r.size_b ?? 0, r.size_c ?? 0),
  },
};

function idSheet(kind: Exclude<IdCodeKind, 'order'>): LabelSource {
  const def = ID_SHEETS[kind];
  return async (ctx, body) => {
    const ids = unique(barcodeBodySchemas[kind].parse(body).ids);
    const rows = await printingRepository.findByIds(ctx.tdb, def.table, ids);
    return ids.map((id) => {
      const row = rows.get(id);
      if (!row) throw notFound(def.notFound(id));
      return { text: encodeReaderCode({ kind, id }), caption: def.caption(row) };
    });
  };
}

/** Items and orders arrive with their own issues; until then the body is checked and refused. */
function notYet(kind: 'item' | 'order'): LabelSource {
  return async (_ctx, body) => {
    barcodeBodySchemas[kind].parse(body);
    throw notFound(PRINT_MSG.kindUnavailable);
  };
}

const SOURCES: Record<BarcodeKind, LabelSource> = {
  item: notYet('item'),
  order: notYet('order'),
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
  item_status: idSheet('item_status'),
  item_group: idSheet('item_group'),
  delivery_price_list: idSheet('delivery_price_list'),
  delivery_time: idSheet('delivery_time'),
  category: idSheet('category'),
  place: idSheet('place'),
  order_status: idSheet('order_status'),
  income_source: idSheet('income_source'),
  user_size: idSheet('user_size'),
};

const isBarcodeKind = (kind: string): kind is BarcodeKind => (BARCODE_KINDS as readonly string[]).includes(kind);

/** POST /print/barcode/{kind}: the sheet of reader codes as a base64 PDF (platform.md §7). */
export async function printBarcodes(ctx: AuthContext, kind: string, body: unknown): Promise<BarcodePdf> {
  if (!isBarcodeKind(kind)) throw notFound(PRINT_MSG.unknownKind);
  const labels = await SOURCES[kind](ctx, body);
  const pdf = await renderBarcodeSheet(PRINT_TEXT.title(kind), labels);
  return { pdf: pdf.toString('base64') };
}
