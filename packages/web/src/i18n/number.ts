import { textsLanguage } from './texts';

const formats = new Map<string, Intl.NumberFormat>();

/** A whole number in the interface language's style (Polish: '1 000 000', with no-break spaces). */
export function formatInteger(n: number): string {
  const lang = textsLanguage();
  let f = formats.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
    formats.set(lang, f);
  }
  return f.format(n);
}

const fixedFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number with exactly `digits` decimals in the interface language's style (Polish:
 * '1 234,50'): money with 2, averages with 4 (docs/rules/catalogue-and-orders-rules.md §9 Summary).
 */
export function formatFixed(n: number, digits: number): string {
  const lang = textsLanguage();
  const key = `${lang}:${digits}`;
  let f = fixedFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    fixedFormats.set(key, f);
  }
  return f.format(n);
}
