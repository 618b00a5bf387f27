import { z } from 'zod';

/**
 * THE number parser of every numeric input that may arrive as text (form posts, query strings,
 * JSON strings): docs/decisions.md, Bad input. `Number()` and `z.coerce.number()` read '   ' as
 * 0, '0x10' as 16, '1e3' as 1000 and 'Infinity' as Infinity; a stock field must not. Accepted:
 * surrounding white space, an optional sign, digits, and an optional decimal part after ONE dot or
 * ONE comma (a comma becomes a dot before parsing, as the forms do for prices and VAT). Nothing
 * else: no exponent, hex, binary, underscores, inner spaces, or empty text.
 */
const DECIMAL_TEXT = /^[+-]?\d+(?:\.\d+)?$/;

/** Longest number text taken (a 30-digit number is already far above every limit). */
const NUMBER_TEXT_MAX = 40;

/** '7', '-3', '+2', '7.5', '7,5', ' 12 ' -> the number; undefined for anything else. */
export function parseDecimalText(raw: string): number | undefined {
  if (raw.length > NUMBER_TEXT_MAX + 20) return undefined;
  const s = raw.trim().replace(',', '.');
  if (s.length > NUMBER_TEXT_MAX || !DECIMAL_TEXT.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * A numeric field: a JSON number as it is, a string through parseDecimalText. Any other string
 * (and null, booleans, arrays) reaches `inner` unchanged and fails its type check with the
 * field's own message, so the 400 names the field. Build `inner` from
 * `z.number({ error: message })` so that message is the one answered.
 */
export function strictNumber<T extends z.ZodType<number, number>>(inner: T) {
  return z.preprocess((v) => (typeof v === 'string' ? (parseDecimalText(v) ?? v) : v), inner);
}
