import type { OrderReaderPanel, OrderScanAnswer } from '@zaplecze/contract';
import { prependRow, type ScanLogRow } from '@web/ui/reader/scan-log';

export interface OrderReaderState {
  /** The order the last answer selected, sent back with the next scan. */
  orderId: number | null;
  /** What the packer sees of that order; null when none is selected. */
  panel: OrderReaderPanel | null;
  /** Newest first; a row's context is the order id. */
  log: readonly ScanLogRow[];
  seq: number;
  /** Red rows so far: the error signal (flash, sound) fires when it grows. */
  errors: number;
}

export const initialOrderReaderState: OrderReaderState = { orderId: null, panel: null, log: [], seq: 0, errors: 0 };

type NewRow = Pick<ScanLogRow, 'date' | 'actionDesc' | 'barcode' | 'isError'>;

function add(
  state: OrderReaderState,
  row: NewRow,
  next: Pick<OrderReaderState, 'orderId' | 'panel'>,
): OrderReaderState {
  const seq = state.seq + 1;
  return {
    ...next,
    log: prependRow(state.log, { ...row, context: next.orderId === null ? null : String(next.orderId) }, seq),
    seq,
    errors: state.errors + (row.isError ? 1 : 0),
  };
}

/**
 * A scan's answer: its row goes on top and its order (with the panel) becomes the context of the
 * next scan; CLEAR forgets the order. The log stays (the packer's record of the session).
 */
export function applyAnswer(state: OrderReaderState, a: OrderScanAnswer): OrderReaderState {
  const cleared = a.clientAction === 'CLEAR';
  return add(
    state,
    { date: a.date, actionDesc: a.actionDesc, barcode: a.actionBarcode, isError: a.isError },
    {
      orderId: cleared ? null : a.orderId,
      panel: cleared || a.orderId === null ? null : (a.panel ?? null),
    },
  );
}

/** A scan the server did not answer (HTTP error, no connection): a red row; the order stays. */
export function applyFailure(state: OrderReaderState, barcode: string, message: string, now: Date): OrderReaderState {
  return add(state, { date: now.toISOString(), actionDesc: message, barcode, isError: true }, state);
}

/** A row of the client's own action (dispatch, print, the settings warning) on the current order. */
export function addActionRow(
  state: OrderReaderState,
  barcode: string,
  actionDesc: string,
  isError: boolean,
  now: Date,
): OrderReaderState {
  return add(state, { date: now.toISOString(), actionDesc, barcode, isError }, state);
}

/** Forgets the order (auto-reset, the clear button) with a row saying so; the log row names the order. */
export function clearOrder(state: OrderReaderState, barcode: string, actionDesc: string, now: Date): OrderReaderState {
  const next = add(state, { date: now.toISOString(), actionDesc, barcode, isError: false }, state);
  return { ...next, orderId: null, panel: null };
}

/** A panel read again after a client action; dropped when another order is selected by then. */
export function setPanel(state: OrderReaderState, panel: OrderReaderPanel): OrderReaderState {
  return state.orderId === panel.id ? { ...state, panel } : state;
}

/** Whether every line is packed (the panel's green state). */
export function allPacked(panel: OrderReaderPanel): boolean {
  return panel.lines.length > 0 && panel.lines.every((l) => l.packed >= l.quantity);
}
