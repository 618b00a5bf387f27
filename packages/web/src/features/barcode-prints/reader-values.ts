import { BARCODE_MAX_CODES, STOCK_CHANGE_MAX } from '@zaplecze/contract';
import { readNumber } from '@web/ui/number-text';

/**
 * The lists of the reader-code sheets (docs/rules/platform-rules.md §2 Reader-code printing, §5): stock change
 * amounts (signed, non-zero) and package weights (g) and sides (mm), each a sorted list of
 * distinct integers that one sheet prints. Limits follow the reader-code format of the contract.
 */

export type ValueError = 'zero' | 'notPositive' | 'duplicate' | 'invalid' | 'tooMany';
export type ValuesResult = { ok: true; values: number[]; added: number } | { ok: false; error: ValueError };

/** A number typed into an input: blank reads as 0, a comma as a dot; anything else is NaN. */
export function parseAmount(raw: string): number {
  return raw.trim() === '' ? 0 : (readNumber(raw) ?? NaN);
}

const sorted = (values: Iterable<number>) => [...values].sort((a, b) => a - b);

function withValue(list: readonly number[], value: number): ValuesResult {
  if (list.includes(value)) return { ok: false, error: 'duplicate' };
  if (list.length >= BARCODE_MAX_CODES) return { ok: false, error: 'tooMany' };
  return { ok: true, values: sorted([...list, value]), added: 1 };
}

/** Adds an amount as an increase (+) or a decrease (-); zero and repeats are refused. */
export function addStockChange(list: readonly number[], amount: number, direction: 1 | -1): ValuesResult {
  if (amount === 0) return { ok: false, error: 'zero' };
  if (!Number.isInteger(amount) || Math.abs(amount) > STOCK_CHANGE_MAX) return { ok: false, error: 'invalid' };
  return withValue(list, direction * Math.abs(amount));
}

/** Adds one weight or size; it must be a whole number from 1 to `max`, not already listed. */
export function addSingleValue(list: readonly number[], value: number, max: number): ValuesResult {
  if (!Number.isNaN(value) && value <= 0) return { ok: false, error: 'notPositive' };
  if (!Number.isInteger(value) || value > max) return { ok: false, error: 'invalid' };
  return withValue(list, value);
}

/**
 * Adds every multiple of `step` up to `upTo` (step, 2 x step, ...), skipping values already
 * listed. Both must be greater than zero; `upTo` may not pass `max`; the whole list stays within
 * one sheet ({@link BARCODE_MAX_CODES}).
 */
export function generateMultiples(list: readonly number[], step: number, upTo: number, max: number): ValuesResult {
  if (!(step > 0) || !(upTo > 0)) return { ok: false, error: 'notPositive' };
  if (!Number.isInteger(step) || !Number.isInteger(upTo) || upTo > max) return { ok: false, error: 'invalid' };
  const have = new Set(list);
  const fresh: number[] = [];
  for (let v = step; v <= upTo; v += step) {
    if (!have.has(v)) fresh.push(v);
    if (list.length + fresh.length > BARCODE_MAX_CODES) return { ok: false, error: 'tooMany' };
  }
  return { ok: true, values: sorted([...list, ...fresh]), added: fresh.length };
}

/** A stock change as printed on its code: +5, -3. */
export function formatStockChange(n: number): string {
  return n > 0 ? `+${n}` : `${n}`;
}
