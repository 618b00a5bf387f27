import {
  amountInWords,
  formatInvoiceNumber,
  invoiceTotals,
  type InvoiceLineInput,
  type InvoiceRateTotal,
  type InvoiceSnapshot,
} from '@zaplecze/contract';
import { localDay } from '../../db/local-day';
import type { OrdersTable } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import { INVOICE_DEFAULTS, INVOICE_VAT_NOTES, INVOICES_MSG } from './messages.pl';

/** The order columns an invoice is made of. */
export type InvoiceOrderRow = Pick<
  OrdersTable,
  | 'order_date'
  | 'external_id'
  | 'stationary'
  | 'currency'
  | 'invoice_annotations'
  | 'delivery_cost'
  | 'delivery_vat'
  | 'cash_on_delivery'
  | 'client_email'
  | 'client_tel'
  | 'has_invoice'
  | 'invoice_is_company'
  | 'invoice_name_surname'
  | 'invoice_company_name'
  | 'invoice_company_tax_id'
  | 'invoice_address'
  | 'invoice_post_code'
  | 'invoice_city'
  | 'invoice_country_code'
> & { id: number };

export interface InvoiceLineRow {
  code: string;
  name: string;
  quantity: number;
  price: number;
  vat: number;
}

export interface SellerRow {
  name: string;
  tax_id: string;
  address: string;
  post_code_city: string;
  country_code: string;
}

/** The invoice settings (options) an invoice reads; '' = unset. */
export interface InvoiceSettings {
  INVOICE_PAYMENT_DEFAULT: string;
  INVOICE_PAYMENT_COD: string;
  INVOICE_PAYMENT_STATIONARY: string;
  INVOICE_SEND_NAME_DEFAULT: string;
  INVOICE_SEND_NAME_COD: string;
  INVOICE_SEND_NAME_STATIONARY: string;
  INVOICE_SIGN_PERSON: string;
  INVOICE_UNIT: string;
  INVOICE_VAT_EXEMPTION_NOTE: string;
  INVOICE_PLACE_OF_ISSUE: string;
  INVOICE_BANK_NAME: string;
  INVOICE_BANK_ACCOUNT: string;
}
export const INVOICE_SETTING_KEYS = [
  'INVOICE_PAYMENT_DEFAULT',
  'INVOICE_PAYMENT_COD',
  'INVOICE_PAYMENT_STATIONARY',
  'INVOICE_SEND_NAME_DEFAULT',
  'INVOICE_SEND_NAME_COD',
  'INVOICE_SEND_NAME_STATIONARY',
  'INVOICE_SIGN_PERSON',
  'INVOICE_UNIT',
  'INVOICE_VAT_EXEMPTION_NOTE',
  'INVOICE_PLACE_OF_ISSUE',
  'INVOICE_BANK_NAME',
  'INVOICE_BANK_ACCOUNT',
] as const satisfies readonly (keyof InvoiceSettings)[];

/** YYYYMMDD -> 'YYYY-MM-DD'. */
function dayText(day: number): string {
  const s = String(day);
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
}

/** '00-001 Warszawa' -> ['00-001', 'Warszawa']; anything else is all city. */
export function splitPostCodeCity(text: string): { postCode: string; city: string } {
  const m = /^\s*(\d{2}-\d{3})\s*,?\s*(.*)$/.exec(text);
  return m ? { postCode: m[1] ?? '', city: (m[2] ?? '').trim() } : { postCode: '', city: text.trim() };
}

/** Which of the default / cash-on-delivery / stationary settings apply (stationary first). */
function pick(settings: InvoiceSettings, order: InvoiceOrderRow, kind: 'PAYMENT' | 'SEND_NAME'): string {
  const variant = order.stationary === 1 ? 'STATIONARY' : order.cash_on_delivery === 1 ? 'COD' : 'DEFAULT';
  const value = settings[`INVOICE_${kind}_${variant}`].trim();
  if (value !== '') return value;
  const fallback = {
    PAYMENT: {
      DEFAULT: INVOICE_DEFAULTS.paymentDefault,
      COD: INVOICE_DEFAULTS.paymentCod,
      STATIONARY: INVOICE_DEFAULTS.paymentStationary,
    },
    SEND_NAME: {
      DEFAULT: INVOICE_DEFAULTS.sendNameDefault,
      COD: INVOICE_DEFAULTS.sendNameCod,
      STATIONARY: INVOICE_DEFAULTS.sendNameStationary,
    },
  } as const;
  return fallback[kind][variant];
}

