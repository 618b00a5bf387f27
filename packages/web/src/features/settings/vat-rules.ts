import { parseVatRate, splitOptionList, type Option } from '@zaplecze/contract';

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

const sameRate = (a: string, b: string) => a === b || (a !== '' && parseVatRate(a) === parseVatRate(b));

/** The screen's state from the stored options ('23;8;5.5' and the default keys). */
export function vatStateFromOptions(values: Record<(typeof VAT_KEYS)[number], string>): VatState {
  const defaults = Object.fromEntries(VAT_DEFAULT_KEYS.map((k) => [k, values[k]])) as Record<VatDefaultKey, string>;
  return { rates: splitOptionList(values.VAT_VALUES), defaults };
}

/**
 * Adds a typed rate (docs/rules/platform-rules.md §5): comma becomes a dot, it must be a rate 0-100 with up to
 * two decimals, and not already on the list (5 and 5.00 are the same rate).
 */
export function addVatRate(state: VatState, raw: string): AddResult<VatState> {
  const n = parseVatRate(raw);
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

/** A rate as shown to users: Polish decimal comma ('5,5'). */
export function formatVatRate(rate: string): string {
  return rate.replace('.', ',');
}
