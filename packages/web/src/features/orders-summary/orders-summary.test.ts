import { describe, expect, it } from 'vitest';
import {
  chartBars,
  formatAverage,
  formatCount,
  formatDay,
  formatMoney,
  formatStat,
  niceMax,
  STAT_KINDS,
} from './format';
import { knownStatuses, parseSummaryYear, readStatuses, saveStatuses, SUMMARY_STATUSES_KEY } from './summary-request';

/** Polish grouping uses a no-break space; compare with plain spaces. */
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('summary formatting (§9: averages 4 decimals, counts 0, money 2)', () => {
  it('formats money, averages and counts the Polish way', () => {
    // Money is grouped from four digits on (the one money format); counts as Intl's pl-PL does.
    expect(plain(formatMoney(1234.5))).toBe('1 234,50');
    expect(plain(formatMoney(12345.5))).toBe('12 345,50');
    expect(formatMoney(0)).toBe('0,00');
    expect(formatAverage(2.5)).toBe('2,5000');
    expect(formatAverage(1 / 3)).toBe('0,3333');
    expect(formatCount(7)).toBe('7');
    expect(plain(formatCount(12345))).toBe('12 345');
  });

  it('counts are counts and averages are averages', () => {
    expect(formatStat(STAT_KINDS.allOrdersCount, 3)).toBe('3');
    expect(formatStat(STAT_KINDS.avgIncomePerOrder, 12.5)).toBe('12,5000');
    expect(Object.values(STAT_KINDS).filter((k) => k === 'count')).toHaveLength(2);
  });

  it('days read as Polish dates', () => {
    expect(formatDay('2026-03-07')).toBe('07.03.2026');
    expect(formatDay('x')).toBe('x');
  });
});

describe('the daily income chart', () => {
  it('bars are shares of the best day', () => {
    const bars = chartBars([
      { day: '2026-03-01', income: 50, ordersCount: 1 },
      { day: '2026-03-02', income: 0, ordersCount: 0 },
      { day: '2026-03-03', income: 200, ordersCount: 3 },
    ]);
    expect(bars.map((b) => [b.dayOfMonth, b.share])).toEqual([
      [1, 0.25],
      [2, 0],
      [3, 1],
    ]);
    expect(chartBars([{ day: '2026-03-01', income: 0, ordersCount: 0 }])[0]?.share).toBe(0);
  });

  it('the scale ends at a round number', () => {
    expect(niceMax(0)).toBe(0);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(180)).toBe(200);
    expect(niceMax(420)).toBe(500);
    expect(niceMax(1000)).toBe(1000);
  });
});

describe('the summary request', () => {
  it('remembers the statuses on the device and reads junk as none', () => {
    saveStatuses(localStorage, [3, 1]);
    expect(readStatuses(localStorage)).toEqual([3, 1]);
    localStorage.setItem(SUMMARY_STATUSES_KEY, '{bad');
    expect(readStatuses(localStorage)).toEqual([]);
    localStorage.setItem(SUMMARY_STATUSES_KEY, '[1,"x",-2,4]');
    expect(readStatuses(localStorage)).toEqual([1, 4]);
    expect(readStatuses(undefined)).toEqual([]);
  });

  it('drops statuses that no longer exist', () => {
    expect(knownStatuses([1, 2, 3], [{ id: 3 }, { id: 1 }])).toEqual([1, 3]);
  });

  it('takes years 2000 to 3000 only', () => {
    expect(parseSummaryYear('2026')).toBe(2026);
    expect(parseSummaryYear('1999')).toBeUndefined();
    expect(parseSummaryYear('3001')).toBeUndefined();
    expect(parseSummaryYear('20.5')).toBeUndefined();
  });
});
