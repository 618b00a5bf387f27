import { INVOICE_STATE, orderSearchKey } from '@zaplecze/contract';
import { sql, type RawBuilder } from 'kysely';

/**
 * The columns an order keeps for its search and its list row (migration 0007), computed in one
 * place for the orders repository (every save), migration 0007 (orders that existed) and the demo
 * seed. docs/decisions.md, Order search.
 */

/** A key of at most 200 characters, the key columns' size ('ß' becomes 'ss' without accents). */
const plain = (s: string) => orderSearchKey.plain(s).slice(0, 200);

/**
 * Search keys: the client's texts as orderSearchKey normalises them (docs/decisions.md, Order
 * search), the ones of migration 0007 (its backfill writes these). The city has no accents since
 * migration 0021, which rewrote the stored keys.
 */
export const SEARCH_KEYS = [
  ['search_tel', 'client_tel', orderSearchKey.tel],
  ['search_email', 'client_email', orderSearchKey.text],
  ['search_city', 'client_city', plain],
  ['search_post_code', 'client_post_code', orderSearchKey.compact],
  ['search_pickup_point', 'client_pickup_point', orderSearchKey.text],
  ['search_bol', 'bill_of_lading', orderSearchKey.compact],
] as const;

/** The search keys of migration 0021: buyer name, company (no accents) and the invoice's NIP (digits). */
export const BUYER_SEARCH_KEYS = [
  ['search_name', 'client_name_surname', plain],
  ['search_company', 'client_company_name', plain],
  ['search_nip', 'invoice_company_tax_id', orderSearchKey.digits],
] as const;

type KeySource = (typeof SEARCH_KEYS | typeof BUYER_SEARCH_KEYS)[number];

/** How a search key column's texts are normalised (the search normalises its terms alike). */
export function searchKeyNorm(column: KeySource[0]): (s: string) => string {
  const found = [...SEARCH_KEYS, ...BUYER_SEARCH_KEYS].find(([key]) => key === column);
  if (!found) throw new Error(`no search key ${column}`);
  return found[2];
}

/**
 * What the order keeps of its lines: Σ quantity × price (grosze), Σ quantity, and the codes with
 * their quantities as contract orderSummary lists them (JSON). The orders repository writes the
 * same with every save of the lines.
 */
export function linesSummary(lines: readonly { code: string; quantity: number; price: number | string }[]) {
  let sum = 0;
  let count = 0;
  const codes = new Map<string, number>();
  for (const l of lines) {
    sum += l.quantity * Number(l.price);
    count += l.quantity;
    if (l.code !== '') codes.set(l.code, (codes.get(l.code) ?? 0) + l.quantity);
  }
  return {
    lines_sum: sum,
    lines_count: count,
    lines_codes: JSON.stringify([...codes].map(([code, quantity]) => ({ code, quantity }))),
  };
}

/** The search keys of an order's texts, for the columns present in `values` (insert or update). */
export function searchKeysOf(values: Partial<Record<KeySource[1], string | null>>) {
  const out: Partial<Record<KeySource[0], string>> = {};
  for (const [key, source, norm] of [...SEARCH_KEYS, ...BUYER_SEARCH_KEYS]) {
    const v = values[source];
    if (v !== undefined) out[key] = norm(v ?? '');
  }
  return out;
}

/** The invoice state (contract INVOICE_STATE) of an invoice flag and number. */
export function invoiceState(hasInvoice: number, invoiceNumber: string | null): number {
  if (hasInvoice === 0) return INVOICE_STATE.none;
  return (invoiceNumber ?? '') === '' ? INVOICE_STATE.notIssued : INVOICE_STATE.issued;
}

/**
 * `invoice_state` for an insert or update that writes the invoice flag or number: a value when
 * both are given, else the same rule in SQL over the stored column that is not given (an UPDATE's
 * expressions read the row as it was). Nothing when neither is written.
 */
export function invoiceStateOf(values: {
  has_invoice?: number | undefined;
  invoice_number?: string | null | undefined;
}): { invoice_state?: number | RawBuilder<number> } {
  const { has_invoice: has, invoice_number: number } = values;
  if (has === undefined && number === undefined) return {};
  if (has !== undefined && number !== undefined) return { invoice_state: invoiceState(has, number) };
  const hasSql = has === undefined ? sql.ref('has_invoice') : sql`${has}`;
  const numberSql = number === undefined ? sql.ref('invoice_number') : sql`cast(${number} as text)`;
  return {
    invoice_state: sql<number>`case when ${hasSql} = 0 then ${sql.lit(INVOICE_STATE.none)}
      when coalesce(${numberSql}, '') = '' then ${sql.lit(INVOICE_STATE.notIssued)}
      else ${sql.lit(INVOICE_STATE.issued)} end`,
  };
}
