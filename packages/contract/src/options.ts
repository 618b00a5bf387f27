import { z } from 'zod';
import { parseBankAccount } from './bank-account';
import { VALIDATION as V } from './messages';
import { isIsoCurrency } from './money';
import { parseVat, type VatValue } from './vat';
import type { PermissionKey } from './permissions';

/**
 * Option keys (docs/rules/platform-rules.md §3 "Option keys", docs/rules/catalogue-and-orders-rules.md §3 "Options used here").
 * Values are strings; booleans are stored 'true'/'false' and '1' also reads as true.
 * The server accepts exactly these keys (an allowlist) and validates each value by its kind.
 */
export type OptionKind =
  | { type: 'bool'; default: boolean }
  | { type: 'id'; table: 'item_statuses' | 'order_statuses' | 'income_sources' }
  | { type: 'vatList' }
  | { type: 'vatRate' }
  | { type: 'currencyList' }
  | { type: 'currency' }
  | { type: 'bankAccount' }
  | { type: 'text'; max: number };

interface OptionDef {
  kind: OptionKind;
  /** Who may change it: settings in general, or the area whose list screen sets it. */
  editPermission: PermissionKey;
}

const text: OptionDef = { kind: { type: 'text', max: 200 }, editPermission: 'main.settings.edit' };
const vatRate: OptionDef = { kind: { type: 'vatRate' }, editPermission: 'main.settings.edit' };
const orderStatusId: OptionDef = { kind: { type: 'id', table: 'order_statuses' }, editPermission: 'main.order.edit' };
const incomeSourceId: OptionDef = { kind: { type: 'id', table: 'income_sources' }, editPermission: 'main.order.edit' };
const settingsFlag = (def: boolean): OptionDef => ({
  kind: { type: 'bool', default: def },
  editPermission: 'main.settings.edit',
});

export const OPTIONS = {
  DEFAULT_ITEM_STATUS_ID: { kind: { type: 'id', table: 'item_statuses' }, editPermission: 'main.items.edit' },
  DEFAULT_ORDER_STATUS_ID: orderStatusId,
  DEFAULT_ORDER_STATUS_ID_STATIONARY: orderStatusId,
  DEFAULT_INCOME_SOURCE_ID: incomeSourceId,
  DEFAULT_INCOME_SOURCE_ID_STATIONARY: incomeSourceId,
  ORDER_STATUS_AFTER_SIZE_WEIGHT: orderStatusId,
  ORDER_STATUS_AFTER_SEND: orderStatusId,
  AUTO_RESET_AFTER_SEND: { kind: { type: 'bool', default: true }, editPermission: 'main.order.edit' },
  WAREHOUSE_AUTO_COMMIT: settingsFlag(false),
  WAREHOUSE_SKIP_ZERO_MINUS: settingsFlag(false),
  WAREHOUSE_SKIP_ZERO_PLUS: settingsFlag(false),
  VAT_VALUES: { kind: { type: 'vatList' }, editPermission: 'main.settings.edit' },
  VAT_DEFAULT_ITEM: vatRate,
  VAT_DEFAULT_ORDER_ITEM: vatRate,
  VAT_DEFAULT_ORDER_DELIVERY: vatRate,
  VAT_DEFAULT_STATIONARY_DELIVERY: vatRate,
  CURRENCY_VALUES: { kind: { type: 'currencyList' }, editPermission: 'main.settings.edit' },
  CURRENCY_DEFAULT: { kind: { type: 'currency' }, editPermission: 'main.settings.edit' },
  INVOICE_PAYMENT_DEFAULT: text,
  INVOICE_PAYMENT_COD: text,
  INVOICE_PAYMENT_STATIONARY: text,
  INVOICE_SEND_NAME_DEFAULT: text,
  INVOICE_SEND_NAME_COD: text,
  INVOICE_SEND_NAME_STATIONARY: text,
  INVOICE_SIGN_PERSON: text,
  INVOICE_UNIT: text,
  INVOICE_VAT_EXEMPTION_NOTE: text,
  // The seller's data on invoices beside the organisation's (docs/decisions.md, Seller's data on invoices).
  INVOICE_PLACE_OF_ISSUE: text,
  INVOICE_BANK_NAME: text,
  INVOICE_BANK_ACCOUNT: { kind: { type: 'bankAccount' }, editPermission: 'main.settings.edit' },
} as const satisfies Record<string, OptionDef>;

export type OptionKey = keyof typeof OPTIONS;
export const OPTION_KEYS = Object.keys(OPTIONS) as OptionKey[];

export function isOptionKey(key: string): key is OptionKey {
  return Object.hasOwn(OPTIONS, key);
}

