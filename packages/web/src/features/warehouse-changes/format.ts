/**
 * How the warehouse-changes table writes its numbers and dates (pure, so tested without a page).
 */

/** Signed quantity: 0 and more '+5', less than 0 '-3' (the sign, then the absolute value). */
export function formatQuantity(quantity: number): string {
  return quantity >= 0 ? `+${quantity}` : `-${Math.abs(quantity)}`;
}

/** Stock before and after the commit, '5 → 3'; empty while either is unknown (uncommitted). */
export function formatStockChange(before: number | null, after: number | null): string {
  return before === null || after === null ? '' : `${before} → ${after}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * An ISO timestamp in the browser's local time as '2026-11-23 14:05:00' (the CSV export writes
 * Warsaw time the same way), or without seconds where the table is narrow; empty for null, the text as is when it is not a date.
 */
export function formatDateTime(iso: string | null, seconds = true): string {
  if (iso === null) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const date = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  const time = `${two(d.getHours())}:${two(d.getMinutes())}${seconds ? `:${two(d.getSeconds())}` : ''}`;
  return `${date} ${time}`;
}
