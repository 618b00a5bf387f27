import type { OrderCriteria } from './search';

/** The filters the quick search box fills (one of them at a time). */
const QUICK_KEYS = ['number', 'email', 'tel', 'postCode', 'bol', 'city'] as const;
type QuickKey = (typeof QUICK_KEYS)[number];

/**
 * The order list's quick search box (docs/decisions.md, Lists: quick search): the text goes to ONE
 * of the order search's own filters, by its shape: up to 8 digits are the order number; an '@'
 * makes an e-mail; a phone number (at least 9 digits with spaces, dashes or a '+') a phone; 'NN-NNN'
 * a post code; another word with a digit a waybill number; anything else a city. The other quick
 * filters are cleared, the rest of the search kept, the page back to 1.
 */
export function quickOrderCriteria(c: OrderCriteria, text: string): OrderCriteria {
  const next: OrderCriteria = {
    ...c,
    number: undefined,
    email: undefined,
    tel: undefined,
    postCode: undefined,
    bol: undefined,
    city: undefined,
    page: 1,
  };
  const value = text.trim();
  if (value === '') return next;
  const key = quickKeyOf(value);
  return { ...next, [key]: key === 'number' ? Number(value) : value };
}

function quickKeyOf(value: string): QuickKey {
  if (/^\d{1,8}$/.test(value) && Number(value) >= 1) return 'number';
  if (value.includes('@')) return 'email';
  if (/^\+?[\d\s-]+$/.test(value) && value.replace(/\D/g, '').length >= 9) return 'tel';
  if (/^\d{2}-\d{3}$/.test(value)) return 'postCode';
  if (/\d/.test(value)) return 'bol';
  return 'city';
}

/** What the quick box shows for the criteria: the one quick filter set, if only one is. */
export function quickOrderText(c: OrderCriteria): string {
  const set = QUICK_KEYS.filter((k) => c[k] !== undefined && c[k] !== '');
  const key = set.length === 1 ? set[0] : undefined;
  return key === undefined ? '' : String(c[key]);
}
