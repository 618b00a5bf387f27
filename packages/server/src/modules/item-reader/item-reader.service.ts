import {
  parseReaderCode,
  type ItemScanAnswer,
  type ReaderCode,
  type ScanActionType,
  type ScanClientAction,
} from '@zaplecze/contract';
import type { AuthContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import {
  findItemByCode,
  findItemByScan,
  ITEM_REFERENCE_KINDS,
  setItemReference,
  type ItemBrief,
  type ItemReferenceKind,
} from '../items';
import { recordChange } from '../stock';
import { READER_MSG } from './messages.pl';

/**
 * The item barcode reader (docs/decisions.md, Item reader). Every scan answers one log row with
 * HTTP 200; a scan that cannot be done is a row with isError and a Polish reason, because the
 * reader shows it in red and the operator scans on. The client keeps no state besides the item
 * code this answers, which it sends back with the next scan.
 */

interface Scan {
  barcode: string;
  /** The item the previous scan selected, as the client sent it back; null: none. */
  itemCode: string | null;
}

type Row = Omit<ItemScanAnswer, 'date' | 'actionBarcode'>;

const ok = (
  actionType: ScanActionType,
  itemCode: string | null,
  actionDesc: string,
  clientAction: ScanClientAction = 'NONE',
): Row => ({
  actionType,
  itemCode,
  actionDesc,
  clientAction,
  isError: false,
});
const fail = (actionType: ScanActionType, itemCode: string | null, actionDesc: string): Row => ({
  actionType,
  itemCode,
  actionDesc,
  clientAction: 'NONE',
  isError: true,
});

const isReference = (kind: string): kind is ItemReferenceKind => (ITEM_REFERENCE_KINDS as string[]).includes(kind);
const signed = (q: number) => (q > 0 ? `+${q}` : String(q));

/** The selected item, or the error row that explains why there is none. */
async function selected(ctx: AuthContext, scan: Scan, type: ScanActionType): Promise<ItemBrief | Row> {
  if (!scan.itemCode) return fail(type, null, READER_MSG.noItemSelected);
  const item = await findItemByCode(ctx.tdb, scan.itemCode);
  // The item went away since it was scanned: forget it, so nothing lands on a wrong item.
  return item ?? fail(type, null, READER_MSG.selectedItemGone(scan.itemCode));
}

async function stockChange(ctx: AuthContext, scan: Scan, quantity: number): Promise<Row> {
  const item = await selected(ctx, scan, 'STOCK_CHANGE');
  if ('actionType' in item) return item;
  const change = await ctx.tdb.transaction((tdb) =>
    recordChange(ctx.deps, tdb, { itemId: item.id, quantity, type: 'READER', commit: 'option' }),
  );
  const desc =
    change && change.committed === 1 && change.qty_before !== null && change.qty_after !== null
      ? READER_MSG.stockCommitted(item.code, signed(quantity), change.qty_before, change.qty_after)
      : READER_MSG.stockPending(item.code, signed(quantity));
  return ok('STOCK_CHANGE', item.code, desc);
}

async function reference(ctx: AuthContext, scan: Scan, kind: ItemReferenceKind, id: number): Promise<Row> {
  const type = kind.toUpperCase() as ScanActionType;
  const item = await selected(ctx, scan, type);
  if ('actionType' in item) return item;
  const name = await ctx.tdb.transaction((tdb) => setItemReference(ctx.deps, tdb, item.id, kind, id));
  // Another organisation's id reads exactly like a missing one.
  if (name === undefined) return fail(type, item.code, READER_MSG.referenceNotFound[kind](id));
  return ok(type, item.code, READER_MSG.referenceSet[kind](item.code, name));
}

async function handle(ctx: AuthContext, scan: Scan, text: string, code: ReaderCode): Promise<Row> {
  switch (code.kind) {
    case 'item': {
      const item = await findItemByScan(ctx.tdb, code.code);
      // A mis-scan keeps the current item (docs/decisions.md, Forms): the next good scan still acts on it.
      if (!item) return fail('ITEM', scan.itemCode, READER_MSG.itemNotFound(code.code));
      return ok('ITEM', item.code, READER_MSG.itemSelected(item.code, item.name));
    }
    case 'stock_change':
      return stockChange(ctx, scan, code.quantity);
    case 'command':
      if (code.command === 'RESET') return ok('RESET', null, READER_MSG.reset, 'CLEAR');
      return fail('COMMAND', scan.itemCode, READER_MSG.orderOnly(text));
    case 'weight':
    case 'size':
      return fail(code.kind === 'weight' ? 'WEIGHT' : 'SIZE', scan.itemCode, READER_MSG.orderOnly(text));
    default:
      if (isReference(code.kind)) return reference(ctx, scan, code.kind, code.id);
      // user sizes, order statuses, income sources and orders belong to the order reader.
      return fail(code.kind.toUpperCase() as ScanActionType, scan.itemCode, READER_MSG.orderOnly(text));
  }
}

/** POST /items/barcodes: one scan, one log row. */
export async function scanItemBarcode(ctx: AuthContext, scan: Scan): Promise<ItemScanAnswer> {
  const date = ctx.deps.now().toISOString();
  const text = scan.barcode.trim();
  const answer = (row: Row): ItemScanAnswer => ({ date, actionBarcode: text, ...row });
  if (!text) return answer(fail('UNKNOWN', scan.itemCode, READER_MSG.emptyCode));
  const code = parseReaderCode(text);
  // Unreadable text (a mis-scan) keeps the current item, as an unknown item code does.
  if (!code) return answer(fail('UNKNOWN', scan.itemCode, READER_MSG.unknownCode(text)));
  try {
    return answer(await handle(ctx, scan, text.toUpperCase(), code));
  } catch (err) {
    // A refusal of the ledger or the items module (stock out of range, item deleted meanwhile)
    // is a red row like any other; anything unexpected stays a 500.
    if (err instanceof AppError && err.statusCode < 500)
      return answer(fail(actionTypeOf(code), scan.itemCode, err.message));
    throw err;
  }
}

function actionTypeOf(code: ReaderCode): ScanActionType {
  if (code.kind === 'command') return code.command === 'RESET' ? 'RESET' : 'COMMAND';
  return code.kind.toUpperCase() as ScanActionType;
}
