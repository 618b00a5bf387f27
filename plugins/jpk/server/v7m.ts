import { nipDigits, type InvoiceRateTotal, type InvoiceSnapshot } from '@zaplecze/contract';
import { lastDayOf, type JpkSettings } from '../schemas';
import type { KsefMark } from './sales';
import { amount, el, esc, token, wholePln, XmlOut } from './xml';

/**
 * JPK_V7M(3): the month's sales register and the VAT-7 (23) declaration, built as the documents
 * stream past (docs/decisions.md, "Plugin: jpk", has every rule and why). One register row
 * (`SprzedazWiersz`) per invoice; the month's receipts summed into one row marked 'RO'; invoices
 * issued to a receipt marked 'FP' and left out of the declaration and of `PodatekNalezny`. The
 * rows are written into UTF-8 buffers at once; only the sums are kept, so a month of 100,000
 * invoices is never held as objects. The declaration precedes the register in the file, so the
 * head is written last and put in front. Every row is a line of its own, so the validator's line
 * numbers point at rows.
 */

export const V7M_NS = 'http://crd.gov.pl/wzor/2025/12/19/14090/';
export const V7M_ETD_NS = 'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/09/13/eD/DefinicjeTypy/';

/** The register's amount fields this plugin fills, in the schema's order. */
const K_FIELDS = [
  'K_10',
  'K_11',
  'K_12',
  'K_13',
  'K_15',
  'K_16',
  'K_17',
  'K_18',
  'K_19',
  'K_20',
  'K_21',
  'K_22',
] as const;
export type KField = (typeof K_FIELDS)[number];
/** The fields that come in pairs (base and tax: both or neither). */
const PAIRS: Partial<Record<KField, KField>> = { K_15: 'K_16', K_17: 'K_18', K_19: 'K_20' };
/** The tax fields (PodatekNalezny is their sum). */
const TAX_FIELDS: readonly KField[] = ['K_16', 'K_18', 'K_20'];

/** The TNumerKSeF pattern of the schema: a number that does not match is not written as one. */
export const KSEF_NUMBER =
  /^([1-9]((\d[1-9])|([1-9]\d))\d{7}|M\d{9}|[A-Z]{3}\d{7})-(20[2-9][0-9]|2[1-9][0-9]{2}|[3-9][0-9]{3})(0[1-9]|1[0-2])(0[1-9]|[1-2][0-9]|3[0-1])-([0-9A-F]{6})-?([0-9A-F]{6})-([0-9A-F]{2})$/;

/**
 * The register fields of one VAT rate of a snapshot: net into the base field, VAT into the tax
 * field of the pair; undefined for a rate JPK_V7M(3) has no seller's field for ('oo', 4 %, 3 %,
 * any other number).
 */
export function fieldsOfRate(
  rate: Pick<InvoiceRateTotal, 'vat' | 'vatCode'>,
): { base: KField; tax?: KField; also?: KField } | undefined {
  switch (rate.vat) {
    case 2300:
    case 2200:
      return { base: 'K_19', tax: 'K_20' };
    case 800:
    case 700:
      return { base: 'K_17', tax: 'K_18' };
    case 500:
      return { base: 'K_15', tax: 'K_16' };
    case 0:
      if (rate.vatCode === '0 WDT') return { base: 'K_21' };
      if (rate.vatCode === '0 EX') return { base: 'K_22' };
      return { base: 'K_13' };
    case 'zw':
      return { base: 'K_10' };
    case 'np':
      return rate.vatCode === 'np II' ? { base: 'K_11', also: 'K_12' } : { base: 'K_11' };
    default:
      return undefined;
  }
}

/** The register amounts of a snapshot (grosze), or undefined when a rate has no field. */
export function registerAmounts(s: Pick<InvoiceSnapshot, 'rates'>): Map<KField, number> | undefined {
  const out = new Map<KField, number>();
  for (const r of s.rates) {
    const f = fieldsOfRate(r);
    if (!f) return undefined;
    out.set(f.base, (out.get(f.base) ?? 0) + r.net);
    if (f.also) out.set(f.also, (out.get(f.also) ?? 0) + r.net);
    if (f.tax) out.set(f.tax, (out.get(f.tax) ?? 0) + r.vatAmount);
  }
  for (const [base, tax] of Object.entries(PAIRS) as [KField, KField][]) {
    if (out.has(base) && !out.has(tax)) out.set(tax, 0);
    if (out.has(tax) && !out.has(base)) out.set(base, 0);
  }
  return out;
}

