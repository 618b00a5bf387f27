import { describe, expect, it } from 'vitest';
import {
  dateFieldValue,
  formatDatePl,
  isIsoDay,
  isTimeOfDay,
  parseDatePl,
  parseTimePl,
  timeFieldValue,
} from './date-text';

describe('dates typed the Polish way', () => {
  it('reads DD.MM.RRRR (and its short, dash, slash and digits-only forms) as the ISO day', () => {
    expect(parseDatePl('05.03.2026')).toBe('2026-03-05');
    expect(parseDatePl(' 5.3.2026 ')).toBe('2026-03-05');
    expect(parseDatePl('05-03-2026')).toBe('2026-03-05');
    expect(parseDatePl('05/03/2026')).toBe('2026-03-05');
    expect(parseDatePl('05032026')).toBe('2026-03-05');
    expect(parseDatePl('2026-03-05')).toBe('2026-03-05');
    // The day first, always: 03/05 is 3 May, never March 5th.
    expect(parseDatePl('03/05/2026')).toBe('2026-05-03');
  });

  it('refuses what is not a day of the calendar', () => {
    for (const bad of ['', '31.02.2026', '29.02.2025', '00.01.2026', '12.13.2026', '5.3.26', 'jutro', '2026-02-30'])
      expect(parseDatePl(bad), bad).toBeUndefined();
    expect(parseDatePl('29.02.2028')).toBe('2028-02-29');
  });

  it('shows an ISO day as DD.MM.RRRR and hands the form the ISO day, empty text, or the bad text', () => {
    expect(formatDatePl('2026-03-05')).toBe('05.03.2026');
    expect(formatDatePl('')).toBe('');
    expect(dateFieldValue('5.3.2026')).toBe('2026-03-05');
    expect(dateFieldValue('  ')).toBe('');
    expect(dateFieldValue('31.02.2026')).toBe('31.02.2026');
    expect(isIsoDay('2026-03-05')).toBe(true);
    expect(isIsoDay('31.02.2026')).toBe(false);
    expect(isIsoDay('2026-02-31')).toBe(false);
  });

  it('reads a time of day on the 24-hour clock', () => {
    expect(parseTimePl('14:30')).toBe('14:30:00');
    expect(parseTimePl('9:05')).toBe('09:05:00');
    expect(parseTimePl('14.30.15')).toBe('14:30:15');
    for (const bad of ['', '24:00', '12:60', '2:30 PM', '1430']) expect(parseTimePl(bad), bad).toBeUndefined();
    expect(timeFieldValue('8:00')).toBe('08:00:00');
    expect(timeFieldValue('25:00')).toBe('25:00');
    expect(isTimeOfDay('08:00:00')).toBe(true);
    expect(isTimeOfDay('8:00')).toBe(false);
  });
});
