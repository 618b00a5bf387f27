import { isIsoCurrency, parseCurrency, splitOptionList, type Option } from '@zaplecze/contract';
import type { AddResult } from './vat-rules';

export const CURRENCY_KEYS = ['CURRENCY_VALUES', 'CURRENCY_DEFAULT'] as const;

/** What the currency screen edits locally until Save (docs/rules/platform-rules.md §2 Currency settings). */
export interface CurrencyState {
  codes: string[];
  /** '' = none ('[ BRAK ]'). */
  defaultCode: string;
}

export function currencyStateFromOptions(values: Record<(typeof CURRENCY_KEYS)[number], string>): CurrencyState {
  return { codes: splitOptionList(values.CURRENCY_VALUES), defaultCode: values.CURRENCY_DEFAULT };
}

/**
 * Adds a typed code (docs/rules/platform-rules.md §5): upper-cased, exactly 3 letters, an ISO 4217 code
 * (docs/decisions.md, Bad input), not already on the list.
 */
export function addCurrency(state: CurrencyState, raw: string): AddResult<CurrencyState> {
  const code = parseCurrency(raw);
  if (code === undefined) return { ok: false, error: 'invalid' };
  if (!isIsoCurrency(code)) return { ok: false, error: 'unknown' };
  if (state.codes.includes(code)) return { ok: false, error: 'duplicate' };
  return { ok: true, state: { ...state, codes: [...state.codes, code] } };
}

/** Removes a code; the default becomes none when it was that code. */
export function removeCurrency(state: CurrencyState, code: string): CurrencyState {
  return {
    codes: state.codes.filter((c) => c !== code),
    defaultCode: state.defaultCode === code ? '' : state.defaultCode,
  };
}

/** The one PUT /options body that saves the list and the default together. */
export function currencyStateToOptions(state: CurrencyState): Option[] {
  return [
    { key: 'CURRENCY_VALUES', value: state.codes.join(';') },
    { key: 'CURRENCY_DEFAULT', value: state.defaultCode },
  ];
}
