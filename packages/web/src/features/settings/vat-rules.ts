import { parseVat, sameVat, splitOptionList, VAT_CODES, type Option, type VatCode } from '@zaplecze/contract';

/** The four default-rate options of the VAT screen (docs/rules/platform-rules.md §2 VAT settings). */
export const VAT_DEFAULT_KEYS = [
  'VAT_DEFAULT_ITEM',
  'VAT_DEFAULT_ORDER_ITEM',
  'VAT_DEFAULT_ORDER_DELIVERY',
  'VAT_DEFAULT_STATIONARY_DELIVERY',
] as const;
export type VatDefaultKey = (typeof VAT_DEFAULT_KEYS)[number];
export const VAT_KEYS = ['VAT_VALUES', ...VAT_DEFAULT_KEYS] as const;

/** What the VAT screen edits locally until Save: the rates (as stored text) and the four defaults ('' = none). */
export interface VatState {
  rates: string[];
  defaults: Record<VatDefaultKey, string>;
}

export type AddResult<S> = { ok: true; state: S } | { ok: false; error: 'invalid' | 'unknown' | 'duplicate' };

const sameRate = (a: string, b: string) => a !== '' && sameVat(a, b);

/** The screen's state from the stored options ('23;8;5.5' and the default keys). */
export function vatStateFromOptions(values: Record<(typeof VAT_KEYS)[number], string>): VatState {
  const defaults = Object.fromEntries(VAT_DEFAULT_KEYS.map((k) => [k, values[k]])) as Record<VatDefaultKey, string>;
  return { rates: splitOptionList(values.VAT_VALUES), defaults };
}

/**
 * Adds a typed rate (docs/rules/platform-rules.md §5): comma becomes a dot, it must be a rate 0-100 with up to
 * two decimals or one of the codes zw, np, oo (docs/decisions.md), and not already on the list (5 and
 * 5.00 are the same rate).
 */
export function addVatRate(state: VatState, raw: string): AddResult<VatState> {
  const n = parseVat(raw);
  if (n === undefined) return { ok: false, error: 'invalid' };
  const rate = String(n);
  if (state.rates.some((r) => sameRate(r, rate))) return { ok: false, error: 'duplicate' };
  return { ok: true, state: { ...state, rates: [...state.rates, rate] } };
}

/** Removes a rate; a default that pointed at it becomes none. */
export function removeVatRate(state: VatState, rate: string): VatState {
  const defaults = { ...state.defaults };
  for (const k of VAT_DEFAULT_KEYS) if (sameRate(defaults[k], rate)) defaults[k] = '';
  return { rates: state.rates.filter((r) => !sameRate(r, rate)), defaults };
}

/** The one PUT /options body that saves the list and the four defaults together. */
export function vatStateToOptions(state: VatState): Option[] {
  return [
    { key: 'VAT_VALUES', value: state.rates.join(';') },
    ...VAT_DEFAULT_KEYS.map((key) => ({ key, value: state.defaults[key] })),
  ];
}

/** A rate as shown to users: Polish decimal comma ('5,5'); a code as it is ('zw'). */
export function formatVatRate(rate: string): string {
  return rate.replace('.', ',');
}

/** The code of a stored rate ('zw', 'np', 'oo'), undefined for a number. */
export function vatCodeOfRate(rate: string): VatCode | undefined {
  const v = parseVat(rate);
  return typeof v === 'string' ? v : undefined;
}

/** The codes not yet on the list: the screen offers them as buttons (a number field takes no letters). */
export function missingVatCodes(state: VatState): VatCode[] {
  return VAT_CODES.filter((c) => !state.rates.some((r) => sameRate(r, c)));
}
