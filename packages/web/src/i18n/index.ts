import { appMessages } from '@web/app/messages.pl';
import { authMessages } from '@web/features/auth/messages.pl';
import { homeMessages } from '@web/features/home/messages.pl';
import { profileMessages } from '@web/features/profile/messages.pl';
import { registerMessages } from '@web/features/register/messages.pl';
import { usersMessages } from '@web/features/users/messages.pl';
import { settingsMessages } from '@web/features/settings/messages.pl';
import { listsMessages } from '@web/features/reference-lists/messages.pl';
import { userSizesMessages } from '@web/features/user-sizes/messages.pl';
import { treesMessages } from '@web/features/catalog-trees/messages.pl';
import { parametersMessages } from '@web/features/parameters/messages.pl';
import { barcodePrintsMessages } from '@web/features/barcode-prints/messages.pl';
import { setTextsLanguage, type Widen } from './texts';

/**
 * The Polish message catalogue, composed from each feature's own file. A second language is
 * another object of type `Messages`; components never hold user-facing text themselves.
 */
export const pl = {
  ...appMessages,
  auth: authMessages,
  register: registerMessages,
  profile: profileMessages,
  users: usersMessages,
  home: homeMessages,
  settings: settingsMessages,
  lists: listsMessages,
  userSizes: userSizesMessages,
  trees: treesMessages,
  parameters: parametersMessages,
  barcodePrints: barcodePrintsMessages,
};

/** The shape every language must fill (widened from the Polish literals to strings). */
export type Messages = Widen<typeof pl>;

const catalogues: Record<string, Messages> = { pl };

/** Interface language: the user's saved choice, else the browser's, else Polish (platform.md §1). */
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

/** The active catalogue. Texts do not change while the app runs, so a plain accessor is enough. */
export function m(): Messages {
  return current;
}

export { format, pluralPl } from './plural';
export { defineTexts, type Widen } from './texts';
export { formatInteger } from './number';
