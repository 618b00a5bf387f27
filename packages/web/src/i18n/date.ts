/** Dates of the lists (warehouse changes, orders) in the browser's local time. */

const two = (n: number) => String(n).padStart(2, '0');

/**
 * An ISO timestamp in the browser's local time the Polish way, '23.11.2026 14:05:00' (docs/decisions.md,
 * Dates typed the Polish way; the CSV export keeps its sortable '2026-11-23 14:05:00' for
 * spreadsheets), or without seconds where the table is narrow; empty for null, the text as is when
 * it is not a date.
 */
export function formatDateTime(iso: string | null, seconds = true): string {
  if (iso === null) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const date = `${two(d.getDate())}.${two(d.getMonth() + 1)}.${d.getFullYear()}`;
  const time = `${two(d.getHours())}:${two(d.getMinutes())}${seconds ? `:${two(d.getSeconds())}` : ''}`;
  return `${date} ${time}`;
}
