import { formatFixed, formatMoney as formatAmount } from '@web/i18n';

/** docs/rules/catalogue-and-orders-rules.md §9 Summary: averages with 4 decimals, counts with 0, money with 2. */
/** Amounts of all currencies added up: the amount alone, in THE money format ('1 234,50'). */
export const formatMoney = (n: number) => formatAmount(n);
export const formatAverage = (n: number) => formatFixed(n, 4);
export const formatCount = (n: number) => formatFixed(n, 0);

/** 'YYYY-MM-DD' as the Polish short date '24.11.2026'. */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : day;
}

/** Which statistics are counts and which averages or money (§3 Summary, statistics). */
export const STAT_KINDS = {
  allOrdersCount: 'count',
  allItemsCount: 'count',
  avgOrdersPerDay: 'average',
  avgItemsPerDay: 'average',
  avgItemsPerOrder: 'average',
  avgIncomePerOrder: 'average',
  avgIncomeDeliveryPerOrder: 'average',
  avgIncomeItemsPerOrder: 'average',
} as const;

export function formatStat(kind: 'count' | 'average', n: number): string {
  return kind === 'count' ? formatCount(n) : formatAverage(n);
}

/** The bars of the daily income chart: each day's height as a share (0..1) of the best day. */
export function chartBars(days: readonly { day: string; income: number; ordersCount: number }[]) {
  const max = days.reduce((m, d) => Math.max(m, d.income), 0);
  return days.map((d) => ({ ...d, dayOfMonth: Number(d.day.slice(8, 10)), share: max > 0 ? d.income / max : 0 }));
}

/** A round top of the chart's scale (1, 2 or 5 times a power of ten) at or above the best day. */
export function niceMax(max: number): number {
  if (max <= 0) return 0;
  const pow = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * pow >= max) return step * pow;
  return 10 * pow;
}
