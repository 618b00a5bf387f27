/** Texts of the shared blocks of ui/ (they travel with the lazy pages that use them). */
export const uiMessages = {
  /** ui/MissingListsAlert: a form's required lists that are empty. */
  missingLists: {
    title: 'Tego formularza nie da się jeszcze zapisać:',
    addIn: 'dodaj je w',
  },
  /** Month names, January first (month dropdowns of the warehouse changes and the orders summary). */
  months: [
    'Styczeń',
    'Luty',
    'Marzec',
    'Kwiecień',
    'Maj',
    'Czerwiec',
    'Lipiec',
    'Sierpień',
    'Wrzesień',
    'Październik',
    'Listopad',
    'Grudzień',
  ],
  /** Texts shared by every reference list screen (ui/ReferenceListPage, ui/CrudForm). */
  list: {
    colId: 'ID',
    colName: 'Nazwa',
    colDescription: 'Opis',
    colActions: 'Akcje',
    colSelect: 'Zaznaczenie',
    selectRow: 'Zaznacz: {name}',
    edit: 'Edytuj',
    delete: 'Usuń',
    defaultsMenu: 'Ustawienia domyślne',
    cancel: 'Anuluj',
    save: 'Zapisz',
    saving: 'Zapisywanie...',
    showForm: 'Rozwiń formularz',
    hideForm: 'Zwiń formularz',
    readOnly: 'Nie masz uprawnień do zmiany tej listy. Widzisz ją tylko do odczytu.',
    retry: 'Spróbuj ponownie',
    chars: { one: '{n} znak', few: '{n} znaki', many: '{n} znaków' },
    more: '…',
    defaultBadge: 'Domyślny',
    defaultStationaryBadge: 'Domyślny stacjonarny',
    setDefault: 'Ustaw jako domyślny',
    removeDefault: 'Usuń domyślny',
    setDefaultStationary: 'Ustaw jako domyślny stacjonarny',
    removeDefaultStationary: 'Usuń domyślny stacjonarny',
  },
  /** The selection toolbar of lists with reader codes (ui/MultiSelectToolbar). */
  multiSelect: {
    start: 'Zaznacz wiele',
    end: 'Anuluj zaznaczanie',
    print: 'Drukuj kody dla czytnika',
    download: 'Pobierz kody dla czytnika',
    selected: 'Zaznaczono: {n}',
    nothingSelectedTitle: 'Nic nie wybrano',
    nothingSelected: 'Zaznacz co najmniej jeden wiersz.',
    codesErrorTitle: 'Błąd pobierania kodów',
    tooManyTitle: 'Za dużo kodów',
    tooMany: 'Jednorazowo można wydrukować najwyżej {max} kodów, a wybrano {n}.',
    noPermission: 'Nie masz uprawnień do wydruku tych kodów.',
  },
  color: {
    hex: 'Kod koloru (szesnastkowo)',
    picker: 'Wybierz kolor',
  },
  /** The bulk report of mass operations (docs/rules/catalogue-and-orders-rules.md §8, Bulk reports). */
  report: {
    save: 'Zapisz do pliku tekstowego',
    close: 'Zamknij',
  },
  pagedList: {
    navLabel: 'Stronicowanie listy',
    previous: 'Poprzednia',
    next: 'Następna',
    previousLabel: 'Poprzednia strona',
    nextLabel: 'Następna strona',
    page: 'Strona {page} / {pages}',
    /** {noun} is the caller's noun in the genitive plural (e.g. 'towarów'). */
    showing: 'Wyświetlanie {shown} z {count} {noun}',
    perPage: 'Wierszy na stronie',
    refreshing: 'Odświeżanie listy...',
    retry: 'Spróbuj ponownie',
    colSelect: 'Zaznaczenie',
    selectRow: 'Zaznacz wiersz {id}',
    selectAll: 'Zaznacz wszystkie na tej stronie',
  },
  /** The head of a big list (ui/list-page): quick search, row opening. */
  listPage: {
    quickSearch: 'Szybkie wyszukiwanie',
    quickSearchRun: 'Szukaj',
    view: 'Podgląd',
    viewOnly: 'Tylko podgląd: nie masz uprawnień do zmian.',
  },
  /** The barcode readers' shared blocks (ui/reader: mode switch, scanner and manual input, log). */
  reader: {
    modes: {
      label: 'Tryb wprowadzania',
      scanner: 'Czytnik',
      manual: 'Ręcznie',
    },
    scanner: {
      label: 'Odczyt z czytnika',
      placeholder: 'Zeskanuj kod czytnikiem…',
    },
    manual: {
      label: 'Kod',
      placeholder: 'Wpisz kod i naciśnij Enter',
      send: 'Wyślij',
    },
    log: {
      heading: 'Historia skanowania',
      empty: 'Nic jeszcze nie zeskanowano.',
      colDate: 'Data',
      colAction: 'Akcja',
      colCode: 'Kod',
    },
  },
  /** The captcha image of registration and of a sign-in that asks for it (ui/Captcha.tsx). */
  captcha: {
    imageAlt: 'Kod captcha do przepisania',
    loading: 'Ładowanie obrazka...',
    unavailable: 'Brak obrazka',
    renew: 'Nowy kod',
    renewTitle: 'Pokaż inny obrazek',
  },
  /** Typed numbers of every form (ui/number-text.ts, ui/NumberInput.tsx). */
  numbers: {
    notNumber: 'Wpisz liczbę, np. 7,5.',
    notInteger: 'Wpisz liczbę całkowitą.',
    required: 'Podaj wartość.',
    tooSmall: 'Wartość nie może być mniejsza niż {min}.',
    tooBig: 'Wartość nie może być większa niż {max}.',
    decimals: {
      one: 'Najwyżej {n} miejsce po przecinku.',
      few: 'Najwyżej {n} miejsca po przecinku.',
      many: 'Najwyżej {n} miejsc po przecinku.',
    },
    vatInvalid: 'Stawka VAT musi być liczbą od 0 do 100 (najwyżej 2 miejsca po przecinku) albo kodem zw, np lub oo.',
  },
  /** Typed dates of every form (ui/date-text.ts, ui/DateInput.tsx): always DD.MM.RRRR. */
  dates: {
    placeholder: 'DD.MM.RRRR',
    invalid: 'Wpisz datę jako DD.MM.RRRR, np. 05.03.2026.',
    time: 'GG:MM:SS',
    timeInvalid: 'Wpisz godzinę jako GG:MM lub GG:MM:SS, np. 14:30.',
  },
  /** A table of API tokens (ui/ApiTokensTable.tsx: the profile and the user edit page). */
  apiTokens: {
    columns: {
      name: 'Nazwa',
      permissions: 'Uprawnienia',
      created: 'Utworzony',
      expires: 'Wygasa',
      lastUse: 'Ostatnie użycie',
      state: 'Stan',
      actions: 'Akcje',
    },
    never: 'nigdy',
    fromAddress: 'z adresu {ip}',
    states: { active: 'Aktywny', expired: 'Wygasł', revoked: 'Odwołany' },
    revoke: 'Odwołaj',
    revokeLabel: 'Odwołaj token {name}',
  },
  /** The question before leaving a form with unsaved changes (ui/useLeaveGuard.ts). */
  leave: {
    title: 'Niezapisane zmiany',
    message: 'Masz niezapisane zmiany. Czy na pewno chcesz opuścić stronę?',
    stay: 'Zostań na stronie',
    leave: 'Opuść bez zapisywania',
  },
} as const;
