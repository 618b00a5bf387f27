import { parseDecimalText, parseVat } from '@zaplecze/contract';
import { format, pluralPl } from '@web/i18n/plural';
import { uiText } from './texts';

/**
 * THE reading of a number typed into a form (docs/rules/catalogue-and-orders-rules.md §4, docs/rules/platform-rules.md
 * §5: commas become dots before parsing). Every numeric field of the web app is a text input
 * (ui/NumberInput.tsx) read here: a browser's own number input drops a comma ('7,5' -> 75), and
 * `Number()` reads '' as 0. The parsing itself is the contract's parseDecimalText, the same the
 * server's strictNumber uses.
 */
export interface NumberRule {
  /** Whole numbers only (quantities, stock, millimetres). */
  integer?: boolean;
  min?: number;
  max?: number;
  /** Most digits after the decimal separator (2 for money, 3 for kilograms). */
  decimals?: number;
  /** Empty text is valid (no problem, no value). */
  optional?: boolean;
}

/** Common rules. */
export const NUMBER_RULES = {
  /** An amount of money: 0 or more, at most 2 decimals. */
  money: { min: 0, max: 99_999_999.99, decimals: 2 },
  /** A stock count: a whole number, 0 or more. */
  count: { integer: true, min: 0, max: 999_999_999 },
  /** An order line's quantity: a whole number, 1 or more. */
  quantity: { integer: true, min: 1, max: 999_999_999 },
  /** A percent such as a margin: 0 or more, at most 2 decimals. */
  percent: { min: 0, max: 1000, decimals: 2 },
} as const satisfies Record<string, NumberRule>;

/** '7,5' -> 7.5, ' 12 ' -> 12; undefined for empty text or anything that is not a plain number. */
export function readNumber(text: string | null | undefined): number | undefined {
  return text === null || text === undefined ? undefined : parseDecimalText(text);
}

/** The text as the API takes it: trimmed, a comma turned into a dot ('7,5' -> '7.5'). */
export function numberForApi(text: string | null | undefined): string {
  return (text ?? '').trim().replace(',', '.');
}

const decimalsOf = (text: string) => {
  const s = numberForApi(text);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
};

/** A number as a message shows it: Polish decimal comma. */
const shown = (n: number) => String(n).replace('.', ',');

/** What is wrong with a typed number under `rule` (a Polish message), or undefined when it is fine. */
export function numberProblem(text: string | null | undefined, rule: NumberRule = {}): string | undefined {
  const t = uiText().numbers;
  const s = (text ?? '').trim();
  if (s === '') return rule.optional ? undefined : t.required;
  const n = parseDecimalText(s);
  if (n === undefined) return rule.integer ? t.notInteger : t.notNumber;
  if (rule.integer && (!Number.isInteger(n) || decimalsOf(s) > 0)) return t.notInteger;
  if (rule.decimals !== undefined && decimalsOf(s) > rule.decimals)
    return format(pluralPl(rule.decimals, t.decimals), { n: rule.decimals });
  if (rule.min !== undefined && n < rule.min) return format(t.tooSmall, { min: shown(rule.min) });
  if (rule.max !== undefined && n > rule.max) return format(t.tooBig, { max: shown(rule.max) });
  return undefined;
}

/**
 * THE check of a typed VAT rate (0-100, at most 2 decimals, a comma or a dot): the one place a
 * VAT field's text is judged: a number or one of the codes zw, np, oo (contract vat.ts).
 */
export function vatRateProblem(text: string | null | undefined): string | undefined {
  return parseVat(text ?? '') === undefined ? uiText().numbers.vatInvalid : undefined;
}
