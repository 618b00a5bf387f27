import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInWords, fa3Rate, formatInvoiceNumber, invoiceTotals, netOfGross } from './invoices';
import { vatToStored } from './vat';

/**
 * Independent net of a gross sum: the integer n whose n × (100% + rate) is nearest to the gross,
 * a tie going up (half up), found from the doubled fraction in BigInt.
 */
function referenceNet(gross: bigint, rate: bigint): bigint {
  if (rate < 0n) return gross; // zw, np, oo: no VAT
  const den = 10_000n + rate;
  return (2n * gross * 10_000n + den) / (2n * den);
}

const ZW = vatToStored('zw')!;
const NP = vatToStored('np')!;
const OO = vatToStored('oo')!;
const RATES = [2300, 800, 500, 0, 2200, 700, 400, 300, 1, 9999, 10_000, ZW, NP, OO];
/** A rate of the snapshot back to its stored integer. */
const stored = (v: number | string) => (typeof v === 'number' ? v : vatToStored(v)!);
const lineArb = fc.record({
  name: fc.string({ maxLength: 5 }),
  code: fc.string({ maxLength: 5 }),
  quantity: fc.integer({ min: 1, max: 1_000_000 }),
  unitGross: fc.integer({ min: 0, max: 9_999_999_999 }),
  vat: fc.oneof(fc.constantFrom(...RATES), fc.integer({ min: 0, max: 10_000 })),
});

describe('invoiceTotals', () => {
  it('per rate: gross = Σ quantity × price, net from that gross rounded half up, VAT = gross − net', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 30 }), (lines) => {
        // Keep sums exact in doubles, as the order's own limits do.
        fc.pre(lines.reduce((s, l) => s + l.quantity * l.unitGross, 0) < Number.MAX_SAFE_INTEGER / 2);
        const t = invoiceTotals(lines);
        const byRate = new Map<number, bigint>();
        for (const l of lines) byRate.set(l.vat, (byRate.get(l.vat) ?? 0n) + BigInt(l.quantity) * BigInt(l.unitGross));
        expect(t.rates.map((r) => stored(r.vat))).toEqual([...byRate.keys()].sort((a, b) => b - a));
        for (const r of t.rates) {
          const gross = byRate.get(stored(r.vat))!;
          const net = referenceNet(gross, BigInt(stored(r.vat)));
          expect([BigInt(r.gross), BigInt(r.net), BigInt(r.vatAmount)]).toEqual([gross, net, gross - net]);
        }
        const sum = (k: 'net' | 'vatAmount' | 'gross') => t.rates.reduce((s, r) => s + r[k], 0);
        expect(t.totals).toEqual({ net: sum('net'), vatAmount: sum('vatAmount'), gross: sum('gross') });
        t.lines.forEach((l, i) => {
          const src = lines[i]!;
          const gross = BigInt(src.quantity) * BigInt(src.unitGross);
          expect(BigInt(l.gross)).toBe(gross);
          expect(BigInt(l.net)).toBe(referenceNet(gross, BigInt(src.vat)));
          expect(l.net + l.vatAmount).toBe(l.gross);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('rounds half up on exact halves and knows the FA(3) rate codes', () => {
    // 1.23 gross at 23%: net exactly 1.00; 0.05 at 0%; 12.30 at 23% = 10.00 + 2.30.
    expect(netOfGross(123, 2300)).toBe(100);
    // 0.01 gross at 100%: net 0.005 -> 0.01 (half up).
    expect(netOfGross(1, 10_000)).toBe(1);
    expect(netOfGross(3, 10_000)).toBe(2);
    const t = invoiceTotals([
      { name: 'a', code: '', quantity: 3, unitGross: 2460, vat: 2300 },
      { name: 'b', code: '', quantity: 1, unitGross: 3990, vat: 500 },
      { name: 'c', code: '', quantity: 1, unitGross: 1000, vat: 0 },
      { name: 'd', code: '', quantity: 1, unitGross: 1000, vat: 1234 },
    ]);
    expect(t.rates.map((r) => [r.vat, r.vatCode, r.fa3Field, r.net, r.vatAmount, r.gross])).toEqual([
      [2300, '23', '1', 6000, 1380, 7380],
      [1234, null, null, 890, 110, 1000],
      [500, '5', '3', 3800, 190, 3990],
      [0, '0 KR', '6_1', 1000, 0, 1000],
    ]);
  });

  it('zw, np and oo carry no VAT (net = gross), come after the numeric rates and have their FA(3) codes', () => {
    expect(netOfGross(12_345, ZW)).toBe(12_345);
    expect(netOfGross(1, OO)).toBe(1);
    expect(fa3Rate(ZW)).toEqual({ code: 'zw', field: '7' });
    expect(fa3Rate(NP)).toEqual({ code: 'np I', field: '8' });
    expect(fa3Rate(OO)).toEqual({ code: 'oo', field: '10' });
    const t = invoiceTotals([
      { name: 'a', code: '', quantity: 2, unitGross: 1000, vat: OO },
      { name: 'b', code: '', quantity: 1, unitGross: 3000, vat: ZW },
      { name: 'c', code: '', quantity: 1, unitGross: 1230, vat: 2300 },
      { name: 'd', code: '', quantity: 1, unitGross: 500, vat: ZW },
      { name: 'e', code: '', quantity: 1, unitGross: 700, vat: NP },
    ]);
    expect(t.lines.map((l) => [l.vat, l.vatCode, l.net, l.vatAmount])).toEqual([
      ['oo', 'oo', 2000, 0],
      ['zw', 'zw', 3000, 0],
      [2300, '23', 1000, 230],
      ['zw', 'zw', 500, 0],
      ['np', 'np I', 700, 0],
    ]);
    expect(t.rates.map((r) => [r.vat, r.vatCode, r.fa3Field, r.net, r.vatAmount, r.gross])).toEqual([
      [2300, '23', '1', 1000, 230, 1230],
      ['zw', 'zw', '7', 3500, 0, 3500],
      ['np', 'np I', '8', 700, 0, 700],
      ['oo', 'oo', '10', 2000, 0, 2000],
    ]);
    expect(t.totals).toEqual({ net: 7200, vatAmount: 230, gross: 7430 });
  });
});

describe('amountInWords and the number', () => {
  it('spells amounts in Polish with the right form of złoty', () => {
    expect(amountInWords(12345)).toBe('sto dwadzieścia trzy złote 45/100');
    expect(amountInWords(100)).toBe('jeden złoty 00/100');
    expect(amountInWords(1)).toBe('zero złotych 01/100');
    expect(amountInWords(1200)).toBe('dwanaście złotych 00/100');
    expect(amountInWords(2200)).toBe('dwadzieścia dwa złote 00/100');
    expect(amountInWords(15129)).toBe('sto pięćdziesiąt jeden złotych 29/100');
    expect(amountInWords(123456789)).toBe(
      'milion dwieście trzydzieści cztery tysiące pięćset sześćdziesiąt siedem złotych 89/100',
    );
    expect(amountInWords(1050, 'EUR')).toBe('dziesięć EUR 50/100');
  });

  it('formats FV {n}/{MM}/{YYYY}', () => {
    expect(formatInvoiceNumber(7, 3, 2026)).toBe('FV 7/03/2026');
    expect(formatInvoiceNumber(123, 11, 2026)).toBe('FV 123/11/2026');
  });
});