/**
 * The legal notes of the rates that are no number on the invoice (docs/rules/server-side-rules.md,
 * Invoices): with a zw line the exemption's basis (the setting, else the default), with np 'nie
 * podlega opodatkowaniu', with oo 'odwrotne obciążenie'.
 */
function vatNotes(rates: readonly InvoiceRateTotal[], settings: InvoiceSettings) {
  const has = (code: string) => rates.some((r) => r.vat === code);
  const exemptionBasis = has('zw') ? settings.INVOICE_VAT_EXEMPTION_NOTE.trim() || INVOICE_DEFAULTS.exemptionNote : '';
  const notes = [exemptionBasis];
  if (has('np')) notes.push(INVOICE_VAT_NOTES.notSubject);
  if (has('oo')) notes.push(INVOICE_VAT_NOTES.reverseCharge);
  return { exemptionBasis, vatNotes: notes.filter((n) => n !== '') };
}

/**
 * The immutable snapshot of an invoice issued now as number `n` of its month: the seller's data,
 * the buyer, the order's lines plus its delivery cost as a line (named by the invoice settings),
 * net / VAT / gross per line and per rate, the payment and shipping names, the issuer and unit.
 */
export function buildSnapshot(a: {
  order: InvoiceOrderRow;
  lines: readonly InvoiceLineRow[];
  seller: SellerRow;
  settings: InvoiceSettings;
  issuedAt: Date;
  n: number;
  issuerLogin: string;
}): InvoiceSnapshot {
  const { order, settings } = a;
  const issueDay = localDay(a.issuedAt);
  const year = Math.floor(issueDay / 10000);
  const month = Math.floor(issueDay / 100) % 100;
  const orderDate = new Date(order.order_date);
  const unit = settings.INVOICE_UNIT.trim() || INVOICE_DEFAULTS.unit;
  const shippingName = order.delivery_cost > 0 ? pick(settings, order, 'SEND_NAME') : '';
  const inputs: (InvoiceLineInput & { unit: string })[] = a.lines.map((l) => ({
    name: l.name,
    code: l.code,
    quantity: l.quantity,
    unitGross: l.price,
    vat: l.vat,
    unit,
  }));
  if (order.delivery_cost > 0)
    inputs.push({
      name: shippingName,
      code: '',
      quantity: 1,
      unitGross: order.delivery_cost,
      vat: order.delivery_vat,
      unit: INVOICE_DEFAULTS.serviceUnit,
    });
  let totals;
  try {
    totals = invoiceTotals(inputs);
  } catch {
    throw badRequest(INVOICES_MSG.tooLarge);
  }
  const seller = splitPostCodeCity(a.seller.post_code_city);
  const isCompany = order.invoice_is_company === 1;
  const number = formatInvoiceNumber(a.n, month, year);
  return {
    version: 1,
    number,
    n: a.n,
    month,
    year,
    issueDate: dayText(issueDay),
    issuedAt: a.issuedAt.toISOString(),
    saleDate: dayText(localDay(orderDate)),
    placeOfIssue: settings.INVOICE_PLACE_OF_ISSUE.trim() || seller.city,
    bankAccount: settings.INVOICE_BANK_ACCOUNT.trim(),
    bankName: settings.INVOICE_BANK_NAME.trim(),
    currency: order.currency,
    seller: {
      name: a.seller.name,
      taxId: a.seller.tax_id,
      address: a.seller.address,
      postCode: seller.postCode,
      city: seller.city,
      countryCode: a.seller.country_code,
    },
    buyer: {
      isCompany,
      name: isCompany ? order.invoice_company_name : order.invoice_name_surname,
      taxId: isCompany ? order.invoice_company_tax_id : '',
      address: order.invoice_address,
      postCode: order.invoice_post_code,
      city: order.invoice_city,
      countryCode: order.invoice_country_code,
      email: order.client_email,
      tel: order.client_tel,
    },
    lines: totals.lines.map((l, i) => ({ no: i + 1, unit: inputs[i]?.unit ?? unit, ...l })),
    rates: totals.rates,
    totals: totals.totals,
    amountInWords: amountInWords(totals.totals.gross, order.currency),
    paymentMethod: pick(settings, order, 'PAYMENT'),
    cashOnDelivery: order.cash_on_delivery === 1,
    shippingName,
    issuer: settings.INVOICE_SIGN_PERSON.trim() || a.issuerLogin,
    unit,
    annotations: order.invoice_annotations,
    ...vatNotes(totals.rates, settings),
    order: { id: order.id, externalId: order.external_id, orderDate: orderDate.toISOString() },
  };
}
