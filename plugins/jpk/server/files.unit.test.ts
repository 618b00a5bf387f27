/**
 * The JPK writers without a database (docs/decisions.md, "Plugin: jpk"): random months of
 * invoices and receipts (fast-check) built as JPK_V7M(3) and random periods as JPK_FA(4); every
 * file validates against the official schema (the server's WebAssembly xmllint, in one call, and
 * libxml2's own `xmllint --schema` when installed), and its amounts equal sums computed straight
 * from the snapshots (test/expect.ts): each row per rate, FP rows out of the declaration and of
 * PodatekNalezny, the receipts in one RO row, the declaration in whole złoty. Also the refusals
 * (foreign currency, 'oo'), a natural person, a foreign buyer and the streaming validator.
 */
import fc from 'fast-check';
import type { InvoiceSnapshot } from '@zaplecze/contract';
import { validateXmlStream } from '@zaplecze/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { COMPANY_SETTINGS, PERSON_SETTINGS, snapshot, xmllintCli, type DocLine } from '../test/documents';
import { grosze, readXml, registerSums, rowSums, zloty } from '../test/expect';
import type { JpkSettings } from '../schemas';
import { FaWriter } from './fa4';
import type { KsefMark } from './sales';
import { validateFa4, validateV7m, V7M3_SET, v7m3Dir } from './schemas';
import { V7mWriter } from './v7m';
import { amount, token, wholePln } from './xml';

const NOW = new Date('2026-12-03T08:30:00Z');
const KSEF_NUMBER = '5260250274-20261115-0A1B2C3D4E5F-7B';

interface MonthDoc {
  snap: InvoiceSnapshot;
  fp: boolean;
  ksef?: KsefMark;
}

function v7m(invoices: MonthDoc[], receipts: InvoiceSnapshot[], settings: JpkSettings = COMPANY_SETTINGS) {
  const w = new V7mWriter({ year: 2026, month: 11, correction: false, settings, now: NOW });
  for (const r of receipts) w.addReceipt(r.number, r);
  for (const d of invoices) w.addInvoice(d.snap.number, d.snap, d.ksef, d.fp);
  const r = w.finish();
  return { ...r, xml: Buffer.concat(r.chunks) };
}

const rate = fc.constantFrom<DocLine['vat']>(23, 23, 23, 8, 5, 0, 'zw', 'np');
const line = fc.record({
  name: fc.constantFrom('Kubek „Gęś”', 'Książka <Pan Tadeusz> & spółka', 'Usługa', 'Źdźbło'),
  quantity: fc.integer({ min: 1, max: 9 }),
  unitGross: fc.integer({ min: 1, max: 2_000_000 }),
  vat: rate,
});
const buyer = fc.constantFrom<Partial<InvoiceSnapshot['buyer']>>(
  {},
  { isCompany: true, name: 'Żółta Gęś sp. z o.o.', taxId: '526-025-09-95', countryCode: 'PL' },
  { isCompany: true, name: 'Gelbe Gans GmbH', taxId: 'DE123456789', countryCode: 'DE' },
  { isCompany: true, name: 'Κίτρινη Χήνα', taxId: 'EL094259216', countryCode: 'GR' },
  { isCompany: false, name: '' },
);
const ksef = fc.constantFrom<KsefMark | undefined>(
  undefined,
  { number: KSEF_NUMBER },
  { offline: true, waiting: false },
  { waiting: true, offline: false },
);
const month = fc.record({
  invoices: fc.array(
    fc.record({
      lines: fc.array(line, { minLength: 1, maxLength: 6 }),
      buyer,
      fp: fc.boolean(),
      ksef,
      day: fc.integer({ min: 1, max: 30 }),
    }),
    { maxLength: 12 },
  ),
  receipts: fc.array(fc.array(line, { minLength: 1, maxLength: 4 }), { maxLength: 6 }),
});

