import { toCardinal } from 'n2words/pl-PL';
import { z } from 'zod';
import { compareStoredVat, isSpecialVat, VAT_CODES, vatFromStored, vatToStored } from './vat';

/**
 * Issued invoices (docs/rules/server-side-rules.md, Invoices; docs/decisions.md, Documents: Invoices and e-mail).
 * An issued invoice is an immutable snapshot: everything the PDF prints and everything a Polish
 * structured e-invoice FA(3) needs, so the e-invoicing plugin builds one from the snapshot alone
 * (the field mapping is in docs/decisions.md). Money is in integer grosze (hundredths of the
 * currency), VAT rates in hundredths of a percent, as everywhere in the contract (money.ts); a
 * rate that is no number is its code 'zw', 'np' or 'oo' (vat.ts).
 */

/** `FV {n}/{MM}/{YYYY}` (docs/rules/server-side-rules.md): continuous per organisation and month. */
export function formatInvoiceNumber(n: number, month: number, year: number): string {
  return `FV ${n}/${String(month).padStart(2, '0')}/${year}`;
}

/** `PAR {n}/{MM}/{YYYY}`: a receipt's number, continuous per organisation and month like an invoice's. */
export function formatReceiptNumber(n: number, month: number, year: number): string {
  return `PAR ${n}/${String(month).padStart(2, '0')}/${year}`;
}

/**
 * FA(3) P_12 codes of the rates an order can have, and the P_13_x / P_14_x pair they sum into. The
 * rates that are no number have a net field only: zw P_13_7 (exempt), np P_13_8 (outside the
 * country, 'np I'), oo P_13_10 (reverse charge).
 */
const FA3_RATES: Record<number, { code: string; field: string }> = {
  2300: { code: '23', field: '1' },
  2200: { code: '22', field: '1' },
  800: { code: '8', field: '2' },
  700: { code: '7', field: '2' },
  500: { code: '5', field: '3' },
  400: { code: '4', field: '4' },
  300: { code: '3', field: '4' },
  0: { code: '0 KR', field: '6_1' },
  [vatToStored('zw')!]: { code: 'zw', field: '7' },
  [vatToStored('np')!]: { code: 'np I', field: '8' },
  [vatToStored('oo')!]: { code: 'oo', field: '10' },
};

/** The FA(3) rate of a stored VAT rate (vat.ts); null for a rate FA(3) has no code for. */
export function fa3Rate(vat: number): { code: string; field: string } | null {
  return FA3_RATES[vat] ?? null;
}

/**
 * Net of a gross amount at the stored rate `vat` (hundredths of a percent), rounded half up to a
 * grosz (exact, in integers): gross × 10000 / (10000 + vat). The VAT amount is gross − net. A rate
 * that is no number (zw, np, oo) carries no VAT on the invoice: net = gross.
 */
export function netOfGross(gross: number, vat: number): number {
  if (isSpecialVat(vat)) return gross;
  const num = BigInt(gross) * 10_000n;
  const den = BigInt(10_000 + vat);
  let q = num / den;
  const rem = num - q * den;
  if (rem * 2n >= den) q += 1n;
  return Number(q);
}

export interface InvoiceLineInput {
  name: string;
  code: string;
  quantity: number;
  /** Gross unit price, grosze. */
  unitGross: number;
  /** The stored rate (vat.ts): hundredths of a percent, or a code's sentinel. */
  vat: number;
}

const moneyInt = z.number().int();
/** A rate in the snapshot: hundredths of a percent, or the code of a rate that is no number. */
const snapshotVatSchema = z.union([z.number().int(), z.enum(VAT_CODES)]);
export type SnapshotVat = z.infer<typeof snapshotVatSchema>;

/** A stored rate -> its snapshot value: 2300 stays 2300, the sentinel of zw becomes 'zw'. */
export function snapshotVat(stored: number): SnapshotVat {
  const v = vatFromStored(stored);
  return typeof v === 'number' ? stored : v;
}

