/**
 * GTIN rules (docs/decisions.md, Items): 1 to 14 digits; at the standard lengths 8, 12, 13 and 14
 * (EAN-8, UPC-A, EAN-13, GTIN-14) the last digit must be the GS1 check digit.
 */

export const GTIN_MAX = 14;
const CHECKED_LENGTHS = new Set([8, 12, 13, 14]);

/** The GS1 check digit of the digits before it (weights 3,1,3,1... from the right). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidGtin(gtin: string): boolean {
  if (!/^\d{1,14}$/.test(gtin)) return false;
  if (!CHECKED_LENGTHS.has(gtin.length)) return true;
  return gtinCheckDigit(gtin.slice(0, -1)) === Number(gtin.at(-1));
}

/**
 * Prefix of random EAN-13 codes: GS1 keeps 20-29 for in-store numbering, so a random code never
 * collides with a manufacturer's real one.
 */
export const RANDOM_EAN13_DEFAULT_PREFIX = '2';

/**
 * A random valid EAN-13 starting with `prefix` (digits, at most 12; '' or undefined gives '2').
 * `random` returns a digit 0-9; tests pass a seeded one.
 */
export function randomEan13(prefix = '', random: () => number = () => Math.floor(Math.random() * 10)): string {
  const start = prefix === '' ? RANDOM_EAN13_DEFAULT_PREFIX : prefix;
  if (!/^\d{0,12}$/.test(start)) throw new Error('EAN-13 prefix must be up to 12 digits');
  let body = start;
  while (body.length < 12) body += String(random());
  return body + String(gtinCheckDigit(body));
}
