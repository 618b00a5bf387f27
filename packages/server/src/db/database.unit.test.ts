import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoOfUtcText } from './database';

/** PostgreSQL's text of `timestamp without time zone`: fractional seconds without trailing zeros. */
function postgresUtcText(d: Date): string {
  const iso = d.toISOString();
  const fraction = iso.slice(20, 23).replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}`;
}

describe('isoOfUtcText', () => {
  it('turns the UTC text PostgreSQL prints into the ISO text a Date prints', () => {
    expect(isoOfUtcText('2026-03-01 09:15:00')).toBe('2026-03-01T09:15:00.000Z');
    expect(isoOfUtcText('2026-03-01 09:15:00.1')).toBe('2026-03-01T09:15:00.100Z');
    expect(isoOfUtcText('2026-03-01 09:15:00.123')).toBe('2026-03-01T09:15:00.123Z');
    // Microseconds are cut to milliseconds, as a Date keeps them.
    expect(isoOfUtcText('2026-03-01 09:15:00.123456')).toBe('2026-03-01T09:15:00.123Z');
  });

  it('keeps ISO text and prints a Date', () => {
    expect(isoOfUtcText('2026-03-01T09:15:00.123Z')).toBe('2026-03-01T09:15:00.123Z');
    expect(isoOfUtcText(new Date(Date.UTC(2026, 2, 1, 9, 15)))).toBe('2026-03-01T09:15:00.000Z');
  });

  it('agrees with Date for every millisecond timestamp', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
        (d) => {
          expect(isoOfUtcText(postgresUtcText(d))).toBe(d.toISOString());
        },
      ),
    );
  });
});
