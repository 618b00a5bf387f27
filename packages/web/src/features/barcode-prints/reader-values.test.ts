import { BARCODE_MAX_CODES } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import { addSingleValue, addStockChange, formatStockChange, generateMultiples, parseAmount } from './reader-values';

describe('stock change amounts', () => {
  it('adds an amount as an increase or a decrease, keeping the list sorted', () => {
    let list: number[] = [];
    for (const [amount, dir] of [
      [5, 1],
      [3, -1],
      [1, 1],
    ] as const) {
      const r = addStockChange(list, amount, dir);
      if (!r.ok) throw new Error(r.error);
      list = r.values;
    }
    expect(list).toEqual([-3, 1, 5]);
    // The sign typed does not matter: the button decides.
    expect(addStockChange([], -4, 1)).toEqual({ ok: true, values: [4], added: 1 });
  });

  it('refuses zero, repeats and what is not a whole amount', () => {
    expect(addStockChange([5], 0, 1)).toEqual({ ok: false, error: 'zero' });
    expect(addStockChange([5], 5, 1)).toEqual({ ok: false, error: 'duplicate' });
    expect(addStockChange([5], 5, -1).ok).toBe(true);
    expect(addStockChange([], 1.5, 1)).toEqual({ ok: false, error: 'invalid' });
    expect(addStockChange([], Number.NaN, 1)).toEqual({ ok: false, error: 'invalid' });
    expect(addStockChange([], 1_000_000, 1)).toEqual({ ok: false, error: 'invalid' });
  });

  it('shows the sign', () => {
    expect([formatStockChange(5), formatStockChange(-3)]).toEqual(['+5', '-3']);
  });
});

describe('weights and sizes', () => {
  it('generates multiples of the step up to the maximum, skipping existing values', () => {
    expect(generateMultiples([1000, 1234], 500, 2000, 10_000)).toEqual({
      ok: true,
      values: [500, 1000, 1234, 1500, 2000],
      added: 3,
    });
    // A maximum that is not a multiple stops below it.
    expect(generateMultiples([], 300, 1000, 10_000)).toEqual({ ok: true, values: [300, 600, 900], added: 3 });
    expect(generateMultiples([100, 200], 100, 200, 10_000)).toEqual({ ok: true, values: [100, 200], added: 0 });
  });

  it('needs step and maximum greater than zero, whole, and within the limit', () => {
    for (const [step, upTo] of [
      [0, 100],
      [100, 0],
      [-5, 100],
      [Number.NaN, 100],
    ] as const)
      expect(generateMultiples([], step, upTo, 10_000)).toEqual({ ok: false, error: 'notPositive' });
    expect(generateMultiples([], 0.5, 10, 10_000)).toEqual({ ok: false, error: 'invalid' });
    expect(generateMultiples([], 100, 20_000, 10_000)).toEqual({ ok: false, error: 'invalid' });
  });

  it('keeps a list within one sheet', () => {
    expect(generateMultiples([], 1, BARCODE_MAX_CODES, 1_000_000).ok).toBe(true);
    expect(generateMultiples([], 1, BARCODE_MAX_CODES + 1, 1_000_000)).toEqual({ ok: false, error: 'tooMany' });
  });

  it('adds single values: positive, whole, within the limit, not repeated', () => {
    expect(addSingleValue([500], 250, 10_000)).toEqual({ ok: true, values: [250, 500], added: 1 });
    expect(addSingleValue([500], 500, 10_000)).toEqual({ ok: false, error: 'duplicate' });
    expect(addSingleValue([], 0, 10_000)).toEqual({ ok: false, error: 'notPositive' });
    expect(addSingleValue([], -1, 10_000)).toEqual({ ok: false, error: 'notPositive' });
    expect(addSingleValue([], 2.5, 10_000)).toEqual({ ok: false, error: 'invalid' });
    expect(addSingleValue([], 10_001, 10_000)).toEqual({ ok: false, error: 'invalid' });
  });

  it('reads typed numbers: blank as 0, comma as a dot', () => {
    expect([parseAmount(''), parseAmount(' 12 '), parseAmount('1,5')]).toEqual([0, 12, 1.5]);
    expect(parseAmount('abc')).toBeNaN();
  });
});
