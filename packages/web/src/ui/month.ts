/** 1..12 paired with their names, for a month dropdown (names January first, ui/messages.pl.ts). */
export function monthOptions(names: readonly string[]): { value: number; label: string }[] {
  return names.map((label, i) => ({ value: i + 1, label }));
}

/** A year field's text as a whole year within [min, max], or undefined (the field is then invalid). */
export function parseYearIn(text: string, min: number, max: number): number | undefined {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return undefined;
  const n = Number(t);
  return n >= min && n <= max ? n : undefined;
}
