import { SUMMARY_YEAR_MAX, SUMMARY_YEAR_MIN } from '@zaplecze/contract';
import { parseYearIn } from '@web/ui/month';

/** The status choice of the summary is remembered on this device (docs/rules/catalogue-and-orders-rules.md §2.18). */
export const SUMMARY_STATUSES_KEY = 'orders.summary.statuses';

/** The remembered status ids; anything unreadable reads as none (= all statuses). */
export function readStatuses(storage: Storage | undefined): number[] {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(SUMMARY_STATUSES_KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((n): n is number => Number.isInteger(n) && n > 0) : [];
  } catch {
    return [];
  }
}

export function saveStatuses(storage: Storage | undefined, ids: readonly number[]): void {
  try {
    storage?.setItem(SUMMARY_STATUSES_KEY, JSON.stringify([...ids]));
  } catch {
    // storage full or blocked: the choice then lasts only while the page is open
  }
}

/** Statuses that no longer exist are dropped from a remembered choice. */
export function knownStatuses(chosen: readonly number[], existing: readonly { id: number }[]): number[] {
  const ids = new Set(existing.map((s) => s.id));
  return chosen.filter((id) => ids.has(id));
}

/** The year field of the summary (2000–3000, §5 Summary). */
export const parseSummaryYear = (text: string) => parseYearIn(text, SUMMARY_YEAR_MIN, SUMMARY_YEAR_MAX);
