/**
 * The Polish tax number (NIP): ten digits whose last one is a check digit (docs/decisions.md,
 * "NIP check digit"). Typed with dashes or spaces ('525-000-10-09') or an EU 'PL' prefix.
 */

const WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;

/** The NIP's ten digits without separators or a 'PL' prefix; undefined when it is not ten digits. */
export function nipDigits(raw: string): string | undefined {
  const s = raw.trim().toUpperCase().replace(/^PL/, '').replace(/[\s-]/g, '');
  return /^\d{10}$/.test(s) ? s : undefined;
}

/** Whether `raw` is a NIP with a correct check digit (the weighted sum of nine digits mod 11). */
export function isValidNip(raw: string): boolean {
  const d = nipDigits(raw);
  if (d === undefined) return false;
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(d[i]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(d[9]);
}
