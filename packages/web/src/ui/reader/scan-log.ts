/** One row of a barcode reader's log (newest first on screen). */
export interface ScanLogRow {
  /** Increasing per session: the row's key. */
  seq: number;
  /** ISO-8601 (the server's time of the scan, or the browser's for rows the client adds). */
  date: string;
  /** What the row acted on: the item code (item reader) or the order id (order reader); null: none. */
  context: string | null;
  actionDesc: string;
  barcode: string;
  isError: boolean;
}

/** Rows kept on screen; older ones drop off the end. */
export const LOG_MAX = 500;

/** The log with `row` on top (numbered `seq`), at most {@link LOG_MAX} rows. */
export function prependRow(log: readonly ScanLogRow[], row: Omit<ScanLogRow, 'seq'>, seq: number): ScanLogRow[] {
  return [{ ...row, seq }, ...log].slice(0, LOG_MAX);
}
