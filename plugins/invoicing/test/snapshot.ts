import { amountInWords, invoiceTotals, type InvoiceLineInput, type InvoiceSnapshot } from '@zaplecze/contract';

/**
 * An issued invoice's snapshot for the plugin's tests (the shape the core stores: packages/contract
 * src/invoices.ts): a seller with a NIP in Łódź, a company or private buyer, the lines' totals per
 * rate computed as the core does. Everything not given has a plausible default.
 */
export function snapshotOf(p: {
  lines: InvoiceLineInput[];
  company?: boolean;
  currency?: string;
  cod?: boolean;
  name?: string;
  n?: number;
  number?: string;
  /** YYYY-MM-DD; default 2026-11-28. */
  issueDate?: string;
  issuedAt?: Date;
}): InvoiceSnapshot {
  const n = p.n ?? 1;
  const company = p.company ?? true;
  const currency = p.currency ?? 'PLN';
  const issueDate = p.issueDate ?? '2026-11-28';
  const t = invoiceTotals(p.lines);
  const zw = t.rates.some((r) => r.vat === 'zw');
  return {
    version: 1,
    number: p.number ?? `FV ${n}/${issueDate.slice(5, 7)}/${issueDate.slice(0, 4)}`,
    n,
    month: Number(issueDate.slice(5, 7)),
    year: Number(issueDate.slice(0, 4)),
    issueDate,
    issuedAt: (p.issuedAt ?? new Date(`${issueDate}T12:00:00.000Z`)).toISOString(),
    saleDate: issueDate,
    placeOfIssue: 'Łódź',
    bankAccount: n % 2 ? 'PL61 1090 1014 0000 0712 1981 2874' : '',
    bankName: n % 2 ? 'Santander Bank Polska' : '',
    currency,
    seller: {
      name: 'Sklep Żółta Łódź sp. z o.o.',
      taxId: '526-025-02-74',
      address: 'ul. Świętokrzyska 5',
      postCode: '00-001',
      city: 'Warszawa',
      countryCode: 'PL',
    },
    buyer: {
      isCompany: company,
      name: p.name ?? 'Żółta Gęś sp. z o.o.',
      taxId: company ? '5260250995' : '',
      address: 'ul. Źródlana 7/12',
      postCode: '80-180',
      city: 'Gdańsk',
      countryCode: 'PL',
      email: 'kupujacy@example.pl',
      tel: '+48 600 100 200',
    },
    lines: t.lines.map((l, i) => ({ ...l, no: i + 1, unit: 'szt.' })),
    rates: t.rates,
    totals: t.totals,
    amountInWords: amountInWords(t.totals.gross, currency),
    paymentMethod: p.cod ? 'Za pobraniem' : 'Przelew',
    cashOnDelivery: p.cod ?? false,
    shippingName: 'Dostawa',
    issuer: 'Jan Wystawiający',
    unit: 'szt.',
    annotations: n % 3 ? '' : 'Towar odebrany osobiście & sprawdzony <bez uwag>.',
    exemptionBasis: zw ? 'art. 43 ust. 1 pkt 37 ustawy o VAT' : '',
    vatNotes: [],
    order: { id: n, externalId: n % 2 ? `ALG-${n}` : null, orderDate: issueDate },
  };
}