export const invoiceLineSnapshotSchema = z.object({
  /** 1, 2, ... (FA(3) NrWierszaFa). */
  no: z.number().int(),
  name: z.string(),
  code: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
  unitGross: moneyInt,
  vat: snapshotVatSchema,
  /** FA(3) P_12, null when FA(3) has no code for the rate. */
  vatCode: z.string().nullable(),
  /** The line's gross (quantity × unitGross) and its net and VAT, computed from the gross. */
  gross: moneyInt,
  net: moneyInt,
  vatAmount: moneyInt,
});
export type InvoiceLineSnapshot = z.infer<typeof invoiceLineSnapshotSchema>;

export const invoiceRateTotalSchema = z.object({
  vat: snapshotVatSchema,
  vatCode: z.string().nullable(),
  /** FA(3) suffix of P_13_x / P_14_x ('1', '2', '3', '4', '6_1'; net only: '7', '8', '10'), null when none fits. */
  fa3Field: z.string().nullable(),
  net: moneyInt,
  vatAmount: moneyInt,
  gross: moneyInt,
});
export type InvoiceRateTotal = z.infer<typeof invoiceRateTotalSchema>;

export interface InvoiceTotals {
  lines: Omit<InvoiceLineSnapshot, 'no' | 'unit'>[];
  rates: InvoiceRateTotal[];
  totals: { net: number; vatAmount: number; gross: number };
}

/**
 * Net, VAT and gross per line and per rate (docs/rules/server-side-rules.md: computed per VAT rate from the gross
 * sums, rounded half up to 0.01). A rate's net is computed once from the rate's gross sum, never
 * summed from the lines' rounded nets; the invoice totals are the sums of the rates. Rates are in
 * descending order, then zw, np, oo (vat.ts compareStoredVat).
 */
export function invoiceTotals(lines: readonly InvoiceLineInput[]): InvoiceTotals {
  const byRate = new Map<number, number>();
  const out = lines.map((l) => {
    const gross = l.quantity * l.unitGross;
    if (!Number.isSafeInteger(gross)) throw new RangeError('invoice line gross beyond exact integers');
    byRate.set(l.vat, (byRate.get(l.vat) ?? 0) + gross);
    const net = netOfGross(gross, l.vat);
    return {
      name: l.name,
      code: l.code,
      quantity: l.quantity,
      unitGross: l.unitGross,
      vat: snapshotVat(l.vat),
      vatCode: fa3Rate(l.vat)?.code ?? null,
      gross,
      net,
      vatAmount: gross - net,
    };
  });
  const rates = [...byRate]
    .sort((a, b) => compareStoredVat(a[0], b[0]))
    .map(([vat, gross]) => {
      if (!Number.isSafeInteger(gross)) throw new RangeError('invoice gross beyond exact integers');
      const net = netOfGross(gross, vat);
      const fa3 = fa3Rate(vat);
      return {
        vat: snapshotVat(vat),
        vatCode: fa3?.code ?? null,
        fa3Field: fa3?.field ?? null,
        net,
        vatAmount: gross - net,
        gross,
      };
    });
  const totals = rates.reduce(
    (t, r) => ({ net: t.net + r.net, vatAmount: t.vatAmount + r.vatAmount, gross: t.gross + r.gross }),
    { net: 0, vatAmount: 0, gross: 0 },
  );
  return { lines: out, rates, totals };
}

function zlotyNoun(n: number): string {
  if (n === 1) return 'złoty';
  const tens = n % 100;
  const ones = n % 10;
  return ones >= 2 && ones <= 4 && !(tens >= 12 && tens <= 14) ? 'złote' : 'złotych';
}

/**
 * An amount in Polish words, as invoices print it: 12345 grosze PLN -> 'sto dwadzieścia trzy złote
 * 45/100'. Other currencies keep their code: 'sto dwadzieścia trzy EUR 45/100'.
 */
export function amountInWords(hundredths: number, currency = 'PLN'): string {
  const sign = hundredths < 0 ? 'minus ' : '';
  const a = Math.abs(hundredths);
  const whole = Math.trunc(a / 100);
  const cents = String(a % 100).padStart(2, '0');
  const noun = currency === 'PLN' ? zlotyNoun(whole) : currency;
  return `${sign}${toCardinal(whole)} ${noun} ${cents}/100`;
}

