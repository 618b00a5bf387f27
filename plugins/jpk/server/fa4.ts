import { nipDigits, type InvoiceLineSnapshot, type InvoiceRateTotal, type InvoiceSnapshot } from '@zaplecze/contract';
import type { JpkSettings } from '../schemas';
import { amount, el, esc, token, XmlOut } from './xml';

/**
 * JPK_FA(4): the invoices of a period with their lines (docs/decisions.md, "Plugin: jpk"). Every
 * invoice issued in the period (by issue date) is one `Faktura` in its own currency and its lines
 * are `FakturaWiersz` rows; the schema puts all invoices before all lines, so the two are written
 * into two sets of UTF-8 buffers as the documents stream past and joined at the end.
 */

export const FA4_NS = 'http://jpk.mf.gov.pl/wzor/2022/02/17/02171/';
export const FA4_ETD_NS = 'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2018/08/24/eD/DefinicjeTypy/';

/** The invoice's sum fields of a rate (`P_13_x` net, `P_14_x` VAT), or undefined when it has none. */
export function faFieldsOfRate(
  rate: Pick<InvoiceRateTotal, 'vat'>,
): { net: string; vat?: string; zeroVat?: boolean } | undefined {
  switch (rate.vat) {
    case 2300:
    case 2200:
      return { net: 'P_13_1', vat: 'P_14_1' };
    case 800:
    case 700:
      return { net: 'P_13_2', vat: 'P_14_2' };
    case 500:
      return { net: 'P_13_3', vat: 'P_14_3' };
    case 400:
    case 300:
      return { net: 'P_13_4', vat: 'P_14_4' };
    case 'oo':
      // Reverse charge: its net in P_13_4 with the VAT "0" (the schema's own words).
      return { net: 'P_13_4', vat: 'P_14_4', zeroVat: true };
    case 'np':
      return { net: 'P_13_5' };
    case 0:
      return { net: 'P_13_6' };
    case 'zw':
      return { net: 'P_13_7' };
    default:
      return undefined;
  }
}

/** A line's P_12 (the rate as the schema spells it), or undefined for a rate it has no code for. */
export function faRateCode(vat: InvoiceLineSnapshot['vat']): string | undefined {
  if (typeof vat === 'string') return vat;
  const codes: Record<number, string> = {
    2300: '23',
    2200: '22',
    800: '8',
    700: '7',
    500: '5',
    400: '4',
    300: '3',
    0: '0',
  };
  return codes[vat];
}

const SUM_ORDER = ['1', '2', '3', '4'] as const;

function address(p: { address: string; postCode: string; city: string }): string {
  return [p.address, [p.postCode, p.city].filter(Boolean).join(' ')].filter((x) => x.trim() !== '').join(', ');
}

/** Podmiot1 of JPK_FA: NIP, full name and the address in Poland from the settings. */
export function faPodmiotXml(s: JpkSettings): string {
  const name = s.fullName !== '' ? s.fullName : `${s.firstName} ${s.lastName}`;
  const e = (n: string, v: string) => `<etd:${n}>${esc(v)}</etd:${n}>`;
  return (
    '<Podmiot1><IdentyfikatorPodmiotu>' +
    el('NIP', nipDigits(s.nip) ?? s.nip) +
    el('PelnaNazwa', token(name, 240)) +
    '</IdentyfikatorPodmiotu><AdresPodmiotu>' +
    e('KodKraju', 'PL') +
    e('Wojewodztwo', token(s.province, 36)) +
    e('Powiat', token(s.county, 36)) +
    e('Gmina', token(s.commune, 36)) +
    (s.street ? e('Ulica', token(s.street, 65)) : '') +
    e('NrDomu', token(s.houseNumber, 9)) +
    (s.flatNumber ? e('NrLokalu', token(s.flatNumber, 10)) : '') +
    e('Miejscowosc', token(s.city, 56)) +
    e('KodPocztowy', s.postCode) +
    '</AdresPodmiotu></Podmiot1>'
  );
}

export interface FaOptions {
  dateFrom: string;
  dateTo: string;
  settings: JpkSettings;
  now: Date;
}

export interface FaResult {
  chunks: Buffer[];
  bytes: number;
  invoices: number;
  lines: number;
  /** WartoscFaktur: the sum of P_15 (grosze, whatever the currency). */
  grossTotal: number;
  /** WartoscWierszyFaktur: the sum of the lines' P_11 (net). */
  linesNetTotal: number;
  /** Invoices in a foreign currency (their VAT in złoty, P_14_xW, is left out). */
  foreign: number;
  unsupported: string[];
}

/** Builds JPK_FA(4) as invoices are added; `finish()` assembles it. */
export class FaWriter {
  private readonly invoicesOut = new XmlOut();
  private readonly linesOut = new XmlOut();
  private invoices = 0;
  private lines = 0;
  private grossTotal = 0;
  private linesNetTotal = 0;
  private foreign = 0;
  private readonly unsupported: string[] = [];

  constructor(private readonly opts: FaOptions) {}

  /** Whether the invoice belongs to the period (its issue date). */
  inPeriod(s: InvoiceSnapshot): boolean {
    return s.issueDate >= this.opts.dateFrom && s.issueDate <= this.opts.dateTo;
  }

