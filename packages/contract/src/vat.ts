import { z } from 'zod';
import { fromHundredths, toHundredths } from './money';

/**
 * VAT rates (docs/rules/server-side-rules.md, Money; docs/decisions.md, VAT rates that are not
 * numbers). A rate is a percent 0-100 with at most two decimals, or one of the three Polish rates
 * that are no number: 'zw' (exempt), 'np' (not subject to VAT), 'oo' (reverse charge). The API
 * carries a rate as a number (23, 5.5) or one of these codes; the database keeps an integer:
 * hundredths of a percent, or the negative sentinel of a code. THIS file is the only one that knows
 * the sentinels: everything else goes through the functions below.
 */

/** The rates that are no number, in the order invoices list them (after the numeric rates). */
export const VAT_CODES = ['zw', 'np', 'oo'] as const;
export type VatCode = (typeof VAT_CODES)[number];
/** A rate as the API carries it: a percent (23, 5.5) or a code. */
export type VatValue = number | VatCode;

/** Largest percent (VAT 100%). */
export const VAT_MAX_HUNDREDTHS = 10_000;

/** The stored integers of the codes (never answered by the API). */
const SENTINEL: Record<VatCode, number> = { zw: -1, np: -2, oo: -3 };

const VAT_MESSAGE =
  'Stawka VAT musi być liczbą od 0 do 100 z najwyżej dwoma miejscami po przecinku albo jedną ze stawek zw, np, oo.';

/** Whether `s` is a code as typed: 'zw', 'ZW', ' Np ' (the case and spaces do not matter). */
export function vatCodeOf(s: string): VatCode | undefined {
  const t = s.trim().toLowerCase();
  return (VAT_CODES as readonly string[]).includes(t) ? (t as VatCode) : undefined;
}

/**
 * A rate as typed or sent ('23', '5,5', 5.5, 'ZW') -> its stored integer (2300, 550, 550, -1);
 * undefined for anything else (a percent beyond 0-100, three decimals, junk).
 */
export function vatToStored(value: number | string): number | undefined {
  if (typeof value === 'string') {
    const code = vatCodeOf(value);
    if (code) return SENTINEL[code];
  }
  const n = toHundredths(value);
  return n === undefined || n < 0 || n > VAT_MAX_HUNDREDTHS ? undefined : n;
}

/** A stored integer -> the API's value: 2300 -> 23, 550 -> 5.5, -1 -> 'zw'. */
export function vatFromStored(stored: number): VatValue {
  for (const code of VAT_CODES) if (SENTINEL[code] === stored) return code;
  return fromHundredths(stored);
}

/** Whether a stored rate is one of the codes (no VAT amount: net = gross). */
export function isSpecialVat(stored: number): boolean {
  return stored < 0;
}

/** A rate as typed ('5,50', 'ZW') -> the API's value (5.5, 'zw'); undefined when it is no rate. */
export function parseVat(raw: number | string): VatValue | undefined {
  const stored = vatToStored(raw);
  return stored === undefined ? undefined : vatFromStored(stored);
}

/**
 * A rate as lists and selects show it: 23 -> '23%', 5.5 -> '5.50%' (no decimals when whole, else
 * two; docs/rules/catalogue-and-orders-rules.md §3), 'zw' -> 'zw'. Text as typed ('5,5', 'ZW')
 * is read first; text that is no rate shows as it is.
 */
export function formatVat(value: VatValue | string): string {
  const v = typeof value === 'string' ? (parseVat(value) ?? value) : value;
  if (typeof v === 'string') return v;
  return `${Number.isInteger(v) ? String(v) : v.toFixed(2)}%`;
}

/** Whether two texts are one rate: '5', '5.0' and '5,00' are; so are 'zw' and 'ZW'. */
export function sameVat(a: string, b: string): boolean {
  if (a === b) return true;
  const x = vatToStored(a);
  return x !== undefined && x === vatToStored(b);
}

/**
 * Orders the stored rates as invoices list them: numbers descending, then zw, np, oo (their
 * sentinels -1, -2, -3 descend in exactly that order).
 */
export function compareStoredVat(a: number, b: number): number {
  return b - a;
}

/** A VAT rate in a request: a number, a numeric text (comma or dot) or a code; output stored. */
export const vatSchema = z.union([z.number(), z.string()], { error: VAT_MESSAGE }).transform((v, ctx) => {
  const n = vatToStored(v);
  if (n === undefined) {
    ctx.addIssue({ code: 'custom', message: VAT_MESSAGE });
    return z.NEVER;
  }
  return n;
});

/** A VAT rate in an answer: a number or a code. */
export const vatValueSchema = z.union([z.number(), z.enum(VAT_CODES)]);