// ---- the snapshot ------------------------------------------------------------------------------

const partyAddress = {
  /** Street and number (FA(3) AdresL1). */
  address: z.string(),
  postCode: z.string(),
  city: z.string(),
  /** ISO 3166 alpha-2 (FA(3) KodKraju); '' when unknown. */
  countryCode: z.string(),
};

export const invoiceSnapshotSchema = z.object({
  version: z.literal(1),
  number: z.string(),
  /** The number's parts: n-th invoice of the month `month` (1-12) of `year`. */
  n: z.number().int(),
  month: z.number().int(),
  year: z.number().int(),
  /** Issue date YYYY-MM-DD in Europe/Warsaw (FA(3) P_1) and the instant (ISO 8601). */
  issueDate: z.string(),
  issuedAt: z.string(),
  /** Date of sale YYYY-MM-DD (FA(3) P_6): the order's date in Europe/Warsaw. */
  saleDate: z.string(),
  /** Place of issue (FA(3) P_1M): INVOICE_PLACE_OF_ISSUE, else the seller's city. */
  placeOfIssue: z.string(),
  /**
   * The seller's bank account (FA(3) Platnosc RachunekBankowy NrRB) and bank (NazwaBanku) from the
   * invoice settings, without separators; '' when unset (and in snapshots issued before them).
   */
  bankAccount: z.string().default(''),
  bankName: z.string().default(''),
  /** ISO 4217 (FA(3) KodWaluty). */
  currency: z.string(),
  /** FA(3) Podmiot1: the organisation's data at issue. */
  seller: z.object({
    name: z.string(),
    /** NIP, digits as entered ('' when the organisation has none). */
    taxId: z.string(),
    ...partyAddress,
  }),
  /** FA(3) Podmiot2: a company with its NIP, or a private person (BrakID). */
  buyer: z.object({
    isCompany: z.boolean(),
    name: z.string(),
    taxId: z.string(),
    ...partyAddress,
    email: z.string(),
    tel: z.string(),
  }),
  lines: z.array(invoiceLineSnapshotSchema),
  /** Per rate, descending (FA(3) P_13_x net, P_14_x VAT). */
  rates: z.array(invoiceRateTotalSchema),
  /** FA(3) P_15 is totals.gross. */
  totals: z.object({ net: moneyInt, vatAmount: moneyInt, gross: moneyInt }),
  /** The gross in Polish words. */
  amountInWords: z.string(),
  /** From the invoice settings (FA(3) Platnosc: PlatnoscInna + OpisPlatnosci). */
  paymentMethod: z.string(),
  /** True for a cash-on-delivery order. */
  cashOnDelivery: z.boolean(),
  /** The delivery line's name from the invoice settings; '' without a delivery cost. */
  shippingName: z.string(),
  /** Issuer (INVOICE_SIGN_PERSON, else the issuing user's login). */
  issuer: z.string(),
  /** Unit of measure of the goods lines (INVOICE_UNIT, else 'szt.'; FA(3) P_8A). */
  unit: z.string(),
  /** The order's invoice annotations (FA(3) DodatkowyOpis). */
  annotations: z.string(),
  /**
   * The exemption's legal basis when a line is zw (FA(3) Adnotacje/Zwolnienie: P_19 = 1 and P_19A
   * = this text), else '' (P_19N = 1). Absent from invoices issued before the rates that are no
   * number; an oo line makes FA(3) P_18 = 1 (read from `rates`).
   */
  exemptionBasis: z.string().optional(),
  /** The notes the PDF prints for zw, np and oo lines (the basis, 'odwrotne obciążenie', ...). */
  vatNotes: z.array(z.string()).optional(),
  order: z.object({ id: z.number().int(), externalId: z.string().nullable(), orderDate: z.string() }),
});
export type InvoiceSnapshot = z.infer<typeof invoiceSnapshotSchema>;
