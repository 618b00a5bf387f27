import { addPercent, formatHundredths, toHundredths } from '@zaplecze/contract';

/** Commas become dots ('19,99' -> '19.99'); surrounding spaces go. */
export function dotDecimal(text: string): string {
  return text.trim().replace(',', '.');
}

/** A valid amount of at most two decimals and at least 0, in hundredths; undefined otherwise. */
export function amountHundredths(text: string | null | undefined): number | undefined {
  if (text === null || text === undefined || text.trim() === '') return undefined;
  const n = toHundredths(text);
  return n !== undefined && n >= 0 ? n : undefined;
}

/**
 * The item price from its external price and custom margin (docs/rules/catalogue-and-orders-rules.md §4): external
 * price plus margin percent, rounded half up to 2 decimals ('100', '23' -> '123.00'). Undefined
 * when either is not a valid amount or the margin is zero (the price is then the user's own).
 */
export function marginPrice(extPrice: string, margin: string | null): string | undefined {
  const p = amountHundredths(extPrice);
  const pct = amountHundredths(margin);
  if (p === undefined || pct === undefined || pct === 0) return undefined;
  return formatHundredths(addPercent(p, pct));
}
