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
  apiTokens: {
    heading: 'Tokeny API',
    intro:
      'Token API pozwala programom i skryptom korzystać z Zaplecza w Twoim imieniu, z wybranymi uprawnieniami. Program wysyła go w nagłówku „Authorization: Bearer …”. Token nie zarządza kontem: nie zmieni hasła, użytkowników ani tokenów.',
    create: 'Nowy token',
    empty: 'Nie masz jeszcze tokenów API.',
    loadErrorTitle: 'Nie udało się wczytać tokenów API!',
    revokeConfirmTitle: 'Odwołać token API?',
    revokeConfirm:
      'Token „{name}” przestanie działać od razu: programy, które go używają, dostaną odmowę. Tej operacji nie można cofnąć.',
    revokeYes: 'Odwołaj token',
    revoked: 'Token został odwołany.',
    revokeErrorTitle: 'Nie udało się odwołać tokenu!',
    dialog: {
      title: 'Nowy token API',
      name: 'Nazwa tokenu',
      nameHint: 'Np. „Eksport zamówień do księgowości”: po nazwie rozpoznasz token na liście.',
      expiry: 'Ważność',
      expiryDays: '{n} dni',
      expiryYear: '1 rok',
      permissions: 'Uprawnienia tokenu',
      otherSection: 'Pozostałe',
      permissionsHint:
        'Zaznacz tylko to, czego program potrzebuje. Możesz wybrać wyłącznie uprawnienia, które masz sam; jeśli je później stracisz, token też je straci.',
      noPermissions: 'Nie masz uprawnień, które można nadać tokenowi API.',
      create: 'Utwórz token',
      creating: 'Tworzenie...',
      errorTitle: 'Nie udało się utworzyć tokenu!',
      createdTitle: 'Token utworzony',
      warning:
        'Skopiuj token teraz i zapisz go w bezpiecznym miejscu. Nie pokażemy go ponownie: serwer przechowuje tylko jego skrót. Kto ma token, działa z jego uprawnieniami.',
      tokenLabel: 'Token API',
      copy: 'Kopiuj',
      copied: 'Skopiowano',
      done: 'Zamknij, token jest skopiowany',
    },
  },
} as const;
