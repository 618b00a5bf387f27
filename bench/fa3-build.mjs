// FA(3) at volume (docs/plugins.md, "Plugin: invoicing"; issue 21 §4, its first part): 1,000
// invoices of 1-12 lines at mixed rates built as FA(3) from their snapshots and validated against
// the official schema in one validator call. Sending them to KSeF comes with the KSeF slice; the
// target for all of it is <= 60 s. Usage: npm run bench:fa3 [-- --invoices 1000]
import { parseArgs } from 'node:util';
import { amountInWords, invoiceTotals, vatToStored } from '@zaplecze/contract';
import { buildFa3 } from '../plugins/invoicing/server/fa3.ts';
import { validateFa3 } from '../plugins/invoicing/server/schemas.ts';

const { values: args } = parseArgs({ options: { invoices: { type: 'string', default: '1000' } } });
const N = Number(args.invoices);
const RATES = [2300, 2300, 2300, 800, 500, 0, vatToStored('zw')];

function snapshot(n) {
  const lines = Array.from({ length: 1 + (n % 12) }, (_, i) => ({
    name: `Towar ${n}-${i} żółty`,
    code: `T-${n}-${i}`,
    quantity: 1 + ((n + i) % 5),
    unitGross: 199 + ((n * 37 + i * 101) % 50_000),
    vat: RATES[(n + i) % RATES.length],
  }));
  const t = invoiceTotals(lines);
  return {
    version: 1,
    number: `FV ${n}/11/2026`,
    n,
    month: 11,
    year: 2026,
    issueDate: '2026-11-28',
    issuedAt: '2026-11-28T10:00:00.000Z',
    saleDate: '2026-11-27',
    placeOfIssue: 'Warszawa',
    bankAccount: '',
    bankName: '',
    currency: 'PLN',
    seller: {
      name: 'Sklep',
      taxId: '5260250274',
      address: 'Długa 1',
      postCode: '00-001',
      city: 'Warszawa',
      countryCode: 'PL',
    },
    buyer: {
      isCompany: n % 3 === 0,
      name: `Klient ${n}`,
      taxId: n % 3 === 0 ? '5260250995' : '',
      address: 'Krótka 2',
      postCode: '30-001',
      city: 'Kraków',
      countryCode: 'PL',
      email: `k${n}@example.pl`,
      tel: '600100200',
    },
    lines: t.lines.map((l, i) => ({ ...l, no: i + 1, unit: 'szt.' })),
    rates: t.rates,
    totals: t.totals,
    amountInWords: amountInWords(t.totals.gross),
    paymentMethod: 'Przelew',
    cashOnDelivery: false,
    shippingName: '',
    issuer: 'Jan',
    unit: 'szt.',
    annotations: '',
    exemptionBasis: t.rates.some((r) => r.vat === 'zw') ? 'art. 43 ust. 1 pkt 37 ustawy o VAT' : '',
    vatNotes: [],
    order: { id: n, externalId: null, orderDate: '2026-11-27' },
  };
}

const snapshots = Array.from({ length: N }, (_, i) => snapshot(i + 1));
const now = new Date();
const t0 = performance.now();
const docs = snapshots.map((s) => ({ name: s.number, xml: buildFa3(s, { now }) }));
const built = performance.now() - t0;
const t1 = performance.now();
const errors = await validateFa3(docs);
const validated = performance.now() - t1;
if (errors.length > 0) throw new Error(`invalid: ${JSON.stringify(errors.slice(0, 3))}`);
const kb = docs.reduce((s, d) => s + Buffer.byteLength(d.xml), 0) / 1024;
console.log(
  `${N} invoices as FA(3) (${Math.round(kb)} kB): built in ${(built / 1000).toFixed(2)} s, ` +
    `validated against the official schema in ${(validated / 1000).toFixed(2)} s (one call, WebAssembly start included)`,
);
