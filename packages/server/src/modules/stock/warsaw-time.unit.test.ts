import { describe, expect, it } from 'vitest';
import { warsawDateTime, warsawMonthRange } from './warsaw-time';

describe('Warsaw calendar months', () => {
  it('starts months at local midnight in winter and in summer time, and rolls over the year', () => {
    expect(warsawMonthRange(2026, 1)).toEqual({ from: '2025-12-31T23:00:00.000Z', to: '2026-01-31T23:00:00.000Z' });
    expect(warsawMonthRange(2026, 3)).toEqual({ from: '2026-02-28T23:00:00.000Z', to: '2026-03-31T22:00:00.000Z' });
    expect(warsawMonthRange(2026, 10)).toEqual({ from: '2026-09-30T22:00:00.000Z', to: '2026-10-31T23:00:00.000Z' });
    expect(warsawMonthRange(2026, 12)).toEqual({ from: '2026-11-30T23:00:00.000Z', to: '2026-12-31T23:00:00.000Z' });
    expect(warsawMonthRange(2000, 2).to).toBe('2000-02-29T23:00:00.000Z');
  });

  it('writes dates as a Polish spreadsheet reads them, in Warsaw time', () => {
    expect(warsawDateTime(new Date('2026-11-23T13:05:00Z'))).toBe('2026-11-23 14:05:00');
    expect(warsawDateTime(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02 00:00:00');
    expect(warsawDateTime(new Date('2026-12-31T23:59:59.999Z'))).toBe('2027-01-01 00:59:59');
  });
});