function kXml(amounts: ReadonlyMap<KField, number>): string {
  let out = '';
  for (const k of K_FIELDS) {
    const v = amounts.get(k);
    if (v !== undefined) out += `<${k}>${amount(v)}</${k}>`;
  }
  return out;
}

/** The buyer as the register names them: a tax number (with its country outside Poland) or 'brak'. */
export function counterparty(b: InvoiceSnapshot['buyer']): { country?: string; id: string; name: string } {
  const name = token(b.name, 512);
  const raw = b.taxId.trim();
  if (!b.isCompany || raw === '') return { id: 'brak', name };
  const country = b.countryCode.trim().toUpperCase();
  if (country === '' || country === 'PL')
    return { id: nipDigits(raw) ?? token(raw.replace(/[^0-9A-Za-z]/g, ''), 50), name };
  const code = country === 'GR' ? 'EL' : country;
  let id = raw.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (id.startsWith(code) && id.length > code.length) id = id.slice(code.length);
  return { country: /^[A-Z]{2}$/.test(code) ? code : undefined, id: token(id, 50), name };
}

/** Podmiot1 of JPK_V7M: a natural person (names in the shared types' namespace) or not. */
export function podmiotXml(s: JpkSettings): string {
  const nip = nipDigits(s.nip) ?? s.nip;
  const contact = el('Email', token(s.email, 255)) + (s.phone ? el('Telefon', token(s.phone, 16)) : '');
  if (s.naturalPerson)
    return (
      '<Podmiot1 rola="Podatnik"><OsobaFizyczna>' +
      `<etd:NIP>${esc(nip)}</etd:NIP>` +
      `<etd:ImiePierwsze>${esc(token(s.firstName, 30))}</etd:ImiePierwsze>` +
      `<etd:Nazwisko>${esc(token(s.lastName, 81))}</etd:Nazwisko>` +
      `<etd:DataUrodzenia>${esc(s.birthDate)}</etd:DataUrodzenia>` +
      `${contact}</OsobaFizyczna></Podmiot1>`
    );
  return (
    '<Podmiot1 rola="Podatnik"><OsobaNiefizyczna>' +
    el('NIP', nip) +
    el('PelnaNazwa', token(s.fullName, 240)) +
    `${contact}</OsobaNiefizyczna></Podmiot1>`
  );
}

export interface V7mOptions {
  year: number;
  month: number;
  correction: boolean;
  settings: JpkSettings;
  now: Date;
}

export interface V7mResult {
  chunks: Buffer[];
  bytes: number;
  invoices: number;
  receipts: number;
  rows: number;
  /** PodatekNalezny (grosze). */
  taxDue: number;
  /** P_38 and P_51 (whole złoty). */
  p38: number;
  p51: number;
  /** The declaration's fields (whole złoty), as written. */
  declaration: Record<string, number>;
  /** Numbers of documents the file cannot carry: foreign currency, and rates without a field. */
  foreign: string[];
  unsupported: string[];
  /** Counts for the file's notes. */
  fp: number;
  waitingForKsef: number;
  otherSellerNip: number;
}

/** Builds the month's JPK_V7M as invoices and receipts are added; `finish()` assembles it. */
export class V7mWriter {
  private readonly rowsOut = new XmlOut();
  private lp = 0;
  private invoices = 0;
  private receipts = 0;
  /** Sums of the rows that count (all but FP), grosze. */
  private readonly sums = new Map<KField, number>();
  private readonly roSums = new Map<KField, number>();
  private firstReceipt = '';
  private lastReceipt = '';
  private fp = 0;
  private waitingForKsef = 0;
  private otherSellerNip = 0;
  private readonly foreign: string[] = [];
  private readonly unsupported: string[] = [];
  private readonly sellerNip: string;

  constructor(private readonly opts: V7mOptions) {
    this.sellerNip = nipDigits(opts.settings.nip) ?? '';
  }

