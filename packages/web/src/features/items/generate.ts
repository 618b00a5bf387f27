import { GENERATE_MAX, generatedCodes } from '@zaplecze/contract';

/** The generation form as typed (docs/rules/catalogue-and-orders-rules.md §2.7). */
export interface GenerateForm {
  beforeSymbol: string;
  afterSymbol: string;
  start: string;
  stop: string;
  itemStatusId: string;
  countWare: string;
}

export interface GeneratePreview {
  first: string;
  last: string;
  /** last - first + 1 */
  count: number;
  /** More than GENERATE_MAX: the form refuses to send it. */
  tooMany: boolean;
}

/** A whole number from 0, as typed; anything else is undefined. */
export function wholeNumber(text: string): number | undefined {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * First and last code and how many items the form would make; undefined until the start symbol
 * and both numbers are there and the last is not below the first. The codes come from the
 * contract's generatedCodes, asked for one number at a time (a range of a billion stays cheap).
 */
export function generatePreview(
  f: Pick<GenerateForm, 'beforeSymbol' | 'afterSymbol' | 'start' | 'stop'>,
): GeneratePreview | undefined {
  const beforeSymbol = f.beforeSymbol.trim();
  const afterSymbol = f.afterSymbol.trim();
  const start = wholeNumber(f.start);
  const stop = wholeNumber(f.stop);
  if (beforeSymbol === '' || start === undefined || stop === undefined || stop < start) return undefined;
  const code = (n: number) => generatedCodes({ beforeSymbol, afterSymbol, start: n, stop: n })[0] ?? '';
  const count = stop - start + 1;
  return { first: code(start), last: code(stop), count, tooMany: count > GENERATE_MAX };
}
