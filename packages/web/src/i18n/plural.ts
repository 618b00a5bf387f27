/** Polish plural forms: 1 -> one; 2-4 (but not 12-14) -> few; otherwise many. */
export interface PluralForms {
  one: string;
  few: string;
  many: string;
}

export function pluralPl(n: number, forms: PluralForms): string {
  const abs = Math.abs(n);
  if (abs === 1) return forms.one;
  const last = abs % 10;
  const lastTwo = abs % 100;
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return forms.few;
  return forms.many;
}

/** Replaces {name} placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => (k in values ? String(values[k]) : `{${k}}`));
}