  private check(s: InvoiceSnapshot, number: string): Map<KField, number> | undefined {
    if ((nipDigits(s.seller.taxId) ?? s.seller.taxId) !== this.sellerNip) this.otherSellerNip++;
    if (s.currency !== 'PLN') {
      this.foreign.push(number);
      return undefined;
    }
    const amounts = registerAmounts(s);
    if (!amounts) this.unsupported.push(number);
    return amounts;
  }

  /** One invoice's row. `toReceipt`: its order has a receipt (marked FP, not counted again). */
  addInvoice(number: string, s: InvoiceSnapshot, ksef: KsefMark | undefined, toReceipt: boolean): void {
    this.invoices++;
    const amounts = this.check(s, number);
    if (!amounts || this.foreign.length + this.unsupported.length > 0) return;
    const who = counterparty(s.buyer);
    let mark = '<BFK>1</BFK>';
    if (ksef && 'number' in ksef && KSEF_NUMBER.test(ksef.number)) mark = el('NrKSeF', ksef.number);
    else if (ksef && 'offline' in ksef && ksef.offline) mark = '<OFF>1</OFF>';
    else if (ksef && 'waiting' in ksef && ksef.waiting) this.waitingForKsef++;
    this.lp++;
    this.rowsOut.push(
      `<SprzedazWiersz>${el('LpSprzedazy', this.lp)}` +
        (who.country ? el('KodKrajuNadaniaTIN', who.country) : '') +
        el('NrKontrahenta', who.id) +
        el('NazwaKontrahenta', who.name) +
        el('DowodSprzedazy', token(number, 256)) +
        el('DataWystawienia', s.issueDate) +
        (s.saleDate && s.saleDate !== s.issueDate ? el('DataSprzedazy', s.saleDate) : '') +
        mark +
        (toReceipt ? '<TypDokumentu>FP</TypDokumentu>' : '') +
        `${kXml(amounts)}</SprzedazWiersz>\n`,
    );
    if (toReceipt) {
      this.fp++;
      return;
    }
    for (const [k, v] of amounts) this.sums.set(k, (this.sums.get(k) ?? 0) + v);
  }

  /** One receipt: summed into the month's RO row. */
  addReceipt(number: string, s: InvoiceSnapshot): void {
    this.receipts++;
    if (this.firstReceipt === '') this.firstReceipt = number;
    this.lastReceipt = number;
    const amounts = this.check(s, number);
    if (!amounts) return;
    for (const [k, v] of amounts) this.roSums.set(k, (this.roSums.get(k) ?? 0) + v);
  }

  private declaration(): { xml: string; p38: number; p51: number; fields: Record<string, number> } {
    const p = (k: KField) => (this.sums.has(k) ? wholePln(this.sums.get(k)!) : undefined);
    const fields: Record<string, number> = {};
    const put = (name: string, v: number | undefined) => {
      if (v !== undefined) fields[name] = v;
    };
    put('P_10', p('K_10'));
    if (this.sums.has('K_11')) {
      put('P_11', p('K_11'));
      put('P_12', p('K_12'));
    }
    put('P_13', p('K_13'));
    for (const [pb, pt, kb, kt] of [
      ['P_15', 'P_16', 'K_15', 'K_16'],
      ['P_17', 'P_18', 'K_17', 'K_18'],
      ['P_19', 'P_20', 'K_19', 'K_20'],
    ] as const)
      if (this.sums.has(kb) || this.sums.has(kt)) {
        fields[pb] = p(kb) ?? 0;
        fields[pt] = p(kt) ?? 0;
      }
    put('P_21', p('K_21'));
    put('P_22', p('K_22'));
    const bases = ['P_10', 'P_11', 'P_13', 'P_15', 'P_17', 'P_19', 'P_21', 'P_22'];
    fields.P_37 = bases.reduce((t, k) => t + (fields[k] ?? 0), 0);
    fields.P_38 = ['P_16', 'P_18', 'P_20'].reduce((t, k) => t + (fields[k] ?? 0), 0);
    // No purchases: P_48 (input VAT) is 0, so the tax to pay is P_38 when positive.
    fields.P_51 = Math.max(fields.P_38, 0);
    const order = [
      'P_10',
      'P_11',
      'P_12',
      'P_13',
      'P_15',
      'P_16',
      'P_17',
      'P_18',
      'P_19',
      'P_20',
      'P_21',
      'P_22',
      'P_37',
      'P_38',
      'P_51',
    ];
    const xml =
      '<Deklaracja><Naglowek>' +
      '<KodFormularzaDekl kodSystemowy="VAT-7 (23)" kodPodatku="VAT" rodzajZobowiazania="Z" wersjaSchemy="1-0E">VAT-7</KodFormularzaDekl>' +
      '<WariantFormularzaDekl>23</WariantFormularzaDekl></Naglowek><PozycjeSzczegolowe>' +
      order.map((k) => (fields[k] === undefined ? '' : el(k, fields[k]))).join('') +
      '</PozycjeSzczegolowe><Pouczenia>1</Pouczenia></Deklaracja>';
    return { xml, p38: fields.P_38, p51: fields.P_51, fields };
  }

