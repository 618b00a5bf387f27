import { appMessages } from '@web/platform/messages.pl';
import { setTextsLanguage, type Widen } from './texts';

/**
 * The app catalogue: what the first load needs (shell, menu, common buttons, toasts, route
 * titles). It stays small on purpose: every feature keeps its texts in its own catalogue
 * (features/<area>/messages.pl.ts read through its texts.ts), which loads with its lazy pages.
 * A second language is another object of type `Messages` here and in each feature's texts.ts.
 */
export const pl = appMessages;

/** The shape every language must fill (widened from the Polish literals to strings). */
export type Messages = Widen<typeof pl>;

const catalogues: Record<string, Messages> = { pl };

/** Interface language: the user's saved choice, else the browser's, else Polish (docs/rules/platform-rules.md §1). */
export function resolveLanguage(saved?: string | null): string {
  const candidates = [saved, typeof navigator !== 'undefined' ? navigator.language?.slice(0, 2) : undefined, 'pl'];
  return candidates.find((c): c is string => !!c && c in catalogues) ?? 'pl';
}

let current: Messages = pl;
let currentLanguage = 'pl';

export function setLanguage(code: string): void {
  currentLanguage = code in catalogues ? code : 'pl';
  current = catalogues[currentLanguage] ?? pl;
  setTextsLanguage(currentLanguage);
}

export function language(): string {
  return currentLanguage;
}

/** The app catalogue in the current language. Texts do not change while the app runs. */
export function m(): Messages {
  return current;
}

export { format, pluralPl } from './plural';
export { defineTexts, type Widen } from './texts';
export { formatFixed, formatInteger, formatMoney } from './number';
