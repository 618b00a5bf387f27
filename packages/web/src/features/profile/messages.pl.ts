import { appMessages } from '@web/platform/messages.pl';

// Route titles live in the eager app catalogue (the route table needs them before this chunk).
const titles = appMessages.titles;

/** Profile screen (docs/rules/platform-rules.md §2 Profile edit, §5 Profile). */
export const profileMessages = {
  title: titles.profile,
  heading: 'Mój profil',
  login: 'Login',
  dataSection: 'Dane użytkownika',
  name: 'Nazwa',
  email: 'E-mail',
  tel: 'Telefon',
  passwordSection: 'Zmiana hasła',
  passwordHint: 'Zostaw pola puste, aby nie zmieniać hasła.',
  oldPass: 'Stare hasło',
  newPass: 'Nowe hasło',
  newPassRepeat: 'Powtórz nowe hasło',
  save: 'Zapisz',
  saving: 'Zapisywanie...',
  saveErrorTitle: 'Błąd zapisu użytkownika!',
  passwordsDiffer: 'Hasła się nie zgadzają!',
} as const;
