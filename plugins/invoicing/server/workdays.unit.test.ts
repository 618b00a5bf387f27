import { describe, expect, it } from 'vitest';
import { isWorkingDay, nextWorkingDay } from './workdays';

describe('Polish working days (the offline deadline)', () => {
  it('skips weekends and the public holidays, Easter and Christmas Eve included', () => {
    expect(nextWorkingDay('2026-11-27')).toBe('2026-11-30'); // Friday -> Monday
    expect(nextWorkingDay('2026-11-10')).toBe('2026-11-12'); // 11 November
    expect(nextWorkingDay('2026-12-23')).toBe('2026-12-28'); // 24, 25, 26 December, Sunday
    expect(nextWorkingDay('2027-03-26')).toBe('2027-03-30'); // Easter Monday 2027-03-29
    expect(nextWorkingDay('2026-06-03')).toBe('2026-06-05'); // Corpus Christi 2026-06-04
    expect(isWorkingDay('2026-05-01')).toBe(false);
    expect(isWorkingDay('2026-05-04')).toBe(true);
    expect(isWorkingDay('2024-12-24')).toBe(true); // a holiday only from 2025
  });
});
