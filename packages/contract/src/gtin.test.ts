import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, isValidGtin, randomEan13 } from './gtin';

describe('GTIN', () => {
  it('accepts real codes and refuses a wrong check digit', () => {
    expect(isValidGtin('5901234123457')).toBe(true); // EAN-13 (GS1 Poland example)
    expect(isValidGtin('5901234123458')).toBe(false);
    expect(isValidGtin('96385074')).toBe(true); // EAN-8
    expect(isValidGtin('036000291452')).toBe(true); // UPC-A
    expect(isValidGtin('10012345678902')).toBe(true); // GTIN-14
    expect(isValidGtin('12345')).toBe(true); // not a checked length
    expect(isValidGtin('12a45')).toBe(false);
    expect(isValidGtin('123456789012345')).toBe(false);
  });

  it('random EAN-13 codes are valid, keep their prefix, default to the in-store range 2', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,12}$/), (prefix) => {
        const code = randomEan13(prefix);
        expect(code).toHaveLength(13);
        expect(isValidGtin(code)).toBe(true);
        expect(code.startsWith(prefix === '' ? '2' : prefix)).toBe(true);
      }),
    );
    expect(gtinCheckDigit('590123412345')).toBe(7);
  });
});