describe('JPK_V7M(3)', () => {
  it('validates and carries the snapshots’ amounts: rows per rate, FP out, receipts in RO, declaration in whole złoty', async () => {
    const files: { name: string; xml: string }[] = [];
    const samples = fc.sample(month, { numRuns: 40, seed: 2026 });
    for (const [i, m] of samples.entries()) {
      const invoices = m.invoices.map((d, k) => ({
        snap: snapshot({ n: k + 1, year: 2026, month: 11, day: d.day, lines: d.lines, buyer: d.buyer }),
        fp: d.fp,
        ksef: d.ksef,
      }));
      const receipts = m.receipts.map((lines, k) =>
        snapshot({ kind: 'receipt', n: k + 1, year: 2026, month: 11, lines }),
      );
      const r = v7m(invoices, receipts);
      expect(r.foreign).toEqual([]);
      expect(r.unsupported).toEqual([]);
      files.push({ name: `sample ${i}`, xml: r.xml.toString('utf8') });

      const jpk = readXml(r.xml).JPK;
      const rows: Record<string, string>[] = jpk.Ewidencja?.SprzedazWiersz ?? [];
      expect(rows).toHaveLength(invoices.length + (receipts.length > 0 ? 1 : 0));
      expect(Number(jpk.Ewidencja.SprzedazCtrl.LiczbaWierszySprzedazy)).toBe(rows.length);
      rows.forEach((row, k) => expect(Number(row.LpSprzedazy)).toBe(k + 1));
      for (const [k, d] of invoices.entries()) {
        const row = rows[k]!;
        expect(row.DowodSprzedazy).toBe(d.snap.number);
        expect(rowSums([row])).toEqual(registerSums([d.snap]));
        expect(row.TypDokumentu).toBe(d.fp ? 'FP' : undefined);
        if (d.ksef && 'number' in d.ksef) expect(row.NrKSeF).toBe(KSEF_NUMBER);
        else if (d.ksef?.offline) expect(row.OFF).toBe('1');
        else expect(row.BFK).toBe('1');
        if (!d.snap.buyer.isCompany) expect(row.NrKontrahenta).toBe('brak');
      }
      const counted = [...invoices.filter((d) => !d.fp).map((d) => d.snap), ...receipts];
      const expected = registerSums(counted);
      if (receipts.length > 0) {
        const ro = rows[rows.length - 1]!;
        expect(ro.TypDokumentu).toBe('RO');
        expect(ro.DI).toBe('1');
        expect(ro.NrKontrahenta).toBe('brak');
        expect(ro.DataWystawienia).toBe('2026-11-30');
        expect(rowSums([ro])).toEqual(registerSums(receipts));
      }
      const taxDue = (expected.K_16 ?? 0) + (expected.K_18 ?? 0) + (expected.K_20 ?? 0);
      expect(grosze(jpk.Ewidencja.SprzedazCtrl.PodatekNalezny)).toBe(taxDue);
      expect(r.taxDue).toBe(taxDue);
      const p = jpk.Deklaracja.PozycjeSzczegolowe;
      const P = (k: string) => (p[k] === undefined ? undefined : Number(p[k]));
      const pairs: [string, string][] = [
        ['P_10', 'K_10'],
        ['P_11', 'K_11'],
        ['P_13', 'K_13'],
        ['P_15', 'K_15'],
        ['P_16', 'K_16'],
        ['P_17', 'K_17'],
        ['P_18', 'K_18'],
        ['P_19', 'K_19'],
        ['P_20', 'K_20'],
      ];
      for (const [pf, kf] of pairs)
        expect(P(pf), pf).toBe(expected[kf] === undefined ? undefined : zloty(expected[kf]));
      const bases = ['P_10', 'P_11', 'P_13', 'P_15', 'P_17', 'P_19'].reduce((t, k) => t + (P(k) ?? 0), 0);
      const tax = ['P_16', 'P_18', 'P_20'].reduce((t, k) => t + (P(k) ?? 0), 0);
      expect(P('P_37')).toBe(bases);
      expect(P('P_38')).toBe(tax);
      expect(P('P_51')).toBe(tax);
      expect(jpk.Ewidencja.ZakupCtrl).toEqual({ LiczbaWierszyZakupow: '0', PodatekNaliczony: '0.00' });
      expect(jpk.Naglowek.KodUrzedu).toBe('1471');
      expect(jpk.Naglowek.CelZlozenia['#text']).toBe('1');
      expect(jpk.Naglowek.DataWytworzeniaJPK).toBe('2026-12-03T08:30:00Z');
    }
    expect(await validateV7m(files)).toEqual([]);
    for (const f of files.slice(0, 8)) expect(xmllintCli('V7M', f.xml), f.name).toBeOneOf(['', null]);
  }, 60_000);

  it('rounds the declaration to whole złoty: below 50 groszy down, from 50 up (the register keeps grosze)', async () => {
    // 23 %: gross 123.61 -> net 100.50, VAT 23.11; gross 123.00 -> net 100.00, VAT 23.00.
    const a = snapshot({ n: 1, year: 2026, month: 11, lines: [{ quantity: 1, unitGross: 12_361, vat: 23 }] });
    const b = snapshot({ n: 2, year: 2026, month: 11, lines: [{ quantity: 1, unitGross: 12_300, vat: 23 }] });
    expect(a.rates[0]).toMatchObject({ net: 10_050, vatAmount: 2_311 });
    const r = v7m([{ snap: a, fp: false }], []);
    expect(r.declaration).toMatchObject({ P_19: 101, P_20: 23, P_37: 101, P_38: 23, P_51: 23 });
    const both = v7m(
      [a, b].map((snap) => ({ snap, fp: false })),
      [],
    );
    // 200.50 -> 201, 46.11 -> 46; PodatekNalezny stays exact.
    expect(both.declaration).toMatchObject({ P_19: 201, P_20: 46 });
    expect(both.taxDue).toBe(4_611);
    expect(await validateV7m([{ name: 'both', xml: both.xml.toString() }])).toEqual([]);
    expect([wholePln(49), wholePln(50), wholePln(149), wholePln(150), wholePln(-50)]).toEqual([0, 1, 1, 2, -1]);
    expect([amount(0), amount(5), amount(123_456), amount(-5)]).toEqual(['0.00', '0.05', '1234.56', '-0.05']);
  });

  it('a natural person: OsobaFizyczna with the names in the shared types; a correction is CelZlozenia 2', async () => {
    const w = new V7mWriter({ year: 2026, month: 11, correction: true, settings: PERSON_SETTINGS, now: NOW });
    w.addInvoice(
      'FV 1/11/2026',
      snapshot({ n: 1, year: 2026, month: 11, lines: [{ quantity: 2, unitGross: 999, vat: 8 }] }),
      undefined,
      false,
    );
    const xml = Buffer.concat(w.finish().chunks).toString();
    expect(xml).toContain('<OsobaFizyczna><etd:NIP>5260250274</etd:NIP><etd:ImiePierwsze>Łucja</etd:ImiePierwsze>');
    expect(xml).toContain('<CelZlozenia poz="P_7">2</CelZlozenia>');
    expect(await validateV7m([{ name: 'person', xml }])).toEqual([]);
    expect(xmllintCli('V7M', xml)).toBeOneOf(['', null]);
  });

  it('an empty month: no rows, zeros in the control sums and the declaration', async () => {
    const r = v7m([], []);
    expect(r.rows).toBe(0);
    expect(r.declaration).toMatchObject({ P_37: 0, P_38: 0, P_51: 0 });
    expect(await validateV7m([{ name: 'empty', xml: r.xml.toString() }])).toEqual([]);
  });

  it('refuses foreign currency (no rate to złoty) and rates it has no field for, naming the documents', () => {
    const eur = snapshot({
      n: 1,
      year: 2026,
      month: 11,
      currency: 'EUR',
      lines: [{ quantity: 1, unitGross: 1000, vat: 23 }],
    });
    const oo = snapshot({ n: 2, year: 2026, month: 11, lines: [{ quantity: 1, unitGross: 1000, vat: 'oo' }] });
    const four = snapshot({ n: 3, year: 2026, month: 11, lines: [{ quantity: 1, unitGross: 1000, vat: 4 }] });
    const r = v7m(
      [eur, oo, four].map((snap) => ({ snap, fp: false })),
      [],
    );
    expect(r.foreign).toEqual(['FV 1/11/2026']);
    expect(r.unsupported).toEqual(['FV 2/11/2026', 'FV 3/11/2026']);
  });

  it('the schema refuses what it must (a code off the list, a third decimal): both validators, streaming too', async () => {
    const r = v7m(
      [
        {
          snap: snapshot({ n: 1, year: 2026, month: 11, lines: [{ quantity: 1, unitGross: 12_300, vat: 23 }] }),
          fp: false,
        },
      ],
      [],
    );
    const bad = r.xml
      .toString()
      .replace('<KodUrzedu>1471</KodUrzedu>', '<KodUrzedu>9999</KodUrzedu>')
      .replace('<K_20>23.00</K_20>', '<K_20>23.001</K_20>');
    const errors = await validateV7m([{ name: 'bad', xml: bad }]);
    expect(errors.map((e) => e.message).join('\n')).toMatch(/KodUrzedu[\s\S]*K_20/);
    const streamed = await validateXmlStream(v7m3Dir(), V7M3_SET, { name: 'bad', xml: Buffer.from(bad) });
    expect(streamed.map((e) => e.message)).toEqual(errors.map((e) => e.message));
    // Line 1 the declaration of XML, 2 header and taxpayer, 3 the declaration, 4 <Ewidencja>, 5 the first row.
    expect(streamed.find((e) => e.message.includes('K_20'))?.line).toBe(5);
    const cli = xmllintCli('V7M', bad);
    if (cli !== null) expect(cli).toMatch(/KodUrzedu[\s\S]*K_20/);
  });
});

