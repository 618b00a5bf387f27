import { formatAmountPl, formatMoneyPl } from '@zaplecze/contract';
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

/**
 * THE money format of every screen (docs/decisions.md, Money format): '1 234,50 zł' — thousands
 * grouped by no-break spaces, a decimal comma, the currency after the amount (the złoty as 'zł',
 * others by their ISO code); without a currency, the amount alone ('1 234,50', for columns whose
 * header names the currency). The same function formats the server's printed documents.
 */
export function formatMoney(amount: number, currency?: string): string {
  const hundredths = Math.round(amount * 100);
  return currency === undefined ? formatAmountPl(hundredths) : formatMoneyPl(hundredths, currency);
}