  /** The file: head (header, taxpayer, declaration), the rows, the control sums. */
  finish(): V7mResult {
    const { year, month, correction, settings, now } = this.opts;
    const refused = this.foreign.length + this.unsupported.length > 0;
    if (this.receipts > 0 && !refused) {
      const amounts = this.roSums;
      for (const [base, tax] of Object.entries(PAIRS) as [KField, KField][]) {
        if (amounts.has(base) && !amounts.has(tax)) amounts.set(tax, 0);
      }
      const mm = String(month).padStart(2, '0');
      const range =
        this.firstReceipt === this.lastReceipt ? this.firstReceipt : `${this.firstReceipt} – ${this.lastReceipt}`;
      this.lp++;
      this.rowsOut.push(
        `<SprzedazWiersz>${el('LpSprzedazy', this.lp)}` +
          '<NrKontrahenta>brak</NrKontrahenta><NazwaKontrahenta>brak</NazwaKontrahenta>' +
          el('DowodSprzedazy', token(`RO ${mm}/${year}: ${range}`, 256)) +
          el('DataWystawienia', lastDayOf(year, month)) +
          '<DI>1</DI><TypDokumentu>RO</TypDokumentu>' +
          `${kXml(amounts)}</SprzedazWiersz>\n`,
      );
      for (const [k, v] of amounts) this.sums.set(k, (this.sums.get(k) ?? 0) + v);
    }
    const taxDue = TAX_FIELDS.reduce((t, k) => t + (this.sums.get(k) ?? 0), 0);
    const dekl = this.declaration();
    const head = new XmlOut();
    head.push(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        `<JPK xmlns="${V7M_NS}" xmlns:etd="${V7M_ETD_NS}">` +
        '<Naglowek><KodFormularza kodSystemowy="JPK_V7M (3)" wersjaSchemy="1-0E">JPK_VAT</KodFormularza>' +
        '<WariantFormularza>3</WariantFormularza>' +
        el('DataWytworzeniaJPK', `${now.toISOString().slice(0, 19)}Z`) +
        '<NazwaSystemu>Zaplecze</NazwaSystemu>' +
        `<CelZlozenia poz="P_7">${correction ? 2 : 1}</CelZlozenia>` +
        el('KodUrzedu', settings.taxOfficeCode) +
        el('Rok', year) +
        el('Miesiac', month) +
        '</Naglowek>' +
        podmiotXml(settings) +
        `\n${dekl.xml}\n` +
        '<Ewidencja>\n',
    );
    const tail = new XmlOut();
    tail.push(
      `<SprzedazCtrl>${el('LiczbaWierszySprzedazy', this.lp)}${el('PodatekNalezny', amount(taxDue))}</SprzedazCtrl>` +
        '<ZakupCtrl><LiczbaWierszyZakupow>0</LiczbaWierszyZakupow><PodatekNaliczony>0.00</PodatekNaliczony></ZakupCtrl>' +
        '</Ewidencja></JPK>\n',
    );
    const chunks = [...head.take(), ...this.rowsOut.take(), ...tail.take()];
    return {
      chunks,
      bytes: chunks.reduce((t, c) => t + c.length, 0),
      invoices: this.invoices,
      receipts: this.receipts,
      rows: this.lp,
      taxDue,
      p38: dekl.p38,
      p51: dekl.p51,
      declaration: dekl.fields,
      foreign: this.foreign,
      unsupported: this.unsupported,
      fp: this.fp,
      waitingForKsef: this.waitingForKsef,
      otherSellerNip: this.otherSellerNip,
    };
  }
}