  addInvoice(number: string, s: InvoiceSnapshot): void {
    this.invoices++;
    const sums = new Map<string, number>();
    let reverseCharge = false;
    if (!s.lines.every((l) => faRateCode(l.vat) !== undefined)) {
      this.unsupported.push(number);
      return;
    }
    for (const r of s.rates) {
      const f = faFieldsOfRate(r);
      if (!f) {
        this.unsupported.push(number);
        return;
      }
      sums.set(f.net, (sums.get(f.net) ?? 0) + r.net);
      if (f.vat) sums.set(f.vat, (sums.get(f.vat) ?? 0) + (f.zeroVat ? 0 : r.vatAmount));
      if (f.zeroVat) reverseCharge = true;
    }
    if (this.unsupported.length > 0) return;
    if (s.currency !== 'PLN') this.foreign++;
    const buyerId = s.buyer.isCompany ? s.buyer.taxId.replace(/[^0-9A-Za-z]/g, '') : '';
    const buyerAddress = address(s.buyer);
    const sellerId = nipDigits(s.seller.taxId) ?? s.seller.taxId.replace(/[^0-9A-Za-z]/g, '');
    const hasZw = s.rates.some((r) => r.vat === 'zw');
    const basis = hasZw && s.exemptionBasis ? token(s.exemptionBasis, 256, '') : '';
    let money = '';
    for (const n of SUM_ORDER) {
      const net = sums.get(`P_13_${n}`);
      if (net === undefined) continue;
      money += el(`P_13_${n}`, amount(net)) + el(`P_14_${n}`, amount(sums.get(`P_14_${n}`) ?? 0));
    }
    for (const f of ['P_13_5', 'P_13_6', 'P_13_7']) {
      const net = sums.get(f);
      if (net !== undefined) money += el(f, amount(net));
    }
    this.grossTotal += s.totals.gross;
    this.invoicesOut.push(
      '<Faktura>' +
        el('KodWaluty', s.currency) +
        el('P_1', s.issueDate) +
        el('P_2A', token(number, 256)) +
        (s.buyer.name.trim() ? el('P_3A', token(s.buyer.name, 256)) : '') +
        (buyerAddress ? el('P_3B', token(buyerAddress, 256)) : '') +
        el('P_3C', token(s.seller.name, 256)) +
        el('P_3D', token(address(s.seller), 256)) +
        (sellerId ? el('P_4B', token(sellerId, 50)) : '') +
        (buyerId ? el('P_5B', token(buyerId, 50)) : '') +
        (s.saleDate && s.saleDate !== s.issueDate ? el('P_6', s.saleDate) : '') +
        money +
        el('P_15', amount(s.totals.gross)) +
        '<P_16>false</P_16><P_17>false</P_17>' +
        `<P_18>${reverseCharge}</P_18><P_18A>false</P_18A>` +
        `<P_19>${hasZw}</P_19>` +
        (basis ? el('P_19A', basis) : '') +
        '<P_20>false</P_20><P_21>false</P_21><P_22>false</P_22><P_23>false</P_23>' +
        '<P_106E_2>false</P_106E_2><P_106E_3>false</P_106E_3>' +
        '<RodzajFaktury>VAT</RodzajFaktury></Faktura>\n',
    );
    const unit = token(s.unit || 'szt.', 256);
    let lines = '';
    for (const l of s.lines) {
      this.lines++;
      this.linesNetTotal += l.net;
      lines +=
        '<FakturaWiersz>' +
        el('P_2B', token(number, 256)) +
        el('P_7', token(l.name, 256)) +
        el('P_8A', l.unit ? token(l.unit, 256) : unit) +
        el('P_8B', l.quantity) +
        el('P_9B', amount(l.unitGross)) +
        el('P_11', amount(l.net)) +
        el('P_11A', amount(l.gross)) +
        el('P_12', faRateCode(l.vat)!) +
        '</FakturaWiersz>\n';
    }
    this.linesOut.push(lines);
  }

  finish(): FaResult {
    const { dateFrom, dateTo, settings, now } = this.opts;
    const head = new XmlOut();
    head.push(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        `<JPK xmlns="${FA4_NS}" xmlns:etd="${FA4_ETD_NS}">` +
        '<Naglowek><KodFormularza kodSystemowy="JPK_FA (4)" wersjaSchemy="1-0">JPK_FA</KodFormularza>' +
        '<WariantFormularza>4</WariantFormularza><CelZlozenia>1</CelZlozenia>' +
        el('DataWytworzeniaJPK', `${now.toISOString().slice(0, 19)}Z`) +
        el('DataOd', dateFrom) +
        el('DataDo', dateTo) +
        el('KodUrzedu', settings.taxOfficeCode) +
        '</Naglowek>' +
        `\n${faPodmiotXml(settings)}\n`,
    );
    const middle = new XmlOut();
    middle.push(
      `<FakturaCtrl>${el('LiczbaFaktur', this.invoices)}${el('WartoscFaktur', amount(this.grossTotal))}</FakturaCtrl>\n`,
    );
    const tail = new XmlOut();
    tail.push(
      `<FakturaWierszCtrl>${el('LiczbaWierszyFaktur', this.lines)}${el('WartoscWierszyFaktur', amount(this.linesNetTotal))}</FakturaWierszCtrl>` +
        '</JPK>\n',
    );
    const chunks = [
      ...head.take(),
      ...this.invoicesOut.take(),
      ...middle.take(),
      ...this.linesOut.take(),
      ...tail.take(),
    ];
    return {
      chunks,
      bytes: chunks.reduce((t, c) => t + c.length, 0),
      invoices: this.invoices,
      lines: this.lines,
      grossTotal: this.grossTotal,
      linesNetTotal: this.linesNetTotal,
      foreign: this.foreign,
      unsupported: this.unsupported,
    };
  }
}
