import type { InvoiceSnapshot } from '@zaplecze/contract';
import { XMLBuilder } from '@zaplecze/plugin-sdk';

/**
 * An issued invoice as the FA(3) structured e-invoice (docs/plugins.md, "Plugin: invoicing";
 * docs/decisions.md, "Accounting: FA(3) and the schemas"), built from the invoice's immutable
 * snapshot only, so the XML says exactly what the printed invoice says: gross unit prices and
 * values per line (P_9B, P_11A: our invoices are computed from the gross), the net and VAT per
 * rate and the gross total from the snapshot's totals. UTF-8, no BOM.
 */

export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';
const ETD_NAMESPACE = 'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/';

/** Amount in grosze as FA(3) writes it: '1234.50', '-3.07'. */
export function fa3Amount(grosze: number): string {
  const sign = grosze < 0 ? '-' : '';
  const a = Math.abs(grosze);
  return `${sign}${Math.trunc(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** A text FA(3) accepts: whitespace collapsed (its types are xsd:token), at most `max` characters. */
function token(s: string, max: number): string {
  return s.replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

/** The digits of a Polish NIP ('PL 526-025-02-74' -> '5260250274'), '' when it is not ten digits. */
export function nipDigits(s: string): string {
  const d = s.replace(/^\s*PL/i, '').replace(/\D/g, '');
  return /^[1-9]\d{9}$/.test(d) ? d : '';
}

const countryOf = (c: string) => (/^[A-Z]{2}$/.test(c.toUpperCase()) ? c.toUpperCase() : 'PL');

function address(p: { address: string; postCode: string; city: string; countryCode: string }) {
  const l2 = token(`${p.postCode} ${p.city}`, 512);
  return {
    KodKraju: countryOf(p.countryCode),
    AdresL1: token(p.address, 512) || token(p.city, 512) || '-',
    ...(l2 ? { AdresL2: l2 } : {}),
  };
}

/** The FA(3) fields the rates sum into, in the schema's order (net P_13_x, VAT P_14_x when it has one). */
const RATE_FIELDS: readonly { field: string; vat: boolean }[] = [
  { field: '1', vat: true },
  { field: '2', vat: true },
  { field: '3', vat: true },
  { field: '4', vat: true },
  { field: '6_1', vat: false },
  { field: '7', vat: false },
  { field: '8', vat: false },
  { field: '10', vat: false },
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const IBAN_OR_NRB = /^[A-Z]{2}\d{2}[0-9A-Z]{10,30}$|^\d{26}$/;

export interface Fa3Options {
  /** When the file was made (Naglowek DataWytworzeniaFa). */
  now: Date;
}

/** Why an invoice cannot be an FA(3) file, in Polish (the seller fixes the data and issues anew). */
export class Fa3Refusal extends Error {
  // A plain Error, not an SDK class: a class extending an SDK export at load time breaks when the
  // SDK is the first module loaded (it loads the plugin list, which loads this file).
  constructor(readonly userMessage: string) {
    super(userMessage);
    this.name = 'Fa3Refusal';
  }
}

/** The FA(3) XML of an issued invoice's snapshot. Throws Fa3Refusal for what FA(3) cannot carry. */
export function buildFa3(s: InvoiceSnapshot, opts: Fa3Options): string {
  const sellerNip = nipDigits(s.seller.taxId);
  if (!sellerNip)
    throw new Fa3Refusal(
      `Faktura ${s.number}: brak poprawnego NIP sprzedawcy w danych firmy; KSeF przyjmuje tylko faktury z NIP-em sprzedawcy.`,
    );
  const missing = s.rates.find((r) => r.fa3Field === null);
  if (missing)
    throw new Fa3Refusal(
      `Faktura ${s.number}: stawki VAT ${String(missing.vat)} nie ma w strukturze FA(3); popraw stawkę pozycji.`,
    );

  const buyerNip = s.buyer.isCompany ? nipDigits(s.buyer.taxId) : '';
  const buyerForeignId = s.buyer.isCompany && !buyerNip ? token(s.buyer.taxId, 50) : '';
  const buyerName = token(s.buyer.name, 512);
  const buyerId = buyerNip
    ? { NIP: buyerNip }
    : buyerForeignId
      ? {
          ...(countryOf(s.buyer.countryCode) !== 'PL' ? { KodKraju: countryOf(s.buyer.countryCode) } : {}),
          NrID: buyerForeignId,
        }
      : { BrakID: 1 };
  const contact = {
    ...(EMAIL.test(s.buyer.email.trim()) ? { Email: s.buyer.email.trim().slice(0, 255) } : {}),
    ...(token(s.buyer.tel, 16) ? { Telefon: token(s.buyer.tel, 16) } : {}),
  };

  const sums = new Map<string, { net: number; vat: number }>();
  for (const r of s.rates) {
    const x = sums.get(r.fa3Field!) ?? { net: 0, vat: 0 };
    sums.set(r.fa3Field!, { net: x.net + r.net, vat: x.vat + r.vatAmount });
  }
  const rateFields: Record<string, string> = {};
  for (const { field, vat } of RATE_FIELDS) {
    const x = sums.get(field);
    if (!x) continue;
    rateFields[`P_13_${field}`] = fa3Amount(x.net);
    if (vat) rateFields[`P_14_${field}`] = fa3Amount(x.vat);
  }
  const hasZw = s.rates.some((r) => r.vat === 'zw');
  const hasOo = s.rates.some((r) => r.vat === 'oo');
  const basis = token(s.exemptionBasis ?? '', 256) || 'art. 43 ust. 1 ustawy o VAT';

  const notes = [
    ...(token(s.annotations, 256) ? [{ Klucz: 'Uwagi', Wartosc: token(s.annotations, 256) }] : []),
    ...(s.order.externalId ? [{ Klucz: 'Zamówienie', Wartosc: token(s.order.externalId, 256) }] : []),
  ];
  const payment = token(s.paymentMethod, 256) || (s.cashOnDelivery ? 'Za pobraniem' : '');
  const account = s.bankAccount.replace(/\s+/g, '').toUpperCase();

  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Faktura: {
      '@_xmlns': FA3_NAMESPACE,
      '@_xmlns:etd': ETD_NAMESPACE,
      Naglowek: {
        KodFormularza: { '@_kodSystemowy': 'FA (3)', '@_wersjaSchemy': '1-0E', '#text': 'FA' },
        WariantFormularza: 3,
        DataWytworzeniaFa: opts.now.toISOString(),
        SystemInfo: 'Zaplecze',
      },
      Podmiot1: {
        DaneIdentyfikacyjne: { NIP: sellerNip, Nazwa: token(s.seller.name, 512) || sellerNip },
        Adres: address(s.seller),
      },
      Podmiot2: {
        DaneIdentyfikacyjne: { ...buyerId, ...(buyerName ? { Nazwa: buyerName } : {}) },
        ...(token(s.buyer.address, 512) || token(s.buyer.city, 512) ? { Adres: address(s.buyer) } : {}),
        ...(Object.keys(contact).length ? { DaneKontaktowe: contact } : {}),
        JST: 2,
        GV: 2,
      },
      Fa: {
        KodWaluty: s.currency,
        P_1: s.issueDate,
        ...(token(s.placeOfIssue, 256) ? { P_1M: token(s.placeOfIssue, 256) } : {}),
        P_2: token(s.number, 256),
        P_6: s.saleDate,
        ...rateFields,
        P_15: fa3Amount(s.totals.gross),
        Adnotacje: {
          P_16: 2,
          P_17: 2,
          P_18: hasOo ? 1 : 2,
          P_18A: 2,
          Zwolnienie: hasZw ? { P_19: 1, P_19A: basis } : { P_19N: 1 },
          NoweSrodkiTransportu: { P_22N: 1 },
          P_23: 2,
          PMarzy: { P_PMarzyN: 1 },
        },
        RodzajFaktury: 'VAT',
        ...(notes.length ? { DodatkowyOpis: notes } : {}),
        FaWiersz: s.lines.map((l) => ({
          NrWierszaFa: l.no,
          P_7: token(l.name, 512) || '-',
          ...(token(l.code, 50) ? { Indeks: token(l.code, 50) } : {}),
          ...(token(l.unit, 256) ? { P_8A: token(l.unit, 256) } : {}),
          P_8B: l.quantity,
          P_9B: fa3Amount(l.unitGross),
          P_11A: fa3Amount(l.gross),
          ...(l.vatCode ? { P_12: l.vatCode } : {}),
        })),
        ...(payment || IBAN_OR_NRB.test(account)
          ? {
              Platnosc: {
                ...(payment ? { PlatnoscInna: 1, OpisPlatnosci: payment } : {}),
                ...(IBAN_OR_NRB.test(account)
                  ? {
                      RachunekBankowy: {
                        NrRB: account,
                        ...(token(s.bankName, 256) ? { NazwaBanku: token(s.bankName, 256) } : {}),
                      },
                    }
                  : {}),
              },
            }
          : {}),
      },
    },
  };
  return new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ' }).build(
    doc,
  ) as string;
}
