import {
  fromHundredths,
  parseReaderCode,
  RECEIPT_PLUGIN_ID,
  type OrderReaderPanel,
  type OrderScanAnswer,
  type OrderScanClientAction,
  type ReaderCode,
  type ScanActionType,
} from '@zaplecze/contract';
import type { TenantDb } from '../../db/tenant';
import type { AuthContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { findItemByScan } from '../items';
import { hasWaybill, patchOrder, statusAfter, type OrderPatch } from '../orders';
import { isPluginInstalled } from '../plugins';
import { ORDER_READER_MSG as MSG } from './messages.pl';
import { logScan, logScanIn, type ScanLogRow } from './order-reader.log';
import { orderReaderRepository as repo, type ReaderLine, type ReaderOrder } from './order-reader.repository';

/**
 * The order barcode reader of the packing station (docs/decisions.md, Documents: Order reader).
 * Every scan answers one log row with HTTP 200 and the selected order's panel; a scan that cannot
 * be done is a row with isError and a Polish reason. The client keeps no state besides the order
 * id this answers, which it sends back with the next scan. Every order change goes through
 * patchOrder in one transaction that first locks the order, so two readers scanning one order
 * apply their scans one after the other.
 */

interface Scan {
  barcode: string;
  /** The order the previous scan selected, as the client sent it back; null: none. */
  orderId: number | null;
}

type Row = Omit<OrderScanAnswer, 'date' | 'actionBarcode' | 'panel'>;
interface Loaded {
  order: ReaderOrder;
  lines: ReaderLine[];
}
/** A row, and the selected order as read for it when the scan changed nothing (saves a re-read). */
interface Handled {
  row: Row;
  loaded?: Loaded;
  /** The log row is already written, in the transaction of the change. */
  logged?: boolean;
}

/** Writes a scan's log row inside the transaction `tdb` (a change's: one write instead of two). */
type LogIn = (tdb: TenantDb, row: Row) => Promise<void>;

const SIDES = ['A', 'B', 'C'] as const;
type Side = (typeof SIDES)[number];
const ITEM_ONLY = new Set<ReaderCode['kind']>([
  'stock_change',
  'item_status',
  'item_group',
  'delivery_price_list',
  'delivery_time',
  'category',
  'place',
]);

const ok = (
  actionType: ScanActionType,
  orderId: number | null,
  actionDesc: string,
  clientAction: OrderScanClientAction = 'NONE',
): Row => ({ actionType, orderId, actionDesc, clientAction, isError: false });
const fail = (actionType: ScanActionType, orderId: number | null, actionDesc: string): Row => ({
  actionType,
  orderId,
  actionDesc,
  clientAction: 'NONE',
  isError: true,
});

function actionTypeOf(code: ReaderCode): ScanActionType {
  if (code.kind === 'command') return code.command === 'RESET' ? 'RESET' : 'COMMAND';
  return code.kind.toUpperCase() as ScanActionType;
}

function load(tdb: TenantDb, id: number): Promise<Loaded | undefined> {
  return repo.orderWithLines(tdb, id);
}

const nextSideOf = (o: ReaderOrder): Side => (SIDES.includes(o.next_side as Side) ? (o.next_side as Side) : 'A');
const packingStarted = (lines: readonly ReaderLine[]) => lines.some((l) => l.packed > 0);
const kg = (grams: number) => String(grams / 1000).replace('.', ',');

function panelOf({ order: o, lines }: Loaded): OrderReaderPanel {
  const carrier =
    o.shipping_method === 'PERSONAL_PICKUP'
      ? 'ODBIÓR OSOBISTY'
      : o.cm_name !== null
        ? `${o.cm_carrier_name ?? ''} - ${o.cm_name}`
        : '';
  return {
    id: o.id,
    orderStatus: { id: o.order_status_id, name: o.status_name, color: o.status_color },
    stationary: o.stationary === 1,
    sizeA: o.size_a,
    sizeB: o.size_b,
    sizeC: o.size_c,
    weight: o.weight_g / 1000,
    nextSide: nextSideOf(o),
    carrier,
    billOfLading: o.bill_of_lading,
    cashOnDelivery: o.cash_on_delivery === 1,
    sumGross: fromHundredths(Number(o.lines_sum) + Number(o.delivery_cost)),
    currency: o.currency,
    lines: lines.map((l) => ({
      lineId: l.id,
      code: l.code,
      name: l.name,
      quantity: l.quantity,
      packed: Math.min(l.packed, l.quantity),
    })),
    packingStarted: packingStarted(lines),
  };
}

/**
 * Runs a change of the selected order in one transaction that first reads the order with its
 * lines and locks it. `fn` may answer the order as it left it (`loaded`), which then serves the
 * panel without a read after the change.
 */
function change(
  ctx: AuthContext,
  id: number,
  type: ScanActionType,
  logIn: LogIn,
  fn: (tdb: TenantDb, loaded: Loaded) => Promise<Row | Handled>,
): Promise<Handled> {
  return ctx.tdb.transaction(async (tdb) => {
    await repo.lock(tdb, id);
    const loaded = await repo.orderWithLines(tdb, id);
    const done = loaded ? await fn(tdb, loaded) : fail(type, null, MSG.selectedOrderGone(id));
    const handled = 'row' in done ? done : { row: done };
    await logIn(tdb, handled.row);
    return { ...handled, logged: true };
  });
}

/** patchOrder for the order `change` has read and locked. */
const patch = (ctx: AuthContext, tdb: TenantDb, id: number, changes: OrderPatch) =>
  patchOrder(ctx.deps, tdb, id, changes, ctx.user.login, { locked: true });

type ParcelCode = { kind: 'weight'; grams: number } | { kind: 'size'; mm: number } | { kind: 'user_size'; id: number };

/** WEIGHT, SIZE (sides A, B, C in turn) and USIZE; then the status after sizes and weight. */
function parcel(ctx: AuthContext, id: number, code: ParcelCode, logIn: LogIn): Promise<Handled> {
  const type = actionTypeOf(code);
  return change(ctx, id, type, logIn, async (tdb, loaded) => {
    const o = loaded.order;
    const changes: OrderPatch = {};
    let desc: string;
    let nextSide = o.next_side;
    if (code.kind === 'weight') {
      changes.weightGrams = code.grams;
      desc = MSG.weightSet(id, kg(code.grams));
    } else if (code.kind === 'size') {
      const side = nextSideOf(o);
      changes[`size${side}`] = code.mm;
      nextSide = SIDES[(SIDES.indexOf(side) + 1) % 3]!;
      await repo.setNextSide(tdb, id, nextSide);
      desc = MSG.sideSet(id, side, code.mm);
    } else {
      const size = await repo.userSize(tdb, code.id);
      if (!size) return fail(type, id, MSG.userSizeNotFound(code.id));
      Object.assign(changes, { sizeA: size.size_a, sizeB: size.size_b, sizeC: size.size_c });
      if (o.next_side !== null && o.next_side !== 'A') {
        nextSide = 'A';
        await repo.setNextSide(tdb, id, 'A');
      }
      desc = MSG.userSizeSet(id, size.name, size.size_a, size.size_b, size.size_c);
    }
    const complete =
      (changes.sizeA ?? o.size_a) > 0 &&
      (changes.sizeB ?? o.size_b) > 0 &&
      (changes.sizeC ?? o.size_c) > 0 &&
      (changes.weightGrams ?? o.weight_g) > 0;
    if (complete && !o.dispatched) {
      const status = await statusAfter(tdb, 'ORDER_STATUS_AFTER_SIZE_WEIGHT', o.order_status_id);
      if (status) {
        changes.orderStatusId = status.id;
        desc += MSG.statusAfterSizeWeight(status.name);
      }
    }
    await patch(ctx, tdb, id, changes);
    const row = ok(type, id, desc);
    // A new status needs its name and colour read again; otherwise the panel is the order as read
    // with the sizes, weight and next side just written.
    if (changes.orderStatusId !== undefined) return row;
    const order: ReaderOrder = {
      ...o,
      size_a: changes.sizeA ?? o.size_a,
      size_b: changes.sizeB ?? o.size_b,
      size_c: changes.sizeC ?? o.size_c,
      weight_g: changes.weightGrams ?? o.weight_g,
      next_side: nextSide,
    };
    return { row, loaded: { ...loaded, order } };
  });
}

function orderStatus(ctx: AuthContext, id: number, statusId: number, logIn: LogIn): Promise<Handled> {
  return change(ctx, id, 'ORDER_STATUS', logIn, async (tdb, { order: o }) => {
    if (o.dispatched) return fail('ORDER_STATUS', id, MSG.statusLocked);
    const name = await repo.name(tdb, 'order_statuses', statusId);
    if (name === undefined) return fail('ORDER_STATUS', id, MSG.statusNotFound(statusId));
    if (o.order_status_id !== statusId) await patch(ctx, tdb, id, { orderStatusId: statusId });
    return ok('ORDER_STATUS', id, MSG.statusSet(id, name));
  });
}

function incomeSource(ctx: AuthContext, id: number, sourceId: number, logIn: LogIn): Promise<Handled> {
  return change(ctx, id, 'INCOME_SOURCE', logIn, async (tdb) => {
    const name = await repo.name(tdb, 'income_sources', sourceId);
    if (name === undefined) return fail('INCOME_SOURCE', id, MSG.sourceNotFound(sourceId));
    await patch(ctx, tdb, id, { incomeSourceId: sourceId });
    return ok('INCOME_SOURCE', id, MSG.sourceSet(id, name));
  });
}

function problem(ctx: AuthContext, id: number, logIn: LogIn): Promise<Handled> {
  return change(ctx, id, 'COMMAND', logIn, async (tdb, { order: o }) => {
    if (o.problem !== null) return ok('COMMAND', id, MSG.problemAlready(id));
    await patch(ctx, tdb, id, { problem: MSG.problemText });
    return ok('COMMAND', id, MSG.problemSet(id));
  });
}

/**
 * The packing check: the scanned item (code, then GTIN, as the item reader resolves it) is
 * checked off the first line of the order that is its item (or, unlinked, has its code) and still
 * misses units; a line of another item is a wrong item, one more than ordered an extra item.
 */
async function pack(ctx: AuthContext, id: number, text: string, logIn: LogIn): Promise<Handled> {
  const item = await findItemByScan(ctx.tdb, text);
  return change(ctx, id, 'ITEM', logIn, async (tdb, loaded) => {
    const { lines } = loaded;
    const matches = lines.filter((l) =>
      l.item_id === null
        ? l.code.toUpperCase() === text || (item !== undefined && l.code.toUpperCase() === item.code)
        : l.item_id === item?.id,
    );
    // A refused item changes nothing: the order as read serves the panel.
    if (matches.length === 0) return { row: fail('ITEM', id, MSG.wrongItem(id, text)), loaded };
    const line = matches.find((l) => l.packed < l.quantity);
    if (!line) {
      const first = matches[0]!;
      const ordered = matches.reduce((n, l) => n + l.quantity, 0);
      return { row: fail('ITEM', id, MSG.extraItem(id, first.code || text, ordered)), loaded };
    }
    const packed = line.packed + 1;
    await repo.setPacked(tdb, id, line.id, packed);
    const done = lines.every((l) => (l === line ? packed : l.packed) >= l.quantity);
    const row = ok(
      'ITEM',
      id,
      MSG.itemPacked(id, line.code || text, packed, line.quantity) + (done ? MSG.allPacked : ''),
    );
    // Only the packed count changed: the panel is the order as read, with it.
    return { row, loaded: { ...loaded, lines: lines.map((l) => (l === line ? { ...l, packed } : l)) } };
  });
}

/** The waybill code: refused while packing misses lines; SEND_PARCEL without a waybill, else PRINT_BOL. */
function send({ order: o, lines }: Loaded): Row {
  if (packingStarted(lines)) {
    const missing = lines.filter((l) => l.packed < l.quantity);
    if (missing.length > 0) {
      const list = missing.map((l) => `${l.code || l.name} × ${l.quantity - l.packed}`).join(', ');
      return fail('COMMAND', o.id, MSG.linesMissing(o.id, list));
    }
  }
  if (hasWaybill(o.bill_of_lading)) return ok('COMMAND', o.id, MSG.printBol(o.id, o.bill_of_lading), 'PRINT_BOL');
  return ok('COMMAND', o.id, MSG.sendParcel(o.id), 'SEND_PARCEL');
}

/**
 * The document code: PRINT_DOCUMENT for an order with invoice data; a stationary order's document
 * is its receipt when the organisation installed the receipts' plugin (docs/decisions.md,
 * "Documents: receipts"), which needs no invoice data: the client issues it.
 */
async function printDocument(ctx: AuthContext, { order: o }: Loaded): Promise<Row> {
  if (o.stationary === 1 && (await isPluginInstalled(ctx.deps, ctx.tdb, RECEIPT_PLUGIN_ID)))
    return ok('COMMAND', o.id, MSG.printReceipt(o.id), 'PRINT_DOCUMENT');
  if (o.has_invoice !== 1) return fail('COMMAND', o.id, MSG.noInvoiceData);
  return ok('COMMAND', o.id, MSG.printDocument(o.id), 'PRINT_DOCUMENT');
}

async function handle(ctx: AuthContext, scan: Scan, text: string, code: ReaderCode, logIn: LogIn): Promise<Handled> {
  const type = actionTypeOf(code);
  if (code.kind === 'command' && code.command === 'RESET') return { row: ok('RESET', null, MSG.reset, 'CLEAR') };
  if (code.kind === 'order') {
    const loaded = await load(ctx.tdb, code.id);
    // Another organisation's order reads exactly like a missing one.
    if (!loaded) return { row: fail('ORDER', null, MSG.orderNotFound(code.id)) };
    return { row: ok('ORDER', code.id, MSG.orderSelected(code.id, loaded.order.status_name)), loaded };
  }
  if (ITEM_ONLY.has(code.kind)) return { row: fail(type, scan.orderId, MSG.itemOnly(text)) };
  const id = scan.orderId;
  if (id === null) return { row: fail(type, null, MSG.noOrderSelected) };
  switch (code.kind) {
    case 'item':
      return pack(ctx, id, code.code, logIn);
    case 'weight':
    case 'size':
      return parcel(ctx, id, code, logIn);
    case 'user_size':
      return parcel(ctx, id, { kind: 'user_size', id: code.id }, logIn);
    case 'order_status':
      return orderStatus(ctx, id, code.id, logIn);
    case 'income_source':
      return incomeSource(ctx, id, code.id, logIn);
    case 'command': {
      if (code.command === 'PROBLEM') return problem(ctx, id, logIn);
      const loaded = await load(ctx.tdb, id);
      if (!loaded) return { row: fail(type, null, MSG.selectedOrderGone(id)) };
      return { row: code.command === 'SEND' ? send(loaded) : await printDocument(ctx, loaded), loaded };
    }
    default:
      return { row: fail(type, id, MSG.unknownCode(text)) };
  }
}

/** POST /orders/barcodes: one scan, one log row (also stored in order_scans), the panel. */
export async function scanOrderBarcode(ctx: AuthContext, scan: Scan): Promise<OrderScanAnswer> {
  const date = ctx.deps.now().toISOString();
  const text = scan.barcode.trim().toUpperCase();
  const logRow = (row: Row): ScanLogRow => ({
    user_id: ctx.user.id,
    order_id: row.orderId,
    barcode: text.slice(0, 500),
    action_type: row.actionType,
    description: row.actionDesc.slice(0, 2000),
    client_action: row.clientAction,
    is_error: row.isError ? 1 : 0,
    created_at: date,
  });
  const logIn: LogIn = (tdb, row) => logScanIn(tdb, logRow(row));
  let handled: Handled;
  const code = text ? parseReaderCode(text) : undefined;
  if (!text) handled = { row: fail('UNKNOWN', scan.orderId, MSG.emptyCode) };
  // Unreadable text changes nothing, so the order stays selected.
  else if (!code) handled = { row: fail('UNKNOWN', scan.orderId, MSG.unknownCode(text)) };
  else {
    try {
      handled = await handle(ctx, scan, text, code, logIn);
    } catch (err) {
      // A refusal of the orders module (a status or source gone meanwhile) is a red row like any
      // other; anything unexpected stays a 500.
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      handled = { row: fail(actionTypeOf(code), scan.orderId, err.message) };
    }
  }
  const { row } = handled;
  let loaded: Loaded | undefined = handled.loaded;
  if (row.orderId !== null && loaded?.order.id !== row.orderId) loaded = await load(ctx.tdb, row.orderId);
  // The selected order went away (deleted meanwhile): nothing stays selected.
  if (row.orderId !== null && !loaded) row.orderId = null;
  const answer: OrderScanAnswer = {
    date,
    actionBarcode: text,
    ...row,
    panel: row.orderId !== null && loaded ? panelOf(loaded) : null,
  };
  // A scan that changed the order logged itself in that transaction; the others' rows go in
  // batches (group commit).
  if (!handled.logged) await logScan(ctx.deps.db, ctx.tdb, logRow(answer));
  return answer;
}

/** GET /orders/barcodes/panel: the panel again (404 for an order not of this organisation). */
export async function orderReaderPanel(ctx: AuthContext, orderId: number): Promise<OrderReaderPanel> {
  const loaded = await load(ctx.tdb, orderId);
  if (!loaded) throw notFound(MSG.panelNotFound);
  return panelOf(loaded);
}
