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
