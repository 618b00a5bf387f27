import type { ItemCriteria } from './search';

/** The filters the quick search box fills (one of them at a time). */
const QUICK_KEYS = ['code', 'name', 'gtin'] as const;
type QuickKey = (typeof QUICK_KEYS)[number];

/**
 * The item list's quick search box (docs/decisions.md, Lists: quick search): the text goes to
 * ONE of the search panel's text filters, by its shape: 8 to 14 digits are a GTIN; one word with a
 * digit or a dash is a code (upper case, as codes are); anything else is a name. The other two
 * are cleared, the other filters kept, the page back to 1.
 */
export function quickItemCriteria(c: ItemCriteria, text: string): ItemCriteria {
  const next: ItemCriteria = { ...c, code: undefined, name: undefined, gtin: undefined, page: 1 };
  const value = text.trim();
  if (value === '') return next;
  return { ...next, [quickKeyOf(value)]: quickKeyOf(value) === 'code' ? value.toUpperCase() : value };
}

function quickKeyOf(value: string): QuickKey {
  if (/^\d{8,14}$/.test(value)) return 'gtin';
  if (!/\s/.test(value) && /[\d-]/.test(value)) return 'code';
  return 'name';
}

/** What the quick box shows for the criteria: the one text filter it could have filled, if any. */
export function quickItemText(c: ItemCriteria): string {
  const set = QUICK_KEYS.filter((k) => (c[k] ?? '') !== '');
  return set.length === 1 && set[0] ? (c[set[0]] ?? '') : '';
}
