import type { ItemScanAnswer } from '@zaplecze/contract';
import { prependRow, type ScanLogRow } from '@web/ui/reader/scan-log';

export interface ReaderState {
  /** The item the last scan selected, sent back with the next scan. */
  itemCode: string | null;
  /** Newest first; a row's context is the item code. */
  log: readonly ScanLogRow[];
  seq: number;
}

export const initialReaderState: ReaderState = { itemCode: null, log: [], seq: 0 };

function add(state: ReaderState, row: Omit<ScanLogRow, 'seq'>, itemCode: string | null): ReaderState {
  const seq = state.seq + 1;
  return { itemCode, log: prependRow(state.log, row, seq), seq };
}

/**
 * A scan's answer: its row goes on top of the log and its itemCode becomes the context of the
 * next scan; CLEAR (the reset code) forgets the item. The log stays: it is the operator's record of
 * what was scanned, and a reset between parcels must not erase it.
 */
export function applyAnswer(state: ReaderState, a: ItemScanAnswer): ReaderState {
  return add(
    state,
    { date: a.date, context: a.itemCode, actionDesc: a.actionDesc, barcode: a.actionBarcode, isError: a.isError },
    a.clientAction === 'CLEAR' ? null : a.itemCode,
  );
}

/** A scan the server did not answer (HTTP error, no connection): a red row; the item stays selected. */
export function applyFailure(state: ReaderState, barcode: string, message: string, now: Date): ReaderState {
  return add(
    state,
    { date: now.toISOString(), context: state.itemCode, actionDesc: message, barcode, isError: true },
    state.itemCode,
  );
}

/** Whether a successful answer may have changed the shown item (stock, status, place...). */
export function changesItem(a: ItemScanAnswer): boolean {
  return !a.isError && a.itemCode !== null && a.actionType !== 'ITEM';
}
