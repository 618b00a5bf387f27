/**
 * Catalogues of texts, each owned by the module that shows them (a feature, ui/, the app).
 *
 * A feature's catalogue is imported only by that feature's modules, so its texts travel in the
 * feature's lazy chunk instead of the first load. Every language of a catalogue has the same
 * shape as its Polish original (widened from the Polish literals to strings).
 */

/** The shape every language of a catalogue must fill. */
export type Widen<T> = T extends string ? string : { [K in keyof T]: Widen<T[K]> };

let currentLanguage = 'pl';

/** Switches every catalogue (the app's language choice, see i18n/index.ts). */
export function setTextsLanguage(code: string): void {
  currentLanguage = code;
}

export function textsLanguage(): string {
  return currentLanguage;
}

/**
 * One catalogue: `pl` is the original and fixes the shape; other languages are optional and a
 * missing one reads Polish. Returns the accessor of the texts in the current language.
 */
export function defineTexts<T extends object>(
  pl: T & Widen<T>,
  others: Readonly<Record<string, Widen<T>>> = {},
): () => Widen<T> {
  // `T & Widen<T>` makes the compiler check that the original fits its own widened shape.
  const original: Widen<T> = pl;
  return () => others[currentLanguage] ?? original;
}