/** Reads a stored boolean option: 'true' and '1' are true; unset gives the key's default. */
export function readBooleanOption(value: string | null | undefined, def = false): boolean {
  if (value === null || value === undefined || value === '') return def;
  return value === 'true' || value === '1';
}

/** Splits a stored ';'-joined list, dropping empty parts (docs/rules/platform-rules.md §5). */
export function splitOptionList(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** Normalises a currency code typed by a user: upper case, exactly 3 letters, else undefined. */
export function parseCurrency(raw: string): string | undefined {
  const s = raw.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(s) ? s : undefined;
}

/** The message of a currency code typed by a user, or undefined for a valid ISO 4217 code. */
function currencyProblem(raw: string): string | undefined {
  const c = parseCurrency(raw);
  if (c === undefined) return V.currencyInvalid;
  return isIsoCurrency(c) ? undefined : V.currencyUnknown;
}

export type OptionCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * Validates and normalises an option value by the kind of its key. Id options are only checked
 * for shape here; the server also checks that the id exists in the caller's organisation.
 */
export function normalizeOptionValue(key: OptionKey, raw: string): OptionCheck {
  const kind: OptionKind = OPTIONS[key].kind;
  const value = raw.trim();
  switch (kind.type) {
    case 'bool':
      if (['true', '1'].includes(value)) return { ok: true, value: 'true' };
      if (['false', '0'].includes(value)) return { ok: true, value: 'false' };
      return { ok: false, message: V.optionBooleanInvalid };
    case 'id':
      if (value === '' || /^[1-9]\d{0,9}$/.test(value)) return { ok: true, value };
      return { ok: false, message: V.optionIdInvalid };
    case 'vatRate': {
      if (value === '') return { ok: true, value };
      const n = parseVat(value);
      return n === undefined ? { ok: false, message: V.vatInvalid } : { ok: true, value: String(n) };
    }
    case 'vatList': {
      const rates: VatValue[] = [];
      for (const part of splitOptionList(value)) {
        const n = parseVat(part);
        if (n === undefined) return { ok: false, message: V.vatInvalid };
        if (rates.includes(n)) return { ok: false, message: V.vatDuplicate };
        rates.push(n);
      }
      return { ok: true, value: rates.join(';') };
    }
    case 'currency': {
      if (value === '') return { ok: true, value };
      const problem = currencyProblem(value);
      return problem ? { ok: false, message: problem } : { ok: true, value: parseCurrency(value)! };
    }
    case 'currencyList': {
      const codes: string[] = [];
      for (const part of splitOptionList(value)) {
        const problem = currencyProblem(part);
        if (problem) return { ok: false, message: problem };
        const c = parseCurrency(part)!;
        if (codes.includes(c)) return { ok: false, message: V.currencyDuplicate };
        codes.push(c);
      }
      return { ok: true, value: codes.join(';') };
    }
    case 'bankAccount': {
      if (value === '') return { ok: true, value };
      const account = parseBankAccount(value);
      return account === undefined ? { ok: false, message: V.bankAccountInvalid } : { ok: true, value: account };
    }
    case 'text':
      return value.length <= kind.max ? { ok: true, value } : { ok: false, message: V.tooLong };
  }
}

/** The value an unset option reads as. */
export function optionDefault(key: OptionKey): string {
  const kind: OptionKind = OPTIONS[key].kind;
  return kind.type === 'bool' ? String(kind.default) : '';
}

const optionKeySchema = z
  .string({ error: V.optionKeyUnknown })
  .refine(isOptionKey, { error: V.optionKeyUnknown })
  .transform((k) => k as OptionKey);
export const optionSchema = z.object({
  key: optionKeySchema,
  value: z.union([z.string(), z.number(), z.boolean()], { error: V.optionValueInvalid }).transform(String),
});
export type OptionInput = z.input<typeof optionSchema>;
export type Option = { key: OptionKey; value: string };

/** PUT /options: one {key, value}, or several at once in one transaction ({options: [...]}). */
export const optionsPutSchema = z.union([
  optionSchema.transform((o) => [o]),
  z.object({ options: z.array(optionSchema).min(1).max(OPTION_KEYS.length) }).transform((b) => b.options),
]);

/** GET /options?key=K answers {key, value}; GET /options?keys=A,B answers {options: [...]}. */
export const optionsQuerySchema = z
  .object({
    key: optionKeySchema.optional(),
    keys: z
      .string()
      .transform((s) => s.split(',').filter((k) => k !== ''))
      .pipe(z.array(optionKeySchema).min(1).max(OPTION_KEYS.length))
      .optional(),
  })
  .refine((q) => (q.key === undefined) !== (q.keys === undefined), { error: V.optionKeyUnknown });
export const optionResponseSchema = z.object({ key: z.string(), value: z.string() });
export const optionsResponseSchema = z.object({ options: z.array(optionResponseSchema) });
