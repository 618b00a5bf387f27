/**
 * The FA(3) builder against the official schema (plugins/invoicing/schema/fa3): a fast-check
 * property over random invoices (private and company buyers, several rates including zw, np and
 * oo, foreign currency, cash on delivery, long and Polish texts) whose every file validates and
 * whose totals per rate equal the snapshot's (the printed invoice's); the ministry's own sample
 * invoice validates with the same validator and its fields land where ours do; what FA(3) cannot
 * carry is refused in Polish.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { vatToStored } from '@zaplecze/contract';
import { XMLParser } from '@zaplecze/plugin-sdk';
import { snapshotOf } from '../test/snapshot';
import { describe, expect, it } from 'vitest';
import { buildFa3, fa3Amount, Fa3Refusal } from './fa3';
import { validateFa3 } from './schemas';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const RATES = [2300, 800, 500, 0, vatToStored('zw')!, vatToStored('np')!, vatToStored('oo')!];

const lineArb = fc.record({
  name: fc.string({ minLength: 1, maxLength: 600 }).map((s) => `Towar ${s}`),
  code: fc.oneof(fc.constant(''), fc.stringMatching(/^[A-Z0-9-]{1,60}$/)),
  quantity: fc.integer({ min: 1, max: 500 }),
  unitGross: fc.integer({ min: 1, max: 5_000_000 }),
  vat: fc.constantFrom(...RATES),
});
const invoiceArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 12 }),
  company: fc.boolean(),
  currency: fc.constantFrom('PLN', 'PLN', 'EUR', 'USD'),
  cod: fc.boolean(),
  name: fc.oneof(fc.constant(''), fc.constant('Żółta Gęś sp. z o.o.'), fc.string({ maxLength: 80 })),
  n: fc.integer({ min: 1, max: 99_999 }),
});

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, isArray: (n) => n === 'FaWiersz' });
const grosze = (s: unknown) => Math.round(Number(s) * 100);

describe('FA(3) from the invoice snapshot', () => {
  it('every random invoice validates against the official schema and carries the printed totals', async () => {
    const samples = fc.sample(invoiceArb, { numRuns: 120, seed: 20261128 });
    const snapshots = samples.map(snapshotOf);
    const docs = snapshots.map((s) => ({ name: s.number, xml: buildFa3(s, { now: NOW }) }));
    expect(await validateFa3(docs)).toEqual([]);
    snapshots.forEach((s, i) => {
      const xml = docs[i]!.xml;
      expect(xml.startsWith('\uFEFF')).toBe(false);
      const fa = parser.parse(xml).Faktura.Fa;
      expect(grosze(fa.P_15)).toBe(s.totals.gross);
      const nets = Object.entries(fa)
        .filter(([k]) => k.startsWith('P_13_'))
        .reduce((sum, [, v]) => sum + grosze(v), 0);
      const vats = Object.entries(fa)
        .filter(([k]) => k.startsWith('P_14_'))
        .reduce((sum, [, v]) => sum + grosze(v), 0);
      expect([nets, vats]).toEqual([s.totals.net, s.totals.vatAmount]);
      const lines = fa.FaWiersz as { P_11A: string }[];
      expect(lines.reduce((sum, l) => sum + grosze(l.P_11A), 0)).toBe(s.totals.gross);
      expect(fa.KodWaluty).toBe(s.currency);
    });
  }, 120_000);

  it('a mistake the schema catches is reported with the file and line', async () => {
    const s = snapshotOf({
      lines: [{ name: 'Kubek', code: 'K-1', quantity: 1, unitGross: 1999, vat: 2300 }],
      company: true,
      currency: 'PLN',
      cod: false,
      name: 'ACME',
      n: 7,
    });
    const broken = buildFa3(s, { now: NOW }).replace('<P_1>2026-11-28</P_1>', '<P_1>28.11.2026</P_1>');
    const errors = await validateFa3([{ name: 'FV 7/11/2026', xml: broken }]);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatchObject({ document: 'FV 7/11/2026' });
    expect(errors[0]!.line).toBeGreaterThan(0);
  });

  it("the ministry's sample invoice validates with the same validator; its fields sit where ours do", async () => {
    const sample = fs
      .readFileSync(path.join(import.meta.dirname, '../test/mf-invoice-template_v3.xml'), 'utf8')
      .replace('#nip#', '5260250274')
      .replace('#invoicing_date#', '2026-11-28')
      .replace('#invoice_number#', '1');
    expect(await validateFa3([{ name: 'MF', xml: sample }])).toEqual([]);
    const theirs = parser.parse(sample).Faktura;
    const s = snapshotOf({
      lines: [{ name: 'Refined Concrete Pants', code: '', quantity: 8, unitGross: 36384, vat: 2300 }],
      company: true,
      currency: 'PLN',
      cod: false,
      name: 'Błaszczak - Lenart',
      n: 1,
    });
    const ours = parser.parse(buildFa3(s, { now: NOW })).Faktura;
    // The same elements in the same places: header, parties, the invoice's dates, totals, annotations, lines.
    expect(Object.keys(ours)).toEqual(['Naglowek', 'Podmiot1', 'Podmiot2', 'Fa']);
    expect(Object.keys(theirs).slice(0, 4)).toEqual(['Naglowek', 'Podmiot1', 'Podmiot2', 'Fa']);
    expect(ours.Naglowek.KodFormularza).toBe(theirs.Naglowek.KodFormularza);
    expect(ours.Naglowek.WariantFormularza).toBe(theirs.Naglowek.WariantFormularza);
    for (const key of ['KodWaluty', 'P_1', 'P_1M', 'P_2', 'P_6', 'P_13_1', 'P_14_1', 'P_15', 'RodzajFaktury'])
      expect(Object.keys(ours.Fa), key).toContain(key);
    expect(ours.Fa.Adnotacje).toEqual(theirs.Fa.Adnotacje);
    expect(Object.keys(ours.Podmiot1.DaneIdentyfikacyjne)).toEqual(Object.keys(theirs.Podmiot1.DaneIdentyfikacyjne));
    expect(ours.Podmiot2.DaneIdentyfikacyjne.NIP).toBe('5260250995');
    expect(fa3Amount(s.totals.gross)).toBe(ours.Fa.P_15);
  });

  it('refuses in Polish what FA(3) cannot carry: no seller NIP, a rate FA(3) has no code for', () => {
    const s = snapshotOf({
      lines: [{ name: 'Kubek', code: '', quantity: 1, unitGross: 100, vat: 2300 }],
      company: false,
      currency: 'PLN',
      cod: true,
      name: 'Jan',
      n: 3,
    });
    expect(() => buildFa3({ ...s, seller: { ...s.seller, taxId: '' } }, { now: NOW })).toThrow(Fa3Refusal);
    expect(() => buildFa3({ ...s, seller: { ...s.seller, taxId: '' } }, { now: NOW })).toThrow(/NIP sprzedawcy/);
    const odd = snapshotOf({
      lines: [{ name: 'Kubek', code: '', quantity: 1, unitGross: 100, vat: 1200 }],
      company: false,
      currency: 'PLN',
      cod: false,
      name: 'Jan',
      n: 4,
    });
    expect(() => buildFa3(odd, { now: NOW })).toThrow(/nie ma w strukturze FA\(3\)/);
  });
});
