/**
 * What the jpk tests expect of a file, computed straight from the snapshots and independently of
 * the plugin's writers: the register's amount fields per VAT rate as the ministry's schema
 * documents them, and the XML read back into plain values.
 */
import type { InvoiceSnapshot } from '@zaplecze/contract';
import { XMLParser } from 'fast-xml-parser';

/** The seller's register field of each rate (the schema's documentation of K_10..K_22). */
const FIELD: Record<string, [string, string?]> = {
  '2300': ['K_19', 'K_20'],
  '2200': ['K_19', 'K_20'],
  '800': ['K_17', 'K_18'],
  '700': ['K_17', 'K_18'],
  '500': ['K_15', 'K_16'],
  '0': ['K_13'],
  zw: ['K_10'],
  np: ['K_11'],
};

/** Sums of the register fields (grosze) over the snapshots. */
export function registerSums(snapshots: readonly InvoiceSnapshot[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of snapshots)
    for (const r of s.rates) {
      const [base, tax] = FIELD[String(r.vat)]!;
      out[base] = (out[base] ?? 0) + r.net;
      if (tax) out[tax] = (out[tax] ?? 0) + r.vatAmount;
    }
  return out;
}

/** Whole złoty as the declaration rounds (below 50 groszy down, from 50 up). */
export const zloty = (grosze: number) => Math.floor((grosze + 50) / 100);

/** '1234.56' -> 123456 (exact). */
export function grosze(text: string | number): number {
  const s = String(text);
  const neg = s.startsWith('-');
  const [w, f = ''] = s.replace('-', '').split('.');
  const v = Number(w) * 100 + Number((f + '00').slice(0, 2));
  return neg ? -v : v;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => ['SprzedazWiersz', 'Faktura', 'FakturaWiersz'].includes(name),
});

/** The file as plain values: `JPK.Naglowek`, `JPK.Ewidencja.SprzedazWiersz[]`, ... (all text). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function readXml(xml: Buffer | string): any {
  return parser.parse(typeof xml === 'string' ? xml : xml.toString('utf8'));
}

/** Sums of the K_ fields of register rows (grosze), e.g. only the rows that count. */
export function rowSums(rows: readonly Record<string, unknown>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows)
    for (const [k, v] of Object.entries(r)) if (/^K_\d+$/.test(k)) out[k] = (out[k] ?? 0) + grosze(v as string);
  return out;
}
