import { sameVat } from '@zaplecze/contract';

/**
 * A list of choices that always holds the current values (a VAT rate or currency that was on an
 * item or order when the settings changed): the missing ones come first, in the order given.
 */
export function withCurrent(
  values: readonly string[],
  current: string | readonly string[],
  same = (a: string, b: string) => a === b,
): string[] {
  const list = [...values];
  const missing: string[] = [];
  for (const c of typeof current === 'string' ? [current] : current) {
    if (c === '' || list.some((v) => same(v, c)) || missing.some((v) => same(v, c))) continue;
    missing.push(c);
  }
  return [...missing, ...list];
}

/** Same VAT rate: '5', '5.0' and '5,00' are one; so are 'zw' and 'ZW'. */
export const sameRate = sameVat;
