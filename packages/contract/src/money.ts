import { z } from 'zod';

/**
 * Exact money and rates (docs/rules/server-side-rules.md, Money): amounts travel as decimal numbers with at most
 * two decimals (19.99) or strings with a comma or a dot ('19,99'), and are stored as integer
 * hundredths (grosze; VAT and margins in hundredths of a percent). No sum is ever a float sum.
 */

/** Largest price: 99 999 999.99. */
export const MONEY_MAX_HUNDREDTHS = 9_999_999_999;
/** Largest margin percent (1000%); VAT rates are in vat.ts. */
export const MARGIN_MAX_HUNDREDTHS = 100_000;

const DECIMAL = /^(-?)(\d{1,12})(?:[.,](\d{1,2}))?$/;

/**
 * Parses '19.99', '19,9', 19.99 or 7 into hundredths (1999, 1990, 1999, 700); undefined for
 * anything else (three decimals, junk, NaN). Numbers go through their shortest decimal text, so
 * 0.1 + 0.2 style float noise never sneaks in: 19.990000000000002 has too many decimals.
 */
export function toHundredths(value: number | string): number | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) return undefined;
  const [, sign, whole = '0', frac = ''] = m;
  const n = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return sign === '-' ? -n : n;
}

/** 1999 -> 19.99 (a JSON number; exact for two decimals). */
export function fromHundredths(n: number): number {
  return n / 100;
}

/** 1999 -> '19.99' (always two decimals, for CSV and PDFs). */
export function formatHundredths(n: number): string {
  const sign = n < 0 ? '-' : '';
  const a = Math.abs(n);
  return `${sign}${Math.trunc(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** The no-break space that groups thousands (as Intl's pl-PL does): an amount never wraps. */
const NBSP = '\u00a0';

/**
 * THE amount format of screens and printed documents (docs/decisions.md, Money format):
 * 123456 -> '1 234,56': thousands grouped by no-break spaces from 1 000 up (Intl's pl-PL with
 * useGrouping 'always'; its default groups only from 10 000), a comma before the two decimals.
 * Exact: built from integer hundredths, no float formatting.
 */
export function formatAmountPl(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const a = Math.abs(Math.round(hundredths));
  const whole = String(Math.trunc(a / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${sign}${whole},${String(a % 100).padStart(2, '0')}`;
}

/** How a currency is written after an amount: the Polish złoty as 'zł', any other by its ISO code. */
export function currencyLabel(code: string): string {
  return code.toUpperCase() === 'PLN' ? 'zł' : code.toUpperCase();
}

/** '1 234,56 zł', '99,00 EUR': the amount, a no-break space, the currency (currencyLabel). */
export function formatMoneyPl(hundredths: number, currency: string): string {
  return `${formatAmountPl(hundredths)}${NBSP}${currencyLabel(currency)}`;
}

/**
 * `a * (10000 + pct) / 10000` rounded half up (away from zero), exact in integers: a price of
 * 99 999 999.99 times 1000% stays far below 2^53.
 */
export function addPercent(hundredths: number, pctHundredths: number): number {
  const num = hundredths * (10_000 + pctHundredths);
  const q = Math.trunc(num / 10_000);
  const r = num - q * 10_000;
  if (Math.abs(r) * 2 >= 10_000) return q + Math.sign(num);
  return q;
}

function hundredthsSchema(max: number, message: string) {
  return z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const n = toHundredths(v);
    if (n === undefined || n < 0 || n > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
}

/** A price: 0 to 99 999 999.99 with at most two decimals; output in grosze. */
export const moneySchema = hundredthsSchema(
  MONEY_MAX_HUNDREDTHS,
  'Kwota musi być liczbą od 0 do 99999999,99 z najwyżej dwoma miejscami po przecinku.',
);
/** A margin in percent: 0 to 1000 with at most two decimals. */
export const marginSchema = hundredthsSchema(
  MARGIN_MAX_HUNDREDTHS,
  'Marża musi być liczbą od 0 do 1000 z najwyżej dwoma miejscami po przecinku.',
);

let isoCurrencies: Set<string> | undefined;

/**
 * Whether `code` (upper case) is an ISO 4217 currency code: one the runtime's Intl knows (Node and
 * every current browser carry the ISO list), so a typo such as 'ZLT' or 'EURO' is refused
 * (docs/decisions.md, Bad input).
 */
export function isIsoCurrency(code: string): boolean {
  isoCurrencies ??= new Set(Intl.supportedValuesOf('currency'));
  return isoCurrencies.has(code);
}