const faLine = fc.record({
  name: fc.constantFrom('Kubek „Gęś”', 'Usługa & naprawa', 'Źdźbło'),
  quantity: fc.integer({ min: 1, max: 9 }),
  unitGross: fc.integer({ min: 1, max: 2_000_000 }),
  vat: fc.constantFrom<DocLine['vat']>(23, 8, 5, 0, 'zw', 'np', 'oo'),
});

describe('JPK_FA(4)', () => {
  it('validates and carries every invoice of the period with its lines, sums per rate and control sums', async () => {
    const samples = fc.sample(
      fc.array(fc.record({ lines: fc.array(faLine, { minLength: 1, maxLength: 5 }), buyer, eur: fc.boolean() }), {
        minLength: 1,
        maxLength: 10,
      }),
      { numRuns: 30, seed: 4 },
    );
    const files: { name: string; xml: string }[] = [];
    for (const [i, invs] of samples.entries()) {
      const snaps = invs.map((d, k) =>
        snapshot({ n: k + 1, year: 2026, month: 11, lines: d.lines, buyer: d.buyer, currency: d.eur ? 'EUR' : 'PLN' }),
      );
      const w = new FaWriter({
        dateFrom: '2026-11-01',
        dateTo: '2026-11-30',
        settings: i % 2 ? PERSON_SETTINGS : COMPANY_SETTINGS,
        now: NOW,
      });
      for (const s of snaps) w.addInvoice(s.number, s);
      const r = w.finish();
      expect(r.unsupported).toEqual([]);
      const xml = Buffer.concat(r.chunks).toString();
      files.push({ name: `fa ${i}`, xml });
      const jpk = readXml(xml).JPK;
      const fakt: Record<string, string>[] = jpk.Faktura;
      expect(fakt).toHaveLength(snaps.length);
      expect(jpk.FakturaCtrl).toEqual({
        LiczbaFaktur: String(snaps.length),
        WartoscFaktur: amount(snaps.reduce((t, s) => t + s.totals.gross, 0)),
      });
      const lines = snaps.flatMap((s) => s.lines);
      expect(jpk.FakturaWiersz).toHaveLength(lines.length);
      expect(jpk.FakturaWierszCtrl).toEqual({
        LiczbaWierszyFaktur: String(lines.length),
        WartoscWierszyFaktur: amount(lines.reduce((t, l) => t + l.net, 0)),
      });
      for (const [k, s] of snaps.entries()) {
        const f = fakt[k]!;
        expect(f.KodWaluty).toBe(s.currency);
        expect(grosze(f.P_15!)).toBe(s.totals.gross);
        const sum = (vats: (number | string)[], key: 'net' | 'vatAmount') =>
          s.rates.filter((r) => vats.includes(r.vat)).reduce((t, r) => t + r[key], 0);
        const opt = (v: string | undefined) => (v === undefined ? 0 : grosze(v));
        expect(opt(f.P_13_1)).toBe(sum([2300], 'net'));
        expect(opt(f.P_14_1)).toBe(sum([2300], 'vatAmount'));
        expect(opt(f.P_13_2)).toBe(sum([800], 'net'));
        expect(opt(f.P_13_3)).toBe(sum([500], 'net'));
        expect(opt(f.P_13_4)).toBe(sum(['oo'], 'net'));
        expect(opt(f.P_13_5)).toBe(sum(['np'], 'net'));
        expect(opt(f.P_13_6)).toBe(sum([0], 'net'));
        expect(opt(f.P_13_7)).toBe(sum(['zw'], 'net'));
        expect(f.P_18).toBe(String(s.rates.some((r) => r.vat === 'oo')));
        expect(f.P_19).toBe(String(s.rates.some((r) => r.vat === 'zw')));
      }
      expect(r.foreign).toBe(snaps.filter((s) => s.currency !== 'PLN').length);
    }
    expect(await validateFa4(files)).toEqual([]);
    for (const f of files.slice(0, 6)) expect(xmllintCli('FA', f.xml), f.name).toBeOneOf(['', null]);
  }, 60_000);
});

describe('xml text', () => {
  it('collapses white space, drops control characters, cuts to the length in code points', () => {
    expect(token('  a\u0001 \n b  ', 10)).toBe('a b');
    expect(token('   ', 10)).toBe('brak');
    expect(token('żółć'.repeat(10), 5)).toBe('żółćż');
  });
});
