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

export { formatDateTime } from '@web/i18n/date';
